import Foundation
import Testing

/// Publication killed (SIGKILL) at every one of its steps, the first publication into a new
/// folder and a later one: the output folder shows the old guide or the new one, whole, never a
/// mix, at every instant (a reader checks it all along) and after the kill; the next run
/// completes the new guide and leaves nothing of the killed one.
@Suite("publication killed at every step", .serialized)
struct PublicationCrashTests {
    /// A catalog whose poster title says which guide a file belongs to, with its own entries.
    private func catalog(_ mark: String, entries: [Int], in folder: URL) throws -> [String] {
        let sub = folder.appendingPathComponent("catalog-\(mark)")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        var poster = samplePoster
        poster["title"] = "박람회 \(mark)"
        let items = entries.map { ["name": "항목 \($0)", "image_name": "item\($0)", "short_desc": "설명", "desc": "항목 \($0) 설명입니다."] }
        let files = try writeCatalog(poster: poster, entries: items, in: sub)
        return ["--poster-file", files.poster, "--items-file", files.items]
    }

    /// Runs guide `catalog` into `output` with one cache for every run (so the check summary's
    /// report is made once), killed at publication step `step` if given. Returns the status.
    private func run(_ catalog: [String], into output: URL, cache: URL, killAt step: Int?) throws -> Int32 {
        let prefix = step.map { "EXPO_NARRATE_KILL_AT_PUBLISH_STEP=\($0) " } ?? ""
        let arguments = (["--all", "--text-only", "--quiet", "--cache", cache.path, "--output", output.path] + catalog)
            .map(RunningCommand.shellQuoted)
        let outcome = try FaultInjectionTests.shell(prefix + #""$BIN" "# + arguments.joined(separator: " ") + #"; echo "status=$?""#)
        return Int32(outcome.output.split(separator: "status=").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? -1)
    }

    /// Which guide the folder shows: "A" or "B" (every file the manifest names is there and of
    /// that guide, no file of the other guide's entries is), "none" (no guide yet: no folder, or
    /// nothing but the tool's record), or "mix".
    static func shownGuide(_ output: URL) -> String {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: output.path)) ?? []
        guard let manifest = try? String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8) else {
            return names.allSatisfy { $0 == ".expo-narrate" } ? "none" : "mix"
        }
        let mark = manifest.contains("박람회 A") ? "A" : manifest.contains("박람회 B") ? "B" : nil
        guard let mark else { return "mix" }
        for name in ["guide.txt", "index.html", "00-poster.txt"] {
            guard let text = try? String(contentsOf: output.appendingPathComponent(name), encoding: .utf8),
                text.contains("박람회 \(mark)")
            else { return "mix" }
        }
        let expected = mark == "A" ? [1, 2] : [2, 3]
        for number in 1...3 {
            let files = names.filter { $0.hasSuffix("-item\(number).txt") }
            let readable = files.contains { manager.isReadableFile(atPath: output.appendingPathComponent($0).path) }
            if readable != expected.contains(number) { return "mix" }
            if readable, let text = try? String(contentsOf: output.appendingPathComponent(files[0]), encoding: .utf8),
                !text.contains("항목 \(number)")
            {
                return "mix"
            }
        }
        return mark
    }

    /// Checks the folder at `output` over and over while a run works on it: a check during which
    /// the folder was swapped (its inode changed) says nothing; any other check must show a guide
    /// whole, or none before the first publication.
    final class Reader: @unchecked Sendable {
        private let lock = NSLock()
        private var target: URL?
        private var stopped = false
        private(set) var mixes: [String] = []
        private(set) var checks = 0
        private let done = DispatchSemaphore(value: 0)

        init() {
            Thread { [self] in
                while true {
                    let (output, stop) = lock.withLock { (target, stopped) }
                    if stop { break }
                    guard let output else {
                        usleep(1000)
                        continue
                    }
                    let before = Self.inode(output)
                    let shown = PublicationCrashTests.shownGuide(output)
                    if before == Self.inode(output) {
                        lock.withLock {
                            checks += 1
                            if shown == "mix" { mixes.append(output.lastPathComponent) }
                        }
                    }
                }
                done.signal()
            }.start()
        }

        func watch(_ output: URL?) { lock.withLock { target = output } }

        func stop() {
            lock.withLock { stopped = true }
            done.wait()
        }

        static func inode(_ url: URL) -> UInt64 {
            var status = stat()
            return lstat(url.path, &status) == 0 ? UInt64(status.st_ino) : 0
        }
    }

    /// Kills publications of guide B at step 1, 2, … until one completes; each starts from
    /// `start` (a folder to copy, or nil for a new folder). Returns the guides seen after kills.
    private func killAtEverySteps(
        from start: URL?, name: String, b: [String], cache: URL, in folder: URL,
        reader: Reader
    ) throws -> (seen: Set<String>, steps: Int) {
        var step = 1
        var seen: Set<String> = []
        while step < 40 {
            let output = folder.appendingPathComponent("\(name)-\(step)")
            if let start {
                let copy = try CommandRunner.runTool("/bin/cp", ["-a", start.path, output.path])
                try #require(copy.status == 0, "\(copy.stderr)")
            }
            reader.watch(output)
            let status = try run(b, into: output, cache: cache, killAt: step)
            let shown = Self.shownGuide(output)
            #expect(shown != "mix", "\(name) step \(step): the folder shows a mix")
            seen.insert(shown)
            #expect(try run(b, into: output, cache: cache, killAt: nil) == 0)
            reader.watch(nil)
            #expect(Self.shownGuide(output) == "B", "\(name) step \(step): the next run did not complete guide B")
            let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasPrefix(".\(output.lastPathComponent).expo-narrate-") }
            #expect(beside.isEmpty, "\(name) step \(step): left behind \(beside)")
            if status == 0 { break }
            #expect(status == 128 + SIGKILL, "\(name) step \(step): status \(status)")
            step += 1
        }
        return (seen, step)
    }

    @Test("SIGKILL at each step of a first and of a later publication leaves the old guide or the new one whole, at every instant")
    func killedAtEveryStep() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("cache")
        let a = try catalog("A", entries: [1, 2], in: folder)
        let b = try catalog("B", entries: [2, 3], in: folder)
        // Guide A; each later step starts from a copy.
        let published = folder.appendingPathComponent("published-A")
        #expect(try run(a, into: published, cache: cache, killAt: nil) == 0)
        #expect(Self.shownGuide(published) == "A")

        let reader = Reader()
        let later = try killAtEverySteps(from: published, name: "later", b: b, cache: cache, in: folder, reader: reader)
        let first = try killAtEverySteps(from: nil, name: "first", b: b, cache: cache, in: folder, reader: reader)
        reader.stop()
        #expect(later.steps > 3 && first.steps > 3, "publication had only \(later.steps) and \(first.steps) steps")
        #expect(later.seen == ["A", "B"], "a kill left the old guide at some step and the new one at a later step")
        #expect(first.seen == ["none", "B"], "a first publication killed early shows no guide, later the whole new one")
        #expect(reader.mixes.isEmpty, "the reader saw a mix in \(reader.mixes)")
        #expect(reader.checks > 20, "the reader checked only \(reader.checks) times")
    }
}
