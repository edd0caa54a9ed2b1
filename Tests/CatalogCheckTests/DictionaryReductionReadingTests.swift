import Testing
@testable import CatalogCheck

/// The byte readers the reduction parses .aff and .dic lines with read what the String-based
/// ones they replace read.
@Suite("Dictionary reduction, line reading") struct DictionaryReductionReadingTests {
    @Test("numbers as Int(String) reads them: signs, leading zeros, overflow and stray bytes",
          arguments: ["0", "7", "+7", "-7", "007", "", "+", "-", "1a", " 1", "1 ", "12,3", "9223372036854775807",
                      "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "99999999999999999999", "٣", "１"])
    func numbers(_ text: String) {
        #expect(DictionaryReduction.number(ArraySlice(Array(text.utf8))) == Int(text))
    }

    @Test("fields as split on spaces and tabs, runs of them and ends included")
    func fields() {
        for line in ["SFX 1 Y 3", "  SFX\t1  Y\t\t3  ", "", " \t ", "one", "a b", "\tAF 1,2,3 # note"] {
            let bytes = ArraySlice(Array(line.utf8))
            #expect(DictionaryReduction.tokens(bytes).map(Array.init) == bytes.split { $0 == 32 || $0 == 9 }.map(Array.init), "\(line)")
        }
    }
}
