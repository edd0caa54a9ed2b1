import Foundation
import Testing

/// Issue 39's publication cases through the real binary: a guide folder holds only the guide's
/// own files, so a process writing into it, a mount point or a folder deeper than the path limit
/// in it is refused (73) and nothing of it is moved, cut or lost; what a failed or killed run
/// leaves is cleaned when it is provably the tool's; the default cache is never reached through
/// a link, and an XDG_CACHE_HOME the cache cannot be in is an error. Text-only runs.
@Suite("the guide folder holds only the guide: writers, mounts, deep folders, leftovers, the default cache", .serialized)
struct GuideFolderOwnershipTests {
    /// Runs `script` under bash with $BIN, returning its combined output.
    static func shell(_ script: String) throws -> String {
        try FaultInjectionTests.shell(script, timeout: 300).output
    }

    static func quoted(_ url: URL) -> String { RunningCommand.shellQuoted(url.path) }

    /// A folder with a catalog; returns it, the catalog's arguments, and a published guide `out`.
    static func publishedGuide() throws -> (folder: URL, catalog: [String], out: URL) {
        let folder = try CommandRunner.temporaryFolder()
        let catalog = try PublishedFolderTests.catalog(in: folder)
        let out = folder.appendingPathComponent("out")
        let first = try CommandRunner.run(PublishedFolderTests.everyTrack + ["--output", out.path] + catalog)
        #expect(first.status == 0, "\(first.stderr)")
        return (folder, catalog, out)
    }

    /// The guide's own files (everything but `skipping`, a user's folder) with their bytes.
    static func guideFiles(_ out: URL, skipping: String) -> [String: Data] {
        snapshot(of: out).filter { !$0.key.hasPrefix(skipping + "/") }
    }

