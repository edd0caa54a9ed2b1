import Foundation
import TestSupport
import Testing

/// Every file the tool creates, anywhere (the guide, the cache, temporary files), is created
/// new and never through a link, seen by a tool we did not write: the real binary runs under
/// `strace -f`, every command that writes (`--all` in every format, `check`, `verify`), and
/// every creating open(2) in its trace must carry O_EXCL and O_NOFOLLOW, or make an unnamed
/// file (O_TMPFILE). A second test plants symbolic links at the temporary names a run's
/// processes use while it runs and proves that the file they point to is untouched.
@Suite("files created new, never through a link", .serialized, .tags(.endToEnd))
struct FileCreationTests {
    static let strace = ExternalTool.find("strace")
    static let everyFormat = ["--format", "wav,opus,mp3,epub,daisy202,daisy3,brf,pef,labels"]

    /// Opens that create a file which the system libraries make on their own, each named; none
    /// so far: an entry here needs the library and the path it writes.
    static let libraryCreations: [(library: String, path: String)] = []

    /// The creating opens of a trace that lack O_EXCL or O_NOFOLLOW and are not unnamed files,
    /// and the links made by following one.
    static func unsafeCreations(in trace: String) -> [String] {
        trace.split(separator: "\n").map(String.init).filter { line in
            if line.contains("linkat(") { return line.contains("AT_SYMLINK_FOLLOW") }
            if line.contains(" creat(") || line.hasPrefix("creat(") { return true }
            guard line.contains("open(") || line.contains("openat("), line.contains("O_CREAT") || line.contains("O_TMPFILE") else {
                return false
            }
            if line.contains("O_TMPFILE") { return !line.contains("O_EXCL") }
            if line.contains("O_EXCL") && line.contains("O_NOFOLLOW") { return false }
            return !libraryCreations.contains { line.contains("\"" + $0.path) }
        }
    }

