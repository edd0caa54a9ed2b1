import CatalogCheck
import CatalogLoading
import ExpoModel
import Foundation
import Normalization
import TestSupport
import Testing

/// The pre-flight check on the original apps' data, on the bundled catalog and on small
/// catalogs made to hold one problem each. Serialized: the tests share one spelling dictionary
/// (loading hunspell-ko takes most of a second of CPU, and there were eight loads), and a
/// dictionary is used by one thread at a time.
@Suite(.serialized) struct CatalogCheckerTests {
    static let voices = CheckVoices(profile: "standard", korean: "ko", foreign: ["fr": "fr", "en": "en"])

    static var root: URL { SharedFixtures.projectRoot }

    static func lexicon() throws -> CuratorLexicon {
        try CuratorLexicon(contentsOf: root.appendingPathComponent("Voices/lexicon.txt"))
    }

    static func defaultCatalog() throws -> (Catalog, [CatalogWarning]) {
        let folder = root.appendingPathComponent("Sources/CatalogLoading/Resources/DefaultCatalog")
        var loader = CatalogLoader()
        let catalog = try loader.load(
            posterFile: folder.appendingPathComponent("poster.json"),
            itemsFile: folder.appendingPathComponent("items.json"))
        return (catalog, loader.warnings)
    }

    nonisolated(unsafe) private static let sharedSpelling = try! SpellingDictionary(names: CatalogChecker.koreanDictionaryNames)

    static func spelling() throws -> SpellingDictionary {
        try #require(sharedSpelling, "hunspell-ko is not installed (scripts/install-dependencies.sh installs it)")
    }

    static func checker(lexicon: CuratorLexicon) throws -> CatalogChecker {
        CatalogChecker(normalizer: KoreanNormalizer(lexicon: lexicon), voices: voices, spelling: try spelling())
    }

    @Test(.needsSharedFixtures) func originalDataHasItsBrokenWordsAndNothingElseBroken() throws {
        var loader = CatalogLoader()
        let catalog = try loader.load(
            posterFile: try SharedFixtures.url("exposition_universelle_1900.json"),
            itemsFile: try SharedFixtures.url("items.json"))
        let report = try Self.checker(lexicon: try Self.lexicon()).check(catalog, warnings: loader.warnings)
        let broken = report.findings.filter { $0.kind == .brokenWord }
        let texts = Set(broken.map(\.text))
        for expected in ["만국박 람회의", "문 서를", "분야 에서", "지배 적이었지만"] {
            #expect(texts.contains(expected), "\(expected) not found; found \(texts.sorted())")
        }
        // Every finding is placed: the field's text holds it, and the context shows it.
        for finding in broken {
            let field = finding.position == 0 ? catalog.poster.description : catalog.entries[finding.position - 1].description
            #expect(field.contains(finding.text))
            #expect(finding.context.contains(finding.text))
            #expect(finding.suggestion == finding.text.replacingOccurrences(of: " ", with: ""))
        }
        // Correct spacing the dictionary would also accept joined is not reported (measured:
        // 2,403 neighbouring pairs, of which these are a few that joining makes known words).
        for correct in ["만국 박람회", "청동기 시대", "그 다음", "대한 제국", "알려져 있다", "여러 가지"] {
            #expect(!broken.contains { $0.text.hasPrefix(correct) }, "\(correct) reported")
        }
        #expect(broken.count <= 6, "\(broken.map(\.text))")
    }

    @Test func aRepeatedPairIsReportedAtEachPlaceAndAnsweredAsAtFirst() throws {
        let detector = BrokenWordDetector(dictionary: try Self.spelling())
        let first = try #require(detector.match("만국박", "람회의"))
        // Asked again, the detector answers from its memo: the same match, and the same nil.
        #expect(detector.match("만국박", "람회의") == first)
        #expect(detector.match("만국", "박람회") == nil && detector.match("만국", "박람회") == nil)
        #expect(BrokenWordDetector(dictionary: try Self.spelling()).match("만국박", "람회의") == first)
        let text = "이것은 만국박 람회의 포스터다. 그 만국박 람회의 기록이다."
        let catalog = Catalog(poster: Poster(title: "t", visitors: 1, location: "", duration: "", description: text), entries: [])
        let report = try Self.checker(lexicon: .empty).check(catalog, warnings: [])
        #expect(report.findings.filter { $0.kind == .brokenWord }.map(\.text) == ["만국박 람회의", "만국박 람회의"])
    }

