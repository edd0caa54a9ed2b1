import ExpoModel
import ExpoSystem
import KoreanPronunciation
import Normalization

/// Writes a track as SSML for espeak-ng: a `<mark>` before every sentence (so captions can be
/// timed), `<break>`s from the voice profile, and `<voice xml:lang>` around names in another
/// language. All text is escaped: catalog text is data, never markup.
public struct SSMLBuilder: Sendable {
    public let profile: VoiceProfile
    /// Turns the Korean runs into their standard pronunciation before the voice gets them;
    /// nil hands them over as normalised.
    public let pronouncer: StandardPronouncer?

    public init(profile: VoiceProfile, pronouncer: StandardPronouncer? = nil) {
        self.profile = profile
        self.pronouncer = pronouncer
    }

    /// The mark placed before sentence `index` (0-based, counted across the whole track).
    public static func markName(forSentence index: Int) -> String { "s\(index)" }

    /// The sentence index a mark name stands for, or nil for other marks.
    public static func sentenceIndex(forMark name: String) -> Int? {
        guard name.hasPrefix("s") else { return nil }
        return Int(name.dropFirst())
    }

    /// The pause written before each of `count` sentences of a document this builder made, in
    /// milliseconds: the `<break>`s between the end of the sentence before (`</s>`) and the
    /// sentence's mark (0 for the first sentence, and for one with no mark).
    public static func pausesBeforeSentences(in ssml: String, count: Int) -> [Int] {
        var pauses = [Int](repeating: 0, count: count)
        var pending = 0
        var rest = Substring(ssml)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            if tag == "/s" {
                pending = 0
            } else if tag.hasPrefix("break "), let value = attribute("time", in: tag), value.hasSuffix("ms") {
                pending += Int(value.dropLast(2)) ?? 0
            } else if tag.hasPrefix("mark "), let name = attribute("name", in: tag),
                let index = sentenceIndex(forMark: String(name)), index < count
            {
                pauses[index] = pending
                pending = 0
            }
            rest = rest[rest.index(after: close)...]
        }
        return pauses
    }

    /// The value of `name="…"` in a tag's text.
    private static func attribute(_ name: String, in tag: Substring) -> Substring? {
        guard let range = tag.range(of: name + "=\"") else { return nil }
        let value = tag[range.upperBound...]
        return value.firstIndex(of: "\"").map { value[..<$0] }
    }

    /// The SSML document for `track`.
    public func document(for track: Track) -> String {
        timedDocument(for: track).ssml
    }

    /// The SSML document for `track`, and where in it each display word is first said.
    ///
    /// `wordSpans[s][w]` is the place of the first spoken word of display word `w` of sentence
    /// `s` (see `Sentence.wordLinks`) as the voice gets it (see `displaySpans`): the 1-based
    /// positions, in Unicode scalars of the whole document, of that word's first and last
    /// character as written (an entity such as `&amp;` counted whole). espeak-ng reports a word
    /// event at a position inside that span (the word's first character; an entity's last).
    /// Nil for a word with no link, or whose spoken word was joined to the one before it.
    public func timedDocument(for track: Track) -> TimedSSML {
        var ssml = SSMLText("<speak version=\"1.0\" xml:lang=\"ko\">")
        var spans: [[ClosedRange<Int>?]] = []
        var sentenceIndex = 0
        for (blockIndex, block) in track.blocks.enumerated() {
            ssml.append("<p>")
            for (index, sentence) in block.sentences.enumerated() {
                ssml.append("<s><mark name=\"\(Self.markName(forSentence: sentenceIndex))\"/>")
                var voicedWords: [VoicedWord] = []
                for run in voiced(sentence.spoken) {
                    // The profile's voice for the language (en → en-us), as espeak-ng selects it.
                    let foreign = run.language.flatMap { profile.foreignVoices[$0] }
                    if let foreign { ssml.append("<voice xml:lang=\"\(Self.escape(foreign))\">") }
                    for (offset, word) in Sentence.words(run.text).enumerated() {
                        if offset > 0 { ssml.append(" ") }
                        let escaped = Self.escape(String(word))
                        guard !escaped.isEmpty else { continue }
                        let first = ssml.count + 1
                        ssml.append(escaped)
                        voicedWords.append(VoicedWord(span: first...ssml.count, length: word.count))
                    }
                    ssml.append(foreign == nil ? " " : "</voice> ")
                }
                spans.append(Self.displaySpans(sentence, voiced: voicedWords))
                ssml.append("</s>")
                if index < block.sentences.count - 1, profile.sentencePauseMs > 0 {
                    ssml.append("<break time=\"\(profile.sentencePauseMs)ms\"/>")
                }
                sentenceIndex += 1
            }
            ssml.append("</p>")
            if blockIndex < track.blocks.count - 1 {
                let pause =
                    block.role == .fact && track.blocks[blockIndex + 1].role == .fact
                    ? profile.sentencePauseMs : profile.paragraphPauseMs
                if pause > 0 { ssml.append("<break time=\"\(pause)ms\"/>") }
            }
        }
        ssml.append("</speak>")
        return TimedSSML(ssml: ssml.text, wordSpans: spans)
    }

    /// A word as the voice gets it: its place in the document and its length in characters.
    struct VoicedWord: Equatable {
        var span: ClosedRange<Int>
        var length: Int
    }

    /// Each display word's span: that of the voiced word its spoken word (`wordLinks`) becomes.
    ///
    /// The standard pronunciation joins words across spaces where sounds link ("정식 이름은" is
    /// said "정시기르믄") but keeps every syllable, so spoken and voiced words are matched by
    /// character offset within the sentence: a spoken word that starts a voiced word gets its
    /// span; one that starts inside a voiced word (it has no word event of its own) gets none.
    /// When the sentence's spoken and voiced characters do not add up the same, no word gets a
    /// span.
    static func displaySpans(_ sentence: Sentence, voiced: [VoicedWord]) -> [ClosedRange<Int>?] {
        let count = sentence.displayWords.count
        let spoken = sentence.spokenWords.map(\.count)
        guard let links = sentence.wordLinks, links.count == count,
            spoken.reduce(0, +) == voiced.reduce(0, { $0 + $1.length })
        else {
            return Array(repeating: nil, count: count)
        }
        var voicedAt: [Int: ClosedRange<Int>] = [:]
        var offset = 0
        for word in voiced {
            voicedAt[offset] = word.span
            offset += word.length
        }
        var spokenSpans: [ClosedRange<Int>?] = []
        offset = 0
        for length in spoken {
            spokenSpans.append(voicedAt[offset])
            offset += length
        }
        return links.map { $0 >= 0 && $0 < spokenSpans.count ? spokenSpans[$0] : nil }
    }

    /// The runs as the voice gets them: each stretch of Korean runs pronounced together (a
    /// curator's fixed pronunciation kept as written); runs in another language as they are.
    public func voiced(_ runs: [SpokenRun]) -> [SpokenRun] {
        guard let pronouncer else { return runs }
        var result: [SpokenRun] = []
        var korean: [PronunciationSegment] = []
        func flush() {
            guard !korean.isEmpty else { return }
            result.append(SpokenRun(text: pronouncer.pronounce(korean)))
            korean.removeAll()
        }
        for run in runs {
            if run.language == nil {
                // Runs are joined by a space, as in the spoken script.
                if !korean.isEmpty { korean.append(PronunciationSegment(text: " ")) }
                korean.append(PronunciationSegment(text: run.text, isFixed: run.isPronunciation))
            } else {
                flush()
                result.append(run)
            }
        }
        flush()
        return result
    }

    /// XML-escapes text and removes characters XML 1.0 does not allow.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped += " "
            default:
                let value = scalar.value
                if value < 0x20 || (0xFFFE...0xFFFF).contains(value) || (0x7F...0x9F).contains(value) { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

/// An SSML document and where each display word of each sentence is said in it (see
/// `SSMLBuilder.timedDocument(for:)`).
public struct TimedSSML: Sendable, Equatable {
    public var ssml: String
    /// Per sentence of the track, per display word: its first spoken word's place in `ssml`.
    public var wordSpans: [[ClosedRange<Int>?]]

    public init(ssml: String, wordSpans: [[ClosedRange<Int>?]]) {
        self.ssml = ssml
        self.wordSpans = wordSpans
    }
}

/// Text being built, with its length in Unicode scalars kept as it grows.
struct SSMLText {
    private(set) var text: String
    private(set) var count: Int

    init(_ text: String) {
        self.text = text
        count = text.unicodeScalars.count
    }

    mutating func append(_ piece: String) {
        text += piece
        count += piece.unicodeScalars.count
    }
}
