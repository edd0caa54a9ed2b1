import Foundation
import Testing

/// Faults a hostile tester tries (issue 12), through the real binary with real descriptors,
/// signals, locks and limits: nothing may exit 0 with less audio than before, touch a file
/// that is not the tool's, hang past a signal or crash.
@Suite("expo-narrate under injected faults", .serialized)
struct FaultInjectionTests {
    struct Outcome {
        var status: Int32
        var output: String
        var seconds: Double
    }

    /// Runs `script` with bash, $BIN set to the binary; stdout and stderr are collected together.
    /// A script still running after `timeout` seconds is killed and reported as status -1.
    static func shell(_ script: String, timeout: Double = 60, in directory: URL? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = directory ?? CommandRunner.projectRoot
        // The first --output of the script decides the default cache (see CommandRunner.cacheHome).
        let words = script.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'\";")) }
        var environment = CommandRunner.environment(for: words, directory: directory)
        environment["BIN"] = CommandRunner.binary.path
        process.environment = environment
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fault-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        let finished = RunningCommand.wait(upTo: timeout) { !process.isRunning }
        if !finished { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try handle.close()
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return Outcome(
            status: finished ? process.terminationStatus : -1, output: text,
            seconds: Date().timeIntervalSince(started))
    }

    static func quoted(_ url: URL) -> String { RunningCommand.shellQuoted(url.path) }

    @Test("--list with stdout closed: no crash, status 0; into a pipe whose reader is gone: 74; into a full device: 74 and one line")
    func closedOrBrokenStdout() throws {
        let closed = try Self.shell(#""$BIN" --list >&-; echo "status=$?""#)
        #expect(closed.output.contains("status=0"), "\(closed.output)")
        let piped = try Self.shell(#"{ sleep 0.3; "$BIN" --list; echo "status=$?" >&2; } | :"#)
        #expect(piped.output == "expo-narrate: cannot write to standard output (Broken pipe).\nstatus=74\n", "\(piped.output)")
        let full = try Self.shell(#""$BIN" --list > /dev/full; echo "status=$?""#)
        #expect(full.output == "expo-narrate: cannot write to standard output (No space left on device).\nstatus=74\n", "\(full.output)")
    }

    @Test("progress on stderr into `head -1`, or stderr closed: the run completes, status 0, no SIGILL")
    func brokenOrClosedStderr() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = Self.quoted(folder.appendingPathComponent("a"))
        let piped = try Self.shell(#""$BIN" --all --text-only --output "# + out + #" 2>&1 | head -1 >/dev/null; echo "status=${PIPESTATUS[0]}""#)
        #expect(piped.output.contains("status=0"), "\(piped.output)")
        // A catalog with a warning (an empty optional field) and stderr closed.
        var poster = samplePoster
        poster["location"] = ""
        let files = try writeCatalog(poster: poster, entries: [[String: String]](), in: folder)
        let closed = try Self.shell(
            #""$BIN" --poster --text-only --poster-file "# + RunningCommand.shellQuoted(files.poster)
                + " --items-file " + RunningCommand.shellQuoted(files.items) + " --output " + Self.quoted(folder.appendingPathComponent("b"))
                + #" 2>&-; echo "status=$?""#)
        #expect(closed.output.contains("status=0"), "\(closed.output)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("b/manifest.json").path))
    }

    @Test("stdout and stdin closed: audio is still made (descriptors 0–2 are never handed out again)")
    func closedStandardDescriptorsKeepAudio() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try Self.shell(#""$BIN" --poster --quiet --format wav --output "# + Self.quoted(folder) + #" <&- >&-; echo "status=$?""#, timeout: 120)
        #expect(outcome.output.contains("status=0"), "\(outcome.output)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("guide.wav").path), "\(outcome.output)")
    }

    @Test("a folder of the user's as --cache is refused (73) and nothing in it is touched")
    func foreignCacheRefused() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = folder.appendingPathComponent("m")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try Data("RIFF mine".utf8).write(to: mine.appendingPathComponent("guide-tour.wav"))
        let outcome = try Self.shell(
            #""$BIN" --poster --text-only --cache "# + Self.quoted(mine) + " --output "
                + Self.quoted(folder.appendingPathComponent("out")) + #"; echo "status=$?""#)
        #expect(outcome.output.contains("status=73"), "\(outcome.output)")
        #expect(outcome.output.contains("not an expo-narrate cache"), "\(outcome.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mine.path) == ["guide-tour.wav"])
    }

    @Test(
        "/ and the home folder are refused as cache or output (73: not the tool's folders), nothing written",
        arguments: [
            "--cache /", "--output /", "--cache \"$HOME\"", "--output \"$HOME\"",
        ])
    func specialFoldersRefused(option: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try Self.shell(
            #""$BIN" --poster --text-only --output "# + Self.quoted(folder) + " " + option
                + #"; echo "status=$?""#)
        #expect(outcome.output.contains("status=73"), "\(outcome.output)")
        #expect(!FileManager.default.fileExists(atPath: "/CACHEDIR.TAG"))
    }

    @Test("the cache is tagged (CACHEDIR.TAG) and published WAVs are copies, not hard links to it")
    func taggedCacheAndCopies() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try Self.shell(#""$BIN" --poster --quiet --format wav --output "# + Self.quoted(folder) + #"; echo "status=$?""#, timeout: 120)
        #expect(outcome.output.contains("status=0"), "\(outcome.output)")
        let tag = try String(contentsOf: CommandRunner.cacheFolder(forOutput: folder).appendingPathComponent("CACHEDIR.TAG"), encoding: .utf8)
        #expect(tag.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55"))
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".wav") {
            var status = stat()
            #expect(stat(folder.appendingPathComponent(name).path, &status) == 0)
            #expect(status.st_nlink == 1, "\(name) has \(status.st_nlink) links")
        }
    }

    @Test(
        "catalog data the JSON parser hides or cannot bound: one clear line, exit 65",
        arguments: [
            (#"[{"name": "a", "name": "b"}]"#, "", "items.json:1:16: $[0].name: not valid JSON: the key \"name\" appears twice"),
            (#"[{"name": "a\ud800b"}]"#, "", "items.json:1:13: $[0].name: not valid JSON: the text has a lone UTF-16 surrogate (\\uD800)"),
            (#"[{"name": "a\udc00"}]"#, "", "lone UTF-16 surrogate"),
            (#"[{"name": "a"}, {"name": "b"}, {"name": "c"}]"#, "--max-entries 2", "more than 2 entries"),
            (
                #"[{"name": "a", "desc": "0123456789abcdef0123456789abcdef0123456789"}]"#, "--max-field-bytes 30",
                "$[0].desc: the text is 42 bytes, more than the 30 bytes"
            ),
        ])
    func catalogRefused(items: String, option: String, message: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try writeCatalog(poster: samplePoster, entries: [[String: String]](), in: folder)
        try Data(items.utf8).write(to: URL(fileURLWithPath: files.items))
        let outcome = try Self.shell(
            #""$BIN" --all --text-only --poster-file "# + RunningCommand.shellQuoted(files.poster)
                + " --items-file " + RunningCommand.shellQuoted(files.items) + " " + option + " --output "
                + Self.quoted(folder.appendingPathComponent("out")) + #"; echo "status=$?""#)
        #expect(outcome.output.contains("status=65"), "\(outcome.output)")
        #expect(outcome.output.contains(message), "\(outcome.output)")
        #expect(!outcome.output.contains("NSCocoaErrorDomain") && !outcome.output.contains("end of file"), "\(outcome.output)")
    }

    @Test("a surrogate pair is a character, not an error")
    func surrogatePairAccepted() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try writeCatalog(poster: samplePoster, entries: [[String: String]](), in: folder)
        try Data(#"[{"name": "a\ud83d\ude00"}]"#.utf8).write(to: URL(fileURLWithPath: files.items))
        let outcome = try Self.shell(
            #""$BIN" --list --poster-file "# + RunningCommand.shellQuoted(files.poster)
                + " --items-file " + RunningCommand.shellQuoted(files.items) + #"; echo "status=$?""#)
        #expect(outcome.output.contains("status=0"), "\(outcome.output)")
    }

    @Test(
        "an output or cache path under a file: one plain line naming the file, exit 73, no Cocoa domain",
        arguments: [
            "--output /etc/passwd/x", "--cache /etc/passwd/c --output \"$TMPDIR_OUT\"",
        ])
    func pathUnderFile(option: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // TMPDIR_OUT is set before the command, so that "$TMPDIR_OUT" in its arguments is the folder
        // (set in the command's own environment, the argument was empty: the current folder).
        let outcome = try Self.shell(
            "TMPDIR_OUT=" + Self.quoted(folder.appendingPathComponent("o")) + #"; "$BIN" --poster --text-only "#
                + option + #"; echo "status=$?""#)
        #expect(outcome.output.contains("status=73"), "\(outcome.output)")
        #expect(outcome.output.contains("/etc/passwd is a file, not a folder"), "\(outcome.output)")
        #expect(!outcome.output.contains("512"), "\(outcome.output)")
    }

    /// Whether this process may run commands as another user (root, with setpriv).
    static let canSwitchUser: Bool = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// Installs the binary with its resources under `folder` (scripts/install.sh), readable by
    /// any user, and returns the installed binary: the checkout itself may sit in a folder only
    /// root can enter (a clone inside `mktemp -d`, mode 700).
    static func installForAnyUser(in folder: URL) throws -> URL {
        let prefix = folder.appendingPathComponent("prefix")
        let install = try shell(
            "scripts/install.sh --prefix " + quoted(prefix) + #" --binary "$BIN" && chmod -R a+rX "#
                + quoted(prefix) + #"; echo "status=$?""#)
        try #require(install.output.contains("status=0"), "\(install.output)")
        return prefix.appendingPathComponent("bin/expo-narrate")
    }

    /// The shell words that point $BIN at the binary `installForAnyUser` installs in `folder`.
    static func binaryForAnyUser(in folder: URL) throws -> String {
        "export BIN=" + quoted(try installForAnyUser(in: folder)) + "; "
    }

    @Test(
        "a process limit that refuses every thread: exit 75 with the reason at once, no hang",
        .enabled(if: canSwitchUser, "needs root and setpriv to run as an ordinary user"))
    func processLimit() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        chmod(folder.path, 0o777)
        let outcome = try Self.shell(
            try Self.binaryForAnyUser(in: folder)
                + "setpriv --reuid=65534 --regid=65534 --clear-groups bash -c 'ulimit -u 1; exec \"$BIN\" --poster --quiet --output "
                + Self.quoted(folder.appendingPathComponent("out")) + #"'; echo "status=$?""#, timeout: 30)
        #expect(outcome.output.contains("status=75"), "\(outcome.output)")
        #expect(outcome.output.contains("refused a new thread"), "\(outcome.output)")
    }

    @Test(
        "a process limit that lets the run start but not its threads: exit 75 with the reason, no hang, no crash",
        .enabled(if: canSwitchUser, "needs root and setpriv to run as an ordinary user"), arguments: [2, 3])
    func processLimitPartway(processes: Int) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        chmod(folder.path, 0o777)
        // With 2, the speech server is made but not espeak-ng's thread (espeak-ng would abort
        // on it); with 3, a thread of the main process is refused too. Narration must not wait
        // for a thread that never comes (libdispatch retries one for ever). timeout, outside
        // the limit, bounds the test.
        let outcome = try Self.shell(
            try Self.binaryForAnyUser(in: folder)
                + "start=$(date +%s%N); timeout -s KILL 30 setpriv --reuid=65534 --regid=65534 --clear-groups bash -c 'ulimit -u \(processes); exec \"$BIN\" --poster --quiet --output "
                + Self.quoted(folder.appendingPathComponent("out")) + #"'; echo "status=$?"; echo "ms=$((($(date +%s%N) - start) / 1000000))""#, timeout: 60)
        let milliseconds = outcome.output.split(separator: "ms=").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 99_999
        #expect(outcome.output.contains("status=75"), "\(outcome.output)")
        #expect(outcome.output.contains("refused a new thread"), "\(outcome.output)")
        #expect(!outcome.output.contains("Assertion"), "espeak-ng aborted: \(outcome.output)")
        #expect(milliseconds < 10_000, "\(outcome.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/index.html").path))
    }

    /// A C compiler for the preloaded library below (the Swift toolchain brings clang).
    static let compiler: String? = ["/opt/swift/usr/bin/clang", "/usr/bin/clang", "/usr/bin/cc"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        "espeak-ng refused its thread after the speech server's own probe got one (another process took the slot): exit 75, the reason, no abort",
        .enabled(if: compiler != nil, "needs a C compiler to build the preloaded library"))
    func threadRefusedToEspeakOnly() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // In the speech server only, every pthread_create after the first fails: the server's
        // probe gets its thread, espeak-ng's queue thread is refused (as when another process of
        // the user's takes the last slot of a process limit in between).
        let source = folder.appendingPathComponent("refuse-thread.c")
        try #"""
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <errno.h>
        #include <fcntl.h>
        #include <pthread.h>
        #include <string.h>
        #include <unistd.h>
        static int calls;
        int pthread_create(pthread_t *thread, const pthread_attr_t *attributes, void *(*body)(void *), void *argument) {
            int (*real)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *) = dlsym(RTLD_NEXT, "pthread_create");
            char words[4096] = {0};
            int file = open("/proc/self/cmdline", O_RDONLY);
            ssize_t length = file < 0 ? 0 : read(file, words, sizeof words - 1);
            if (file >= 0) close(file);
            for (ssize_t at = 0; at < length; at += (ssize_t)strlen(words + at) + 1)
                if (strcmp(words + at, "_speech-server") == 0 && calls++ >= 1) return EAGAIN;
            return real(thread, attributes, body, argument);
        }
        """#.write(to: source, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("refuse-thread.so")
        let build = try Self.shell(Self.compiler! + " -shared -fPIC -o " + Self.quoted(library) + " " + Self.quoted(source) + #" -ldl; echo "status=$?""#)
        try #require(build.output.hasSuffix("status=0\n"), "\(build.output)")
        let outcome = try Self.shell(
            "LD_PRELOAD=" + Self.quoted(library) + #" "$BIN" --poster --quiet --output "#
                + Self.quoted(folder.appendingPathComponent("out")) + #"; echo "status=$?""#, timeout: 60)
        #expect(outcome.output.contains("status=75"), "\(outcome.output)")
        #expect(outcome.output.contains("espeak-ng stopped while starting the thread it needs (the system refused a new thread)"), "\(outcome.output)")
        #expect(!outcome.output.contains("Assertion"), "espeak-ng's abort reached the user: \(outcome.output)")
        #expect(!outcome.output.contains("crashed"), "\(outcome.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/index.html").path))
    }

    @Test("an address-space limit (ulimit -v): a clear status, no core file, no hang")
    func addressSpaceLimit() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The output folder is named in full, so that its default cache goes beside it (shell()).
        // (a temporary folder's path needs no quoting inside the single-quoted command).
        let outcome = try Self.shell(
            #"cd "# + Self.quoted(folder) + #" && bash -c 'ulimit -v 120000; exec "$BIN" --poster --quiet --output "#
                + folder.appendingPathComponent("out").path + #"'; echo "status=$?""#, timeout: 120)
        let status = outcome.output.split(separator: "status=").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? -1
        #expect(status >= 0 && status < 128, "\(outcome.output)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(!names.contains { $0.hasPrefix("core") }, "\(names)")
    }
}
