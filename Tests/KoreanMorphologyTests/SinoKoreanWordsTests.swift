import Foundation
import KoreanMorphology
import Testing

/// libhangul's word dictionary read as a list of words written wholly in Hanja.
@Suite struct SinoKoreanWordsTests {
    /// A file in hanja.txt's format: only lines whose Hanja covers every syllable count.
    @Test func readsOnlyWordsWhollyInHanja() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hanja-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try "# comment\n석유:石油:oil\n물약:물藥:\n가:家:\n금요일:金曜日:\n앞일:앞事:\n바보:ㅂㅂ:\n"
            .write(to: url, atomically: true, encoding: .utf8)
        let words = try #require(SinoKoreanWords(file: url.path))
        #expect(words.contains("석유".unicodeScalars.map(\.value)))
        #expect(words.contains("금요일".unicodeScalars.map(\.value)))
        #expect(!words.contains("물약".unicodeScalars.map(\.value)))  // a native part
        #expect(!words.contains("앞일".unicodeScalars.map(\.value)))
        #expect(!words.contains("가".unicodeScalars.map(\.value)))  // one syllable: not kept
        #expect(!words.contains("바보".unicodeScalars.map(\.value)))
    }

    @Test func missingFileGivesNoList() {
        #expect(SinoKoreanWords(file: "/nonexistent/hanja.txt") == nil)
    }

    @Test(.enabled(if: SinoKoreanWords.installed != nil, "libhangul's hanja.txt is not installed"))
    func installedListKnowsCommonWords() throws {
        let words = try #require(SinoKoreanWords.installed)
        for w in ["석유", "절약", "기념일", "내복약"] { #expect(words.contains(w.unicodeScalars.map(\.value)), "\(w)") }
        for w in ["물약", "앞일", "솜이불"] { #expect(!words.contains(w.unicodeScalars.map(\.value)), "\(w)") }
    }
}
