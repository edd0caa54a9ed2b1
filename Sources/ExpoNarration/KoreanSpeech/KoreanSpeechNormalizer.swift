/// Turns written Korean into the words a listener expects to hear.
/// (Placeholder while the full normalizer is written; it returns the text unchanged.)
public struct KoreanSpeechNormalizer: Sendable {
    public init() {}
    public init(lexicon: PronunciationLexicon) {}

    /// The spoken form of `text` as runs of one language each.
    public func spokenRuns(_ text: String) -> [SpokenRun] {
        [SpokenRun(text: text)]
    }

    /// The spoken form of `text` as one line.
    public func spoken(_ text: String) -> String {
        spokenRuns(text).map(\.text).joined(separator: " ")
    }
}
