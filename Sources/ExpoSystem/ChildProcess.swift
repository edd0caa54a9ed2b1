import ExpoModel
import Foundation
import Glibc

/// This program started again as a helper process (the speech server, the check summary's
/// helper): the one owner of posix_spawn and of finding the program's own file.
public enum ChildProcess {
    /// This program's own file (/proc/self/exe, or the first argument where /proc is not
    /// mounted), for finding its resources and starting its helpers.
    public static var currentExecutable: URL {
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "expo-narrate"
        return URL(fileURLWithPath: path)
    }

    /// Starts `executable` with `arguments` in a process group of its own, with no signal
    /// blocked and every signal's default action, connected to this process by two pipes: the
    /// returned channel writes to its standard input and reads its standard output. This
    /// process's ends of the pipes stay out of any other child. Throws `ExpoError` with the
    /// `errno` as `code` when a pipe or the process cannot be made.
    public static func startConnected(_ executable: URL, arguments: [String]) throws -> (pid: pid_t, channel: LineChannel) {
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0 else { throw cannotStart(executable, errno) }
        guard pipe(&fromChild) == 0 else {
            let code = errno
            close(toChild[0])
            close(toChild[1])
            throw cannotStart(executable, code)
        }
        _ = fcntl(toChild[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromChild[0], F_SETFD, FD_CLOEXEC)
        // The child's ends are closed here once it has them.
        defer {
            close(toChild[0])
            close(fromChild[1])
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addclose(&actions, toChild[0])
        posix_spawn_file_actions_addclose(&actions, fromChild[1])

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = withChildAttributes(ownProcessGroup: true) { posix_spawn(&pid, executable.path, &actions, $0, argv, environ) }
        guard result == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw cannotStart(executable, result)
        }
        return (pid, LineChannel(input: fromChild[0], output: toChild[1]))
    }

    /// Runs `executable` with `arguments` and this process's environment with `environment`
    /// laid over it, sharing this process's standard descriptors, and waits for it to end.
    /// Returns how it ended; throws `ExpoError` with the `errno` as `code` when it cannot start.
    public static func run(_ executable: URL, arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, bySignal: Bool)
    {
        let pid = try spawn(executable, arguments: arguments, environment: environment, standardError: nil)
        // A blocking wait returns only once the child has ended.
        return ProcessStatus.reap(pid, blocking: true) ?? (-1, false)
    }

    /// The system's folder for temporary files: `TMPDIR`, else /tmp.
    public static var temporaryFolder: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// A child started by `startCapturingErrors`, running beside this process.
    public struct BackgroundChild: Sendable {
        /// Its process id.
        public let pid: pid_t
        /// The unnamed file its standard error goes to, read by `finish`.
        fileprivate let errorFile: Int32
        /// This process's end of the socket on the child's standard input, when it was started
        /// held (see `release`); -1 otherwise.
        fileprivate let hold: Int32
    }

    /// Starts `executable` as `run` does, but returns at once, with its standard error kept in an
    /// unnamed temporary file (no name is left behind, whatever ends this process) until
    /// `finish` hands it over, so that what it says comes after this process's own lines. The
    /// file is made in `temporaryFolder`, by default `TMPDIR` or /tmp. With `held`, its standard
    /// input is a stream socket from this process, which says nothing until `release` (a helper
    /// that waits there for its go-ahead); otherwise it shares this process's.
    /// Throws `ExpoError` with the `errno` as `code` when the file or the process cannot be made.
    public static func startCapturingErrors(
        _ executable: URL, arguments: [String],
        environment: [String: String] = [:],
        temporaryFolder: String? = nil, held: Bool = false
    ) throws -> BackgroundChild {
        let folder = temporaryFolder ?? Self.temporaryFolder
        let file = try POSIXFile.createUnnamed(in: folder, shownAs: folder).descriptor
        // A socket, not a pipe: `release` writes with MSG_NOSIGNAL, so a child that has ended
        // never raises SIGPIPE in a caller that does not ignore it.
        var hold: [Int32] = [-1, -1]
        if held {
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &hold) == 0 else {
                let code = errno
                close(file)
                throw ExpoError.system(file: executable.path, operation: "make a socket to start", code: code)
            }
        }
        // The child's end of the socket is closed here once it has it.
        defer { if hold[0] >= 0 { close(hold[0]) } }
        do {
            let pid = try spawn(
                executable, arguments: arguments, environment: environment, standardError: file,
                standardInput: held ? hold[0] : nil)
            return BackgroundChild(pid: pid, errorFile: file, hold: hold[1])
        } catch {
            close(file)
            if hold[1] >= 0 { close(hold[1]) }
            throw error
        }
    }

