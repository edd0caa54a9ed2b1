import Hangul

/// A set of Hangul syllables as a bitmap over U+AC00–U+D7A3 (constant-time membership).
struct SyllableSet: Sendable {
    private var bits: [Bool]

    init(_ syllables: String) {
        bits = Array(repeating: false, count: HangulSyllable.count)
        for s in syllables.unicodeScalars where HangulSyllable.contains(s.value) {
            bits[Int(s.value - HangulSyllable.first)] = true
        }
    }

    mutating func insert(_ s: UInt32) {
        if HangulSyllable.contains(s) { bits[Int(s - HangulSyllable.first)] = true }
    }

    @inline(__always) func contains(_ s: UInt32) -> Bool {
        HangulSyllable.contains(s) && bits[Int(s - HangulSyllable.first)]
    }
}

/// Bits of the per-syllable class mask (`Syllable.classFlags`), filled from `WordClasses.flags` once per
/// syllable so that the rules test membership with one AND.
enum SyllableClass {
    static let saiSiot: UInt16 = 1, noSinoTensing: UInt16 = 2, modifierL: UInt16 = 4, modifierLAnyNoun: UInt16 = 8
    static let numeral: UInt16 = 16, nlSuffix: UInt16 = 32, stemEnding: UInt16 = 64, nInsertionModifier: UInt16 = 128
    static let nounLG: UInt16 = 256, nativeTens: UInt16 = 512, prefix: UInt16 = 1024
    static let modifierWordEnd: UInt16 = 2048, boundNounStart: UInt16 = 4096, nPrefix: UInt16 = 8192
}

/// Closed word classes the rules consult where the standard depends on morphology
/// (part of speech, compound structure) that plain text does not show. Each list is a
/// heuristic; its limits are stated at the rule that uses it.
enum WordClasses {
    /// 제30항: syllables whose ㅅ is (nearly always) a 사이시옷 when a syllable follows,
    /// e.g. 냇가 콧날 뱃머리 햇살 뒷문 윗옷 나뭇잎 바닷가 촛불 찻잔 깻잎 훗날.
    /// Left out on purpose because they also end real stems or nouns: 잇(잇다) 빗(빗다) 솟(솟다)
    /// 엇(엇갈리다) 맛 멋 옷 곳 것 셋 잣 깃 굿; their 사이시옷 compounds are dictionary entries.
    static let saiSiot = SyllableSet(
        "냇콧뱃햇샛귓뒷윗랫뭇닷혓잿찻촛횟텃훗핏갯깻댓홧칫숫맷곗툇삿릿쳇눗푯밋랏룻굣싯볏쇳킷멧렛욧욋봇탯")

    /// 제26항 heuristic: after a coda ㄹ, ㄷ/ㅅ/ㅈ is tensed (Sino-Korean 갈등 발전 일시 물질 …)
    /// unless the next syllable is one of these ending/particle syllables of native words
    /// (살다 알지 물도 만들던 사람들 …). Sino words starting with them (철도 글자 …) are in the dictionary.
    static let noSinoTensing = SyllableSet("다도더던든드디지죠잖들되된될됩됐돼되지듯")

    /// 제27항: ㄹ-final syllables that are almost always the -(으)ㄹ modifier.
    static let modifierL = SyllableSet("할갈볼될쓸을")

    /// 제27항 across a space: ㄹ-final syllables that are the modifier even before a content word
    /// (할 것, 갈 곳, 볼 사람, 쓸 데). 을 is left out: it is also the object particle.
    static let modifierLAnyNoun = SyllableSet("할갈볼될쓸")

    /// Nouns ending in ㄺ: their ㄺ is [ㄱ] also before ㄱ (닭고기 [닥꼬기]), unlike verb stems.
    static let nounLG = SyllableSet("닭흙칡삵")

    /// Sino numeral syllables (for 십육 [심뉵] and numeral + counter linking).
    static let numerals = SyllableSet("일이삼사오육칠팔구십백천만억조영공")

