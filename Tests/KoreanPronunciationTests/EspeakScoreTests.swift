import Foundation
import KoreanPronunciation
import TestSupport
import Testing

/// The maintainers' measure on our own table: what espeak-ng says for pronounce(written)
/// must equal what it says for the reference pronunciation. Runs when espeak-ng is
/// installed (a case whose spelling is already the reference's needs no espeak-ng call);
/// prints scores by family.
@Suite struct EspeakScoreTests {
    static let espeak = "/usr/bin/espeak-ng"
    static var enabled: Bool {
        FileManager.default.isExecutableFile(atPath: espeak)
    }

    static func phonemes(_ text: String) -> String {
        do {
            let outcome = try ExternalTool.run(URL(fileURLWithPath: espeak), ["-v", "ko", "-x", "-q", text], input: Data())
            return outcome.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            return "<espeak failed: \(error)>"
        }
    }

    @Test(.enabled(if: enabled))
    func espeakComparedScore() {
        var byFamily: [String: (espeak: Int, string: Int, n: Int)] = [:]
        var misses: [String] = []
        for c in Fixture.allCases {
            let got = Fixture.pronouncer.pronounce(c.written)
            let sOK = got == c.expected
            let eOK = sOK || Self.phonemes(got) == Self.phonemes(c.expected)
            if !eOK { misses.append("  \(c.article) \(c.written) → \(got) (ref \(c.expected))") }
            let prev = byFamily[c.family] ?? (0, 0, 0)
            byFamily[c.family] = (prev.espeak + (eOK ? 1 : 0), prev.string + (sOK ? 1 : 0), prev.n + 1)
        }
        func pct(_ a: Int, _ n: Int) -> String { String(format: "%5.1f%%", 100.0 * Double(a) / Double(n)) }
        var lines = ["family            espeak-compared  string-compared  cases"]
        var tot = (0, 0, 0)
        for (f, v) in byFamily.sorted(by: { $0.key < $1.key }) {
            lines.append("\(f.padding(toLength: 16, withPad: " ", startingAt: 0))  \(pct(v.espeak, v.n))           \(pct(v.string, v.n))           \(v.n)")
            tot = (tot.0 + v.espeak, tot.1 + v.string, tot.2 + v.n)
            #expect(Double(v.espeak) / Double(v.n) >= 0.85, "family \(f)")
        }
        lines.append("overall           \(pct(tot.0, tot.2))           \(pct(tot.1, tot.2))           \(tot.2)")
        print((lines + (misses.isEmpty ? [] : ["espeak-ng mismatches:"] + misses)).joined(separator: "\n"))
        #expect(Double(tot.0) / Double(tot.2) >= 0.95)
    }
}
