import Foundation
import TestSupport
import Testing

@testable import Export

/// The page of the sample guide and of the original apps' data, checked section by section
/// (GuidePageCheck), and written for the accessibility check (Tests/accessibility) when asked:
/// `EXPO_SAMPLE_PAGE_OUT` names the file for the sample page (with players and one track that
/// fell back to text; `EXPO_SAMPLE_TEXT_ONLY=1` for the text-only page), and
/// `EXPO_FIXTURE_PAGE_OUT` the file for the original data's page (every track with audio).
@Suite("SamplePageExport")
struct SamplePageExport {
    static let outputPath = nonEmpty(ProcessInfo.processInfo.environment["EXPO_SAMPLE_PAGE_OUT"])
    static let fixtureOutputPath = nonEmpty(ProcessInfo.processInfo.environment["EXPO_FIXTURE_PAGE_OUT"])

    static func nonEmpty(_ value: String?) -> String? {
        value.flatMap { $0.isEmpty ? nil : $0 }
    }

    static func write(_ page: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(page.utf8).write(to: url, options: .atomic)
    }

    @Test("the page made with the captions its WebVTT files were split from is the page that splits them itself")
    func sharedCaptions() {
        let tracks = ExportSamples.tracks
        let summary = ExportSamples.summary()
        var captions: [String: TrackCaptions] = [:]
        for result in summary.tracks where result.audio != nil {
            let track = tracks.first { $0.fileStem == result.fileStem }!
            captions[track.fileStem] = TrackCaptions(track: track, result: result)
            #expect(WebVTTWriter.render(captions[track.fileStem]!) == WebVTTWriter.render(track: track, result: result))
        }
        #expect(!captions.isEmpty)
        #expect(
            GuidePageWriter.render(tracks: tracks, summary: summary, captions: captions)
                == GuidePageWriter.render(tracks: tracks, summary: summary))
    }

    @Test(
        "the sample page, with players and in text only, has a section per track with its heading, player and every sentence, and shows hostile text as text (written to EXPO_SAMPLE_PAGE_OUT when set)"
    )
    func writeSamplePage() throws {
        let tracks = ExportSamples.tracks
        let withAudio = GuidePageWriter.render(tracks: tracks, summary: ExportSamples.summary())
        let textOnly = GuidePageWriter.render(tracks: tracks, summary: ExportSamples.textOnlySummary())
        GuidePageCheck.verify(withAudio, tracks: tracks, summary: ExportSamples.summary())
        GuidePageCheck.verify(textOnly, tracks: tracks, summary: ExportSamples.textOnlySummary())

        // The hostile entry reads as written, in its heading and its paragraphs.
        for page in [withAudio, textOnly] {
            let hostile = try #require(PageReading.elements("section", in: page).last)
            #expect(PageReading.elements("h2", in: hostile.inner).first?.text == "항목 2 / 2: " + ExportSamples.hostileName)
            #expect(hostile.text.contains("첫 문장입니다 <script>alert(1)</script> & 끝."))
            #expect(hostile.text.contains("]]> 두 번째 <b>굵게</b> --> 문단입니다."))
        }
        if let path = Self.outputPath {
            try Self.write(ProcessInfo.processInfo.environment["EXPO_SAMPLE_TEXT_ONLY"] == "1" ? textOnly : withAudio, to: path)
        }
    }

    @Test(
        "the original apps' page has the 14 tracks with their headings, players, facts and every sentence (written to EXPO_FIXTURE_PAGE_OUT when set)",
        .needsSharedFixtures)
    func writeFixturePage() throws {
        let tracks = try RealFixtures.tracks()
        #expect(tracks.count == 14)
        let summary = ExportSamples.summary(lastFallsBack: false, for: tracks)
        let page = GuidePageWriter.render(tracks: tracks, summary: summary)
        GuidePageCheck.verify(page, tracks: tracks, summary: summary)
        #expect(PageReading.elements("audio", in: page).count == 14 + 1, "a player per track, and the guide player")
        let french = PageReading.elements("span", in: page).filter { $0.attribute("lang") == "fr" }.map(\.text)
        #expect(french.contains("L'Exposition de Paris 1900"), "\(french)")
        if let path = Self.fixtureOutputPath {
            try Self.write(page, to: path)
        }
    }

    @Test("the page check itself catches a missing sentence, markup from the data, a missing player and an unmarked language")
    func checkCatchesDamage() {
        let tracks = ExportSamples.tracks
        let summary = ExportSamples.summary()
        let page = GuidePageWriter.render(tracks: tracks, summary: summary)
        let damages: [(damage: String, page: String, problem: String)] = [
            ("a sentence dropped", page.replacingOccurrences(of: "두 문장으로 되어 있습니다.", with: ""), "is missing or out of order"),
            ("markup from the data", page.replacingOccurrences(of: "&lt;script&gt;", with: "<script>"), "markup or a bare &"),
            ("a bare ampersand", page.replacingOccurrences(of: "&amp; 끝.", with: "& 끝."), "markup or a bare &"),
            ("a player removed", page.replacingOccurrences(of: "<audio controls", with: "<div hidden"), "0 players"),
            ("the French name unmarked", page.replacingOccurrences(of: "<span lang=\"fr\">", with: "<span>"), "not marked lang=fr"),
            ("a heading renumbered", page.replacingOccurrences(of: "항목 1 / 2", with: "항목 1 / 3"), "expected 항목 1 / 2"),
        ]
        #expect(GuidePageCheck.problems(in: page, tracks: tracks, summary: summary).isEmpty)
        for (damage, damaged, problem) in damages {
            #expect(damaged != page, "the sample has no place for \(damage)")
            let found = GuidePageCheck.problems(in: damaged, tracks: tracks, summary: summary)
            #expect(found.contains { $0.contains(problem) }, "\(damage) was not reported as \(problem): \(found)")
        }
    }
}
