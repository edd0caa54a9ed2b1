import Foundation
import Testing

@testable import CatalogCheck

/// The byte readers the reduction parses .aff and .dic lines with read what the String-based
/// ones they replace read.
@Suite("Dictionary reduction, line reading") struct DictionaryReductionReadingTests {
    @Test(
        "numbers as Int(String) reads them: signs, leading zeros, overflow and stray bytes",
        arguments: [
            "0", "7", "+7", "-7", "007", "", "+", "-", "1a", " 1", "1 ", "12,3", "9223372036854775807",
            "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "99999999999999999999", "٣", "１",
        ])
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

    @Test("lines as split on line feeds (a carriage return before one dropped), with the bytes each takes; a range reads its lines only")
    func lines() throws {
        let text = "SFX 1 Y 2\r\nSFX 1 0 a .\n\nlast"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString).aff")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        func read(_ range: Range<Int>? = nil) throws -> [String] {
            var lines: [String] = []
            try DictionaryReduction.forEachLine(of: file.path, in: range) { line, place in
                lines.append("\(String(decoding: line, as: UTF8.self))@\(place.lowerBound)..<\(place.upperBound)")
                return true
            }
            return lines
        }
        #expect(try read() == ["SFX 1 Y 2@0..<11", "SFX 1 0 a .@11..<23", "@23..<24", "last@24..<28"])
        #expect(try read(11..<23) == ["SFX 1 0 a .@11..<23"])
    }

    @Test("the hash set holds what Set<UInt64> holds, 0 included, through its growth")
    func hashSet() {
        var generator = SeededGenerator(seed: 7)
        var set = DictionaryReduction.HashSet()
        var expected = Set<UInt64>()
        for step in 0..<5_000 {
            let value = step % 97 == 0 ? 0 : UInt64.random(in: 0...UInt64(3_000), using: &generator) &* 0x9E37_79B9_7F4A_7C15
            set.insert(value)
            expected.insert(value)
        }
        #expect(set.count == expected.count)
        #expect(expected.allSatisfy(set.contains))
        #expect(
            (0..<1_000).allSatisfy { _ in
                let value = UInt64.random(in: 3_001...6_000, using: &generator) &* 0x9E37_79B9_7F4A_7C15
                return set.contains(value) == expected.contains(value)
            })
    }
}
