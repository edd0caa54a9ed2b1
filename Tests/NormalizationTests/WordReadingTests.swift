import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Normalization

/// How the normaliser reads words (issue 37): capitals said as words, regnal numbers, Hanja by
/// word and after numbers, glosses that repeat the word, particles that agree with the word
/// spoken, counts of things. Every case is written from the rule cited beside it; each kind has
/// must-not cases of the same shape that must keep their reading.
@Suite("KoreanNormalizer: words")
struct WordReadingTests {
    /// The normaliser with the shipped Voices/acronyms.txt (and no other lexicon).
    static let shipped: KoreanNormalizer = {
        let file = SharedFixtures.projectRoot.appendingPathComponent("Voices/acronyms.txt")
        return KoreanNormalizer(lexicon: CuratorLexicon.empty.adding((try? WordAcronyms(contentsOf: file)) ?? .empty))
    }()

    static func reads(_ written: String, _ normalizer: KoreanNormalizer = shipped) -> String {
        withoutSpaces(normalizer.spoken(written))
    }

    // MARK: 1. Capitals said as words (Voices/acronyms.txt; 외래어 표기 용례: 나사, 유네스코, 나토)

    static let wordAcronyms: [SpeechCase] = [
        .init("NASA의 탐사선", "나사의탐사선"), .init("UNESCO 세계유산", "유네스코세계유산"),
        .init("ICOM 한국위원회", "아이콤한국위원회"), .init("NATO 회원국", "나토회원국"),
        .init("대전 EXPO 1993", "대전엑스포천구백구십삼"), .init("NEWS 코너", "뉴스코너"),
    ]
    // Must not: acronyms Koreans spell stay spelled; a listed form inside a longer token, or in
    // another case, is not the listed word.
    static let spelledAcronyms: [SpeechCase] = [
        .init("KBS 뉴스", "케이비에스뉴스"), .init("CCTV 설치", "씨씨티브이설치"), .init("WTO 가입", "더블유티오가입"),
        .init("IMF 외환 위기", "아이엠에프외환위기"),
    ]

    @Test(arguments: wordAcronyms) func capitalsSaidAsWords(_ row: SpeechCase) {
        #expect(Self.reads(row.written) == row.spoken)
    }

    @Test(arguments: spelledAcronyms) func capitalsSpelledLetterByLetter(_ row: SpeechCase) {
        #expect(Self.reads(row.written) == row.spoken)
    }

    @Test func listedFormsMatchWholeTokensInTheirCase() {
        #expect(!Self.reads("NASAL 스프레이").contains("나사"))
        #expect(!Self.reads("Nasa 로고").contains("나사"))
        #expect(!Self.reads("NASA2 계획").hasPrefix("나사이"))
        // Without the list, a word-shaped token of capitals is left as written, not said as a word.
        #expect(Self.reads("NATO", ruleNormalizer) == "NATO")
    }

    @Test func aCuratorsEntryIsUsed() throws {
        let file = try Self.write("# my museum's names\nMOMA | 모마\n\nLACMA | 라크마\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let acronyms = try WordAcronyms(contentsOf: file)
        #expect(acronyms.readings == ["MOMA": "모마", "LACMA": "라크마"])
        let normalizer = KoreanNormalizer(lexicon: CuratorLexicon.empty.adding(acronyms))
        #expect(Self.reads("MOMA와 LACMA의 소장품", normalizer) == "모마와라크마의소장품")
    }

    static let badAcronymFiles: [(contents: String, line: Int, reason: String)] = [
        ("NASA | 나사\nUNESCO\n", 2, "expected 2 fields"),
        ("nasa | 나사\n", 1, "not a token of Latin letters"),
        ("N | 엔\n", 1, "not a token of Latin letters"),
        ("NASA | nasa\n", 1, "not Hangul"),
        ("NASA | 나사\n# x\nNASA | 나싸\n", 3, "already defined on line 1"),
        ("NASA | 나사 | en\n", 1, "found 3"),
    ]

    @Test(arguments: 0..<badAcronymFiles.count)
    func aBadAcronymLineNamesItsLine(_ index: Int) throws {
        let bad = Self.badAcronymFiles[index]
        let file = try Self.write(bad.contents)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try WordAcronyms(contentsOf: file)
            Issue.record("expected an error for \(bad.contents)")
        } catch let error as ExpoError {
            #expect(error.category == .usage && error.message.hasPrefix(file.path + ":\(bad.line): "))
            #expect(error.message.contains(bad.reason))
        }
    }

    @Test func theShippedListLoads() throws {
        let file = SharedFixtures.projectRoot.appendingPathComponent("Voices/acronyms.txt")
        let acronyms = try WordAcronyms(contentsOf: file)
        #expect(acronyms.readings["NASA"] == "나사" && acronyms.readings["UNESCO"] == "유네스코")
        #expect(acronyms.readings.count >= 50)
    }

