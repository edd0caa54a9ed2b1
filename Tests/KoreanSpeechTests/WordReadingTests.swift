import Foundation
import Testing
import ExpoModel
@testable import KoreanSpeech
import TestSupport

/// How the normaliser reads words (issue 37): capitals said as words, regnal numbers, Hanja by
/// word and after numbers, glosses that repeat the word, particles that agree with the word
/// spoken, counts of things. Every case is written from the rule cited beside it; each kind has
/// must-not cases of the same shape that must keep their reading.
@Suite("KoreanSpeechNormalizer: words")
struct WordReadingTests {
    /// The normaliser with the shipped Voices/acronyms.txt (and no other lexicon).
    static let shipped: KoreanSpeechNormalizer = {
        let file = SharedFixtures.projectRoot.appendingPathComponent("Voices/acronyms.txt")
        return KoreanSpeechNormalizer(lexicon: PronunciationLexicon.empty.adding((try? WordAcronyms(contentsOf: file)) ?? .empty))
    }()

    static func reads(_ written: String, _ normalizer: KoreanSpeechNormalizer = shipped) -> String {
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
        let normalizer = KoreanSpeechNormalizer(lexicon: PronunciationLexicon.empty.adding(acronyms))
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