    /// 제20항 다만 heuristic: a Sino suffix after a ㄴ-final stem of two or more syllables keeps
    /// ㄴ and turns ㄹ into ㄴ (생산량 결단력 이원론 입원료 의견란 동원령 상견례 횡단로 구근류).
    static let nlSuffixes = SyllableSet("량력론료란령례로류")

    /// 제24항: endings starting with ㄱ ㄷ ㅅ ㅈ that follow a verb stem.
    static let stemEndings = SyllableSet("고다지게더던겠")

    /// 제24항: verb stems ending in ㄴ or ㅁ (신고 안다 삼고 감다 …), written out.
    static let nmStems: [[UInt32]] = [
        "신", "안", "껴안", "감", "검", "남", "넘", "담", "삼", "숨", "심", "참", "품", "뿜",
        "더듬", "머금", "보듬", "굶", "닮", "젊", "옮", "삶", "곪",
    ].map { $0.unicodeScalars.map(\.value) }

    /// 제27항 within a word: endings after an -ㄹ syllable that are tensed (할걸 할수록 할지라도 …).
    static let modifierEndings: [[UInt32]] = [
        "수록", "지라도", "지언정", "진대", "세라", "밖에", "걸", "게", "거나", "거야", "겁니다",
        "거예요", "걸요", "게요", "지", "지도", "지요", "지는", "지가", "지를", "거든",
    ].map { $0.unicodeScalars.map(\.value) }

    /// Endings after which any ㄹ-final syllable (also ㄹ-stems: 알수록) is the modifier.
    static let anyLModifierEndings: Set<[UInt32]> = Set(
        [
            "수록", "지라도", "지언정", "진대", "세라", "밖에",
        ].map { $0.unicodeScalars.map(\.value) })

    /// 제27항 across a space: dependent nouns (and their usual particle forms) after -(으)ㄹ.
    static let boundNounForms: Set<[UInt32]> = Set(
        [
            "것", "것이", "것을", "것은", "것도", "것이다", "것입니다", "것으로", "것처럼", "것만", "것과",
            "것이며", "것이고", "거", "거야", "거예요", "거죠", "거다", "거지", "게", "걸", "겁니다", "건",
            "수", "수가", "수도", "수는", "수밖에", "데", "데가", "데도", "데는", "데에", "바", "바가", "바를",
            "바는", "바와", "바에", "적", "적이", "적이다", "적도", "적은", "적에", "적엔", "적부터", "적이있다", "줄", "줄을", "줄은",
            "줄도", "줄이", "지", "듯", "듯이", "듯한", "듯하다", "정도", "정도로", "정도의", "동안", "동안에",
            "곳", "곳이", "곳을", "곳에", "곳은", "곳으로",
        ].map { $0.unicodeScalars.map(\.value) })

    /// 제27항 across a space: multi-syllable -ㄹ modifiers of common verbs (만날 사람 [만날 싸람]).
    static let modifierWords: Set<[UInt32]> = Set(
        [
            "만날", "드릴", "보낼", "가질", "알릴", "떠날", "배울", "그릴", "부를", "모를", "다닐",
            "기다릴", "살펴볼", "찾아볼", "만들", "느낄", "즐길", "지킬", "남길", "바꿀", "나눌",
        ].map { $0.unicodeScalars.map(\.value) })

    /// 제29항 붙임2 across a space: nouns/stems that take ㄴ after a modifier (할 일, 한 일, 먹을 엿).
    static let nInsertionHeads: Set<[UInt32]> = Set(
        [
            "일", "일이", "일을", "일은", "일도", "일만", "일로", "일이다", "일입니다", "엿", "엿을",
            "입다", "입고", "입은", "입는", "여섯", "여덟", "이불", "잎", "약", "약을", "약이",
        ].map { $0.unicodeScalars.map(\.value) })

    /// 제29항 붙임2 across a space: nouns that take ㄴ after a modifier, also with a particle
    /// (슬픈 얘기 [슬픈 냬기], 지난 여름 [지난 녀름], 무슨 이야기).
    static let nInsertionNouns: [[UInt32]] = [
        "이야기", "얘기", "여름", "이불", "일", "잎", "엿", "약", "옛날",
    ].map { $0.unicodeScalars.map(\.value) }

