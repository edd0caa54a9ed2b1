import ExpoSystem
import Foundation

/// The crash tests' seam: with EXPO_NARRATE_KILL_AT_PUBLISH_STEP=N in the environment, the
/// process kills itself (SIGKILL) when publication reaches its Nth step, so that the tests can
/// check that a crash at any step leaves the old guide or the new one. It stays a variable of
/// the environment, not a closure a test sets, because what is killed is the binary itself, a
/// process of its own that another process watches publishing: nothing a test sets in its own
/// process reaches it. It exists only in debug builds (the ones the tests run; Package.swift
/// defines PUBLICATION_CRASH_SEAM for them): a release build, the one installed and packaged,
/// never reads the variable. Only publication counts steps.
enum PublicationSteps {
    #if PUBLICATION_CRASH_SEAM
        nonisolated(unsafe) private static var count = 0
        private static let killAt = ProcessInfo.processInfo.environment["EXPO_NARRATE_KILL_AT_PUBLISH_STEP"].flatMap { Int($0) }
    #endif

    /// Counts a step (publication runs on one thread).
    @inline(__always)
    static func reached() {
        #if PUBLICATION_CRASH_SEAM
            count += 1
            if let killAt, count == killAt { ProcessStatus.send(SIGKILL, to: ProcessInfo.processInfo.processIdentifier) }
        #endif
    }
}
