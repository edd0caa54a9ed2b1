import Foundation
import Glibc

/// The crash tests' seam: with EXPO_NARRATE_KILL_AT_PUBLISH_STEP=N in the environment, the
/// process kills itself (SIGKILL) when publication reaches its Nth step, so that the tests can
/// check that a crash at any step leaves the old guide or the new one. It stays a variable of
/// the environment, not a closure a test sets, because what is killed is the binary itself, a
/// process of its own that another process watches publishing: nothing a test sets in its own
/// process reaches it. Only publication counts steps; nothing else reads the variable.
enum PublicationSteps {
    nonisolated(unsafe) private static var count = 0
    private static let killAt = ProcessInfo.processInfo.environment["EXPO_NARRATE_KILL_AT_PUBLISH_STEP"].flatMap { Int($0) }

    /// Counts a step (publication runs on one thread).
    static func reached() {
        count += 1
        if let killAt, count == killAt { kill(getpid(), SIGKILL) }
    }
}
