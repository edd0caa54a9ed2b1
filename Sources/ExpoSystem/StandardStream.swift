import ExpoModel
#if canImport(Glibc)
import Glibc
#endif

/// Writes to stdout and stderr with write(2): no buffering that fails later, no Foundation
/// FileHandle (which traps on EPIPE or a closed descriptor), `EINTR` retried and short writes
/// completed. With SIGPIPE ignored (see `Interruption.install`), a reader that went away is
/// the error `readerGone`, never a crash.
public enum StandardStream {
    /// Why a write did not complete.
    public enum Failure: Error, Equatable {
        /// The reader closed its end (EPIPE): nobody wants more.
        case readerGone
        /// Any other write error, with its errno.
        case failed(Int32)
    }

    /// Writes all of `text` to `descriptor`.
    public static func write(_ text: String, to descriptor: Int32) throws(Failure) {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if result < 0 {
                let code = errno
                if code == EINTR { continue }
                throw code == EPIPE ? .readerGone : .failed(code)
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
