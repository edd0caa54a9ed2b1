import Testing

@testable import Braille

/// Back-translation of our own braille. Korean contracted braille gives some cell sequences to
/// more than one print (the standard's, not the table's doing), so no table can give every print
/// back: those cases are asserted as ambiguous. The Latin parts are round-tripped through
/// liblouis's UEB tables, which declare both directions.
@Suite("BrailleBackTranslation")
struct BrailleBackTranslationTests {
    let transcriber: BrailleTranscriber

    init() throws {
        transcriber = try KoreanBrailleSuiteTests.transcriber()
    }

    // 제3항: the finals ㅍ ⠲, ㅌ ⠦, ㅋ ⠖ and ㅎ ⠴ are the period, the question and exclamation
    // marks and the closing quote (문장 부호) after a syllable that ends in a vowel.
    @Test(
        "the standard writes these prints with the same cells, so back-translation cannot tell them apart",
        arguments: [("갚", "가."), ("깊", "기."), ("같", "가?"), ("갘", "가!"), ("갛", "가”")])
    func ambiguous(_ word: String, _ marked: String) throws {
        #expect(try transcriber.braille(word) == (try transcriber.braille(marked)))
    }

    @Test("the comma and the colon are not finals' cells, so they stay apart")
    func notAmbiguous() throws {
        #expect(try transcriber.braille("갈") != (try transcriber.braille("가,")))  // ㄹ ⠂ against the comma ⠐
        #expect(try transcriber.braille("가:") != (try transcriber.braille("갈")))
    }

    /// The Latin of a braille line: the text between each 로마자표 and its terminator (or the end).
    static func latinRuns(_ braille: String) -> [String] {
        braille.split(separator: "⠴", omittingEmptySubsequences: false).dropFirst().map { run in
            String(run.split(separator: "⠲", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        }
    }

    // 제28항 (alone) and 제29항 (inside Korean text): our UEB comes back as the print.
    @Test("Latin alone and inside Korean text back-translates to its letters with liblouis's UEB tables")
    func latinRoundTrip() throws {
        for text in ["The Korean Pavilion", "Grande Roue de Paris", "World's Fair", "Jikji"] {
            let braille = try transcriber.braille(text)
            let back = try Louis.backTranslate(braille, tables: transcriber.latinTable)
            #expect(back.replacingOccurrences(of: "’", with: "'") == text, "\(text): \(braille) → \(back)")
        }
        for (text, latin) in [
            ("Tripitaka Koreana 트리피타카", "Tripitaka Koreana"), ("이것은 long zither의 하나", "long zither"),
            ("높이 h는", "h"),
        ] {
            let runs = Self.latinRuns(try transcriber.braille(text))
            #expect(runs.count == 1, "\(text)")
            let table = latin.count == 1 ? transcriber.letterTable : transcriber.latinTable
            #expect(try Louis.backTranslate(runs[0], tables: table) == latin, "\(text)")
        }
    }
}
