import Foundation
import Testing
import ExpoModel
import TestSupport
import Speech
import Audio
import Export
import Pipeline

/// Faults on the users' worst day, run through the built binary: interruption, a full disk,
/// an unwritable output folder and a speech worker that dies.
@Suite("expo-narrate under faults", .serialized)
struct FaultTests {
    static let posterFixture = "exposition_universelle_1900.json"

    private func catalogArguments() throws -> [String] {
        ["--poster-file", try CommandRunner.fixture(Self.posterFixture), "--items-file", try CommandRunner.fixture("items.json")]
    }

    /// The output folder's files outside the cache, with their bytes.
    private func published(_ folder: URL) -> [String: Data] {
        snapshot(of: folder).filter { !$0.key.hasPrefix(".cache/") }
    }

    /// Hidden temporary files (staging folders, `.partial-PID` files) anywhere under `folder`.
    private func leftovers(in folder: URL) -> [String] {
        let all = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return all.filter { $0.contains(".partial") || $0.contains(".expo-narrate-staging-") }
    }

    private func expoNarrateLines(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("expo-narrate:") }
    }

    @Test("SIGINT or SIGTERM during synthesis stops within a second, leaves the previous output and nothing temporary; the next run reuses finished tracks",
          arguments: [SIGINT, SIGTERM])
    func interrupted(signal: Int32) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let catalog = try catalogArguments()
        let previousRun = try CommandRunner.run(["--all", "--text-only", "--quiet", "--output", output.path] + catalog)
        #expect(previousRun.status == 0, "\(previousRun.stderr)")
        let previous = published(output)

        let run = try RunningCommand(["--all", "--jobs", "2", "--output", output.path] + catalog)
        let cache = output.appendingPathComponent(".cache")
        let finishedEntries = { (try? FileManager.default.contentsOfDirectory(atPath: cache.path))?.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".")  } ?? [] }
        // Interrupt once a track is finished and others are being made.
        let started = Date()
        #expect(RunningCommand.wait(upTo: 180) { !finishedEntries().isEmpty && Date().timeIntervalSince(started) > 0.5 })
        #expect(run.process.isRunning, "the run ended before it could be interrupted")
        let signalled = Date()
        run.send(signal)
        let status = run.waitForExit(timeout: 10)
        let stopSeconds = Date().timeIntervalSince(signalled)
        print("stopped \(stopSeconds) s after signal \(signal)")
        #expect(status == 128 + signal, "\(run.stderr)")
        #expect(stopSeconds < 1.0, "took \(stopSeconds) s to stop")
        #expect(!run.stderr.contains("no audio"), "an interruption is not a missing voice: \(run.stderr)")
        #expect(expoNarrateLines(run.stderr).last?.contains("Interrupted; the previous output is unchanged") == true, "\(run.stderr)")
        #expect(leftovers(in: output).isEmpty, "left behind: \(leftovers(in: output))")
        #expect(published(output) == previous, "the previous output changed")

        let kept = finishedEntries().count
        #expect(kept >= 1)
        let rerun = try CommandRunner.run(["--all", "--jobs", "2", "--output", output.path] + catalog)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stderr.contains("\(kept) from the cache") || kept == 0, "\(rerun.stderr)")
        #expect(leftovers(in: output).isEmpty)
        let wavs = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".wav") }
        #expect(wavs.count == 15, "\(wavs)")

        // Now a complete guide with audio is the previous output; interrupt the next run while
        // it writes guide.wav again (every track comes from the cache, and a run that changes
        // nothing publishes nothing, so the cached guide is removed to make it write one).
        let complete = published(output)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? [] where name.hasPrefix("guide-") {
            try FileManager.default.removeItem(at: cache.appendingPathComponent(name))
        }
        let assembling = try RunningCommand(["--all", "--output", output.path] + catalog)
        let guideStarted = RunningCommand.wait(upTo: 60) {
            let all = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
            return all.contains { $0.hasPrefix("guide-") && $0.hasSuffix(".wav") }
        }
        #expect(guideStarted, "guide.wav was never seen being written")
        let assemblySignalled = Date()
        assembling.send(signal)
        #expect(assembling.waitForExit(timeout: 10) == 128 + signal, "\(assembling.stderr)")
        let assemblyStop = Date().timeIntervalSince(assemblySignalled)
        print("stopped \(assemblyStop) s after signal \(signal) while writing guide.wav")
        #expect(assemblyStop < 1.0, "took \(assemblyStop) s to stop")
        #expect(leftovers(in: output).isEmpty, "left behind: \(leftovers(in: output))")
        #expect(published(output) == complete, "the previous complete output changed")
    }

    @Test("an interrupted first run publishes nothing, and no speech worker outlives it")
    func interruptedFirstRun() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let run = try RunningCommand(["--all", "--jobs", "2", "--output", output.path] + catalogArguments())
        #expect(RunningCommand.wait(upTo: 60) { run.speechWorkers().count == 2 }, "no workers were seen")
        usleep(300_000)
        let workers = run.childProcesses() + run.speechWorkers()
        let signalled = Date()
        run.send(SIGINT)
        #expect(run.waitForExit(timeout: 10) == 130, "\(run.stderr)")
        let seconds = Date().timeIntervalSince(signalled)
        #expect(seconds < 1.0, "took \(seconds) s to stop")
        #expect(workers.allSatisfy { kill($0, 0) != 0 }, "a worker outlived the run")
        #expect(leftovers(in: output).isEmpty, "left behind: \(leftovers(in: output))")
        let published = (try? FileManager.default.contentsOfDirectory(atPath: output.path))?.filter { !$0.hasPrefix(".") } ?? []
        #expect(published.isEmpty, "\(published)")
    }

    @Test("after a run killed outright (SIGKILL), the next run cleans up what it left and completes the guide")
    func killedOutright() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let entries = ["해금", "용고", "나전칠기", "갓"].flatMap { ["--entry", $0] }
        let arguments = entries + ["--jobs", "2", "--output", output.path] + (try catalogArguments())
        let run = try RunningCommand(arguments)
        #expect(RunningCommand.wait(upTo: 60) { !run.speechWorkers().isEmpty }, "no workers were seen")
        let orphans = run.childProcesses() + run.speechWorkers()
        run.send(SIGKILL)
        _ = run.waitForExit(timeout: 10)
        // Workers outlive a parent killed outright; let them finish before looking.
        RunningCommand.wait(upTo: 60) { orphans.allSatisfy { kill($0, 0) != 0 } }
        #expect(!leftovers(in: output).isEmpty, "a killed run is expected to leave its staging folder")

        let rerun = try CommandRunner.run(arguments)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(leftovers(in: output).isEmpty, "left behind: \(leftovers(in: output))")
        let wavs = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".wav") }
        #expect(wavs.count == 5, "four tracks and guide.wav: \(wavs)")
    }

    @Test("SIGINT while the text of 10,000 entries is written stops within a second; the previous output stays")
    func interruptedWritingText() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let entries = (0..<10_000).map { ["name": "항목 \($0)", "image_name": "item", "short_desc": "짧게", "desc": "설명 \($0)."] }
        let catalog = try writeCatalog(poster: samplePoster, entries: entries, in: folder)
        let arguments = ["--all", "--text-only", "--quiet", "--output", output.path, "--poster-file", catalog.poster, "--items-file", catalog.items]
        let previousRun = try CommandRunner.run(["--poster"] + arguments.dropFirst())
        #expect(previousRun.status == 0, "\(previousRun.stderr)")
        let previous = published(output)

        let run = try RunningCommand(arguments)
        let writing = RunningCommand.wait(upTo: 60) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
            guard let staging = names.first(where: { $0.hasPrefix(".expo-narrate-staging-") }) else { return false }
            let staged = (try? FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(staging).path)) ?? []
            return staged.count > 100
        }
        #expect(writing, "the scripts were never seen being written")
        let signalled = Date()
        run.send(SIGINT)
        #expect(run.waitForExit(timeout: 30) == 130, "\(run.stderr)")
        let seconds = Date().timeIntervalSince(signalled)
        print("stopped \(seconds) s after SIGINT while writing 10,000 scripts")
        #expect(seconds < 1.0, "took \(seconds) s to stop")
        #expect(leftovers(in: output).isEmpty)
        #expect(published(output) == previous)
    }

    @Test("a file-size limit (ulimit -f) while writing audio: one clear line, exit 74, nothing damaged or left behind")
    func fileSizeLimitDuringAudio() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let catalog = try catalogArguments()
        let previousRun = try CommandRunner.run(["--entry", "해금", "--text-only", "--quiet", "--output", output.path] + catalog)
        #expect(previousRun.status == 0)
        let previous = published(output)

        // 200 blocks of 512 bytes: the scripts fit, a track's WAV does not.
        let run = try RunningCommand(["--entry", "해금", "--quiet", "--output", output.path] + catalog, shellPrefix: "ulimit -f 200;")
        let status = run.waitForExit(timeout: 120)
        #expect(status == 74, "\(run.stderr)")
        let lines = expoNarrateLines(run.stderr)
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.contains("File too large") == true, "\(run.stderr)")
        #expect(lines.first?.contains("the previous output is unchanged") == true, "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("fell back"), "\(run.stderr)")
        #expect(leftovers(in: output).isEmpty, "left behind: \(leftovers(in: output))")
        #expect(published(output) == previous)
    }

    @Test("a file-size limit while writing text: exit 74, the previous output unchanged")
    func fileSizeLimitDuringText() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let catalog = try catalogArguments()
        let previousRun = try CommandRunner.run(["--poster", "--text-only", "--quiet", "--output", output.path] + catalog)
        #expect(previousRun.status == 0)
        let previous = published(output)
        let run = try RunningCommand(["--all", "--text-only", "--quiet", "--output", output.path] + catalog, shellPrefix: "ulimit -f 40;")
        #expect(run.waitForExit(timeout: 60) == 74, "\(run.stderr)")
        #expect(expoNarrateLines(run.stderr).count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("File too large"), "\(run.stderr)")
        #expect(leftovers(in: output).isEmpty)
        #expect(published(output) == previous)
    }

    @Test("an impossible output path is one clear line and exit 73", arguments: [
        "/proc/expo-narrate-output", "/dev/null/out", "FILE/out", "FILE",
    ])
    func impossibleOutput(path: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let target = path.replacingOccurrences(of: "FILE", with: file.path)
        let result = try CommandRunner.run(["--poster", "--text-only", "--output", target])
        #expect(result.status == 73, "\(target): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Cannot create the output folder") && result.stderr.contains("--output"), "\(result.stderr)")
        #expect(!result.stderr.contains(".."), "doubled full stop: \(result.stderr)")
        #expect(!result.stderr.contains("could not be completed"), "\(result.stderr)")
        #expect(try Data(contentsOf: file) == Data("x".utf8))
    }

    /// Mounts a tmpfs with `options` on `folder`; false where mounting is not allowed.
    private static func mountTmpfs(_ options: String, on folder: URL) -> Bool {
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", options, "tmpfs", folder.path]
        mount.standardError = FileHandle.nullDevice
        guard (try? mount.run()) != nil else { return false }
        mount.waitUntilExit()
        return mount.terminationStatus == 0
    }

    private static func unmount(_ folder: URL) {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [folder.path]
        try? umount.run()
        umount.waitUntilExit()
    }

    /// Whether this machine lets the tests mount a tmpfs (root with CAP_SYS_ADMIN); the full
    /// disk and read-only tests are skipped, and say so, where it does not.
    static let canMountTmpfs: Bool = {
        guard let folder = try? CommandRunner.temporaryFolder() else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        guard mountTmpfs("size=64k", on: folder) else { return false }
        unmount(folder)
        return true
    }()

    @Test("a full disk (a 2 MB tmpfs) while writing audio: one clear line, exit 74, the previous output unchanged",
          .enabled(if: canMountTmpfs, "needs permission to mount a tmpfs"))
    func diskFull() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.mountTmpfs("size=2m", on: folder))
        defer { Self.unmount(folder) }
        let output = folder.appendingPathComponent("out")
        let catalog = try catalogArguments()
        let previousRun = try CommandRunner.run(["--entry", "해금", "--text-only", "--quiet", "--output", output.path] + catalog)
        #expect(previousRun.status == 0, "\(previousRun.stderr)")
        let previous = published(output)
        let result = try CommandRunner.run(["--entry", "해금", "--quiet", "--output", output.path] + catalog)
        #expect(result.status == 74, "\(result.stderr)")
        let lines = expoNarrateLines(result.stderr)
        #expect(lines.count == 1 && lines[0].contains("No space left on device"), "\(result.stderr)")
        #expect(lines.first?.contains("the previous output is unchanged") == true)
        #expect(leftovers(in: output).isEmpty, "left behind: \(leftovers(in: output))")
        #expect(published(output) == previous)
        // The narration of the earlier text-only run may be there (in its own folder); no track may be.
        let cached = ((try? FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(".cache").path)) ?? [])
            .filter { !["narration", "CACHEDIR.TAG", "expo-narrate-cache.version"].contains($0) }
        #expect(cached.isEmpty, "a damaged track was cached: \(cached)")
    }

    @Test("a cache folder that cannot be made is one line pointing at --cache; exit 73; nothing published")
    func impossibleCache() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run(["--poster", "--quiet", "--output", output.path, "--cache", "/proc/expo-narrate-cache"])
        #expect(result.status == 73, "\(result.stderr)")
        let lines = expoNarrateLines(result.stderr)
        #expect(lines.count == 1 && lines[0].contains("cache folder /proc/expo-narrate-cache") && lines[0].contains("--cache"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("no audio"), "\(result.stderr)")
        #expect(leftovers(in: output).isEmpty)
        let published = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        #expect(published.isEmpty, "\(published)")
    }

    @Test("a read-only output folder (a read-only tmpfs) is one clear line and a non-zero exit",
          .enabled(if: canMountTmpfs, "needs permission to mount a tmpfs"))
    func readOnlyOutput() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.mountTmpfs("ro,size=1m", on: folder))
        defer { Self.unmount(folder) }
        let existing = try CommandRunner.run(["--poster", "--text-only", "--output", folder.path])
        #expect(existing.status == 74, "\(existing.stderr)")
        #expect(existing.stderr.split(separator: "\n").count == 1 && existing.stderr.contains("read"), "\(existing.stderr)")
        #expect(!existing.stderr.contains("could not be completed"), "\(existing.stderr)")
        let inside = try CommandRunner.run(["--poster", "--text-only", "--output", folder.appendingPathComponent("new").path])
        #expect(inside.status == 73, "\(inside.stderr)")
        #expect(inside.stderr.split(separator: "\n").count == 1 && inside.stderr.contains("read"), "\(inside.stderr)")
    }

    @Test("a speech worker that dies makes that track fall back to text; the others are made; exit 3")
    func workerKilled() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let entries = ["해금", "용고", "나전칠기"]
        let run = try RunningCommand(entries.flatMap { ["--entry", $0] } + ["--jobs", "1", "--output", output.path] + catalogArguments())
        var victim: Int32?
        RunningCommand.wait(upTo: 60) {
            victim = run.speechWorkers().first
            return victim != nil || !run.process.isRunning
        }
        let killed = try #require(victim, "no worker process was seen")
        kill(killed, SIGKILL)
        let status = run.waitForExit(timeout: 180)
        #expect(status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("fell back to text: "), "\(run.stderr)")

        let manifest = try Data(contentsOf: output.appendingPathComponent("manifest.json"))
        let tracks = try #require((try JSONSerialization.jsonObject(with: manifest) as? [String: Any])?["tracks"] as? [[String: Any]])
        let fellBack = tracks.filter { $0["fellBackToText"] as? Bool == true }
        #expect(fellBack.count == 1, "\(tracks)")
        let title = fellBack.first?["title"] as? String ?? "?"
        #expect(run.stderr.contains("fell back to text: \(title)"), "\(run.stderr)")
        #expect((fellBack.first?["fallbackReason"] as? String)?.contains("signal 9") == true, "\(fellBack)")
        let wavs = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".wav") }
        #expect(wavs.count == entries.count - 1 + 1, "two tracks and guide.wav: \(wavs)")
        #expect(leftovers(in: output).isEmpty, "\(leftovers(in: output))")
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains(title))
    }

    @Test("a speech server that dies makes the tracks it had not made fall back to text; exit 3; no worker outlives the run")
    func speechServerKilled() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let entries = ["해금", "용고", "나전칠기"]
        let run = try RunningCommand(entries.flatMap { ["--entry", $0] } + ["--jobs", "1", "--output", output.path] + catalogArguments())
        var server: Int32?
        var workers: [Int32] = []
        RunningCommand.wait(upTo: 60) {
            workers = run.speechWorkers()
            server = run.childProcesses().first
            return !workers.isEmpty || !run.process.isRunning
        }
        let killed = try #require(server, "no speech server was seen")
        kill(killed, SIGKILL)
        let status = run.waitForExit(timeout: 180)
        #expect(status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("fell back to text: "), "\(run.stderr)")
        #expect(workers.allSatisfy { kill($0, 0) != 0 || Self.isZombie($0) }, "a worker outlived the run")

        let manifest = try Data(contentsOf: output.appendingPathComponent("manifest.json"))
        let tracks = try #require((try JSONSerialization.jsonObject(with: manifest) as? [String: Any])?["tracks"] as? [[String: Any]])
        let fellBack = tracks.filter { $0["fellBackToText"] as? Bool == true }
        #expect(!fellBack.isEmpty, "\(tracks)")
        #expect(fellBack.allSatisfy { ($0["fallbackReason"] as? String)?.contains("speech server") == true }, "\(fellBack)")
        #expect(leftovers(in: output).isEmpty, "\(leftovers(in: output))")
    }

    static func isZombie(_ pid: Int32) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }
}
