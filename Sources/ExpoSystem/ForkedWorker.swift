import ExpoModel
import Foundation
import Glibc

/// Children forked from this process to do one piece of work each with what this process has
/// loaded (the speech server's workers): started through `SystemCalls.fork`, reaped through
/// `SystemCalls.waitpid`, so a test can give them a child that dies.
public enum ForkedWorker {
    /// Forks a child that takes the default action for SIGCHLD, has /dev/null as its standard
    /// input and output (no part in its parent's conversation), runs `work` and exits with the
    /// status it returns, never returning here. Returns the child's process id in the parent;
    /// the fork's errno when no child could be made.
    public static func start(_ work: () -> Int32) throws(SystemCallError) -> pid_t {
        let pid = SystemCalls.current.fork()
        if pid == 0 {
            Glibc.signal(SIGCHLD, SIG_DFL)
            let null = Glibc.open("/dev/null", O_RDWR)
            dup2(null, 0)
            dup2(null, 1)
            _exit(work())
        }
        guard pid > 0 else { throw .last }
        return pid
    }

    /// A child of this process that has ended, and how, without waiting; nil when none has.
    /// The ending is its exit status, or the signal that ended it (`bySignal`).
    public static func reapAny() -> (pid: pid_t, ending: (status: Int32, bySignal: Bool))? {
        var status: Int32 = 0
        let pid = SystemCalls.current.waitpid(-1, &status, Int32(WNOHANG))
        guard pid > 0 else { return nil }
        return (pid, ProcessStatus.ending(status))
    }

    /// Asks the children `pids` to stop (SIGTERM) and reaps them for at most `seconds`; returns
    /// those that had not ended by then.
    public static func stop(_ pids: Set<pid_t>, waitingAtMost seconds: Double) -> Set<pid_t> {
        var running = pids
        for pid in running { _ = SystemCalls.current.kill(pid, SIGTERM) }
        let deadline = Date().addingTimeInterval(seconds)
        while !running.isEmpty, Date() < deadline {
            let pid = SystemCalls.current.waitpid(-1, nil, Int32(WNOHANG))
            if pid > 0 { running.remove(pid) } else { usleep(2_000) }
        }
        return running
    }
}
