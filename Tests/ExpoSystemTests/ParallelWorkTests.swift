import ExpoSystem
import Foundation
import Testing

@Suite("ParallelWork")
struct ParallelWorkTests {
    /// Counts calls per index and the most calls running at once.
    final class Tally: @unchecked Sendable {
        // @unchecked Sendable: every field is used under `lock`.
        let lock = NSLock()
        var calls: [Int]
        var running = 0
        var mostRunning = 0

        init(_ count: Int) { calls = Array(repeating: 0, count: count) }

        func enter(_ index: Int) {
            lock.withLock {
                calls[index] += 1
                running += 1
                mostRunning = max(mostRunning, running)
            }
        }

        func leave() { lock.withLock { running -= 1 } }
    }

    @Test("every iteration runs exactly once, whatever the number of threads", arguments: [1, 2, 3, 8, 100])
    func everyIterationOnce(threads: Int) {
        let tally = Tally(37)
        ParallelWork.forEach(37, threads: threads) { index in
            tally.enter(index)
            tally.leave()
        }
        #expect(tally.calls == Array(repeating: 1, count: 37))
        #expect(tally.running == 0)
    }

    @Test("with two threads, two iterations run at the same time; with one, never")
    func concurrency() {
        for (threads, expected) in [(2, 2), (1, 1)] {
            let tally = Tally(6)
            ParallelWork.forEach(6, threads: threads) { index in
                tally.enter(index)
                usleep(50_000)
                tally.leave()
            }
            #expect(tally.mostRunning == expected, "threads: \(threads)")
        }
    }

    @Test("no iterations: the body is never called")
    func empty() {
        let tally = Tally(0)
        ParallelWork.forEach(0) { _ in tally.lock.withLock { tally.running += 1 } }
        #expect(tally.running == 0)
    }
}
