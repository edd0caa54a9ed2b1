import Foundation
import KoreanPronunciation
import Testing

/// The table: every row names its article; each is checked as a string.
@Suite struct RuleTableTests {
    @Test(arguments: Fixture.allCases)
    func standardPronunciation(_ c: Case) {
        #expect(Fixture.pronouncer.pronounce(c.written) == c.expected, "\(c.article) \(c.written)")
    }

    @Test func tableIsLargeAndNamesArticles() {
        #expect(Fixture.allCases.count >= 300)
        #expect(Fixture.allCases.allSatisfy { $0.family != "기타" })
    }

    /// String-compared score by family (always printed; the espeak-ng score is in ScoreTests).
    @Test func familyScores() {
        var byFamily: [String: (Int, Int)] = [:]
        for c in Fixture.allCases {
            let ok = Fixture.pronouncer.pronounce(c.written) == c.expected
            let prev = byFamily[c.family] ?? (0, 0)
            byFamily[c.family] = (prev.0 + (ok ? 1 : 0), prev.1 + 1)
        }
        var lines = ["string-compared score by family:"]
        for (f, (ok, n)) in byFamily.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(f): \(ok)/\(n) = \(String(format: "%.1f", 100.0 * Double(ok) / Double(n)))%")
        }
        print(lines.joined(separator: "\n"))
        // Every family has cases and passes whole, as `standardPronunciation` demands of each row.
        #expect(!byFamily.isEmpty)
        for (family, (ok, n)) in byFamily { #expect(ok == n, "\(family): \(ok)/\(n)") }
    }
}