    /// Runs the binary with `arguments` under strace, following every child; returns its
    /// result and the trace.
    static func traced(_ arguments: [String], in folder: URL) throws -> (CommandRunner.Result, String) {
        let trace = folder.appendingPathComponent("trace-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: trace) }
        let result = try CommandRunner.run(
            [
                "-f", "-qq", "-s", "512", "-e", "trace=open,openat,creat,mkdir,mkdirat,rename,renameat2,linkat",
                "-o", trace.path, CommandRunner.binary.path,
            ] + arguments,
            executable: try #require(strace))
        return (result, try String(contentsOf: trace, encoding: .utf8))
    }

    @Test(
        "--all in every format, check and verify: every creating open has O_EXCL|O_NOFOLLOW or O_TMPFILE",
        .enabled(if: FileCreationTests.strace != nil, "skipped: strace is not installed"))
    func everyCreationIsExclusive() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try BadInputTests.catalog(items: BadInputTests.oneEntry, in: folder)
        let output = folder.appendingPathComponent("guide")
        let runs: [(String, [String])] = [
            ("--all", ["--all", "--quiet", "--output", output.path] + Self.everyFormat + catalog),
            ("--all again, warm", ["--all", "--quiet", "--output", output.path] + Self.everyFormat + catalog),
            ("check", ["check"] + catalog),
            ("verify", ["verify", output.path]),
        ]
        var creations = 0
        for (name, arguments) in runs {
            let (result, trace) = try Self.traced(arguments, in: folder)
            #expect([0, 1].contains(result.status), "\(name): status \(result.status): \(result.stderr.suffix(800))")
            #expect(Self.unsafeCreations(in: trace).isEmpty, "\(name): \(Self.unsafeCreations(in: trace).prefix(10))")
            creations += trace.split(separator: "\n").count { $0.contains("O_CREAT") || $0.contains("O_TMPFILE") }
        }
        // The trace saw the run's writes (a trace of nothing would pass anything).
        #expect(creations > 20, "\(creations) creating opens traced")
    }

    @Test("the check on a trace: an open with O_CREAT but no O_EXCL or O_NOFOLLOW is found")
    func checkFindsUnsafeOpens() {
        let trace = """
            12 openat(AT_FDCWD, "/c/.a.partial-12", O_RDWR|O_CREAT|O_EXCL|O_NOFOLLOW|O_CLOEXEC, 0644) = 3
            12 openat(AT_FDCWD, "/c", O_RDWR|O_EXCL|O_CLOEXEC|O_TMPFILE, 0600) = 4
            12 openat(AT_FDCWD, "/c/b", O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC, 0644) = 5
            13 openat(AT_FDCWD, "/c/d", O_RDWR|O_CREAT|O_EXCL, 0600) = 6
            13 creat("/c/e", 0644) = 7
            13 linkat(AT_FDCWD, "/c/f", AT_FDCWD, "/c/g", AT_SYMLINK_FOLLOW) = 0
            13 linkat(AT_FDCWD, "/c/f", AT_FDCWD, "/c/h", 0) = 0
            """
        #expect(Self.unsafeCreations(in: trace).count == 4)
    }

    /// Starts the binary with the arguments after the first four, and while it runs plants a
    /// symbolic link to TARGET at `.NAME.partial-PID` and `.NAME.partial-PID-2` in CACHE for
    /// every name in the file NAMES and the run's every process (its children and theirs:
    /// the speech server and its workers), from the moment it has claimed its cache (its work
    /// folder beside OUTPUT exists) until it ends. Prints the run's status last.
    static let planter = #"""
        names=$1 cache=$2 target=$3 output=$4; shift 4
        "$@" & pid=$!
        parent=$(dirname "$output") base=$(basename "$output")
        for _ in $(seq 1 4000); do
            compgen -G "$parent/.$base.expo-narrate-*" >/dev/null && break
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.002
        done
        planted=0
        while kill -0 "$pid" 2>/dev/null; do
            pids=$pid
            for p in $pids; do pids="$pids $(cat /proc/"$p"/task/*/children 2>/dev/null)"; done
            for p in $pids; do pids="$pids $(cat /proc/"$p"/task/*/children 2>/dev/null)"; done
            for p in $(printf '%s\n' $pids | sort -u); do
                while read -r name; do
                    ln -s "$target" "$cache/.$name.partial-$p" 2>/dev/null && planted=$((planted + 1))
                    ln -s "$target" "$cache/.$name.partial-$p-2" 2>/dev/null && planted=$((planted + 1))
                done < "$names"
            done
            sleep 0.01
        done
        wait "$pid"; status=$?
        echo "planted $planted"
        echo "status $status"
        """#

    @Test("links planted at every temporary name of a run's processes while it runs: the file they point to is untouched")
    func plantedLinksAreNeverFollowed() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try BadInputTests.catalog(items: BadInputTests.oneEntry, in: folder)
        // A first run names every file a run makes in its cache.
        let first = folder.appendingPathComponent("first")
        let made = try CommandRunner.run(["--all", "--quiet", "--output", first.path] + Self.everyFormat + catalog)
        #expect(made.status == 0, "\(made.stderr)")
        let firstCache = CommandRunner.cacheFolder(forOutput: first)
        var names = (try FileManager.default.contentsOfDirectory(atPath: firstCache.path)).filter { !$0.hasPrefix(".") }
        names += ["batch", "file-digests", "tag", "narration"]
        #expect(names.count > 6, "\(names)")
        let namesFile = folder.appendingPathComponent("names")
        try names.joined(separator: "\n").appending("\n").write(to: namesFile, atomically: false, encoding: .utf8)

        // The second run, into a new guide with a new cache, makes all of them again.
        let target = folder.appendingPathComponent("precious")
        let precious = Data("the curator's notes, not the tool's\n".utf8)
        try precious.write(to: target)
        let output = folder.appendingPathComponent("second")
        let cache = CommandRunner.cacheFolder(forOutput: output)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let result = try CommandRunner.run(
            [
                "-c", Self.planter, "planter", namesFile.path, cache.path, target.path, output.path, CommandRunner.binary.path,
                "--all", "--quiet", "--output", output.path,
            ] + Self.everyFormat + catalog,
            executable: URL(fileURLWithPath: "/bin/bash"))
        let lines = result.stdout.split(separator: "\n")
        let planted = lines.first { $0.hasPrefix("planted ") }.flatMap { Int($0.dropFirst(8)) } ?? 0
        let status = lines.first { $0.hasPrefix("status ") }.flatMap { Int32($0.dropFirst(7)) }
        #expect(try Data(contentsOf: target) == precious)
        let kind = try FileManager.default.attributesOfItem(atPath: target.path)[.type] as? FileAttributeType
        #expect(kind == .typeRegular, "the target was replaced")
        #expect(planted > 0, "no link was planted: \(result.stdout)")
        // Links the run passed over are no error: it chose other names and published.
        #expect(status == 0, "status \(status.map(String.init) ?? "none"): \(result.stderr.suffix(800))")
        let verified = try CommandRunner.run(["verify", output.path])
        #expect(verified.status == 0, "\(verified.stdout)")
    }

    /// Runs the binary with the arguments after the first two in the background with TMPDIR set
    /// to the first, kills it with SIGKILL after the second (seconds; 0: lets it end), and
    /// prints what the temporary folder holds afterwards, one name a line.
    static let killer = #"""
        folder=$1 delay=$2; shift 2
        TMPDIR=$folder "$@" >/dev/null 2>&1 & pid=$!
        if [ "$delay" != 0 ]; then sleep "$delay"; kill -KILL "$pid" 2>/dev/null; fi
        wait "$pid"
        ls -A "$folder"
        """#

    @Test("no temporary folder or file is left in TMPDIR by a run, a check or a run killed at any moment (SIGKILL included)")
    func nothingLeftInTemporaryFolder() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try BadInputTests.catalog(items: BadInputTests.oneEntry, in: folder)
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        var cases: [([String], String)] = [(["check"] + catalog, "0")]
        for (index, delay) in ["0", "0.15", "0.3", "0.6", "1.2"].enumerated() {
            // A cold run each time (a new output and cache): the check's helper loads the
            // spelling dictionary, reduced through its temporary copy.
            let output = folder.appendingPathComponent("guide-\(index)")
            cases.append((["--all", "--text-only", "--quiet", "--output", output.path] + catalog, delay))
            cases.append((["check", "--json"] + catalog, delay))
        }
        for (arguments, delay) in cases {
            let result = try CommandRunner.run(
                ["-c", Self.killer, "killer", temporary.path, delay, CommandRunner.binary.path] + arguments,
                executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(result.stdout.isEmpty, "\(arguments.prefix(1)) killed after \(delay) s left: \(result.stdout)")
        }
    }
}
