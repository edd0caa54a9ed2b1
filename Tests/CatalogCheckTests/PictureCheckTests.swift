import CatalogCheck
import ExpoModel
import Normalization
import Testing

/// `check` and pictures: a picture file without a text alternative is listed, a decorative one
/// (`""`) or one with text is not, a missing file is not a picture; the audio description is
/// checked like any text the voice reads.
@Suite struct PictureCheckTests {
    static var checker: CatalogChecker {
        CatalogChecker(
            normalizer: KoreanNormalizer(),
            voices: CheckVoices(profile: "standard", korean: "ko", foreign: [:]), spelling: nil)
    }

    static let catalog = Catalog(
        poster: Poster(title: "전시", visitors: 1, location: "서울", duration: "2024", description: "설명.", imageName: "poster"),
        entries: [
            Entry(name: "갓", imageName: "gat", shortDescription: "모자", description: "설명."),
            Entry(name: "병", imageName: "vase", shortDescription: "병", description: "설명.", imageAlt: ""),
            Entry(name: "책", imageName: "book", shortDescription: "책", description: "설명.", imageAlt: "펼친 책"),
            Entry(name: "종", imageName: "bell", shortDescription: "종", description: "설명.", imageDescription: "높이 석 자의 Jongmyo Bell을 닮은 종이다."),
        ])

    @Test func picturesWithoutAltAreListed() {
        let report = Self.checker.check(Self.catalog, picturesFound: ["poster", "gat", "vase", "book"])
        let missing = report.findings.filter { $0.kind == .missingAltText }
        #expect(missing.map(\.entry) == ["poster", "갓"])
        #expect(missing.allSatisfy { $0.field == "image_alt" && $0.detail.contains("\"image_alt\": \"\"") })
        #expect(report.summary.contains("2 pictures without alt text"))
        // Without the files there is no picture to describe.
        #expect(!Self.checker.check(Self.catalog).findings.contains { $0.kind == .missingAltText })
    }

    @Test func theDescriptionIsCheckedLikeAnyText() {
        let findings = Self.checker.check(Self.catalog).findings.filter { $0.field == "image_description" }
        #expect(findings.contains { $0.entry == "종" && $0.kind == .unlistedLatin }, "\(findings)")
    }
}
