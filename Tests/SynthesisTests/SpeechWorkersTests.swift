import ExpoModel
import ExpoSystem
import Foundation
import Testing

@testable import Synthesis

/// The speech server's side of its workers, with the children given through ExpoSystem's seam
/// (`SystemCalls.fork` and `waitpid`): no process is forked, so a child can die as the test says.
@Suite("Speech server's workers")
struct SpeechWorkersTests {
    /// The real calls with a fork that makes "child" `pid` (never running its work) and a wait
    /// that reports it ended with `status`.
    static func calls(child pid: pid_t, endsWith status: Int32) -> SystemCalls {
        var calls = SystemCalls.real
        calls.fork = { pid }
        calls.waitpid = { wanted, result, _ in
            guard wanted == -1 || wanted == pid else { return SystemCalls.failure(ECHILD) }
            result?.pointee = status
            return pid
        }
        return calls
    }

    @Test("a worker killed by a signal is reported as killed, and its track falls back with that reason")
    func workerKilledBySignal() {
        var workers = SpeechWorkers()
        let lines = SystemCalls.$current.withValue(Self.calls(child: 4242, endsWith: SystemCalls.waitStatus(killedBy: SIGKILL))) {
            let failure = workers.start(key: "track-1") {
                Issue.record("a worker's work runs only in the child")
                return 0
            }
            #expect(failure == nil)
            #expect(workers.running == [4242: "track-1"])
            return workers.reapEnded()
        }
        #expect(lines == ["done track-1 \(SIGKILL) signal"])
        #expect(workers.isEmpty)
        #expect(WorkerPool.reason(for: (SIGKILL, true)) == "the speech worker was killed by signal \(SIGKILL)")
    }

    @Test("a worker that cannot store its track exits 74, reported as an exit the pool treats as a full disk")
    func workerExitStatus() {
        var workers = SpeechWorkers()
        let lines = SystemCalls.$current.withValue(Self.calls(child: 77, endsWith: SystemCalls.waitStatus(exitedWith: 74))) {
            _ = workers.start(key: "k") { 0 }
            return workers.reapEnded()
        }
        #expect(lines == ["done k 74 exit"])
        #expect(WorkerPool.storageFailureStatus == 74)
    }

    @Test(
        "no worker can be forked for want of processes or memory (EAGAIN, ENOMEM): done at once with the resources status, which stops the run (75), never text"
    )
    func forkRefused() {
        for code in [EAGAIN, ENOMEM] {
            var calls = SystemCalls.real
            calls.fork = { SystemCalls.failure(code) }
            var workers = SpeechWorkers()
            let failure = SystemCalls.$current.withValue(calls) { workers.start(key: "k") { 0 } }
            #expect(failure?.line == "done k \(ExitStatus.resources.code) exit")
            #expect(failure?.reason == "cannot start a speech worker (\(ExpoError.systemReason(code)))")
            #expect(workers.isEmpty)
        }
        #expect(WorkerPool.resourceRefusalStatus == ExitStatus.resources.code)
        let error = ExpoError.resourcesRefused("cannot start a speech worker (\(ExpoError.systemReason(EAGAIN)))")
        #expect(ExitStatus(error.category, signal: 0) == .resources)
        #expect(error.message.contains("cannot start a speech worker"))
    }

    @Test("any other fork failure is the track's own (status 1)")
    func forkFailedOtherwise() {
        var calls = SystemCalls.real
        calls.fork = { SystemCalls.failure(ENOSYS) }
        var workers = SpeechWorkers()
        let failure = SystemCalls.$current.withValue(calls) { workers.start(key: "k") { 0 } }
        #expect(failure?.line == "done k 1 exit")
    }

    @Test("a worker that has not ended is not reported; stopping sends SIGTERM and reaps it")
    func stopWaitsForWorkers() {
        var calls = Self.calls(child: 31, endsWith: 0)
        let ended = LockedFlag()
        calls.waitpid = { _, _, _ in ended.isSet ? 31 : 0 }
        calls.kill = { pid, signal in
            if pid == 31 && signal == SIGTERM { ended.set() }
            return 0
        }
        var workers = SpeechWorkers()
        let lines = SystemCalls.$current.withValue(calls) {
            _ = workers.start(key: "k") { 0 }
            let before = workers.reapEnded()
            workers.stop(waitingAtMost: 1)
            return before
        }
        #expect(lines.isEmpty)
        #expect(ended.isSet && workers.isEmpty)
    }
}

/// A flag set from a `@Sendable` replacement call.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }

    func set() { lock.withLock { value = true } }
}
