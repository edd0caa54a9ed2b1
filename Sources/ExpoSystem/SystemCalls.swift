import CSystemShim
import ExpoModel
import Foundation
import Glibc

/// The one seam between the tool and the kernel: the system calls behind ExpoSystem's files,
/// folders, atomic writes and forked workers, as function values that default to the real
/// calls. Each returns what its C call returns and sets `errno` as it does. A test replaces some
/// of them for the work it runs (`SystemCalls.$current.withValue(calls) { … }`), so that a
/// failing rename, a full disk or a child that dies is tested in its own process; the value is
/// task-local, so tests running beside it keep the real calls.
public struct SystemCalls: Sendable {
    /// open(2).
    public var open: @Sendable (_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32
    /// close(2).
    public var close: @Sendable (_ descriptor: Int32) -> Int32
    /// write(2).
    public var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
    /// pwrite(2).
    public var writeAt: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ offset: off_t) -> Int
    /// fsync(2).
    public var fsync: @Sendable (_ descriptor: Int32) -> Int32
    /// lstat (`following` false) or stat.
    public var status: @Sendable (_ path: String, _ following: Bool, _ result: UnsafeMutablePointer<stat>) -> Int32
    /// access(2).
    public var access: @Sendable (_ path: String, _ mode: Int32) -> Int32
    /// mkdir(2).
    public var mkdir: @Sendable (_ path: String, _ mode: mode_t) -> Int32
    /// rmdir(2).
    public var rmdir: @Sendable (_ path: String) -> Int32
    /// unlink(2).
    public var unlink: @Sendable (_ path: String) -> Int32
    /// rename(2).
    public var rename: @Sendable (_ source: String, _ target: String) -> Int32
    /// renameat2 with RENAME_NOREPLACE.
    public var renameWithoutReplacing: @Sendable (_ source: String, _ target: String) -> Int32
    /// renameat2 with RENAME_EXCHANGE.
    public var exchange: @Sendable (_ first: String, _ second: String) -> Int32
    /// link(2).
    public var link: @Sendable (_ existing: String, _ new: String) -> Int32
    /// symlink(2).
    public var symlink: @Sendable (_ destination: String, _ path: String) -> Int32
    /// chmod(2).
    public var chmod: @Sendable (_ path: String, _ mode: mode_t) -> Int32
    /// fork(2).
    public var fork: @Sendable () -> pid_t
    /// waitpid(2).
    public var waitpid: @Sendable (_ pid: pid_t, _ status: UnsafeMutablePointer<Int32>?, _ options: Int32) -> pid_t
    /// kill(2).
    public var kill: @Sendable (_ pid: pid_t, _ signal: Int32) -> Int32

    /// The kernel's own calls.
    public static let real = SystemCalls(
        open: { Glibc.open($0, $1, $2) },
        close: { Glibc.close($0) },
        write: { Glibc.write($0, $1, $2) },
        writeAt: { Glibc.pwrite($0, $1, $2, $3) },
        fsync: { Glibc.fsync($0) },
        status: { path, following, result in following ? statFollowing(path, result) : Glibc.lstat(path, result) },
        access: { Glibc.access($0, $1) },
        mkdir: { Glibc.mkdir($0, $1) },
        rmdir: { Glibc.rmdir($0) },
        unlink: { Glibc.unlink($0) },
        rename: { Glibc.rename($0, $1) },
        renameWithoutReplacing: { expo_rename_noreplace($0, $1) },
        exchange: { expo_rename_exchange($0, $1) },
        link: { Glibc.link($0, $1) },
        symlink: { Glibc.symlink($0, $1) },
        chmod: { Glibc.chmod($0, $1) },
        fork: { Glibc.fork() },
        waitpid: { Glibc.waitpid($0, $1, $2) },
        kill: { Glibc.kill($0, $1) })

    /// The calls in effect for the running task: the real ones unless a test replaced them.
    @TaskLocal public static var current = SystemCalls.real

    /// What a failing call does: sets `errno` to `code` and returns -1 (for replacements).
    public static func failure(_ code: Int32) -> Int32 {
        errno = code
        return -1
    }

    /// A wait status for a child ended by `signal` (for replacements of `waitpid`).
    public static func waitStatus(killedBy signal: Int32) -> Int32 { signal & 0x7f }

    /// A wait status for a child that exited with `status` (for replacements of `waitpid`).
    public static func waitStatus(exitedWith status: Int32) -> Int32 { (status & 0xff) << 8 }
}

/// A system call's failure: its `errno`, for the caller to decide on (EEXIST, ENOENT, …).
public struct SystemCallError: Error, Equatable, Sendable {
    /// The errno value.
    public let code: Int32

    /// The failure with errno `code`.
    public init(_ code: Int32) {
        self.code = code
    }

    /// The failure of the call that just returned -1.
    static var last: SystemCallError { SystemCallError(errno) }

    /// The system's text for it (strerror).
    public var reason: String { ExpoError.systemReason(code) }
}

// At file scope, `stat` names the call, not the structure.
private func statFollowing(_ path: String, _ result: UnsafeMutablePointer<stat>) -> Int32 {
    stat(path, result)
}
