import CSystemShim
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether processes still run, for deciding which temporary files are abandoned. A zombie
/// (ended, not yet reaped by its parent) counts as ended: it can write nothing more. Workers
/// whose server was killed are reaped by init, which may take its time.
public enum ProcessStatus {
    /// Whether process `pid` exists and is not a zombie.
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard SystemCalls.current.kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let fields = statFields(of: "\(pid)") else { return true }
        return fields.first != "Z"
    }

    /// Whether a process of process group `group` exists and is not a zombie.
    public static func groupIsRunning(_ group: pid_t) -> Bool {
        guard SystemCalls.current.kill(-group, 0) == 0 else { return false }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries where entry.first?.isNumber == true {
            guard let fields = statFields(of: entry) else { continue }
            if fields.count > 2, fields[2] == "\(group)", fields[0] != "Z" { return true }
        }
        return false
    }

    /// How `pid` (a child of this process) ended: its exit status, or the signal that ended it
    /// (`bySignal`); nil while it runs (only when not `blocking`).
    @discardableResult
    public static func reap(_ pid: pid_t, blocking: Bool) -> (status: Int32, bySignal: Bool)? {
        var status: Int32 = 0
        while true {
            let result = SystemCalls.current.waitpid(pid, &status, blocking ? 0 : Int32(WNOHANG))
            if result == pid { break }
            if result == 0 { return nil }
            if errno == EINTR { continue }
            return (-1, false)  // not our child any more: nothing to wait for
        }
        return ending(status)
    }

    /// A wait status as exit status or the signal that ended the process.
    public static func ending(_ status: Int32) -> (status: Int32, bySignal: Bool) {
        expo_exited_normally(status) == 1 ? (expo_exit_status(status), false) : (expo_terminating_signal(status), true)
    }

    /// The fields of /proc/PID/stat after "pid (name)": state, ppid, pgrp, …
    private static func statFields(of pid: String) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }
}

extension ProcessStatus {
    /// Sends `signal` to process `pid` (through `SystemCalls`); false when it cannot be sent.
    @discardableResult
    public static func send(_ signal: Int32, to pid: pid_t) -> Bool {
        SystemCalls.current.kill(pid, signal) == 0
    }

    /// Sends `signal` to every process of process group `group`.
    @discardableResult
    public static func send(_ signal: Int32, toGroup group: pid_t) -> Bool {
        SystemCalls.current.kill(-group, signal) == 0
    }

    /// Sleeps for `milliseconds` (between polls of a child's end).
    public static func pause(milliseconds: Int) {
        usleep(useconds_t(milliseconds * 1000))
    }

    /// Makes writing to a pipe whose reader is gone an error (EPIPE) rather than a signal that
    /// ends this process.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}
