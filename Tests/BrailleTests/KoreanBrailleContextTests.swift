import Foundation
import Normalization
import Testing

@testable import Braille

/// The articles of 한국 점자 규정 (2024) decided by context, each with cases of our own and the
/// cases of the same shape that must not change beside them.
@Suite("KoreanBrailleContext")
struct KoreanBrailleContextTests {
    let transcriber: BrailleTranscriber

    init() throws {
        transcriber = try KoreanBrailleSuiteTests.transcriber()
    }

    // 제8항: a letter standing alone takes the 온표 ⠿, a consonant in its final form.
    @Test("제8항: a lone consonant or vowel letter is written with the 온표, a consonant as a final")
    func loneLetters() throws {
        #expect(try transcriber.braille("ㅎ") == "⠿⠴")
        #expect(try transcriber.braille("ㅆ") == "⠿⠄⠄")  // not the ㅆ-final contraction ⠌ (제4항)
        #expect(try transcriber.braille("ㅟ") == "⠿⠍⠗")
        #expect(try transcriber.braille("ㄱㄴ") == "⠿⠁⠿⠒")
        #expect(try transcriber.braille("ㄷ자") == "⠿⠔⠨")  // the letter named, then 자
        #expect(try transcriber.braille("ㄴ은") == "⠿⠒⠵")  // the letter named, then a particle
        #expect(try transcriber.braille("ㄱㄴㄷ순") == "⠿⠁⠿⠒⠿⠔⠠⠛")  // letters named, then 순 "order"
        // Must not change: syllables are not letters.
        #expect(try transcriber.braille("다") == "⠊")
        #expect(try transcriber.braille("은") == "⠵")
    }

    // 제9항: a consonant letter used as a list number takes the 온표.
    @Test("제9항: a consonant letter numbering a list is written with the 온표")
    func letterAsNumber() throws {
        #expect(try transcriber.braille("ㄱ. 토기") == "⠿⠁⠲⠀⠓⠥⠈⠕")
        #expect(try transcriber.braille("가. 토기") == "⠫⠲⠀⠓⠥⠈⠕")  // must not: a syllable numbering
    }

    // 제10항: a consonant letter written into a word takes ⠸ before its final form.
    @Test("제10항: a consonant letter inside a word takes ⠸; one named on its own keeps the 온표")
    func lettersInWords() throws {
        #expect(try transcriber.braille("[마ㅅ]") == "⠦⠆⠑⠸⠄⠰⠴")  // after a syllable
        #expect(try transcriber.braille("[ㄴ노]") == "⠦⠆⠸⠒⠉⠥⠰⠴")  // before syllables that are not a particle
        #expect(try transcriber.braille("[ㄴ]") == "⠦⠆⠿⠒⠰⠴")  // must not: alone in the brackets
        #expect(try transcriber.braille("ㄴ은") == "⠿⠒⠵")  // must not: named, then a particle
    }

    // 제43항 다만: after a mark other than the decimal point or the comma, the number sign again.
    @Test("제43항 다만: the number sign is written again after a hyphen between digits")
    func numberSignAfterHyphen() throws {
        #expect(try transcriber.braille("031-123-4567") == "⠼⠚⠉⠁⠤⠼⠁⠃⠉⠤⠼⠙⠑⠋⠛")
        #expect(try transcriber.braille("2-1") == "⠼⠃⠤⠼⠁")
        // Must not change: the decimal point and the comma keep the number going (제41항, 제43항);
        // a hyphen between words is the hyphen alone.
        #expect(try transcriber.braille("1.5") == "⠼⠁⠲⠑")
        #expect(try transcriber.braille("1,500") == "⠼⠁⠂⠑⠚⠚")
        #expect(try transcriber.braille("남-북") == "⠉⠢⠤⠘⠍⠁")
    }

    // 제45항: the arithmetic and comparison signs.
    @Test(
        "제45항: + − × ÷ = > < each have their cells, none is left out",
        arguments: [
            ("+", "⠢"), ("\u{2212}", "⠔"), ("×", "⠡"), ("÷", "⠌⠌"), ("=", "⠒⠒"), (">", "⠢⠢"), ("<", "⠔⠔"),
        ])
    func signs(_ sign: String, _ cells: String) throws {
        #expect(try transcriber.braille(sign) == cells)
    }

