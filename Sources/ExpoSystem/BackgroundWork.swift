import ExpoModel
import Foundation
import Glibc

/// Work started on a thread of its own and waited for once: lets a run write its text files
/// while speech is synthesized, and guide.wav while it writes its other files.
///
/// The thread is made with pthread_create and its result checked: when the system refuses a
/// thread (a process or address-space limit), the work does not run and `wait()` throws an
/// `ExpoError` of category `.resources` at once, instead of waiting for a thread that never was.
public final class BackgroundWork: @unchecked Sendable {
    // @unchecked Sendable: `failure` is written by the work's thread before it signals
    // `finished`, and read only after waiting for that signal.
    private let finished = DispatchSemaphore(value: 0)
    private var failure: Error?
    private var waited = false

    /// Starts `body` on a new thread at once.
    public init(_ body: @escaping @Sendable () throws -> Void) {
        let box = Unmanaged.passRetained(Job(work: self, body: body))
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // 8 MB by default; 1 MB is plenty for this work and spares an address-space limit.
        pthread_attr_setstacksize(&attributes, 1 << 20)
        defer { pthread_attr_destroy(&attributes) }
        var thread = pthread_t()
        let result = pthread_create(
            &thread, &attributes,
            { pointer in
                let job = Unmanaged<Job>.fromOpaque(pointer!).takeRetainedValue()
                job.run()
                return nil
            }, box.toOpaque())
        if result != 0 {
            box.release()
            failure = ExpoError(
                .resources, "The system refused a new thread (\(ExpoError.systemReason(result)))",
                advice: "Raise the limit on processes or memory (ulimit -u, ulimit -v), or run with fewer other programs.",
                code: result)
            finished.signal()
        }
    }

    /// What the thread runs: the body, then the signal.
    private final class Job {
        let work: BackgroundWork
        let body: @Sendable () throws -> Void

        init(work: BackgroundWork, body: @escaping @Sendable () throws -> Void) {
            self.work = work
            self.body = body
        }

        func run() {
            do { try body() } catch { work.failure = error }
            work.finished.signal()
        }
    }

    /// Returns once the work is done, rethrowing what it threw (or why it could not start).
    /// Later calls return at once (and throw nothing).
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
