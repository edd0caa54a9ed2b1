import KoreanMorphology
import Testing

@testable import KoreanPronunciation

/// Readings (issue 27) that depend on the part of speech, decided with
/// hunspell-ko's analysis (`PartsOfSpeech`). Each row names its article of 표준 발음법; the
/// must-not rows keep the plain sound where the grammar says the rule does not apply.
enum GrammarCases {
    /// 제24항: tensing after a predicate stem ending in ㄴ/ㅁ, for stems no list names.
    static let stemTensing: [Case] = [
        Case("제24항", "다듬고", "다듬꼬"), Case("제24항", "다듬지", "다듬찌"), Case("제24항", "쓰다듬다", "쓰다듬따"),
        Case("제24항", "부둥켜안고", "부둥켜안꼬"), Case("제24항", "머금습니다", "머금씀니다"),
        Case("제24항", "껴안습니다", "껴안씀니다"), Case("제24항", "뛰어넘고", "뛰어넘꼬"), Case("제24항", "넘더라", "넘떠라"),
        Case("제24항", "신도록", "신또록"), Case("제24항", "끌어안다", "끄러안따"),
    ]

    /// 제24항 must not apply: the stem is longer (숨지-, 숨기-), or the word is a noun, bare
    /// or with a particle (the same syllables in a noun keep their plain sound).
    static let stemTensingNot: [Case] = [
        Case("제24항", "숨지고", "숨지고"), Case("제24항", "숨지다", "숨지다"), Case("제24항", "신고를", "신고를"),
        Case("제24항", "심지가", "심지가"), Case("제24항", "감소", "감소"), Case("제24항", "담소", "담소"),
        Case("제24항", "남자", "남자"), Case("제24항", "감자를", "감자를"),
    ]

    /// 제27항: after the adnominal -(으)ㄹ of any predicate, a lax consonant is tensed across
    /// the space; 제27항 also for 적에 after a one-syllable modifier (올 적에).
    static let modifierTensing: [Case] = [
        Case("제27항", "덮을 정도", "더플 쩡도"), Case("제27항", "찾을 사람", "차즐 싸람"), Case("제27항", "잡을 기회", "자블 끼회"),
        Case("제27항", "읽을 거리", "일글 꺼리"), Case("제27항", "넣을 자리", "너을 짜리"), Case("제27항", "올 적에", "올 쩌게"),
        Case("제27항", "견딜 시간", "견딜 씨간"),
    ]

    /// 제27항 must not apply: a noun and the object particle 을/를, a noun ending in ㄹ, or a
    /// pause (comma, full stop) between the words.
    static let modifierTensingNot: [Case] = [
        Case("제27항", "물을 주다", "무를 주다"), Case("제27항", "마을 사람", "마을 사람"), Case("제27항", "길을 걷다", "기를 걷따"),
        Case("제27항", "먹을, 밥", "머글, 밥"), Case("제27항", "갈. 곳", "갈. 곧"), Case("제27항", "하늘 색", "하늘 색"),
        // a noun, numeral or adverb that ends in ㄹ is no modifier, though it spells one (말다 → 말)
        Case("제27항", "줄 사이에", "줄 사이에"), Case("제27항", "세기 말 조선", "세기 말 조선"),
        Case("제27항", "늘 자신을", "늘 자시늘"), Case("제27항", "이를 불에", "이를 부레"),
        Case("제27항", "굽을 다는", "구블 다는"), Case("제27항", "일 세기", "일 세기"), Case("제27항", "칠 권", "칠 권"),
    ]

    /// 제29항 붙임 2: ㄴ added across the space after an adnominal form the analysis finds.
    static let nInsertion: [Case] = [
        Case("제29항", "읽은 일", "일근 닐"), Case("제29항", "찾은 일", "차즌 닐"), Case("제29항", "겪은 일", "겨끈 닐"),
        Case("제29항", "만든 약", "만든 냑"),
    ]

    /// 제29항 붙임 2 must not apply: across a pause, or after a noun and a particle.
    static let nInsertionNot: [Case] = [
        Case("제29항", "먹을, 엿", "머글, 엳"), Case("제29항", "잘. 입다", "잘. 입따"), Case("제29항", "할, 일", "할, 일"),
        Case("제29항", "사람은 일을", "사라믄 이를"), Case("제29항", "그는 일을", "그는 이를"),
    ]

    /// 제10항 다만 and the words 표준국어대사전 gives with [넙]: 넓죽하다, 넓둥글다, 넓적하다.
    static let wordExceptions: [Case] = [
        Case("제10항", "넓적하다", "넙쩌카다"), Case("제10항", "넓적다리", "넙쩍따리"), Case("제10항", "넓죽이", "넙쭈기"),
        Case("제10항", "넓고", "널꼬"), Case("제10항", "넓지", "널찌"),
    ]

    static let byClass: [(String, [Case])] = [
        ("제24항 verb stems", stemTensing), ("제24항 must not (nouns, longer stems)", stemTensingNot),
        ("제27항 -(으)ㄹ modifiers", modifierTensing), ("제27항 must not (nouns, pauses)", modifierTensingNot),
        ("제29항 붙임 2 ㄴ 첨가", nInsertion), ("제29항 붙임 2 must not (pauses, particles)", nInsertionNot),
        ("제10항 다만 words", wordExceptions),
    ]
}

@Suite(.enabled(if: PartsOfSpeech.installed != nil, "hunspell-ko is not installed"))
struct GrammarTests {
    @Test(arguments: GrammarCases.byClass.flatMap(\.1))
    func grammarDependentReading(_ c: Case) {
        #expect(Fixture.pronouncer.pronounce(c.written) == c.expected, "\(c.article) \(c.written)")
    }

    /// Every earlier row still passes with the analysis (checked by RuleTableTests) and without
    /// it: with no hunspell-ko the rules decide from the spelling, as before hunspell-ko was used.
    @Test func earlierTableWithoutTheAnalysis() {
        let rulesOnly = StandardPronouncer(dictionary: Fixture.dictionary, lexicon: nil)
        let misses = Fixture.allCases.filter { rulesOnly.pronounce($0.written) != $0.expected }
        #expect(misses.isEmpty, "\(misses)")
    }

    /// Figures by class, printed for the report: every class has cases and passes whole with the
    /// analysis (as `grammarDependentReading` demands of each); rules alone may read fewer.
    @Test func figuresByClass() {
        for (name, cases) in GrammarCases.byClass {
            let good = cases.filter { Fixture.pronouncer.pronounce($0.written) == $0.expected }.count
            let without = cases.filter { StandardPronouncer(dictionary: Fixture.dictionary, lexicon: nil).pronounce($0.written) == $0.expected }.count
            print("by part of speech \(name): \(good)/\(cases.count) (rules alone: \(without)/\(cases.count))")
            #expect(!cases.isEmpty && good == cases.count, "by part of speech \(name)")
        }
    }
}