    // 제46항: between Korean words a sign has a space on each side; between numbers none.
    @Test("제46항: a sign between Korean words is spaced off; between numbers it is not")
    func signSpacing() throws {
        #expect(try transcriber.braille("사과 + 배") == "⠇⠈⠧⠀⠢⠀⠘⠗")
        #expect(try transcriber.braille("배+사과") == "⠘⠗⠀⠢⠀⠇⠈⠧")
        #expect(try transcriber.braille("4개+2개=6개") == "⠼⠙⠈⠗⠀⠢⠀⠼⠃⠈⠗⠀⠒⠒⠀⠼⠋⠈⠗")
        #expect(try transcriber.braille("4개\u{2212}2개") == "⠼⠙⠈⠗⠀⠔⠀⠼⠃⠈⠗")  // the minus sign is written
        #expect(try transcriber.braille("넓이×2이다") == "⠉⠞⠃⠕⠀⠡⠼⠃⠕⠊")  // a number with the copula stays on the sign
        #expect(try transcriber.braille("7 - 2 = 5") == "⠼⠛⠀⠔⠀⠼⠃⠀⠒⠒⠀⠼⠑")  // a spaced hyphen in an equation
        // Must not change: between numbers no space; angle brackets around a title are brackets;
        // a spaced hyphen outside an equation stays the dash it was.
        #expect(try transcriber.braille("12\u{2212}5=7") == "⠼⠁⠃⠔⠼⠑⠒⠒⠼⠛")
        #expect(try transcriber.braille("<백자>") == "⠐⠶⠘⠗⠁⠨⠶⠂")
        #expect(try transcriber.braille("1 - 2") == "⠼⠁⠤⠤⠼⠃")
        #expect(try transcriber.braille("서울->부산") == (try transcriber.braille("서울→부산")))  // an arrow
        #expect(!(try transcriber.braille("서울->부산")).contains("⠢⠢"))
    }

    // 제28항: Latin words alone are English braille (UEB, contracted as the standard's examples
    // are), without the 로마자표; 제29항: inside Korean text they are put between the 로마자표 and
    // the 종료표. A single letter is uncontracted (it is not the word it would stand for).
    @Test("제28–29항: a text of Latin words alone is UEB without indicators; Latin inside Korean keeps them")
    func latinByContext() throws {
        #expect(try transcriber.braille("Paris") == "⠠⠏⠜⠊⠎")  // "ar" contracted
        #expect(try transcriber.braille("b") == "⠃")  // a letter, not the wordsign for "but"
        let title = "The Korean Pavilion"
        #expect(try transcriber.braille(title) == (try Louis.translate(title, tables: "en-ueb-g2.ctb")))
        #expect(try transcriber.braille(title).hasPrefix("⠠⠮"))  // "the" contracted, as UEB writes it
        // Must not change: Latin inside Korean text.
        #expect(try transcriber.braille("Paris 박람회") == "⠴⠠⠏⠜⠊⠎⠲⠀⠘⠁⠐⠣⠢⠚⠽")
        #expect(try transcriber.braille("높이 h는") == "⠉⠥⠲⠕⠀⠴⠓⠲⠉⠵")
        // A curly apostrophe inside a Latin word keeps the word whole; after it, a closing quote.
        #expect(try transcriber.braille("박람회[World’s Fair]") == (try transcriber.braille("박람회[World's Fair]")))
        #expect(try transcriber.braille("‘Fair’는").hasSuffix("⠴⠄⠉⠵"))
        #expect(try transcriber.braille("10 km") == "⠼⠁⠚⠀⠅⠍")  // digits and letters alone: no Hangul
        // A mark only the Korean table writes makes it Korean text with a Latin run.
        #expect(try transcriber.braille("《Paris》") == "⠰⠶⠴⠠⠏⠜⠊⠎⠶⠆")
    }

    // A sign no table writes is spelled out in Korean words, never dropped.
    @Test("a sign no table writes is spelled out in Korean words and named; written signs are not")
    func spelledOutSigns() throws {
        let signs = try transcriber.spelledSigns("값 ≤ 10")
        #expect(signs.map(\.sign) == ["≤"])
        let words = try #require(signs.first?.words)
        #expect(!words.isEmpty)
        #expect(try transcriber.braille("값 ≤ 10").contains(try transcriber.braille(words)))
        #expect(try transcriber.spelledSigns("가の나") == [SpelledSign(sign: "の", words: "일본 글자")])
        #expect(try transcriber.braille("가の나") == (try transcriber.braille("가 일본 글자 나")))
        // Must not: signs a table writes are written, not spelled.
        #expect(try transcriber.spelledSigns("상·하 (1~2) 5개\u{2212}3개").isEmpty)
    }
}
