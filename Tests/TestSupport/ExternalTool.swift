import Foundation

/// Command-line tools the tests call (espeak-ng, lame, java, ffmpeg, the built binary …): found
/// on `PATH` and run to their end by the one process runner of the tests.
public enum ExternalTool {
    /// What a finished process left: its exit status and its standard output and error.
    public struct Outcome: Sendable {
        public let status: Int32
        public let output: Data
        public let errors: Data

        public var outputText: String { String(decoding: output, as: UTF8.self) }
        public var errorText: String { String(decoding: errors, as: UTF8.self) }
    }

    /// The tool `name` on `PATH`, or nil.
    public static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `tool` with `arguments` to its end: `input` on its standard input (written on a
    /// thread of its own), in `directory`, with `environment` (this process's when nil);
    /// standard error is read on a thread of its own, so that neither pipe filling up blocks it.
    public static func run(
        _ tool: URL, _ arguments: [String], input: Data, environment: [String: String]? = nil,
        directory: URL? = nil
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        Thread {
            if !input.isEmpty { stdin.fileHandleForWriting.write(input) }
            try? stdin.fileHandleForWriting.close()
        }.start()
        let errors = PipeCollector(stderr.fileHandleForReading)
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: output, errors: errors.finish())
    }

    /// Runs `tool`; returns its exit status and what it printed on standard output, then on
    /// standard error.
    @discardableResult
    public static func run(_ tool: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let outcome = try run(tool, arguments, input: Data())
        return (outcome.status, outcome.outputText + outcome.errorText)
    }
}

/// Reads a pipe on its own thread so a full pipe never blocks the child.
private final class PipeCollector: @unchecked Sendable {
    // `data` is written only by the reader thread and read only after `done` is signalled.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}
