import ExpoModel
import KoreanPronunciation
import ExpoSystem
import KoreanSpeech
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

    /// The SSML document for `track`.
    public func document(for track: Track) -> String {
        var ssml = "<speak version=\"1.0\" xml:lang=\"ko\">"
        var sentenceIndex = 0
        for (blockIndex, block) in track.blocks.enumerated() {
            ssml += "<p>"
            for (index, sentence) in block.sentences.enumerated() {
                ssml += "<s><mark name=\"\(Self.markName(forSentence: sentenceIndex))\"/>"
                for run in voiced(sentence.spoken) {
                    let text = Self.escape(run.text)
                    if let language = run.language, profile.foreignVoices[language] != nil {
                        ssml += "<voice xml:lang=\"\(Self.escape(language))\">\(text)</voice> "
                    } else {
                        ssml += text + " "
                    }
                }
                ssml += "</s>"
                if index < block.sentences.count - 1, profile.sentencePauseMs > 0 {
                    ssml += "<break time=\"\(profile.sentencePauseMs)ms\"/>"
                }
                sentenceIndex += 1
            }
            ssml += "</p>"
            if blockIndex < track.blocks.count - 1 {
                let pause = block.role == .fact && track.blocks[blockIndex + 1].role == .fact
                    ? profile.sentencePauseMs : profile.paragraphPauseMs
                if pause > 0 { ssml += "<break time=\"\(pause)ms\"/>" }
            }
        }
        return ssml + "</speak>"
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
