import Foundation
import KoreanPronunciation
import Normalization
import Synthesizer

/// What a run takes from the Voices folder: the profile it speaks with, the lexicon and the
/// pronunciation dictionary, and the braille table kept beside them.
public struct GuideVoice {
    public var profile: VoiceProfile
    public var lexicon: CuratorLexicon
    public var pronouncer: StandardPronouncer
    /// The Korean braille table of the braille edition.
    public var brailleTable: URL

    /// The profile `voice` of `voices`, with the folder's lexicon and pronunciation dictionary.
    public init(voices: VoiceLibrary, voice: String) throws {
        profile = try voices.profile(named: voice)
        lexicon = try voices.lexicon()
        pronouncer = StandardPronouncer(dictionary: try voices.pronunciationDictionary())
        brailleTable = voices.folder.appendingPathComponent("braille/ko-expo-g2.ctb")
    }

    /// The builder that narrates with this voice's lexicon and pronunciation.
    public var builder: GuideBuilder {
        GuideBuilder(normalizer: KoreanNormalizer(lexicon: lexicon), pronouncer: pronouncer)
    }

    /// Why the pronunciation follows the spelling rules alone (Debian's hunspell-ko is not
    /// installed), or nil when the words are analysed.
    public static var analysisUnavailableNote: String? { StandardPronouncer.analysisUnavailableNote }
}
