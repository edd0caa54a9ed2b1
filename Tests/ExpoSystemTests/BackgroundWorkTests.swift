import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import ExpoSystem

@Suite("BackgroundWork")
struct BackgroundWorkTests {
    struct Failure: Error, Equatable {}

    @Test("runs its work on another thread, and wait returns once it is done")
    func runsAndWaits() throws {
        let box = Box()
        let caller = pthread_self()
        let work = BackgroundWork {
            usleep(50_000)
            box.set(pthread_equal(pthread_self(), caller) == 0)
        }
        try work.wait()
        #expect(box.value == true)
    }

    @Test("wait rethrows what the work threw, once")
    func rethrowsOnce() {
        let work = BackgroundWork { throw Failure() }
        #expect(throws: Failure()) { try work.wait() }
        #expect(throws: Never.self) { try work.wait() }
    }

    @Test("waitQuietly waits without throwing")
    func quietly() {
        let box = Box()
        let work = BackgroundWork {
            usleep(20_000)
            box.set(true)
            throw Failure()
        }
        work.waitQuietly()
        #expect(box.value == true)
    }

    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Bool?
        var value: Bool? { lock.withLock { stored } }
        func set(_ value: Bool) { lock.withLock { stored = value } }
    }
}
