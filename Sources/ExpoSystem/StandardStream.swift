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
}