    @Test("a process writing into a sub-folder of the guide during 10 publications loses nothing: each run refuses (73), the guide unchanged")
    func writerInSubFolder() throws {
        let (folder, catalog, out) = try Self.publishedGuide()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = out.appendingPathComponent("notes")
        let stop = folder.appendingPathComponent("stop")
        let count = folder.appendingPathComponent("count")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: false)
        let guide = Self.guideFiles(out, skipping: "notes")
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/bash")
        writer.arguments = [
            "-c", "i=0; while [ ! -e \(Self.quoted(stop)) ]; do echo $i > \(Self.quoted(notes))/n-$i && i=$((i+1)); done; echo $i > \(Self.quoted(count))",
        ]
        try writer.run()
        let second = try PublishedFolderTests.catalog(in: folder, second: "둘째 항목을 고쳤습니다.")
        for run in 0..<10 {
            let result = try CommandRunner.run(PublishedFolderTests.everyTrack + ["--output", out.path] + (run % 2 == 0 ? second : catalog))
            #expect(result.status == 73 && result.stderr.contains("notes (a folder)"), "run \(run): \(result.stderr)")
        }
        FileManager.default.createFile(atPath: stop.path, contents: nil)
        writer.waitUntilExit()
        let written = Int(try String(contentsOf: count, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        let found = try FileManager.default.contentsOfDirectory(atPath: notes.path)
        #expect(written > 0 && found.count == written, "wrote \(written), found \(found.count)")
        for name in found.prefix(50) {
            #expect(try String(contentsOf: notes.appendingPathComponent(name), encoding: .utf8) == String(name.dropFirst(2)) + "\n")
        }
        #expect(Self.guideFiles(out, skipping: "notes") == guide, "the guide is unchanged byte for byte")
        #expect(PublishedFolderTests.workFolders(beside: out).isEmpty)
    }

    @Test("a process that makes a sub-folder in the guide and writes inside it while each of 10 runs publishes: every file it wrote is kept and found")
    func writerAroundPublications() throws {
        let (folder, _, out) = try Self.publishedGuide()
        defer { try? FileManager.default.removeItem(at: folder) }
        var outcomes: [Int: Int] = [:]
        for run in 0..<10 {
            let catalog = try PublishedFolderTests.catalog(in: folder, second: "둘째 항목 \(run)번째 설명입니다.")
            let arguments = (PublishedFolderTests.everyTrack + ["--output", out.path] + catalog).map(RunningCommand.shellQuoted)
            // The writer starts at a different moment of each run, makes its folder, works inside
            // it (its working folder, as a shell or an editor does) until the run ends, and says
            // how many files it made.
            let delay = String(format: "%.2f", Double(run) * 0.04)
            let errors = Self.quoted(folder.appendingPathComponent("stderr"))
            let output = try Self.shell(
                #""$BIN" "# + arguments.joined(separator: " ") + " 2>\(errors) & pid=$!; sleep \(delay); i=0; "
                    + "mkdir \(Self.quoted(out))/notes\(run) && cd \(Self.quoted(out))/notes\(run) && "
                    + "while kill -0 $pid 2>/dev/null; do echo $i > w-$i && i=$((i+1)); done; "
                    + #"wait $pid; echo "status=$? written=$i""#)
            let stderr = (try? String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
            let status = output.components(separatedBy: "status=").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? -1
            let written = output.components(separatedBy: "written=").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? -1
            #expect(status == 0 || status == 73, "run \(run): \(status) \(stderr)")
            outcomes[status, default: 0] += 1
            // Every file the writer made: in its folder in the guide, or in a work folder the
            // run named.
            var found = (try? FileManager.default.contentsOfDirectory(atPath: out.path + "/notes\(run)"))?.count ?? 0
            for work in PublishedFolderTests.workFolders(beside: out) {
                let kept = folder.path + "/" + work + "/guide/notes\(run)"
                guard let mine = try? FileManager.default.contentsOfDirectory(atPath: kept) else { continue }
                #expect(stderr.contains(folder.path + "/" + work), "run \(run): \(work) not named in \(stderr)")
                found += mine.count
                try FileManager.default.removeItem(atPath: kept)
            }
            #expect(found == written, "run \(run): wrote \(written), found \(found): \(stderr)")
            // The user takes the folder out, as the message says; the next run cleans the rest.
            try? FileManager.default.removeItem(atPath: out.path + "/notes\(run)")
        }
        #expect(
            try CommandRunner.run(
                PublishedFolderTests.everyTrack + ["--output", out.path]
                    + PublishedFolderTests.catalog(in: folder)
            ).status == 0)
        #expect(PublishedFolderTests.workFolders(beside: out).isEmpty)
        #expect(outcomes.values.reduce(0, +) == 10, "\(outcomes)")
    }

    @Test("a user's file at a name the record lists is never replaced without a word: refused (73), the guide unchanged; sha256sum reads the record")
    func usersFileAtListedName() throws {
        let (folder, catalog, out) = try Self.publishedGuide()
        defer { try? FileManager.default.removeItem(at: folder) }
        let check = try Self.shell("cd \(Self.quoted(out)) && tail -n +6 .expo-narrate | sha256sum --check --quiet && echo whole")
        #expect(check.contains("whole"), "the record's lines are sha256sum's: \(check)")
        try Data("my own poster text".utf8).write(to: out.appendingPathComponent("00-poster.txt"))
        let before = snapshot(of: out)
        let result = try CommandRunner.run(PublishedFolderTests.everyTrack + ["--output", out.path] + catalog)
        #expect(
            result.status == 73 && result.stderr.contains("\(out.path)/00-poster.txt is not the file expo-narrate published there"),
            "\(result.stderr)")
        #expect(snapshot(of: out) == before && PublishedFolderTests.workFolders(beside: out).isEmpty)
    }

    @Test("a bind mount in the guide is refused (73) and left mounted and untouched (skipped where mount --bind is not allowed)")
    func bindMountRefused() throws {
        let (folder, catalog, out) = try Self.publishedGuide()
        defer { try? FileManager.default.removeItem(at: folder) }
        let elsewhere = folder.appendingPathComponent("usb")
        let point = out.appendingPathComponent("usb")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
        try Data("photo".utf8).write(to: elsewhere.appendingPathComponent("a.jpg"))
        try FileManager.default.createDirectory(at: point, withIntermediateDirectories: false)
        let mount = try CommandRunner.runTool("/bin/mount", ["--bind", elsewhere.path, point.path])
        guard mount.status == 0 else {
            // Not allowed here (not root, no CAP_SYS_ADMIN): PublicationRaceTests tells a mount
            // point by its device through the seam instead.
            return
        }
        defer { _ = try? CommandRunner.runTool("/bin/umount", [point.path]) }
        let before = snapshot(of: out)
        let inode = PublishedFolderTests.inode(out)
        let result = try CommandRunner.run(PublishedFolderTests.everyTrack + ["--output", out.path] + catalog)
        #expect(result.status == 73 && result.stderr.contains("\(point.path) is a mount point"), "\(result.stderr)")
        #expect(snapshot(of: out) == before && PublishedFolderTests.inode(out) == inode)
        let mounts = (try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)) ?? ""
        #expect(mounts.contains(" \(point.path) ") && snapshot(of: elsewhere) == ["a.jpg": Data("photo".utf8)], "still mounted, untouched")
    }

