import CatalogCheck
import CatalogLoading
import ExpoModel
import Foundation
import TestSupport
import Testing

@Suite("Check reports kept for the summary line") struct CheckReportStoreTests {
    static let poster = Poster(title: "시험 전시", visitors: 10, location: "서울", duration: "2024", description: "설명입니다.")
    static let catalog = Catalog(poster: poster, entries: [Entry(name: "가", imageName: "a", shortDescription: "짧게", description: "길게.")])
    static let voices = CheckVoices(profile: "standard", korean: "ko", foreign: ["fr": "fr", "en": "en"])
    static let report = CheckReport(
        findings: [
            CheckFinding(
                kind: .brokenWord, entry: "가", position: 1, field: "desc",
                text: "길 게", context: "…길 게…", detail: "길게")
        ],
        skipped: [])

    private func folder() throws -> URL {
        try TemporaryFolder().url
    }

    @Test("the key changes with the catalog, the lexicon's bytes and the voices, and only with them")
    func keyFollowsWhatTheReportDependsOn() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let lexicon = base.appendingPathComponent("lexicon.txt")
        try Data("Paris | Paris | fr\n".utf8).write(to: lexicon)
        func key(_ catalog: Catalog = Self.catalog, voices: CheckVoices = Self.voices) -> String {
            CheckReportStore.key(catalog: catalog, warnings: [], lexiconFile: lexicon, voices: voices, program: nil)
        }
        let first = key()
        #expect(key() == first, "the same inputs give the same key")
        var edited = Self.catalog
        edited.entries[0].description = "길게 고쳤다."
        #expect(key(edited) != first)
        #expect(key(voices: CheckVoices(profile: "standard", korean: "ko", foreign: ["fr": "fr"])) != first)
        try Data("Paris | 파리\n".utf8).write(to: lexicon)
        #expect(key() != first)
    }

    @Test("a stored report is returned without checking again; an unreadable one is made anew")
    func storedReportIsReused() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        var made = 0
        let make = { () -> CheckReport in
            made += 1
            return Self.report
        }
        #expect(CheckReportStore.report(in: base, key: String(repeating: "a", count: 64), make: make) == Self.report)
        #expect(CheckReportStore.report(in: base, key: String(repeating: "a", count: 64), make: make) == Self.report)
        #expect(made == 1)
        let file = base.appendingPathComponent(CheckReportStore.fileName(key: String(repeating: "a", count: 64)))
        try Data("{not json".utf8).write(to: file)
        #expect(CheckReportStore.report(in: base, key: String(repeating: "a", count: 64), make: make) == Self.report)
        #expect(made == 2)
        #expect(CheckReportStore.load(from: file) == Self.report, "the bad file was replaced")
    }

    @Test("a folder that cannot be written still gives the report")
    func unwritableFolder() throws {
        let missing = URL(fileURLWithPath: "/proc/no-such-folder")
        var made = 0
        let report = CheckReportStore.report(in: missing, key: String(repeating: "b", count: 64)) {
            made += 1
            return Self.report
        }
        #expect(report == Self.report && made == 1)
    }
}
