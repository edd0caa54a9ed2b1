import Foundation

/// A started `expo-narrate` process that a test can watch, signal and wait for with a
/// deadline (CommandRunner.run only waits to the end).
final class RunningCommand: @unchecked Sendable {
    let process = Process()
    private let stderrPipe = Pipe()
    private let stdoutPipe = Pipe()
    // stderr is read as it comes (a test may wait for a progress line), under `lock`; stdout
    // is written by its reader thread and read after it signals.
    private let lock = NSLock()
    private var stderrData = Data()
    private var stdoutData = Data()
    private let readersDone = DispatchSemaphore(value: 0)

    /// Starts the binary with `arguments`; with `shellPrefix` (e.g. "ulimit -f 200;") through /bin/sh.
    init(_ arguments: [String], shellPrefix: String? = nil, directory: URL? = nil) throws {
        if let shellPrefix {
            let quoted = ([CommandRunner.binary.path] + arguments).map(Self.shellQuoted).joined(separator: " ")
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "\(shellPrefix) exec \(quoted)"]
        } else {
            process.executableURL = CommandRunner.binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory ?? CommandRunner.projectRoot
        process.environment = CommandRunner.environment(for: arguments, directory: directory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        try process.run()
        Thread { [self] in
            let handle = stderrPipe.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { stderrData.append(chunk) }
            }
            readersDone.signal()
        }.start()
        Thread { [self] in
            stdoutData = stdoutPipe.fileHandleForReading.readDataToEndOfFile()
            readersDone.signal()
        }.start()
    }

    var pid: Int32 { process.processIdentifier }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits until `condition` holds or `timeout` seconds pass; returns whether it held.
    @discardableResult
    static func wait(upTo timeout: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    /// Sends `signal` at a moment the test has seen rather than one it hopes for: the process
    /// is frozen (SIGSTOP), `stillHolds` is checked while it cannot move on, and only then is
    /// `signal` queued and the process resumed (SIGCONT), which handles it as it wakes.
    /// Returns the time it was resumed, or nil (resumed without the signal) when the moment
    /// had already passed.
    func signalWhileFrozen(_ signal: Int32, if stillHolds: () -> Bool) -> Date? {
        kill(pid, SIGSTOP)
        // SIGSTOP takes effect asynchronously: wait until every thread is stopped.
        Self.wait(upTo: 10) { !process.isRunning || isStopped }
        let holds = process.isRunning && isStopped && stillHolds()
        if holds { kill(pid, signal) }
        let resumed = Date()
        kill(pid, SIGCONT)
        return holds ? resumed : nil
    }

    /// Whether every thread of the process is stopped ("T" in /proc/PID/task/*/stat).
    private var isStopped: Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return !tasks.isEmpty
            && tasks.allSatisfy { task in
                let stat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8)) ?? ""
                guard let close = stat.lastIndex(of: ")") else { return true }  // the thread has gone
                return stat[stat.index(after: close)...].split(separator: " ").first == "T"
            }
    }

    /// Waits for the exit at most `timeout` seconds (then kills it); returns the status, or
    /// nil when it had to be killed.
    func waitForExit(timeout: Double) -> Int32? {
        let exited = Self.wait(upTo: timeout) { !process.isRunning }
        if !exited {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        readersDone.wait()
        readersDone.wait()
        return exited ? process.terminationStatus : nil
    }

    /// What the process has written to stderr so far (all of it once it has exited).
    var stderr: String { lock.withLock { String(decoding: stderrData, as: UTF8.self) } }
    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }

    /// The process ids of this process's children (its speech server).
    func childProcesses() -> [Int32] {
        Self.children(of: pid)
    }

    /// The process ids of the speech workers: the children of this process's children (the
    /// speech server forks one per track).
    func speechWorkers() -> [Int32] {
        childProcesses().flatMap(Self.children(of:))
    }

    private static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task -> [Int32] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Every file under a folder (relative paths, hidden ones included) with its bytes.
func snapshot(of folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return files }
    while let relative = enumerator.nextObject() as? String {
        let url = folder.appendingPathComponent(relative)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            files[relative] = (try? Data(contentsOf: url)) ?? Data()
        }
    }
    return files
}

/// Writes a catalog pair (poster object, entries array) as JSON files into `folder`.
func writeCatalog(poster: Any, entries: Any, in folder: URL) throws -> (poster: String, items: String) {
    let posterURL = folder.appendingPathComponent("poster.json")
    let itemsURL = folder.appendingPathComponent("items.json")
    try JSONSerialization.data(withJSONObject: poster, options: [.fragmentsAllowed]).write(to: posterURL)
    try JSONSerialization.data(withJSONObject: entries, options: [.fragmentsAllowed]).write(to: itemsURL)
    return (posterURL.path, itemsURL.path)
}

/// A valid poster object for tests that vary the entries.
var samplePoster: [String: Any] {
    [
        "title": "시험 박람회 1900", "visitors": 1200, "location": "서울", "duration": "1900. 04. 14 - 1900. 11. 12",
        "description": "시험용 설명입니다.",
    ]
}
