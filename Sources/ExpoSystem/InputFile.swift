import ExpoModel
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Files the tool reads that someone else wrote (a curator's lexicon, a voice profile, a
/// catalog): opened without blocking (`O_NONBLOCK`), so that a named pipe, a device or a socket
/// at the file's name is refused at once instead of waiting forever for a writer, and read
/// only when the opened entry is a regular file, within a size limit.
public enum InputFile {
    /// Why a file cannot be read, in words for a message, and what to do about it.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// Why, in short: the system's words ("No such file or directory") or what the entry is.
        public let reason: String
        /// What to do about it.
        public let fix: String
        /// Why the file cannot be used, as a clause: "the file cannot be read (REASON)" or REASON.
        public let description: String

        init(reason: String, fix: String, read: Bool) {
            self.reason = reason
            self.fix = fix
            description = read ? "the file cannot be read (\(reason))" : reason
        }
    }

    /// Up to `limit` + 1 bytes of the regular file at `path` (one more than the limit, so the
    /// caller can tell a file over it); a `Failure` when it cannot be opened or is not a
    /// regular file. A symbolic link is followed unless `followingLinks` is false (then it is
    /// refused): a curator may link a file in.
    public static func contents(of path: String, limit: Int, followingLinks: Bool = true) throws(Failure) -> Data {
        let file = try openRegular(path, followingLinks: followingLinks).file
        defer { file.closeQuietly() }
        do {
            return try read(file, limit: limit)
        } catch {
            throw Failure(reason: ExpoError.reason(of: error), fix: "check that the file can be read", read: true)
        }
    }

    /// The regular file at `path`, opened for reading without blocking, and its size; a
    /// `Failure` saying what the entry is when it is not a regular file (a named pipe, a folder,
    /// a device; with `followingLinks` false, also a symbolic link, never opened through).
    /// The caller closes the file.
    public static func openRegular(_ path: String, followingLinks: Bool) throws(Failure) -> (file: POSIXFile, size: UInt64) {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
        let fd = POSIXFile.retryingEINTR { SystemCalls.current.open(path, flags, 0) }
        guard fd >= 0 else {
            if errno == ELOOP, !followingLinks, FileStatus.of(path)?.kind == .symbolicLink {
                throw Failure(reason: "it is a symbolic link, not a regular file", fix: "replace it with the file itself", read: false)
            }
            throw Failure(reason: ExpoError.systemReason(errno), fix: "check that the file exists and can be read", read: true)
        }
        let file = POSIXFile(descriptor: fd, path: path)
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            file.closeQuietly()
            throw Failure(reason: ExpoError.systemReason(code), fix: "check that the file can be read", read: true)
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            file.closeQuietly()
            throw Failure(
                reason: "it is \(kind(type)), not a regular file", fix: "replace it with a plain text file, or remove it",
                read: false)
        }
        return (file, UInt64(info.st_size))
    }

    /// Up to `limit` + 1 bytes of `file`, in blocks, so that a small file under a large limit
    /// takes little memory.
    private static func read(_ file: POSIXFile, limit: Int) throws -> Data {
        var data = Data()
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= limit {
            let wanted = min(block.count, limit + 1 - data.count)
            let count = try block.withUnsafeMutableBytes {
                try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted]), at: UInt64(data.count))
            }
            data.append(contentsOf: block[..<count])
            if count < wanted { break }
        }
        return data
    }

    /// What an entry of type `type` (from `st_mode`) is, for a message.
    private static func kind(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}

extension CuratedText {
    /// The lines of the curated file at `url`, read through `InputFile` (never blocking on a
    /// named pipe, refusing anything but a regular file) within `CuratedText.maximumBytes`.
    public static func lines(ofFile url: URL) throws(CuratedText.Failure) -> [Substring] {
        let data: Data
        do { data = try InputFile.contents(of: url.path, limit: maximumBytes) } catch {
            throw CuratedText.Failure(description: error.description, fix: error.fix)
        }
        return try lines(in: data)
    }
}
