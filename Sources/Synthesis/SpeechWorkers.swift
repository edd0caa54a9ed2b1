import ExpoModel
import ExpoSystem
import Foundation

/// The speech server's workers: one child forked per track (`ForkedWorker`), known by the
/// track's key until it ends, each ending said as the server's `done KEY STATUS HOW` line.
struct SpeechWorkers {
    private(set) var running: [pid_t: String] = [:]

    var isEmpty: Bool { running.isEmpty }

    /// Forks the worker of track `key`, which runs `work` and exits with its status. When no
    /// child can be made: the `done` line to send for it at once and the reason to record; a
    /// fork the system refused for want of processes or memory (EAGAIN, ENOMEM) ends with
    /// `WorkerPool.resourceRefusalStatus`, so that the run stops (75) instead of publishing
    /// the track as text.
    mutating func start(key: String, work: () -> Int32) -> (line: String, reason: String)? {
        do throws(SystemCallError) {
            running[try ForkedWorker.start(work)] = key
            return nil
        } catch {
            let status = [EAGAIN, ENOMEM].contains(error.code) ? WorkerPool.resourceRefusalStatus : 1
            return ("done \(key) \(status) exit", "cannot start a speech worker (\(error.reason))")
        }
    }

    /// The `done KEY STATUS HOW` line of every worker that has ended since the last call, HOW
    /// being `exit` or `signal`.
    mutating func reapEnded() -> [String] {
        var lines: [String] = []
        while !running.isEmpty, let (pid, ending) = ForkedWorker.reapAny() {
            guard let key = running.removeValue(forKey: pid) else { continue }
            lines.append("done \(key) \(ending.status) \(ending.bySignal ? "signal" : "exit")")
        }
        return lines
    }

    /// Stops the workers and waits for them for at most `seconds`, so that none outlives the
    /// server; whoever started the server kills what is left.
    mutating func stop(waitingAtMost seconds: Double) {
        let left = ForkedWorker.stop(Set(running.keys), waitingAtMost: seconds)
        running = running.filter { left.contains($0.key) }
    }
}
