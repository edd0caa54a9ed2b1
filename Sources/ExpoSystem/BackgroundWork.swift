import Foundation

/// Work started on a thread of its own and waited for once: lets a run write its text files
/// while speech is synthesised, and guide.wav while it writes its other files.
public final class BackgroundWork: @unchecked Sendable {
    // @unchecked Sendable: `failure` is written by the work's thread before it signals
    // `finished`, and read only after waiting for that signal.
    private let finished = DispatchSemaphore(value: 0)
    private var failure: Error?
    private var waited = false

    /// Starts `body` on a new thread at once.
    public init(_ body: @escaping @Sendable () throws -> Void) {
        let thread = Thread { [self] in
            do { try body() } catch { failure = error }
            finished.signal()
        }
        thread.start()
    }

    /// Returns once the work is done, rethrowing what it threw. Later calls return at once
    /// (and throw nothing).
    public func wait() throws {
        guard !waited else { return }
        waited = true
        finished.wait()
        if let failure { throw failure }
    }

    /// `wait()` for clean-up paths, which are already failing: the work's own error is dropped.
    public func waitQuietly() {
        try? wait()
    }
}
