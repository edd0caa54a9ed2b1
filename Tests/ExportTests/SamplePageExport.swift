import Foundation
import Testing
import ExpoModel
import ExpoSystem
import CatalogLoading
import KoreanSpeech
import Narration
@testable import Export
import TestSupport

/// Writes the sample guide's page for the accessibility check (Tests/accessibility), only when
/// `EXPO_SAMPLE_PAGE_OUT` names a file; otherwise the test is skipped. The page has players
/// and one track that fell back to text; `EXPO_SAMPLE_TEXT_ONLY=1` writes the text-only page.
/// `EXPO_FIXTURE_PAGE_OUT` likewise writes the page of the real fixtures (every track with audio).
@Suite("SamplePageExport")
struct SamplePageExport {
    static let outputPath = ProcessInfo.processInfo.environment["EXPO_SAMPLE_PAGE_OUT"]

    @Test("writes the sample index.html to EXPO_SAMPLE_PAGE_OUT (skipped when unset)",
          .enabled(if: outputPath.map { !$0.isEmpty } ?? false))
    func writeSamplePage() throws {
        let path = try #require(Self.outputPath)
        let textOnly = ProcessInfo.processInfo.environment["EXPO_SAMPLE_TEXT_ONLY"] == "1"
        let summary = textOnly ? ExportSamples.textOnlySummary() : ExportSamples.summary()
        let page = GuidePageWriter.render(tracks: ExportSamples.tracks, summary: summary)
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(page.utf8).write(to: url, options: .atomic)
        #expect(try String(contentsOf: url, encoding: .utf8) == page)
    }

    static let fixtureOutputPath = ProcessInfo.processInfo.environment["EXPO_FIXTURE_PAGE_OUT"]

    @Test("writes the real fixtures' index.html to EXPO_FIXTURE_PAGE_OUT (skipped when unset)",
          .enabled(if: (fixtureOutputPath.map { !$0.isEmpty } ?? false) && RealFixtures.available))
    func writeFixturePage() throws {
        let path = try #require(Self.fixtureOutputPath)
        let tracks = try RealFixtures.tracks()
        let page = GuidePageWriter.render(tracks: tracks, summary: ExportSamples.summary(lastFallsBack: false, for: tracks))
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(page.utf8).write(to: url, options: .atomic)
    }
}
