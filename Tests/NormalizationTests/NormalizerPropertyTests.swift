import CatalogLoading
import ExpoModel
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import Normalization

/// Property-based fuzzing of the Korean speech normalizer: any mix of Hangul, digits, Hanja
/// and symbols comes out without an ASCII digit or a Hanja character, and without a crash or
/// a hang. Bounded: ten thousand inputs, a few seconds.
@Suite("Fuzz: the normalizer")
struct NormalizerPropertyTests {
    /// Symbols the catalogs and their authors use, plus brackets, quotes and marks that the
    /// normalizer treats specially.
    static let symbols: [Character] = Array(" .,;:!?-~%/()[]{}<>'\"·…‘’“”「」『』《》〈〉【】₩$€£¥°℃㎞㎏㎡×÷+=*&#@^_|\\`\n\t–—・、。") + ["\u{00A0}"]

    static let hangul = Gen.unicodeScalar(in: "\u{AC00}"..."\u{D7A3}").map { Character($0) }
    static let digit = Gen.character(in: "0"..."9")
    /// CJK Unified Ideographs: common Hanja and rare ones libhangul does not know.
    static let hanja = Gen.unicodeScalar(in: "\u{4E00}"..."\u{9FFF}").map { Character($0) }
    /// Hanja most often found in the data (year and counting words), so that readings are hit.
    static let commonHanja = Gen<Character?>.element(of: Array("一二三四五六七八九十百千萬年月日世紀大韓國王寺本")).map { $0! }
    static let symbol = Gen<Character?>.element(of: symbols).map { $0! }

    static let text = Gen<Character>.oneOf(hangul, hangul, digit, digit, hanja, commonHanja, symbol, symbol)
        .string(of: 0...48)

    /// Whether a scalar is an ideograph (CJK Unified, Extension A, Compatibility).
    static func isHanja(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: true
        default: false
        }
    }

    @Test("no ASCII digit and no Hanja survive normalization")
    func noDigitsOrHanja() async {
        let normalizer = KoreanNormalizer()
        await propertyCheck(count: FuzzBudget.count(10_000), input: Self.text) { input in
            let spoken = normalizer.spoken(input)
            let digits = spoken.unicodeScalars.filter { ("0"..."9").contains($0) }
            let hanja = spoken.unicodeScalars.filter(Self.isHanja)
            #expect(digits.isEmpty && hanja.isEmpty, "\(input.debugDescription) → \(spoken.debugDescription)")
        }
    }

    @Test(
        "numbers of every size and shape are read as words",
        arguments: [
            "0", "00", "007", "1,000,000", "99999999999999999999999999999", "1.5.3", "3,", ",3", "1-2-3", "1~", "~1",
            "12:34:56", "1/2/3/4", "1900.04.14", "1900. 04. 14 - 1900. 11. 12", "5%%", "₩₩1", "1e10", "0x1F", "1..2",
            "１２３",
        ])
    func edgeNumbers(input: String) {
        let spoken = KoreanNormalizer().spoken(input)
        #expect(!spoken.unicodeScalars.contains { ("0"..."9").contains($0) }, "\(input) → \(spoken)")
    }

    @Test("long inputs finish in linear-ish time")
    func longInputs() async {
        let normalizer = KoreanNormalizer()
        await propertyCheck(count: FuzzBudget.count(20), input: Self.text.array(of: 200...400)) { parts in
            let input = parts.joined()
            let started = Date()
            _ = normalizer.spoken(input)
            let seconds = Date().timeIntervalSince(started)
            #expect(seconds < 5, "\(seconds) s on \(input.count) characters: \(input.debugDescription)")
        }
    }
}
