import CSystemShim
import ExpoModel
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP, turned into a flag that long loops check, so a run stops within
/// a second, removes its temporary files and leaves the previous output as it was. The flag
/// is a C `volatile sig_atomic_t` written only by the handler (see CSystemShim).
public enum Interruption {
    /// Installs the handlers, and ignores SIGXFSZ so that a file-size limit shows up as a
    /// write error (EFBIG) with a message instead of killing the process, and SIGPIPE so that
    /// a closed reader is an ordinary write error (EPIPE).
    ///
    /// Also unblocks the stop signals: a process inherits its parent's blocked signals, and
    /// a parent that starts it from a libdispatch thread (a Swift test, a server) has them
    /// blocked, so without this the handlers would never run and the process would ignore
    /// a stop. Worker processes inherit the unblocked mask from this thread.
    public static func install() {
        expo_install_stop_handlers()
        unblockAndIgnore()
    }

    /// Like `install`, but a stop signal ends the process at once with status 128 + the signal:
    /// for phases that have written nothing and may sit in one long call (reading a large
    /// catalog, listing it), so that they stop within a second at any input size.
    public static func installExiting() {
        expo_install_exiting_stop_handlers()
        unblockAndIgnore()
    }

    private static func unblockAndIgnore() {
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        // SIGALRM too: it carries the deadline of a stop (see CSystemShim).
        for number in [SIGINT, SIGTERM, SIGHUP, SIGALRM] { sigaddset(&stopSignals, number) }
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        Glibc.signal(SIGXFSZ, SIG_IGN)
        Glibc.signal(SIGPIPE, SIG_IGN)
    }

    /// Whether a stop was asked for.
    public static var isRequested: Bool { expo_stop_signal() != 0 }

    /// The signal received, or 0.
    public static var signal: Int32 { expo_stop_signal() }

    /// Throws `ExpoError.interrupted` once a stop was asked for.
    public static func check() throws {
        if isRequested { throw ExpoError.interrupted }
    }
}
