import KoreanMorphology

/// A piece of a sentence: plain text to pronounce, or a curator's fixed pronunciation.
public struct PronunciationSegment: Sendable, Equatable {
    /// The segment's text.
    public var text: String
    /// When true the text is emitted exactly as given and no rule changes it.
    public var isFixed: Bool

    /// A segment; plain text unless `isFixed`.
    public init(text: String, isFixed: Bool = false) {
        self.text = text
        self.isFixed = isFixed
    }
}

/// Turns normalised spoken Korean into its standard pronunciation (표준 발음법) spelled in
/// Hangul, for espeak-ng's Korean voice.
///
/// Spelling choices for espeak-ng 1.51 (checked with `espeak-ng -v ko -x`):
/// - The output is the standard's own notation (옷 [옫], 있습니다 [읻씀니다], 국물 [궁물]), so
///   espeak-ng says the same as for a reference written in that notation. A neutralised
///   [t̚] is spelled ㄷ (espeak `d-`) rather than ㅅ (`t-`): 옫 and 옷 differ in espeak-ng, and
///   references are written with ㄷ.
/// - Every coda left in the output is one of ㄱ ㄴ ㄷ ㄹ ㅁ ㅂ ㅇ, and inside a word every coda
///   before a vowel has been linked, so espeak-ng's own rules (linking, tensing after a stop,
///   ㅎ-aspiration, ㄷ-nasalisation) find nothing left to apply a second time: 궁물 stays 궁물,
///   읻씀니다 is not re-nasalised. Across a space espeak-ng applies no rule at all, so every
///   cross-word change is spelled out here.
/// - Tense consonants are spelled (학꾜, 할 꺼슬). After a stop espeak-ng tenses by itself
///   (국밥 and 국빱 give the same phonemes), after ㄴ/ㄹ/ㅁ/ㅇ and across a space only the
///   spelling makes it tense (할거슬 `q@` vs 할꺼슬 `q-@`).
/// - Where the standard allows two forms, the principle form is spelled (사이시옷 냇가 [내까],
///   not [낻까]; 맛있다 [마딛따]; 금융 [금늉]; 계시다 keeps ㅖ), except 의, for which the
///   allowed [이]/[에] is used (협의 [혀비], 우리의 [우리에]) as the stage's brief asks.
/// - Words are kept apart by their spaces (espeak-ng needs them for stress); two words are
///   joined only when a consonant moved across the space (옷 안 → 오단, 옷 한 벌 → 오탄 벌).
public struct StandardPronouncer: Sendable {
    let dictionary: PronunciationDictionary
    /// The lexicon given, or nil for the installed one, loaded at the first pronunciation or by
    /// `loadLexicon` (a process that pronounces nothing never reads hunspell-ko's 5 MB of classes).
    private let givenLexicon: PartsOfSpeech??
    var lexicon: PartsOfSpeech? { givenLexicon ?? PartsOfSpeech.installed }

    /// A pronouncer using `dictionary` for word-dependent cases (`.empty`: rules only) and the
    /// installed hunspell-ko (`PartsOfSpeech.installed`) for the readings that depend on the
    /// part of speech.
    public init(dictionary: PronunciationDictionary) {
        self.dictionary = dictionary
        self.givenLexicon = nil
    }

    /// Loads the lexicon now, on the calling thread, if it is the installed one not loaded yet
    /// (with libhangul's list of Sino-Korean words that goes with it): a run that will pronounce
    /// loads it beside its other work instead of at the first pronunciation (which waits for a
    /// load already under way).
    public func loadLexicon() {
        if lexicon != nil { _ = SinoKoreanWords.installed }
    }

    /// One line for the user when hunspell-ko is not installed and the readings that depend on
    /// grammar follow the spelling rules alone; nil when it is installed.
    public static var analysisUnavailableNote: String? { PartsOfSpeech.unavailableNote }

    /// A pronouncer using `dictionary` for word-dependent cases and `lexicon` for the readings
    /// that depend on the part of speech (제24항 stems, 제27항 and 제29항 붙임 2 modifiers, 제29항
    /// compounds with libhangul's Sino-Korean words, 제15항 set phrases); with nil the rules
    /// decide from the spelling alone, as when hunspell-ko is not installed.
    public init(dictionary: PronunciationDictionary, lexicon: PartsOfSpeech?) {
        self.dictionary = dictionary
        self.givenLexicon = .some(lexicon)
    }

    /// Normalised spoken Korean text (Hangul words, spaces, sentence punctuation; it may also
    /// contain Latin-script words, which pass through untouched) → the standard pronunciation
    /// spelled in Hangul, chosen so that espeak-ng 1.51's Korean voice says it right.
    /// Sound changes cross a space only between Hangul words; any other character
    /// (punctuation, a line break, Latin letters, digits) is a pause.
    public func pronounce(_ text: String) -> String {
        let lexicon = self.lexicon
        var engine = Engine(dictionary: dictionary, grammar: Grammar(lexicon: lexicon, sino: lexicon == nil ? nil : SinoKoreanWords.installed))
        return engine.run(text)
    }

    /// Same, for a sentence made of segments; a segment with `isFixed` (a curator's lexicon
    /// pronunciation) is emitted exactly as given and no rule changes it. Neighbouring plain
    /// segments are pronounced together; a fixed segment acts as a pause for the rules, so
    /// the words around it end and start as at a phrase edge.
    public func pronounce(_ segments: [PronunciationSegment]) -> String {
        var out = ""
        var pending = ""
        for seg in segments {
            if seg.isFixed {
                if !pending.isEmpty {
                    out += pronounce(pending)
                    pending = ""
                }
                out += seg.text
            } else {
                pending += seg.text
            }
        }
        if !pending.isEmpty { out += pronounce(pending) }
        return out
    }
}
