import KoreanPronunciation
import Normalization
import Synthesizer

/// What the narration makes of one line of text, for the line tools with which editors check
/// how a text will be read.
public struct SpokenLines {
    private let normalizer: KoreanNormalizer
    private let builder: SSMLBuilder

    /// With the Voices folder's lexicon and pronunciation dictionary.
    public init(lexicon: CuratorLexicon, pronunciation: PronunciationDictionary = .empty) {
        normalizer = KoreanNormalizer(lexicon: lexicon)
        builder = SSMLBuilder(profile: .plainText, pronouncer: StandardPronouncer(dictionary: pronunciation))
    }

    /// The spoken form: numbers, dates, units, Hanja … as words.
    public func spoken(_ line: String) -> String {
        normalizer.spoken(line)
    }

    /// What the voice receives: the spoken form in its standard pronunciation, spelled in Hangul.
    public func voiced(_ line: String) -> String {
        builder.voiced(normalizer.spokenRuns(line)).map(\.text).joined(separator: " ")
    }
}
