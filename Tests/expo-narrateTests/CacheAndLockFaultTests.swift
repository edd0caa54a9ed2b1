import Foundation
import Testing

/// Damaged cache entries and a second run on the same folder (issue 12), through the binary.
@Suite("expo-narrate with a damaged cache or a busy folder", .serialized)
struct CacheAndLockFaultTests {
    /// Makes the poster's track in `folder`: its WAV master only, unless `formats` says otherwise.
    private func run(_ folder: URL, formats: [String] = CommandRunner.wavOnly, timeout: Double = 120) throws -> FaultInjectionTests.Outcome {
        try FaultInjectionTests.shell(
            #""$BIN" --poster --quiet --output "# + FaultInjectionTests.quoted(folder) + " "
                + formats.joined(separator: " ") + #"; echo "status=$?""#, timeout: timeout)
    }

    /// The cached track WAVs (KEY.wav) of `folder`'s default cache.
    private func cachedTracks(_ folder: URL) throws -> [URL] {
        let cache = CommandRunner.cacheFolder(forOutput: folder)
        return try FileManager.default.contentsOfDirectory(atPath: cache.path)
            .filter { $0.hasSuffix(".wav") && !$0.hasPrefix("guide-") }.map { cache.appendingPathComponent($0) }
    }

    /// Every WAV the manifest names has the SHA-256 it records.
    private func manifestAgrees(_ folder: URL) throws -> Bool {
        let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        let text = String(decoding: data, as: UTF8.self)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".wav") && name != "guide.wav" {
            let digest = try Self.sha256(folder.appendingPathComponent(name))
            if !text.contains(digest) { return false }
        }
        return true
    }

    static func sha256(_ file: URL) throws -> String {
        let outcome = try FaultInjectionTests.shell("sha256sum " + FaultInjectionTests.quoted(file))
        return String(outcome.output.prefix(64))
    }