    @Test("a user's folder deeper than the path limit in the guide is refused (73) with one line and never cut; so is an output path past the limit")
    func overlongPaths() throws {
        let (folder, catalog, out) = try Self.publishedGuide()
        defer { _ = try? Self.shell("rm -rf " + Self.quoted(folder)) }
        let component = String(repeating: "d", count: 200)
        // 25 levels of 200 bytes: past PATH_MAX (4096), made and checked by relative paths.
        let make =
            "cd \(Self.quoted(out)) && mkdir deep && cd deep && for i in $(seq 25); do mkdir \(component) && cd \(component); done && echo bottom > file && echo made"
        #expect(try Self.shell(make).contains("made"))
        let guide = Self.guideFiles(out, skipping: "deep")
        let result = try CommandRunner.run(PublishedFolderTests.everyTrack + ["--output", out.path] + catalog)
        #expect(result.status == 73 && result.stderr.contains("deep (a folder)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        let check = "cd \(Self.quoted(out))/deep && for i in $(seq 25); do cd \(component) || exit 1; done && cat file"
        #expect(try Self.shell(check).contains("bottom"), "the deep folder is whole")
        #expect(Self.guideFiles(out, skipping: "deep") == guide)

        // An output folder whose own path is past the limit (its parents made by relative paths).
        let parents = "cd \(Self.quoted(folder)) && for i in $(seq 20); do mkdir -p \(component) && cd \(component); done && pwd"
        let deepParent = try Self.shell(parents).trimmingCharacters(in: .whitespacesAndNewlines)
        let deepOut = deepParent + "/guide"
        let deep = try CommandRunner.run(PublishedFolderTests.everyTrack + ["--no-cache", "--output", deepOut] + catalog)
        #expect(deep.status == 73 && deep.stderr.contains("limit of 4095 bytes"), "\(deep.stderr)")
        #expect(deep.stderr.split(separator: "\n").count == 1, "\(deep.stderr)")
        #expect(
            try Self.shell("cd \(Self.quoted(URL(fileURLWithPath: deepParent))) 2>/dev/null; ls -A | wc -l").hasPrefix("0"),
            "nothing made beside it")
    }

    @Test("a first run that fails leaves no folder behind (not even one holding an empty record)")
    func failedFirstRunLeavesNothing() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("new-guide")
        let result = try CommandRunner.run(
            [
                "--all", "--assemble-only", "--quiet",
                "--cache", folder.appendingPathComponent("empty-cache").path, "--output", out.path,
            ]
                + CommandRunner.wavOnly + PublishedFolderTests.catalog(in: folder))
        #expect(result.status == 69, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "the new folder is gone")
        #expect(PublishedFolderTests.workFolders(beside: out).isEmpty)
    }

    @Test("unmarked work folders that are provably the tool's are removed by the next run; a look-alike holding a user's file, or another owner's, is kept")
    func unmarkedWorkFoldersCleaned() throws {
        let (folder, catalog, out) = try Self.publishedGuide()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        let empty = folder.appendingPathComponent(".out.expo-narrate-5a1f00")
        let user = folder.appendingPathComponent(".out.expo-narrate-5a1f01")
        let other = folder.appendingPathComponent(".out.expo-narrate-5a1f02")
        for url in [empty, user, other] { try manager.createDirectory(at: url, withIntermediateDirectories: false) }
        try Data("mine".utf8).write(to: user.appendingPathComponent("notes.txt"))
        #expect(chown(other.path, 4_321, 4_321) == 0)
        let result = try CommandRunner.run(PublishedFolderTests.everyTrack + ["--output", out.path] + catalog)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Set(PublishedFolderTests.workFolders(beside: out)) == [user.lastPathComponent, other.lastPathComponent])
        #expect(manager.contents(atPath: user.appendingPathComponent("notes.txt").path) == Data("mine".utf8))
    }

    @Test("a default cache folder that is a symbolic link is refused (73) and not followed; so is an XDG_CACHE_HOME that is a file")
    func defaultCacheRefusals() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try PublishedFolderTests.catalog(in: folder)
        let xdg = folder.appendingPathComponent("xdg")
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: xdg, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: xdg.appendingPathComponent("expo-narrate").path, withDestinationPath: elsewhere.path)
        let out = folder.appendingPathComponent("out")
        let linked = try CommandRunner.run(["--poster", "--text-only", "--output", out.path] + catalog, environment: ["XDG_CACHE_HOME": xdg.path])
        #expect(
            linked.status == 73 && linked.stderr.contains("\(xdg.path)/expo-narrate is a symbolic link (to \(elsewhere.path))"),
            "\(linked.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty, "the link is not followed")
        #expect(!FileManager.default.fileExists(atPath: out.path))

        let file = folder.appendingPathComponent("cache-file")
        let home = folder.appendingPathComponent("home")
        try Data("not a folder".utf8).write(to: file)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
        let plain = try CommandRunner.run(
            ["--poster", "--text-only", "--output", out.path] + catalog,
            environment: ["XDG_CACHE_HOME": file.path, "HOME": home.path])
        #expect(plain.status == 73 && plain.stderr.contains("XDG_CACHE_HOME is \(file.path), which is not a folder"), "\(plain.stderr)")
        #expect(plain.stderr.split(separator: "\n").count == 1, "\(plain.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty, "no quiet fall back to ~/.cache")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
