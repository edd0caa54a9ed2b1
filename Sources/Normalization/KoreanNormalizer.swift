import ExpoModel
import ExpoSystem
import Foundation

/// Turns written Korean into the words a listener expects to hear, so that the voice only ever
/// receives words it reads correctly: numbers, dates, times, units and symbols become Korean
/// words, Hanja is read in Hangul (or dropped when it only repeats the Hangul before it), and
/// brackets and quotes that carry no sound are removed. Sentence punctuation stays for intonation.
public struct KoreanNormalizer: Sendable {
    /// The curator's fixed pronunciations, applied before every rule.
    public let lexicon: CuratorLexicon

    /// A normalizer with an empty lexicon (and the system Hanja dictionary).
    public init() {
        self.lexicon = .empty
    }

    /// A normalizer that applies `lexicon` before its rules.
    public init(lexicon: CuratorLexicon) {
        self.lexicon = lexicon
    }

    /// The spoken form of `text` as runs of one language each (nil language: Korean).
    public func spokenRuns(_ text: String) -> [SpokenRun] {
        var scanner = SpeechScanner(text: text, lexicon: lexicon)
        return scanner.spokenRuns()
    }

    /// The spoken form of `text` as runs, with a note for every place where the normalizer fell
    /// back to something other than a Korean reading (Latin words left as written, dropped sign,
    /// unread Hanja).
    public func spokenRunsWithNotes(_ text: String) -> (runs: [SpokenRun], notes: [NormalizationNote]) {
        var scanner = SpeechScanner(text: text, lexicon: lexicon, collectingNotes: true)
        let runs = scanner.spokenRuns()
        return (runs, scanner.notes ?? [])
    }

    /// The language Latin-script words look like: "fr" (accents, French articles) or "en".
    public static func latinLanguage(of words: String) -> String {
        SpeechScanner.language(of: words)
    }

    /// The spoken form of `text` as one line: the runs joined by single spaces.
    public func spoken(_ text: String) -> String {
        let runs = spokenRuns(text)
        if runs.count == 1 { return runs[0].text }
        return runs.map(\.text).joined(separator: " ")
    }
}
