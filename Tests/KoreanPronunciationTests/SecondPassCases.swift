import Foundation
import KoreanMorphology
import Testing

@testable import KoreanPronunciation

/// Issue 37, second pass: compounds whose first part only libhangul's Hanja words or nothing
/// at all knows, Sino-Korean compounds of one syllable and a noun, two nouns in one word
/// (제15항), and compounds of two words that 제26항 must not tense. No row is a dictionary
/// entry, so the rules themselves must produce them; each class has must-not rows of the same
/// shapes beside it.
enum SecondPassCases {
    /// 제29항: the first part is a word libhangul writes in Hanja (잠실, 명동) or a name neither
    /// list knows (용산, 이촌), before a Sino-Korean head; a Sino-Korean noun of one syllable
    /// and a noun of two (생이별); 잎 after any first part (갈잎).
    static let nInsertion: [Case] = [
        Case("제29항", "잠실역", "잠실력"), Case("제29항", "명동역", "명동녁"), Case("제29항", "용산역", "용산녁"),
        Case("제29항", "이촌역으로", "이촌녀그로"), Case("제29항", "신촌역에서", "신촌녀게서"),
        Case("제29항", "생이별", "생니별"), Case("제29항", "불이익", "불리익"), Case("제29항", "공염불", "공념불"), Case("제29항", "맹연습", "맹년습"), Case("제29항", "전통요리", "전통뇨리"),
        Case("제29항", "불이행", "불리행"), Case("제29항", "탈이념", "탈리념"), Case("제29항", "갈잎", "갈립"), Case("제29항", "속잎", "송닙"),
    ]

    /// 제29항 must not: the head ends a noun that starts inside the first part (동시통역: 통역),
    /// two-morpheme Sino-Korean words, 요일, a word across the junction (등용문, 간이역), numbers,
    /// the copula 이에요 (이에 is an adverb, no noun).
    static let nInsertionNot: [Case] = [
        Case("제29항", "동시통역", "동시통역"), Case("제29항", "번역", "버녁"), Case("제29항", "지역", "지역"),
        Case("제29항", "간이역", "가니역"), Case("제29항", "석유", "서규"), Case("제29항", "금요일", "그묘일"),
        Case("제29항", "등용문", "등용문"), Case("제29항", "속이고", "소기고"), Case("제29항", "갈아", "가라"),
        Case("제29항", "제십이권", "제시비권"), Case("제29항", "책이에요", "채기에요"), Case("제29항", "꽃이에요", "꼬치에요"),
    ]

    /// 제15항 inside a word: a noun and a noun that takes no ㄴ (인사): neutralised, then linked,
    /// and not palatalised.
    static let twoNouns: [Case] = [
        Case("제15항", "끝인사", "끄딘사"), Case("제15항", "끝인사를", "끄딘사를"),
    ]

    /// Must not: a particle or the copula after the noun (also one that is a noun too: 인가, 인지)
    /// links the coda itself (제13항, 제17항).
    static let twoNounsNot: [Case] = [
        Case("제17항", "끝이다", "끄치다"), Case("제17항", "밭이", "바치"), Case("제17항", "솥이나", "소치나"),
        Case("제13항", "꽃을", "꼬츨"), Case("제13항", "끝에서", "끄테서"), Case("제13항", "것인가요", "거신가요"),
        Case("제13항", "무엇인지", "무어신지"),
    ]

    /// 제26항 tenses inside a Sino-Korean word, not at the boundary of two words of two
    /// syllables or more (상설|전시, 발굴|조사).
    static let compoundBoundary: [Case] = [
        Case("제26항", "상설전시", "상설전시"), Case("제26항", "특별전시", "특뼐전시"), Case("제26항", "발굴조사", "발굴조사"),
    ]

    /// Must not: the ㄹ syllable is a word's only syllable before the junction (발전, 발전소),
    /// what follows is one syllable or no noun (수술실, 현실적, 실질적인), a longer noun takes it in
    /// with one syllable after (미술사적), or a number comes before
    /// (이십일세기).
    static let compoundBoundaryNot: [Case] = [
        Case("제26항", "발전", "발쩐"), Case("제26항", "물질", "물찔"), Case("제26항", "수술실", "수술씰"),
        Case("제26항", "발전소", "발쩐소"), Case("제26항", "현실적", "현실쩍"), Case("제26항", "결단력", "결딴녁"),
        Case("제26항", "실질적인", "실찔쩌긴"), Case("제26항", "미술사적", "미술싸적"), Case("제26항", "미술사학", "미술싸학"), Case("제26항", "이십일세기", "이시빌쎄기"),
        Case("제26항", "제이십일대", "제이시빌때"),
    ]

    static let byClass: [(String, [Case])] = [
        ("제29항 first parts", nInsertion), ("제29항 first parts must not", nInsertionNot),
        ("제15항 two nouns", twoNouns), ("제15항 two nouns must not", twoNounsNot),
        ("제26항 two words", compoundBoundary), ("제26항 two words must not", compoundBoundaryNot),
    ]
}

@Suite(
    .enabled(
        if: PartsOfSpeech.installed != nil && SinoKoreanWords.installed != nil,
        "hunspell-ko or libhangul's hanja.txt is not installed"))
struct SecondPassTests {
    @Test(arguments: SecondPassCases.byClass.flatMap(\.1))
    func secondPass(_ c: Case) {
        #expect(Fixture.pronouncer.pronounce(c.written) == c.expected, "\(c.article) \(c.written)")
    }

    /// Without the analysis the rules keep their spelling-only readings.
    @Test func withoutTheAnalysis() {
        let rulesOnly = StandardPronouncer(dictionary: .empty, lexicon: nil)
        #expect(rulesOnly.pronounce("용산역") == "용사녁")
        #expect(rulesOnly.pronounce("상설전시") == "상설쩐시")
    }
}
