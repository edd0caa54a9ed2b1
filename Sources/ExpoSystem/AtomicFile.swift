import ExpoModel
import Foundation
import Glibc

/// The one way the tool writes a file whole or not at all: written under a private temporary
/// name beside it and renamed into place by `commit`, so that a reader, a crash or a second run
/// never sees half a file; `abandon` (or dropping an uncommitted writer) removes the temporary.
///
/// The temporary name is `.NAME.partial-PID`, or `.NAME.partial-PID-N` when that is taken (by
/// another writer of this process, or one a killed process left): it is created new
/// (O_CREAT | O_EXCL | O_NOFOLLOW), never reused and never opened through a link.
/// `temporaryName(of:)` recognises every such name, and `isAbandonedTemporary` one whose process
/// is gone, for the clean-up of leftovers.
public final class AtomicFile {
    /// How much of the file must be on the disk when `commit` returns.
    public enum Durability: Sendable {
        /// Nothing flushed (a scratch file, or files flushed together later).
        case none
        /// The file's bytes flushed before the rename.
        case file
        /// The bytes flushed before the rename and the folder's entry after it.
        case fileAndFolder
    }

    /// Where the finished file goes.
    public let path: String
    /// The path errors name (the file the user asked for).
    public let shownPath: String
    /// The hidden file written until `commit`.
    public let temporaryPath: String
    /// The open temporary file, for writing (at the end, or at an offset) and reading back.
    public let file: POSIXFile
    private var isOpen = true

    /// Creates the temporary file for `path`. Throws `ExpoError.system` naming `shownPath` when
    /// it cannot be created (no folder, no permission, no space).
    public init(_ path: String, shownAs shownPath: String? = nil) throws {
        self.path = path
        self.shownPath = shownPath ?? path
        (file, temporaryPath) = try Self.createTemporary(for: path, shownAs: self.shownPath)
    }

    deinit { abandon() }

    /// Flushes the file as `durability` asks, closes it and renames it into place. On failure
    /// the temporary file is removed and the destination left as it was.
    public func commit(_ durability: Durability) throws {
        guard isOpen else { throw ExpoError(.internal, "\(shownPath): the file was already finished or abandoned") }
        isOpen = false
        do {
            if durability != .none { try file.synchronize() }
        } catch {
            file.closeQuietly()
            FileTree.removeFileIfPresent(temporaryPath)
            throw error
        }
        do {
            try file.close()
        } catch {
            FileTree.removeFileIfPresent(temporaryPath)
            throw error
        }
        do {
            try FileTree.rename(temporaryPath, to: path)
        } catch {
            FileTree.removeFileIfPresent(temporaryPath)
            throw ExpoError.system(file: shownPath, operation: "move the finished file into place", code: error.code)
        }
        if durability == .fileAndFolder { POSIXFile.synchronizeFolder((path as NSString).deletingLastPathComponent) }
    }

    /// Closes and removes the temporary file; the destination is left untouched. Does nothing
    /// after `commit` or a first `abandon`.
    public func abandon() {
        guard isOpen else { return }
        isOpen = false
        file.closeQuietly()
        FileTree.removeFileIfPresent(temporaryPath)
    }

    /// Writes `data` to `file` whole (no flush: small files a crash may lose but never
    /// half-write). Throws `ExpoError.cannotWrite` naming `file`; nothing is left behind on
    /// failure.
    public static func write(_ data: Data, to file: URL) throws {
        do {
            let writer = try AtomicFile(file.path)
            try data.withUnsafeBytes { try writer.file.write($0) }
            try writer.commit(.none)
        } catch let error as ExpoError {
            throw ExpoError.cannotWrite(
                path: file.path, reason: error.code.map(ExpoError.systemReason) ?? error.message,
                code: error.code)
        }
    }

    /// Creates a new temporary file for `path` (`.NAME.partial-PID`, else `.NAME.partial-PID-N`
    /// with the first N whose name is free): a name already taken, by anyone or anything (a
    /// link, a folder), is passed over, never opened, followed or removed. Returns the open file
    /// and its name. Throws `ExpoError.system` naming `shownPath`.
    static func createTemporary(for path: String, shownAs shownPath: String) throws -> (POSIXFile, String) {
        try firstFreeName(for: path, shownAs: shownPath) { name throws(SystemCallError) in
            (try POSIXFile.openNew(name, shownAs: shownPath), name)
        }
    }

    /// Makes a new private folder (0700) for `path` by the same rule as `createTemporary` (a
    /// taken name is passed over, never reused); returns its path. Throws `ExpoError.system`
    /// naming `shownPath`.
    public static func makeTemporaryFolder(for path: String, shownAs shownPath: String) throws -> String {
        try firstFreeName(for: path, shownAs: shownPath) { name throws(SystemCallError) in
            try FileTree.makeFolder(name, permissions: 0o700)
            return name
        }
    }

    /// `make` called with each temporary name of `path` in turn until one is not taken (EEXIST).
    private static func firstFreeName<Made>(
        for path: String, shownAs shownPath: String,
        _ make: (String) throws(SystemCallError) -> Made
    ) throws -> Made {
        let folder = (path as NSString).deletingLastPathComponent
        let base = "." + (path as NSString).lastPathComponent + ".partial-\(getpid())"
        var attempt = 1
        while true {
            let candidate = (folder.isEmpty ? "" : folder + "/") + base + (attempt == 1 ? "" : "-\(attempt)")
            do throws(SystemCallError) {
                return try make(candidate)
            } catch  where error.code == EEXIST && attempt < 1000 {
                attempt += 1
            } catch {
                throw ExpoError.system(file: shownPath, operation: "create", code: error.code)
            }
        }
    }

    /// A private name beside `file` for this process (`.NAME.partial-PID`), for scratch files
    /// and folders that the leftover clean-up also recognises.
    public static func temporaryURL(for file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).partial-\(getpid())")
    }

    /// The final name and the writer's process of a temporary name (`.NAME.partial-PID` or
    /// `.NAME.partial-PID-N`); nil for any other name.
    public static func temporaryName(of name: String) -> (finalName: String, pid: Int32)? {
        guard name.hasPrefix("."), let range = name.range(of: ".partial-", options: .backwards) else { return nil }
        let parts = name[range.upperBound...].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let pid = Int32(parts[0]), parts.count == 1 || (Int(parts[1]).map { $0 > 1 } ?? false) else { return nil }
        return (String(name[name.index(after: name.startIndex)..<range.lowerBound]), pid)
    }

    /// Whether `name` is a temporary file of a process that no longer runs.
    public static func isAbandonedTemporary(_ name: String) -> Bool {
        guard let pid = temporaryName(of: name)?.pid else { return false }
        return pid != getpid() && !ProcessStatus.isRunning(pid)
    }
}
