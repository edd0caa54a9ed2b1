import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Pipeline

@Suite("published audio is never downgraded silently")
struct NoDowngradeTests {
    @Test("no speech at all, but every track is in the cache: the audio is made from the cache, nothing lost")
    func speechUnavailableButCached() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try GuideBuilderTests.build(into: folder)
        let run = try GuideBuilderTests.build(into: folder, failure: .unavailable)
        #expect(run.report.audioMissingReason == nil)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("guide.wav").path))
    }

    @Test("no speech at all while the folder's guide has audio: an 'unavailable' error, the guide left as it was")
    func speechUnavailableOverAudio() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try GuideBuilderTests.build(into: folder)
        let before = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        var catalog = GuideBuilderTests.catalog
        catalog.entries[0].description = "바뀐 설명이다."
        #expect {
            _ = try GuideBuilderTests.build(into: folder, failure: .unavailable, catalog: catalog)
        } throws: { error in
            (error as? ExpoError)?.category == .unavailable && (error as? ExpoError)?.message.contains("has audio") == true
        }
        #expect(try Data(contentsOf: folder.appendingPathComponent("manifest.json")) == before)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("guide.wav").path))
    }
}
