import KoreanPronunciation
import Testing

/// Random text must never crash the scanner, and pronunciation never adds or drops
/// syllables or non-space characters (it only changes jamo and may join words).
@Suite struct RobustnessTests {
    struct LCG {
        var x: UInt64
        mutating func next() -> UInt64 {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return x >> 33
        }
    }

    static let pool: [Unicode.Scalar] = {
        var p: [Unicode.Scalar] = Array("옷값닭읽밟넓앉않싫의져육십일할갈신라국물솜이불꽃잎햇살뒷윷 ,.!?\nabcZ09·ㄱㅏ😀\u{00A0}\t".unicodeScalars)
        p += (0..<64).map { Unicode.Scalar(0xAC00 + UInt32($0) * 173)! }
        return p
    }()

    @Test func randomTextKeepsSyllablesAndOtherCharacters() {
        var rng = LCG(x: 42)
        let p = Fixture.pronouncer
        for _ in 0..<2_000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int(rng.next() % 40) { s.append(Self.pool[Int(rng.next() % UInt64(Self.pool.count))]) }
            let input = String(s)
            let output = p.pronounce(input)
            func syllables(_ t: String) -> Int { t.unicodeScalars.filter { $0.value >= 0xAC00 && $0.value <= 0xD7A3 }.count }
            func others(_ t: String) -> [Unicode.Scalar] {
                t.unicodeScalars.filter { !($0.value >= 0xAC00 && $0.value <= 0xD7A3) && $0 != " " && $0 != "\t" && $0 != "\u{00A0}" }
            }
            #expect(syllables(output) == syllables(input), "\(input)")
            #expect(others(output) == others(input), "\(input)")
        }
    }
}