    /// 제29항 붙임2: determiners and adnominal forms hunspell-ko does not class as adnominal
    /// (무슨 일 [무슨 닐], 온갖 일, 그런 일, 어떤 일, 다른 일).
    static let determiners: Set<[UInt32]> = Set(
        [
            "무슨", "온갖", "그런", "이런", "저런", "어떤", "아무런", "다른", "같은", "작은", "옛",
        ].map { $0.unicodeScalars.map(\.value) })

    /// Modifier syllables for 제29항 붙임2 across a space (한 일, 할 일, 먹을 엿). 은/는 are left
    /// out: as topic particles (나는 일이) they would add a wrong ㄴ far more often than they help.
    static let nInsertionModifiers = SyllableSet("한할을던된될간갈본볼온올")

    /// 제29항 붙임2: forms of 입다/잊다 that take ㄴ after a one-syllable word (옷 입다, 잘 입다,
    /// 못 잊다).
    static let ipForms: Set<[UInt32]> = Set(
        [
            "입다", "입고", "입은", "입는", "입어", "입어요", "입었다", "입지", "입을",
            "잊다", "잊고", "잊은", "잊는", "잊어", "잊지", "잊을", "잊었다",
        ].map { $0.unicodeScalars.map(\.value) })

    /// Last syllables of native tens (서른 스물 마흔 쉰 열 …) before 여섯/여덟/일곱.
    static let nativeTens = SyllableSet("른물흔쉰열순든")
    static let nativeUnits: [[UInt32]] = ["여섯", "여덟", "일곱"].map { $0.unicodeScalars.map(\.value) }
    static let yeondae: [UInt32] = "연대".unicodeScalars.map(\.value)
    static let yeot: [UInt32] = "엿".unicodeScalars.map(\.value)

    /// 제15항 prefixes whose coda links neutralised (헛웃음 [허두슴], 첫인상 [처딘상]).
    static let prefixes = SyllableSet("헛첫")

    /// 제29항 prefixes after which a second part starting with 이/야/여/요/유 takes [ㄴ] (맨입
    /// [맨닙], 헛일 [헌닐], 홑이불, 한여름, 늦여름, 첫여름, 막일, 옛이야기, 짓이기다).
    static let nPrefixes = SyllableSet("맨헛홑한늦첫맏덧막민풋홀옛짓")

    /// The class mask of every syllable (index: scalar − U+AC00).
    static let flags: [UInt16] = {
        var f = [UInt16](repeating: 0, count: HangulSyllable.count)
        func mark(_ set: SyllableSet, _ bit: UInt16) {
            for k in 0..<HangulSyllable.count where set.contains(HangulSyllable.first + UInt32(k)) { f[k] |= bit }
        }
        func mark(_ words: [[UInt32]], first: Bool, _ bit: UInt16) {
            for w in words {
                if let x = first ? w.first : w.last, HangulSyllable.contains(x) { f[Int(x - HangulSyllable.first)] |= bit }
            }
        }
        mark(saiSiot, SyllableClass.saiSiot)
        mark(noSinoTensing, SyllableClass.noSinoTensing)
        mark(modifierL, SyllableClass.modifierL)
        mark(modifierLAnyNoun, SyllableClass.modifierLAnyNoun)
        mark(numerals, SyllableClass.numeral)
        mark(nlSuffixes, SyllableClass.nlSuffix)
        mark(stemEndings, SyllableClass.stemEnding)
        mark(nInsertionModifiers, SyllableClass.nInsertionModifier)
        mark(nounLG, SyllableClass.nounLG)
        mark(nativeTens, SyllableClass.nativeTens)
        mark(prefixes, SyllableClass.prefix)
        mark(nPrefixes, SyllableClass.nPrefix)
        mark(Array(modifierWords), first: false, SyllableClass.modifierWordEnd)
        mark(Array(boundNounForms), first: true, SyllableClass.boundNounStart)
        return f
    }()
}
