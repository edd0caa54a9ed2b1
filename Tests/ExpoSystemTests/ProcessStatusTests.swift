import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import ExpoSystem

@Suite("ProcessStatus")
struct ProcessStatusTests {
    @Test("this process runs; a process that never was does not")
    func selfAndMissing() {
        #expect(ProcessStatus.isRunning(getpid()))
        #expect(!ProcessStatus.isRunning(Int32.max - 1))
    }

    @Test("a child that has ended but is not yet reaped (a zombie) counts as ended, and so does its group")
    func zombie() throws {
        let pid = try Self.spawnInOwnGroup(["/bin/true"])
        // Not reaped yet: wait until the kernel shows it as a zombie.
        var ended = false
        for _ in 0..<500 where !ended {
            ended = !ProcessStatus.isRunning(pid)
            if !ended { usleep(2_000) }
        }
        #expect(ended, "the ended child still counts as running")
        #expect(!ProcessStatus.groupIsRunning(pid))
        #expect(kill(pid, 0) == 0, "the zombie should still exist until it is reaped")
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        #expect(!ProcessStatus.isRunning(pid))
    }

    @Test("a running child's group is running until the child ends")
    func runningGroup() throws {
        let pid = try Self.spawnInOwnGroup(["/bin/sleep", "5"])
        #expect(ProcessStatus.isRunning(pid))
        #expect(ProcessStatus.groupIsRunning(pid))
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        #expect(!ProcessStatus.groupIsRunning(pid))
    }

    /// Starts `arguments` (an absolute path first) in a process group of its own; not reaped.
    static func spawnInOwnGroup(_ arguments: [String]) throws -> pid_t {
        var pid: pid_t = 0
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        try #require(posix_spawn(&pid, arguments[0], nil, &attributes, argv, environ) == 0)
        return pid
    }
}
