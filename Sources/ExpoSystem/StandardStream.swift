import ExpoModel
import Glibc

/// Writes to stdout and stderr with write(2): no buffering that fails later, no Foundation
/// FileHandle (which traps on EPIPE or a closed descriptor), `EINTR` retried and short writes
/// completed. With SIGPIPE ignored (see `Interruption.install`), a reader that went away is
/// an error with the code EPIPE, never a crash.
public enum StandardStream {
    /// Writes all of `text` to `descriptor`. A failure is an `ExpoError` (`.io`) with the errno
    /// as its `code`: EPIPE when the reader closed its end (nobody wants more).
    public static func write(_ text: String, to descriptor: Int32) throws(ExpoError) {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if result < 0 {
                let code = errno
                if code == EINTR { continue }
                let name = descriptor == STDOUT_FILENO ? "standard output" : descriptor == STDERR_FILENO ? "standard error" : "descriptor \(descriptor)"
                throw ExpoError.system(file: name, operation: "write", code: code)
            }
            done += result
        }
        bytes.removeAll()
    }

    /// Writes `text` to stderr; a failure is dropped, as there is nowhere left to report it.
    public static func writeError(_ text: String) {
        try? write(text, to: STDERR_FILENO)
    }

    /// Calls `body` with each line read from `descriptor` (standard input), in order, without
    /// its "\n" or "\r\n", invalid UTF-8 repaired. A line longer than `limit` bytes is a
    /// `.data` error naming its number and the limit, raised as soon as it passes the limit,
    /// so a huge line is never held whole. A stop signal (a read cut by EINTR) ends the lines.
    public static func forEachLine(of descriptor: Int32, limit: Int, _ body: (String) throws -> Void) throws {
        var pending: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var number = 0
        func finish() throws {
            number += 1
            if pending.last == 13 { pending.removeLast() }
            try body(String(decoding: pending, as: UTF8.self))
            pending.removeAll(keepingCapacity: true)
        }
        while true {
            let count = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR, !Interruption.isRequested { continue }
                if code == EINTR { return }
                throw ExpoError.system(file: "standard input", operation: "read", code: code)
            }
            if count == 0 { break }
            var start = 0
            while start < count, let end = block.withUnsafeBytes({ lineEnd(in: $0, from: start, to: count) }) {
                pending.append(contentsOf: block[start..<end])
                guard pending.count <= limit else { throw lineTooLong(number + 1, limit: limit) }
                try finish()
                start = end + 1
            }
            pending.append(contentsOf: block[start..<count])
            guard pending.count <= limit else { throw lineTooLong(number + 1, limit: limit) }
        }
        if !pending.isEmpty { try finish() }
    }

    /// The index of the first "\n" in `bytes[start..<end]` (memchr), or nil.
    private static func lineEnd(in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
        guard let found = memchr(bytes.baseAddress! + start, 10, end - start) else { return nil }
        return UnsafeRawPointer(found) - bytes.baseAddress!
    }

    private static func lineTooLong(_ number: Int, limit: Int) -> ExpoError {
        ExpoError(
            .data,
            "Standard input's line \(number) is longer than \(limit >> 20) MB, the most a line may be (as for a curated text file); nothing after it was read",
            advice: "Split the text into shorter lines.")
    }
}
