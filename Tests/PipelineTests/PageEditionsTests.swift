import ExpoModel
import Export
import Foundation
import TestSupport
import Testing

@testable import Pipeline

/// The page links every whole-guide file a run publishes, and nothing it does not.
@Suite("the page's editions, as a run publishes them")
struct PageEditionsTests {
    @Test("every whole-guide file a run may publish has its entry in the page's table")
    func everyFileHasAnEntry() {
        // Every name a guide may publish besides its tracks' (a new edition adds its names there, for
        // the clean-up of older guides), but the page and the manifest, which are the guide's frame.
        let names = ExportStage.fileNames(of: []).subtracting(["index.html", "manifest.json"])
        #expect(names.count >= 14)
        let known = Set(GuideEdition.all.map(\.file))
        #expect(names.subtracting(known).sorted() == [])
    }

    @Test("a run with Opus, MP3 and the EPUB links each of them, with the file's own size, and nothing else")
    func linksWhatWasPublished() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try GuideBuilderTests.build(into: folder, delivery: Delivery(formats: [.opus, .mp3, .epub]))
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let list = try #require(
            page.components(separatedBy: "<nav class=\"editions\"").dropFirst().first?
                .components(separatedBy: "</nav>").first)
        let linked = list.components(separatedBy: "<a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(
            linked == [
                "guide.opus", "guide-opus.m3u8", "guide.mp3", "guide-mp3.m3u8", "guide.epub", "guide.txt",
                "guide.wav", "guide.m3u8",
            ])
        for name in linked {
            let size = try #require(
                try FileManager.default.attributesOfItem(
                    atPath: folder.appendingPathComponent(name).path)[.size] as? Int, "\(name) exists")
            #expect(list.contains("\(name)\"") && list.contains(GuidePageWriter.fileSize(size) + "</a>"), "\(name): \(size)")
        }
    }
}
