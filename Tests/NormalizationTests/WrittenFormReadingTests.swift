import ExpoModel
import TestSupport
import Testing

@testable import Normalization

/// How the normalizer reads written forms (issue 16): acronyms, letters with digits, numerals,
/// signs, dates, counters, currency; one test per kind, every row citing its rule.
@Suite("KoreanNormalizer: written forms")
struct WrittenFormReadingTests {
    // The rules with the shipped list of capitals said as words (Voices/acronyms.txt), where
    // NASA → 나사 lives since issue 37; nothing else of the Voices folder.
    static func passes(_ row: CitedCase) -> Bool {
        withoutSpaces(WordReadingTests.shipped.spoken(row.written)) == row.spoken
    }

    static func check(_ row: CitedCase) {
        #expect(withoutSpaces(WordReadingTests.shipped.spoken(row.written)) == row.spoken, "\(row.rule)")
    }

    @Test(arguments: WrittenFormCases.latinAcronyms) func latinAcronyms(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.letterDigitTokens) func letterDigitTokens(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.abbreviations) func abbreviations(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.romanNumerals) func romanNumerals(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.englishOrdinals) func englishOrdinals(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.signs) func signs(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.companiesAndJamo) func companiesAndJamo(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.ratiosAndFractions) func ratiosAndFractions(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.commemorations) func commemorations(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.dateForms) func dateForms(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.ranges) func ranges(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.counters) func counters(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.serviceNumbers) func serviceNumbers(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.currency) func currency(_ row: CitedCase) { Self.check(row) }
    @Test(arguments: WrittenFormCases.hanja) func hanjaInitialSounds(_ row: CitedCase) { Self.check(row) }

    /// The suite's figures per kind, printed for the report; at least 250 cases in all.
    @Test func figuresPerKind() {
        var total = 0
        var passed = 0
        for (kind, cases) in WrittenFormCases.byKind {
            let good = cases.filter(Self.passes).count
            print("written forms \(kind): \(good)/\(cases.count)")
            total += cases.count
            passed += good
        }
        print("written forms total: \(passed)/\(total)")
        #expect(total >= 250)
    }

    // Real words (not acronyms) are left as written, as before, unless the lexicon gives them
    // a voice: the decision is by case and letters (any small letter, or 6+ capitals, is a word).
    static let realWords: [String] = [
        "World's Fair", "Bibliothèque nationale de France", "avenue de Suffren", "iPhone", "Benedetto Castelli",
        "long zither",
    ]

    @Test(arguments: realWords)
    func realWordsAreLeftAsWritten(_ words: String) {
        #expect(ruleNormalizer.spokenRuns("영어로 " + words + "라고") == [SpokenRun(text: "영어로 " + words + "라고")])
        let lexicon = CuratorLexicon(entries: [.init(written: words, spoken: words, language: "en")])
        #expect(KoreanNormalizer(lexicon: lexicon).spokenRuns("영어로 " + words + "라고").contains(SpokenRun(text: words, language: "en")))
    }

    /// Edges where the new look-behinds and look-aheads meet the ends of the text.
    @Test(arguments: [
        "월~", "~금", "~", "'9", "'", "Ⅱ", "x", "#", "ㄷ", "1x", "x1", "No.", "pp.", "HK$", "3:", ":1", "(주",
        "(", "1~(", "월~금요일", "¼", "1½", "e.g", "A&", "&B", "XIV", "제", "U-", "1980s", "22nd", "4K",
    ])
    func edgesDoNotCrash(_ text: String) {
        let spoken = ruleNormalizer.spoken(text)
        #expect(!spoken.unicodeScalars.contains { ("0"..."9").contains($0) }, "\(text) → \(spoken)")
    }

    @Test func notesRecordEveryFallback() {
        let (runs, notes) = ruleNormalizer.spokenRunsWithNotes("World's Fair와 ♨ 그리고 ア")
        #expect(runs.count == 1)
        #expect(notes.map(\.kind) == [.latinWords, .droppedSymbol, .droppedKana])
        #expect(notes.first?.original == "World's Fair")
        #expect(ruleNormalizer.spokenRunsWithNotes("삼국사기 3권").notes.isEmpty)
    }
}

/// The lexicon's letter names are the table acronyms are spelled with.
@Suite("Letter names from the lexicon")
struct LetterNameLexiconTests {
    @Test func aCuratorsLetterNameIsUsedForSpelling() {
        let lexicon = CuratorLexicon(entries: [.init(written: "Z", spoken: "지")])
        let normalizer = KoreanNormalizer(lexicon: lexicon)
        #expect(withoutSpaces(normalizer.spoken("DMZ 견학")) == "디엠지견학")
        #expect(withoutSpaces(normalizer.spoken("L'Exposition")) == "L'Exposition")
    }

    @Test func theVoicesLexiconNamesEveryLetter() throws {
        let root = try #require(packageRoot())
        let lexicon = try CuratorLexicon(contentsOf: root.appendingPathComponent("Voices/lexicon.txt"))
        #expect(lexicon.letterNames.count == 26)
        let normalizer = KoreanNormalizer(lexicon: lexicon)
        #expect(withoutSpaces(normalizer.spoken("KBS와 G20, L'Exposition")) == "케이비에스와지이십,L'Exposition")
    }
}