    @Test("flipped bytes in a cached WAV of the same size: found, removed, made again, said once; the published SHA-256 is right")
    func flippedBytes() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try run(folder).output.contains("status=0"))
        let track = try #require(try cachedTracks(folder).first)
        let handle = try FileHandle(forUpdating: track)
        try handle.seek(toOffset: 2000)
        try handle.write(contentsOf: Data(repeating: 0x55, count: 64))
        try handle.close()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("00-poster.wav"))
        let second = try run(folder)
        #expect(second.output.contains("status=0"), "\(second.output)")
        #expect(second.output.contains("was damaged"), "\(second.output)")
        #expect(try manifestAgrees(folder))
        let third = try run(folder)
        #expect(!third.output.contains("damaged"), "\(third.output)")
    }

    @Test("flipped bytes in a cached Opus copy of the same size: encoded again; the published file is the recorded one")
    func flippedBytesInEncodedCopy() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try run(folder, formats: []).output.contains("status=0"))
        let track = try #require(try cachedTracks(folder).first)
        let copy = track.deletingPathExtension().appendingPathExtension("opus")
        let published = folder.appendingPathComponent("00-poster.opus")
        let good = try Data(contentsOf: copy)
        #expect(try Data(contentsOf: published) == good)
        let handle = try FileHandle(forUpdating: copy)
        try handle.seek(toOffset: UInt64(good.count / 2))
        try handle.write(contentsOf: Data(repeating: 0x55, count: 64))
        try handle.close()
        let second = try run(folder, formats: [])
        #expect(second.output.contains("status=0"), "\(second.output)")
        // Encoding is deterministic: the copy made again is byte for byte the first one, and so
        // is what is published; the manifest's SHA-256 is that file's.
        #expect(try Data(contentsOf: copy) == good)
        #expect(try Data(contentsOf: published) == good)
        let manifest = String(decoding: try Data(contentsOf: folder.appendingPathComponent("manifest.json")), as: UTF8.self)
        #expect(manifest.contains(try Self.sha256(published)))
    }

    @Test("a truncated cached WAV whose record was edited to match: the header check catches it; made again")
    func truncatedWithEditedRecord() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try run(folder).output.contains("status=0"))
        let track = try #require(try cachedTracks(folder).first)
        let record = track.deletingPathExtension().appendingPathExtension("json")
        let size = 10_000
        try FileHandle(forUpdating: track).truncate(atOffset: UInt64(size))
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
        json["byteCount"] = size
        json["sha256"] = try Self.sha256(track)
        try JSONSerialization.data(withJSONObject: json).write(to: record)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("00-poster.wav"))
        let second = try run(folder)
        #expect(second.output.contains("status=0"), "\(second.output)")
        #expect(second.output.contains("WAV header"), "\(second.output)")
        #expect(try manifestAgrees(folder))
    }

    @Test("another process holds the folder's lock: --no-wait fails at once (75); waiting ends on SIGINT within 2 s (130)")
    func busyFolder() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lock = FaultInjectionTests.quoted(folder)
        let noWait = try FaultInjectionTests.shell(
            "( exec 9<" + lock + "; flock 9; exec sleep 8 ) & holder=$!; sleep 0.5; start=$(date +%s%N); "
                + #""$BIN" --poster --text-only --no-wait --output "# + FaultInjectionTests.quoted(folder)
                + #"; echo "status=$?"; echo "ms=$((($(date +%s%N) - start) / 1000000))"; kill -KILL $holder"#, timeout: 30)
        #expect(noWait.output.contains("status=75"), "\(noWait.output)")
        #expect(noWait.output.contains("Another expo-narrate run is using"), "\(noWait.output)")
        #expect((noWait.output.split(separator: "ms=").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 99_999) < 5000)
        let waiting = try FaultInjectionTests.shell(
            "( exec 9<" + lock + "; flock 9; exec sleep 8 ) & holder=$!; sleep 0.5; start=$(date +%s%N); "
                + #""$BIN" --poster --text-only --output "# + FaultInjectionTests.quoted(folder)
                + #" & run=$!; sleep 1.5; kill -INT $run; start=$(date +%s%N); wait $run; echo "status=$?"; "#
                + #"echo "ms=$((($(date +%s%N) - start) / 1000000))"; kill -KILL $holder"#, timeout: 30)
        #expect(waiting.output.contains("status=130"), "\(waiting.output)")
        #expect(waiting.output.contains("waiting for it"), "\(waiting.output)")
        let milliseconds = waiting.output.split(separator: "ms=").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 99_999
        #expect(milliseconds < 2000)
    }

    /// `count` entries as JSON text, written out directly: made as dictionaries and serialised,
    /// they took most of the CPU of each case of `listStops` in a debug build.
    static func largeItems(count: Int) -> Data {
        var text = "["
        for index in 0..<count {
            if index > 0 { text += "," }
            text += #"{"name":"항목\#(index)","image_name":"item\#(index)","short_desc":"짧은 설명","desc":"설명 \#(index)"}"#
        }
        return Data((text + "]").utf8)
    }

    @Test("SIGINT, SIGTERM and SIGHUP stop --list on a large catalog within 2 s", arguments: ["INT", "TERM", "HUP"])
    func listStops(signal: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try writeCatalog(poster: samplePoster, entries: [[String: String]](), in: folder)
        try Self.largeItems(count: 200_000).write(to: URL(fileURLWithPath: files.items))
        let outcome = try FaultInjectionTests.shell(
            #""$BIN" --list --max-entries 1000000 --poster-file "# + RunningCommand.shellQuoted(files.poster)
                + " --items-file " + RunningCommand.shellQuoted(files.items) + " > /dev/null & run=$!; sleep 1.5; kill -"
                + signal + #" $run; start=$(date +%s%N); wait $run; echo "status=$?"; "#
                + #"echo "ms=$((($(date +%s%N) - start) / 1000000))""#, timeout: 60)
        let status = outcome.output.split(separator: "status=").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? -1
        // Done before the signal (0) or stopped by it (128 + signal); never a crash.
        #expect(status == 0 || status > 128 && status < 144, "\(outcome.output)")
        let milliseconds = outcome.output.split(separator: "ms=").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 99_999
        #expect(milliseconds < 2000, "\(outcome.output)")
    }
}
