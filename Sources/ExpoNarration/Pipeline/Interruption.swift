import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM, turned into a flag that long loops check, so a run stops within a
/// second, removes its temporary files and leaves the previous output as it was.
public enum Interruption {
    /// Set only by the signal handler and read by `isRequested`. A single aligned word written
    /// by one handler and read by polling is the pattern `sig_atomic_t` exists for; a late read
    /// costs at most one more chunk of work.
    nonisolated(unsafe) private static var signalNumber: Int32 = 0

    /// Installs the handlers, and ignores SIGXFSZ so that a file-size limit shows up as a
    /// write error (EFBIG) with a message instead of killing the process.
    ///
    /// Also unblocks SIGINT and SIGTERM: a process inherits its parent's blocked signals, and
    /// a parent that starts it from a libdispatch thread (a Swift test, a server) has them
    /// blocked, so without this the handlers would never run and the process would ignore
    /// a stop. Worker processes inherit the unblocked mask from this thread.
    public static func install() {
        Glibc.signal(SIGINT) { number in Interruption.signalNumber = number }
        Glibc.signal(SIGTERM) { number in Interruption.signalNumber = number }
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        Glibc.signal(SIGXFSZ, SIG_IGN)
        Glibc.signal(SIGPIPE, SIG_IGN)
    }

    /// Whether a stop was asked for.
    public static var isRequested: Bool { signalNumber != 0 }

    /// The signal received, or 0.
    public static var signal: Int32 { signalNumber }

    /// Throws `OutputError.interrupted` once a stop was asked for.
    public static func check() throws {
        if isRequested { throw OutputError.interrupted }
    }
}
