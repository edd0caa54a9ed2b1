import ExpoModel
import Foundation
import Glibc

/// Changes to single entries, each one system call through `SystemCalls`, failing with its
/// errno (`SystemCallError`) for the caller to decide on. Nothing here follows a symbolic link
/// except where the name says so.
extension FileTree {
    /// Creates the folder `path` (its parent must exist) with `permissions`.
    public static func makeFolder(_ path: String, permissions: UInt32) throws(SystemCallError) {
        guard SystemCalls.current.mkdir(path, mode_t(permissions)) == 0 else { throw .last }
    }

    /// Removes the empty folder `path`.
    public static func removeFolder(_ path: String) throws(SystemCallError) {
        guard SystemCalls.current.rmdir(path) == 0 else { throw .last }
    }

    /// Removes the name `path` (a file, a link, never a folder).
    public static func removeFile(_ path: String) throws(SystemCallError) {
        guard SystemCalls.current.unlink(path) == 0 else { throw .last }
    }

    /// Removes the name `path` if it is there, ignoring failure (clean-up of what may be gone).
    public static func removeFileIfPresent(_ path: String) {
        _ = SystemCalls.current.unlink(path)
    }

    /// Renames `source` to `target`, replacing a file there (rename).
    public static func rename(_ source: String, to target: String) throws(SystemCallError) {
        guard SystemCalls.current.rename(source, target) == 0 else { throw .last }
    }

    /// Renames `source` to `target` unless `target` exists (renameat2 RENAME_NOREPLACE; EEXIST:
    /// the target exists).
    public static func renameWithoutReplacing(_ source: String, to target: String) throws(SystemCallError) {
        guard SystemCalls.current.renameWithoutReplacing(source, target) == 0 else { throw .last }
    }

    /// Swaps two existing paths in one step (renameat2 RENAME_EXCHANGE; EINVAL, ENOSYS,
    /// EOPNOTSUPP: the file system cannot exchange).
    public static func exchange(_ first: String, _ second: String) throws(SystemCallError) {
        guard SystemCalls.current.exchange(first, second) == 0 else { throw .last }
    }

    /// Makes `new` a hard link to the file `existing` (EEXIST: `new` exists).
    public static func hardLink(_ existing: String, as new: String) throws(SystemCallError) {
        guard SystemCalls.current.link(existing, new) == 0 else { throw .last }
    }

    /// Makes `path` a symbolic link to `destination`.
    public static func symbolicLink(to destination: String, at path: String) throws(SystemCallError) {
        guard SystemCalls.current.symlink(destination, path) == 0 else { throw .last }
    }

    /// What the symbolic link `path` names, or nil when it is not one.
    public static func linkDestination(of path: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    }

    /// Sets the permission bits of `path` (following a link).
    public static func setPermissions(_ path: String, _ permissions: UInt32) throws(SystemCallError) {
        guard SystemCalls.current.chmod(path, mode_t(permissions)) == 0 else { throw .last }
    }

    /// Gives `path` (not following a link) the access and modification times of `status`.
    public static func copyTimes(of status: FileStatus, to path: String) {
        var times = [status.accessed, status.modified]
        utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW)
    }

    /// Why this process cannot write in `path` (access W_OK, with `searching` also X_OK), or nil
    /// when it can.
    public static func writeRefusal(_ path: String, searching: Bool = false) -> SystemCallError? {
        SystemCalls.current.access(path, W_OK | (searching ? X_OK : 0)) == 0 ? nil : .last
    }

    /// Creates `path`, which must not exist (never through a symbolic link), with `data`,
    /// flushed to the disk. Throws `ExpoError.system` with the errno as `code`.
    public static func writeNew(_ data: Data, to path: String) throws {
        let file: POSIXFile
        do throws(SystemCallError) {
            file = try POSIXFile.openNew(path, shownAs: path)
        } catch {
            throw ExpoError.system(file: path, operation: "create", code: error.code)
        }
        do {
            try data.withUnsafeBytes { try file.write($0) }
            try file.synchronize()
        } catch {
            file.closeQuietly()
            throw error
        }
        try file.close()
    }

    /// The home folder of this process's user in the password database (for when HOME is unset).
    public static var accountHome: String? {
        guard let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}