    static func write(_ contents: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("acronyms-\(UUID().uuidString).txt")
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}

/// Regnal numbers, Hanja by word and after numbers, glosses.
@Suite("KoreanNormalizer: regnal numbers and Hanja")
struct RegnalAndHanjaReadingTests {
    // 2. A Roman numeral after a ruler's name is a regnal number said with 세 (외래어 표기 용례:
    // 루이 14세, 헨리 8세, 엘리자베스 2세, 요한 바오로 2세).
    static let regnal: [SpeechCase] = [
        .init("Henri IV의 칙령", "Henri사세의칙령"), .init("Charles V 시대", "Charles오세시대"),
        .init("Louis XIV", "Louis십사세"), .init("Elizabeth II 여왕", "Elizabeth이세여왕"),
        .init("Napoleon III와", "Napoleon삼세와"), .init("John Paul II", "JohnPaul이세"),
        .init("Elizabeth I", "Elizabeth일세"), .init("앙리 IV", "앙리사세"), .init("루이 XIV의 궁전", "루이십사세의궁전"),
        .init("루이 14세", "루이십사세"), .init("엘리자베스 II세", "엘리자베스이세"),
    ]
    // Must not: I, V and X that are not a number after a ruler's name.
    static let notRegnal: [SpeechCase] = [
        .init("V자 모양", "브이자모양"), .init("MIX 음악", "엠아이엑스음악"), .init("제II권", "제이권"),
        .init("세계 대전 II", "세계대전이"),
    ]

    @Test(arguments: regnal) func regnalNumbers(_ row: SpeechCase) {
        #expect(WordReadingTests.reads(row.written) == row.spoken)
    }

    @Test(arguments: notRegnal) func otherRomanLetters(_ row: SpeechCase) {
        #expect(WordReadingTests.reads(row.written) == row.spoken)
    }

    @Test(arguments: ["I love you", "World War II", "Type V engine", "Then I went"])
    func lettersAfterOtherWordsAreNotRegnal(_ text: String) {
        #expect(!ruleNormalizer.spoken(text).contains("세"))
    }

    // 3. Hanja read by word first (libhangul's word dictionary), then by each character's first
    // reading: 樂 is 악 in 音樂, 낙 word-initially in 樂園 (제12항), 락 in 快樂.
    static let hanjaWords: [SpeechCase] = [
        .init("音樂", "음악"), .init("樂園", "낙원"), .init("快樂", "쾌락"), .init("樂器", "악기"), .init("娛樂", "오락"),
        .init("不動産", "부동산"), .init("六月", "유월"), .init("十月", "시월"),
        // libhangul files some words twice, also under the characters' commonest readings: the
        // reading apart from that one is the word's (復活 부활 not 복활; 比率 비율, 제11항 붙임 1
        // 다만; 樂浪 낙랑, 제12항).
        .init("復活", "부활"), .init("比率", "비율"), .init("省略", "생략"), .init("便所", "변소"), .init("樂浪", "낙랑"),
    ]
    // Must not: where both filed readings are words, hunspell-ko's word is kept (茶禮 차례, the
    // commonest readings), and words filed once keep their reading.
    static let hanjaWordsKnownToHunspell: [SpeechCase] = [
        .init("茶禮", "차례"), .init("降伏", "항복"), .init("說明", "설명"), .init("相殺", "상쇄"),
    ]

    @Test(.enabled(if: ParticleAndCountReadingTests.hunspellKo, "hunspell-ko is not installed"), arguments: hanjaWordsKnownToHunspell)
    func hanjaWordsHunspellKnows(_ row: SpeechCase) {
        #expect(WordReadingTests.reads(row.written) == row.spoken)
    }

    @Test(arguments: hanjaWords) func hanjaByWord(_ row: SpeechCase) {
        #expect(WordReadingTests.reads(row.written) == row.spoken)
    }

    // Bound nouns after a number keep their own sound (한글 맞춤법 제10항 다만: 몇 년, 두 냥;
    // 제11항 다만: 몇 리): 3年 is 삼 년, not 삼 연.
    static let boundNouns: [SpeechCase] = [
        .init("3年", "삼년"), .init("1910年 8月", "천구백십년팔월"), .init("10里", "십리"), .init("5兩", "오냥"),
        .init("2024年度", "이천이십사년도"), .init("光武 3年에", "광무삼년에"), .init("6月 10日", "유월십일"),
        .init("10月", "시월"), .init("16月", "십육월"),
    ]
    // Must not: the same characters beginning a word are read by the initial sound rule.
    static let wordInitial: [SpeechCase] = [
        .init("年度", "연도"), .init("年歲", "연세"), .init("來年", "내년"), .init("里長", "이장"), .init("三年", "삼년"),
    ]

    @Test(arguments: boundNouns) func boundNounsAfterNumbers(_ row: SpeechCase) {
        #expect(WordReadingTests.reads(row.written) == row.spoken)
    }

    @Test(arguments: wordInitial) func initialSoundRuleAtTheStartOfAWord(_ row: SpeechCase) {
        #expect(WordReadingTests.reads(row.written) == row.spoken)
    }

