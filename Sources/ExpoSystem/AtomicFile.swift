import ExpoModel
import Foundation

/// Small files written whole or not at all: written under a private temporary name
/// (`.NAME.partial-PID`, which `isAbandonedTemporary` recognises once its process is gone)
/// and renamed into place, so that a reader, a crash or a second run never sees half a file.
public enum AtomicFile {
    /// The private temporary name of `file` for this process.
    public static func temporaryURL(for file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).partial-\(getpid())")
    }

    /// Writes `data` to `file` under a temporary name, then renames it. Throws
    /// `ExpoError.cannotWrite` naming `file`; nothing is left behind on failure.
    public static func write(_ data: Data, to file: URL) throws {
        let temporary = temporaryURL(for: file)
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw ExpoError.cannotWrite(path: file.path, reason: ExpoError.reason(of: error))
        }
        guard rename(temporary.path, file.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw ExpoError.cannotWrite(path: file.path, code: code)
        }
    }

    /// Whether `name` is a temporary file of a process that no longer runs.
    public static func isAbandonedTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), let range = name.range(of: ".partial-", options: .backwards),
              let pid = Int32(name[range.upperBound...]) else { return false }
        return pid != getpid() && !ProcessStatus.isRunning(pid)
    }
}
