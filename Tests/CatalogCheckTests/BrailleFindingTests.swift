import CatalogCheck
import ExpoModel
import Normalization
import Testing

/// The check names a sign the braille edition spells out in words (no braille table writes it),
/// as the braille transcriber reports it, before anything is published.
struct BrailleFindingTests {
    static func checker() -> CatalogChecker {
        var checker = CatalogChecker(normalizer: KoreanNormalizer(), voices: CatalogCheckerTests.voices, spelling: nil)
        // The transcriber's answer for these texts: ≤ is spelled out, the middle dot is written.
        checker.brailleSpelling = { text in text.contains("≤") ? [("≤", "작거나 같음")] : [] }
        return checker
    }

    @Test("a sign the braille spells out is a finding, with its words and its place")
    func named() throws {
        let poster = Poster(title: "시험", visitors: 1, location: "서울", duration: "2024", description: "관람 인원 ≤ 30명")
        let findings = Self.checker().check(Catalog(poster: poster, entries: [])).findings.filter { $0.kind == .brailleSpelledOut }
        #expect(findings.count == 1)
        #expect(findings.first?.text == "≤" && findings.first?.field == "description")
        #expect(findings.first?.detail.contains("작거나 같음") == true)
        #expect(findings.first?.context.contains("≤ 30명") == true)
    }

    @Test("a text whose signs the braille writes has no such finding")
    func notNamed() throws {
        let poster = Poster(title: "시험", visitors: 1, location: "서울", duration: "2024", description: "3·1 운동, 5개−3개=2개")
        #expect(!Self.checker().check(Catalog(poster: poster, entries: [])).findings.contains { $0.kind == .brailleSpelledOut })
    }
}
