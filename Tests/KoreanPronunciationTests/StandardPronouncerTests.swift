import ExpoModel
import Foundation
import Testing

@testable import KoreanPronunciation

@Suite struct StandardPronouncerTests {
    @Test func emptyDictionaryStillAppliesRules() {
        let p = StandardPronouncer(dictionary: .empty)
        #expect(p.pronounce("국립중앙박물관에 있습니다") == "궁닙쭝앙방물과네 읻씀니다")
        // no entry: ㄴ-insertion only from hunspell-ko's analysis (제29항), none without it
        #expect(StandardPronouncer(dictionary: .empty, lexicon: nil).pronounce("솜이불") == "소미불")
    }

    @Test func entriesInitialiser() {
        let d = PronunciationDictionary(entries: [.init(written: "솜이불", pronounced: "솜니불", article: "제29항")])
        let p = StandardPronouncer(dictionary: d)
        #expect(p.pronounce("솜이불을 덮고") == "솜니부를 덥꼬")
        #expect(d.entries.count == 1)
    }

    @Test func bundledDictionaryLoads() {
        #expect(Fixture.dictionary.entries.count >= 300)
        #expect(Fixture.dictionary.entries.allSatisfy { $0.article == nil || $0.article!.hasPrefix("제") })
    }

    @Test(arguments: [
        ("솜이불 | 솜니불 | 제29항\n솜이불", 2, "expected 2 to 4 fields"),
        ("# c\n솜이불 | 솜불 | 제29항", 2, "syllables"),
        ("솜이불 | 솜니불 | 29", 1, "제N항"),
        ("솜 | 솜 |", 1, "at least two syllables"),
        ("a b | 솜니 |", 1, "Hangul"),
    ])
    func badLinesAreReportedWithFileLineReasonFix(_ text: String, _ line: Int, _ reason: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pron-\(UUID().uuidString).txt")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try PronunciationDictionary(contentsOf: url)
            Issue.record("no error for \(text)")
        } catch let e as ExpoError {
            #expect(e.category == .usage)
            #expect(e.message.hasPrefix("\(url.path):\(line): "), "\(e.message)")
            #expect(e.message.contains(reason), "\(e.message)")
            #expect(e.advice?.hasPrefix("Fix: ") == true)
        }
    }

    @Test func missingFileIsAClearError() {
        #expect(throws: ExpoError.self) {
            try PronunciationDictionary(contentsOf: URL(fileURLWithPath: "/nonexistent/pronunciation.txt"))
        }
    }

    @Test func fixedSegmentsAreEmittedAsGivenAndActAsAPause() {
        let p = Fixture.pronouncer
        let out = p.pronounce([
            .init(text: "국립 "), .init(text: "엑스포", isFixed: true), .init(text: " 옷 안에 있습니다"),
        ])
        #expect(out == "궁닙 엑스포 오다네 읻씀니다")
        // a fixed segment is never changed, even if rules would apply to it
        #expect(p.pronounce([.init(text: "국물", isFixed: true)]) == "국물")
        // the word before a fixed segment ends as at a pause (neutralised, not linked)
        #expect(p.pronounce([.init(text: "옷 "), .init(text: "아이콘", isFixed: true)]) == "옫 아이콘")
        // neighbouring plain segments are pronounced together
        #expect(p.pronounce([.init(text: "값 "), .init(text: "있는")]) == "가빈는")
    }

    @Test func latinAndPunctuationPassThrough() {
        let p = Fixture.pronouncer
        #expect(p.pronounce("ICOM 국제회의, 2025!") == "ICOM 국쩨회이, 2025!")
        #expect(p.pronounce("") == "")
        #expect(p.pronounce("ㅋㅋ 학교") == "ㅋㅋ 학꾜")
    }
}
