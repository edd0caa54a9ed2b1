import Export
import Foundation
import Testing
import TestSupport
@testable import Pipeline

@Suite("GuideVerifier")
struct GuideVerifierTests {
    @Test("a fresh guide is whole; a recorded figure the audio does not have, a missing file and a foreign path are named")
    func figures() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        _ = try GuideBuilderTests.build(into: out)
        let fresh = GuideVerifier.verify(folder: out)
        #expect(fresh.isWhole, "\(fresh.problems)")
        #expect(fresh.files > 10)

        // A copy whose manifest records other figures for the poster's WAV, lists a file that
        // is not there, and a path outside the folder.
        let copy = folder.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path) where !name.hasPrefix(".") {
            try Data(contentsOf: out.appendingPathComponent(name)).write(to: copy.appendingPathComponent(name))
        }
        var manifest = try GuideBuilderTests.manifest(in: copy)
        var files = try #require(manifest.files)
        let poster = try #require(files.firstIndex { $0.path == "00-poster.wav" })
        files[poster].loudnessLUFS! += 1
        files[poster].truePeakDBTP! -= 1
        files[poster].durationSeconds! += 0.5
        files.append(GuideManifest.PublishedFile(path: "99-gone.txt", byteCount: 1, sha256: "00"))
        files.append(GuideManifest.PublishedFile(path: "../outside", byteCount: 1, sha256: "00"))
        manifest.files = files
        try ManifestWriter.render(manifest).write(to: copy.appendingPathComponent("manifest.json"))
        let problems = GuideVerifier.verify(folder: copy).problems
        #expect(problems.count == 5, "\(problems)")
        #expect(problems.filter { $0.hasPrefix("00-poster.wav: ") }.count == 3, "\(problems)")
        #expect(problems.contains("99-gone.txt: missing"))
        #expect(problems.contains { $0.contains("\"../outside\"") })
    }

    @Test("a folder without a manifest, or with one of an older version, is one problem")
    func noManifest() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(GuideVerifier.verify(folder: folder).problems.count == 1)
        try Data("{}".utf8).write(to: folder.appendingPathComponent("manifest.json"))
        let problems = GuideVerifier.verify(folder: folder).problems
        #expect(problems.count == 1 && problems[0].hasPrefix("manifest.json: "), "\(problems)")
    }
}
