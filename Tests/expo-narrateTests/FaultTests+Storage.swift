import Foundation
import TestSupport
import Testing

/// A full disk, a file-size limit, and output or cache folders that cannot be made or written.
extension FaultTests {
    @Test(
        "a file-size limit (ulimit -f) while writing audio: one clear line, exit 74, nothing damaged or left behind",
        .needsSharedFixtures)
    func fileSizeLimitDuringAudio() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let catalog = try catalogArguments()
        let previousRun = try CommandRunner.run(["--entry", "해금", "--text-only", "--quiet", "--output", output.path] + catalog)
        #expect(previousRun.status == 0)
        let previous = published(output)

        // 200 blocks of 512 bytes: the scripts fit, a track's WAV does not.
        let run = try RunningCommand(["--entry", "해금", "--quiet", "--output", output.path] + CommandRunner.wavOnly + catalog, shellPrefix: "ulimit -f 200;")
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

    @Test("a file-size limit while writing text: exit 74, the previous output unchanged", .needsSharedFixtures)
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

    @Test(
        "an impossible output path is one clear line and exit 73",
        arguments: [
            "/proc/expo-narrate-output", "/dev/null/out", "FILE/out", "FILE",
        ])
    func impossibleOutput(path: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let target = path.replacingOccurrences(of: "FILE", with: file.path)
        // Without a cache: the tests' default cache would go beside the impossible folder.
        let result = try CommandRunner.run(["--poster", "--text-only", "--no-cache", "--output", target])
        #expect(result.status == 73, "\(target): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Cannot create the output folder") && result.stderr.contains("--output"), "\(result.stderr)")
        #expect(!result.stderr.contains(".."), "doubled full stop: \(result.stderr)")
        #expect(!result.stderr.contains("could not be completed"), "\(result.stderr)")
        #expect(try Data(contentsOf: file) == Data("x".utf8))
    }

    /// Mounts a tmpfs with `options` on `folder`; false where mounting is not allowed.
    private static func mountTmpfs(_ options: String, on folder: URL) -> Bool {
        let mount = try? ExternalTool.run(
            URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", options, "tmpfs", folder.path],
            input: Data())
        return mount?.status == 0
    }

    private static func unmount(_ folder: URL) {
        _ = try? ExternalTool.run(URL(fileURLWithPath: "/bin/umount"), [folder.path], input: Data())
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

    @Test(
        "a full disk (a 2 MB tmpfs) while writing audio: one clear line, exit 74, the previous output unchanged",
        .enabled(if: canMountTmpfs, "needs permission to mount a tmpfs"), .needsSharedFixtures)
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
        let result = try CommandRunner.run(["--entry", "해금", "--quiet", "--output", output.path] + CommandRunner.wavOnly + catalog)
        #expect(result.status == 74, "\(result.stderr)")
        let lines = expoNarrateLines(result.stderr)
        #expect(lines.count == 1 && lines[0].contains("No space left on device"), "\(result.stderr)")
        #expect(lines.first?.contains("the previous output is unchanged") == true)
        // The file that could not be written is named, not only the cache folder that holds it.
        let cacheFolder = CommandRunner.cacheFolder(forOutput: output).path
        #expect(lines.first?.contains(cacheFolder + "/") == true, "\(result.stderr)")
        #expect(leftovers(in: output).isEmpty, "left behind: \(leftovers(in: output))")
        #expect(published(output) == previous)
        // The narration of the earlier text-only run may be there (in its own folder), and the
        // cache's own tag and version files; no track may be.
        let cached = ((try? FileManager.default.contentsOfDirectory(atPath: CommandRunner.cacheFolder(forOutput: output).path)) ?? [])
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
        #expect(
            lines.count == 1 && lines[0].contains("cache folder /proc/expo-narrate-cache") && lines[0].contains("--cache"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("no audio"), "\(result.stderr)")
        #expect(leftovers(in: output).isEmpty)
        let published = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        #expect(published.isEmpty, "\(published)")
    }

    @Test(
        "a read-only output folder (a read-only tmpfs) is one clear line and a non-zero exit",
        .enabled(if: canMountTmpfs, "needs permission to mount a tmpfs"))
    func readOnlyOutput() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.mountTmpfs("size=1m", on: folder))
        defer { Self.unmount(folder) }
        // The file system's root is a mount point: the guide, swapped whole, cannot be it (73).
        let root = try CommandRunner.run(["--poster", "--text-only", "--output", folder.path])
        #expect(root.status == 73 && root.stderr.contains("mount point") && root.stderr.contains("\(folder.path)/guide"), "\(root.stderr)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("guide"), withIntermediateDirectories: false)
        #expect(Self.mountTmpfs("remount,ro", on: folder))
        let existing = try CommandRunner.run(["--poster", "--text-only", "--output", folder.appendingPathComponent("guide").path])
        #expect(existing.status == 74, "\(existing.stderr)")
        #expect(existing.stderr.split(separator: "\n").count == 1 && existing.stderr.contains("read"), "\(existing.stderr)")
        #expect(!existing.stderr.contains("could not be completed"), "\(existing.stderr)")
        // A sub-folder of a read-only file system is read-only too: never advised.
        #expect(!existing.stderr.contains("sub-folder") && existing.stderr.contains("file system that can be written"), "\(existing.stderr)")
        let inside = try CommandRunner.run(["--poster", "--text-only", "--output", folder.appendingPathComponent("new").path])
        #expect(inside.status == 73, "\(inside.stderr)")
        #expect(inside.stderr.split(separator: "\n").count == 1 && inside.stderr.contains("read"), "\(inside.stderr)")
    }
}
