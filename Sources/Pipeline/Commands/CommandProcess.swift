import ExpoModel
import ExpoSystem
import Foundation

/// The process a command runs in, as the command line uses it: stop signals, the standard
/// streams, the exit status of an error and the words for a failure. The executable reaches
/// the system through here and through Pipeline's other calls, never directly.
public enum CommandProcess {
    /// From now on a stop signal (SIGINT, SIGTERM, SIGHUP) ends the process at once: for a
    /// command that has written nothing yet, or writes nothing but standard output.
    public static func endAtOnceWhenStopped() {
        Interruption.installExiting()
    }

    /// From now on a stop signal is noted, and the run stops at its next step with
    /// `ExpoError.interrupted`, leaving what it published as it was.
    public static func stopBetweenSteps() {
        Interruption.install()
    }

    /// From now on writing to a pipe whose reader is gone is an error (EPIPE) that the command
    /// reports, never a SIGPIPE that kills the process.
    public static func ignoreBrokenPipes() {
        ProcessStatus.ignoreBrokenPipes()
    }

    /// Calls `body` with each line of standard input, in order; a line longer than
    /// `CuratedText.maximumBytes` is a `.data` error (see `StandardStream.forEachLine`).
    public static func forEachInputLine(_ body: (String) throws -> Void) throws {
        try StandardStream.forEachLine(of: STDIN_FILENO, limit: CuratedText.maximumBytes, body)
    }

    /// Whether a stop signal has come.
    public static var isStopRequested: Bool { Interruption.isRequested }

    /// Throws `ExpoError.interrupted` when a stop signal has come.
    public static func checkStop() throws {
        try Interruption.check()
    }

    /// The exit status of `error`: its category's, or the stop signal's for an interruption.
    public static func exitStatus(for error: any Error) -> ExitStatus {
        ExitStatus(of: error, signal: Interruption.signal)
    }

    /// A system that refuses threads (a process limit) is an error now, not a hang later
    /// inside a library that retries forever.
    public static func requireThreads() throws {
        try BackgroundWork {}.wait()
    }

    /// Writes `text` on standard error; a closed or full stream drops it.
    public static func writeError(_ text: String) {
        StandardStream.writeError(text)
    }

    /// Writes `text` on standard output, whole, or throws the system's error (its `code` the errno).
    public static func writeOutput(_ text: String) throws(ExpoError) {
        try StandardStream.write(text, to: STDOUT_FILENO)
    }

    /// Whether standard error is a terminal (an updating progress line) or not (plain lines).
    public static var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// The reason `error` gives, in plain words and without a final full stop.
    public static func reason(of error: any Error) -> String {
        ExpoError.reason(of: error)
    }

    /// The system's words for the errno `code`.
    public static func systemReason(_ code: Int32) -> String {
        ExpoError.systemReason(code)
    }
}
