import ExpoSystem
import Export
import Foundation
import TestSupport
import Testing

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

    @Test("one duration everywhere: a playlist's or the manifest's figure that is not its file's length is named")
    func durations() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        _ = try GuideBuilderTests.build(into: out)
        // The playlist says one second more for the poster (and the manifest lists the changed
        // playlist with its own size and digest, so only the figure is wrong), and the manifest's
        // track record says one second less.
        let playlist = out.appendingPathComponent("guide.m3u8")
        var lines = try String(contentsOf: playlist, encoding: .utf8).components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.hasPrefix("#EXTINF:") })
        let seconds = try #require(Double(lines[line].dropFirst("#EXTINF:".count).prefix { $0 != "," }))
        lines[line] = "#EXTINF:\(seconds + 1)," + lines[line].split(separator: ",", maxSplits: 1)[1]
        try Data(lines.joined(separator: "\n").utf8).write(to: playlist)
        var manifest = try GuideBuilderTests.manifest(in: out)
        var files = try #require(manifest.files)
        let listed = try #require(files.firstIndex { $0.path == "guide.m3u8" })
        files[listed].byteCount = try Data(contentsOf: playlist).count
        files[listed].sha256 = try SHA256Digest.ofFile(playlist.path)
        manifest.files = files
        manifest.tracks[0].durationSeconds! -= 1
        try ManifestWriter.render(manifest).write(to: out.appendingPathComponent("manifest.json"))
        let problems = GuideVerifier.verify(folder: out).problems
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("guide.m3u8: says \(String(format: "%.3f", seconds + 1)) s for 00-poster.wav") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("manifest.json (track 00-poster): says") }, "\(problems)")
        #expect(GuideVerifier.playlistEntries("#EXTM3U\n#EXTINF:1.5,a\n# comment\n./b.wav\n#EXTINF:-1,c\nd.opus\n").map(\.path) == ["./b.wav", "d.opus"])
    }
}