    @Test func bundledCatalogIsClean() throws {
        let (catalog, warnings) = try Self.defaultCatalog()
        let report = try Self.checker(lexicon: try Self.lexicon()).check(catalog, warnings: warnings)
        #expect(report.isClean, "\(report.findings.map { "\($0.entry) \($0.field): \($0.text) — \($0.detail)" })")
        #expect(report.skipped.isEmpty)
    }

    @Test func latinNamesWithoutALexiconEntryAreReportedWithTheVoiceThatReadsThem() throws {
        let (catalog, warnings) = try Self.defaultCatalog()
        // The same catalog with a lexicon that lists none of its names.
        let report = try Self.checker(lexicon: .empty).check(catalog, warnings: warnings)
        let latin = report.findings.filter { $0.kind == .unlistedLatin }
        let names = Set(latin.map(\.text))
        for name in ["Bibliothèque nationale de France", "Collin de Plancy", "avenue de Suffren"] {
            #expect(names.contains(name), "\(name) not reported; got \(names.sorted())")
        }
        let plancy = try #require(latin.first { $0.text == "Collin de Plancy" })
        // Its bracket's French spelling (de) gives it the French voice, in the run as in the report.
        #expect(plancy.voice == "fr")
        #expect(plancy.detail.contains("French voice (fr) will read it"))
        // An Italian name with nothing to tell its language by stays with the Korean voice.
        let castelli = try #require(latin.first { $0.text == "Benedetto Castelli" })
        #expect(castelli.voice == "ko" && castelli.detail.contains("the Korean voice"))
        #expect(plancy.position > 0 && plancy.field == "desc")
        #expect(plancy.context.contains("(Collin de Plancy)"))
        #expect(plancy.detail.contains("Collin de Plancy | Collin de Plancy | fr"))
        // The poster title's French name is read by the French voice: not a finding.
        #expect(!latin.contains { $0.field == "title" })
    }

    @Test func emptyDuplicateAndFallbackReadingsAreReported() throws {
        let poster = Poster(title: "시험 전시", visitors: 10, location: "서울", duration: "2024", description: "설명입니다.")
        let entries = [
            Entry(name: "첫째", imageName: "a", shortDescription: "같은 설명", description: "번호 12345678901234567890123 이 있습니다."),
            Entry(name: "둘째", imageName: "a", shortDescription: "같은 설명", description: ""),
            Entry(name: "셋째", imageName: "c", shortDescription: "기호 ♞ 가 있습니다.", description: "보통 글입니다."),
        ]
        let report = try Self.checker(lexicon: .empty).check(Catalog(poster: poster, entries: entries))
        #expect(report.findings.contains { $0.kind == .emptyField && $0.position == 2 && $0.field == "desc" })
        #expect(report.findings.contains { $0.kind == .duplicateField && $0.position == 2 && $0.field == "image_name" })
        #expect(report.findings.contains { $0.kind == .duplicateField && $0.position == 2 && $0.field == "short_desc" })
        #expect(!report.findings.contains { $0.kind == .duplicateField && $0.position == 1 })
        #expect(report.findings.contains { $0.kind == .fallbackReading && $0.position == 1 && $0.context.contains("12345678901234567890123") })
        #expect(report.findings.contains { $0.kind == .fallbackReading && $0.position == 3 && $0.text == "♞" })
        #expect(!report.findings.contains { $0.position == 0 })
        #expect(report.summary.contains("1 empty field") && report.summary.contains("2 duplicate fields"))
    }

    @Test func unreadHanjaIsReported() throws {
        // U+2A6D6 (CJK Extension B) has no reading in libhangul's dictionary.
        let text = "이 글자 \u{2A6D6}는 읽을 수 없습니다."
        let poster = Poster(title: "시험", visitors: 1, location: "서울", duration: "2024", description: text)
        let report = try Self.checker(lexicon: .empty).check(Catalog(poster: poster, entries: []))
        #expect(report.findings.contains { $0.kind == .unreadHanja && $0.field == "description" }, "\(report.findings)")
    }

    @Test func withoutTheSpellingDictionaryTheReportSaysWhatWasSkipped() throws {
        let poster = Poster(title: "시험", visitors: 1, location: "서울", duration: "2024", description: "만국박 람회의 문서.")
        let checker = CatalogChecker(normalizer: KoreanNormalizer(), voices: Self.voices, spelling: nil)
        let report = checker.check(Catalog(poster: poster, entries: []))
        #expect(report.findings.isEmpty)
        #expect(report.skipped.count == 1)
        #expect(report.skipped[0].contains("hunspell-ko") && report.skipped[0].contains("apt-get install hunspell-ko"))
    }

    @Test func aDictionaryThatIsNotThereIsNil() throws {
        #expect(try SpellingDictionary(names: ["ko_KR"], folders: ["/nonexistent"]) == nil)
    }
}