    /// Lets a child started held go on: one line ("go") on its standard input, then its end.
    /// Does nothing for a child not held or already released; a child that has ended is no error.
    public static func release(_ child: inout BackgroundChild) {
        guard child.hold >= 0 else { return }
        let line: [UInt8] = Array("go\n".utf8)
        _ = line.withUnsafeBytes { send(child.hold, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
        close(child.hold)
        child = BackgroundChild(pid: child.pid, errorFile: child.errorFile, hold: -1)
    }

    /// In a child started held: waits for `release`'s line on standard input. False when the
    /// input ended without it (the parent is gone, or stopped it before letting it go).
    public static func waitUntilReleased() -> Bool {
        var byte: UInt8 = 0
        while true {
            let count = read(0, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return false }
            if byte == UInt8(ascii: "\n") { return true }
        }
    }

    /// Waits for `child` to end; how it ended (nil when it could not be waited for) and what it
    /// wrote to its standard error.
    public static func finish(_ child: BackgroundChild) -> (ending: (status: Int32, bySignal: Bool)?, errors: String) {
        var child = child
        release(&child)
        let ending = ProcessStatus.reap(child.pid, blocking: true)
        defer { close(child.errorFile) }
        var text = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var offset: off_t = 0
        while true {
            let count = pread(child.errorFile, &buffer, buffer.count, offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            text.append(contentsOf: buffer[..<count])
            offset += off_t(count)
        }
        return (ending, String(decoding: text, as: UTF8.self))
    }

    /// Stops `child` (SIGTERM), waits for it and drops what it wrote.
    public static func stop(_ child: BackgroundChild) {
        kill(child.pid, SIGTERM)
        if child.hold >= 0 { close(child.hold) }
        _ = ProcessStatus.reap(child.pid, blocking: true)
        close(child.errorFile)
    }

    /// posix_spawn of `executable` with this process's environment and `environment` over it,
    /// its standard error on `standardError` and its standard input on `standardInput` when given.
    private static func spawn(
        _ executable: URL, arguments: [String], environment: [String: String],
        standardError: Int32?, standardInput: Int32? = nil
    ) throws -> pid_t {
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardError { posix_spawn_file_actions_adddup2(&actions, standardError, 2) }
        if let standardInput { posix_spawn_file_actions_adddup2(&actions, standardInput, 0) }
        // `stop`'s SIGTERM must end the child, whatever this process blocks or ignores.
        var pid: pid_t = 0
        let started = withChildAttributes(ownProcessGroup: false) { posix_spawn(&pid, executable.path, &actions, $0, argv, envp) }
        guard started == 0 else { throw cannotStart(executable, started) }
        return pid
    }

    /// Calls `spawn` with attributes that give the child no blocked signal and every signal's
    /// default action (and, when asked, a process group of its own).
    private static func withChildAttributes(
        ownProcessGroup: Bool,
        _ spawn: (UnsafePointer<posix_spawnattr_t>) -> Int32
    ) -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        return spawn(&attributes)
    }

    private static func cannotStart(_ executable: URL, _ code: Int32) -> ExpoError {
        .system(file: executable.path, operation: "start it", code: code)
    }
}