    // 4. A bracketed Hanja gloss that repeats the Hangul before it is dropped, compared after
    // the initial sound rule both ways (제10–12항: 노동(勞動), 역사(歷史), 이발(理髮)) and with
    // the word's own reading (제52항, 속음: 유월(六月), 모란(牡丹)).
    static let repeatedGlosses: [SpeechCase] = [
        .init("노동(勞動)을", "노동을"), .init("역사(歷史)는", "역사는"), .init("이발(理髮)", "이발"),
        .init("낙원(樂園)", "낙원"), .init("유월(六月)과", "유월과"), .init("시월(十月)", "시월"), .init("모란(牡丹)", "모란"),
        .init("六月(유월)", "유월"),
    ]
    // Must not: a gloss that names another word is read (오 is not a form of 노, 로 or 뇨).
    static let otherGlosses: [SpeechCase] = [
        .init("근로(勞動)", "근로(노동)"), .init("오동(勞動)", "오동(노동)"), .init("오월(六月)", "오월(유월)"),
    ]

    @Test(arguments: repeatedGlosses) func glossesThatRepeatTheWordAreDropped(_ row: SpeechCase) {
        #expect(WordReadingTests.reads(row.written) == row.spoken)
    }

    @Test(arguments: otherGlosses) func glossesOfOtherWordsAreRead(_ row: SpeechCase) {
        #expect(WordReadingTests.reads(row.written) == row.spoken)
    }
}

/// Particles after words read aloud in other words, and counts of things.
@Suite("KoreanNormalizer: particles and counts")
struct ParticleAndCountReadingTests {
    // 5. A particle agrees with the last word spoken (한글 맞춤법 제4장 조사: 를/을, 는/은, 가/이,
    // 와/과, (으)로, 였다/이었다).
    static let agreeing: [SpeechCase] = [
        .init("조선 시대(1392년)였다.", "조선시대(천삼백구십이년)이었다."), .init("UN를 통해", "유엔을통해"),
        .init("ICOM는", "아이콤은"), .init("KBS을", "케이비에스를"), .init("NASA과 함께", "나사와함께"),
        .init("파리(巴里)으로", "파리로"), .init("협의회(ICOM)가", "협의회(아이콤)이"), .init("10를", "십을"),
        .init("LED로", "엘이디로"), .init("본관(本館)로", "본관으로"),
    ]
    // Must not: particles that agree already, counting words and names after numbers, words that
    // only begin like a particle.
    static let notChanged: [SpeechCase] = [
        .init("노동(勞動)을", "노동을"), .init("종로3가", "종로삼가"), .init("제2과", "제이과"), .init("(주)가나", "주식회사가나"),
        .init("나사(NASA)는", "나사는"), .init("KBS가", "케이비에스가"), .init("(1392년)이었다", "(천삼백구십이년)이었다"),
        .init("NASA이었다", "나사이었다"), .init("UN나라", "유엔나라"),
    ]

    @Test(arguments: agreeing) func particlesAgreeWithTheWordSpoken(_ row: SpeechCase) {
        #expect(WordReadingTests.reads(row.written) == row.spoken)
    }

    @Test(arguments: notChanged) func particlesThatAgreeAlreadyStay(_ row: SpeechCase) {
        #expect(WordReadingTests.reads(row.written) == row.spoken)
    }

    // 6. N점 after a noun of things counts them in native numbers up to 99 (표준국어대사전 '점'
    // 의존 명사: 그림, 옷 따위를 세는 단위); hunspell-ko says which words are nouns.
    static let countsOfThings: [SpeechCase] = [
        .init("도자기 1점과", "도자기한점과"), .init("유물 3점을", "유물세점을"), .init("항아리 3점", "항아리세점"),
        .init("청동거울 2점이 출토되었다", "청동거울두점이출토되었다"), .init("거울 등 총 4점을 선보인다", "거울등총네점을선보인다"),
        .init("금관 20점", "금관스무점"), .init("십장생무늬거울 등 총 4점", "십장생무늬거울등총네점"),
    ]
    // Must not: scores (점 성적을 나타내는 단위) and counts of 100 or more stay Sino-Korean.
    static let scoresAndLargeCounts: [SpeechCase] = [
        .init("국어 90점", "국어구십점"), .init("평균 85점", "평균팔십오점"), .init("시험에서 90점을 받았다", "시험에서구십점을받았다"),
        .init("유물 120점", "유물백이십점"), .init("90점을 받았다", "구십점을받았다"), .init("점수 3점", "점수삼점"),
        .init("최종점수 90점", "최종점수구십점"), .init("학생들이 90점을", "학생들이구십점을"),
    ]

    /// Whether Debian's hunspell-ko is installed (the nouns beyond the normaliser's own list).
    static let hunspellKo = CountedNouns.lexiconInstalled

    @Test(.enabled(if: hunspellKo, "hunspell-ko is not installed"), arguments: countsOfThings)
    func countsOfThingsAreNative(_ row: SpeechCase) {
        #expect(WordReadingTests.reads(row.written) == row.spoken)
    }

    @Test(arguments: scoresAndLargeCounts) func scoresAndLargeCountsAreSinoKorean(_ row: SpeechCase) {
        #expect(WordReadingTests.reads(row.written) == row.spoken)
    }
}
