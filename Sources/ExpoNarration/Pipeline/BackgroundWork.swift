import Foundation

/// Work started on a thread of its own and waited for once: lets a run write guide.wav while
/// it writes its other files, the core that would be idle at the end of a run doing it.
final class BackgroundWork: Sendable {
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `body` on a new thread at once.
    init(_ body: @escaping @Sendable () -> Void) {
        let finished = finished
        let thread = Thread {
            body()
            finished.signal()
        }
        thread.start()
    }

    /// Returns once the work is done. Call it exactly once.
    func wait() {
        finished.wait()
    }
}
