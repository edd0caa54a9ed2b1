import ExpoModel
import Foundation
import Glibc

/// What the system says about one entry (lstat, or stat through links): its kind,
/// permissions, identity, owner, size and times. The stages examine entries only through it.
public struct FileStatus: Equatable, Sendable {
    /// An entry's kind.
    public enum Kind: Equatable, Sendable {
        case regular, folder, symbolicLink, pipe, socket, device
    }

    /// What the entry is.
    public let kind: Kind
    /// The permission bits (mode & 0o7777).
    public let permissions: UInt32
    /// The file system's device and the entry's inode: together, which file it is.
    public let device: UInt64
    public let inode: UInt64
    /// The owner's user id.
    public let owner: UInt32
    /// The size in bytes.
    public let size: UInt64
    /// Last access and last modification, as the system keeps them (for copying them).
    let accessed: timespec, modified: timespec

    /// Seconds since 1970 of the last modification.
    public var modifiedSeconds: Int { modified.tv_sec }
    /// The nanoseconds of the last modification within its second.
    public var modifiedNanoseconds: Int { modified.tv_nsec }

    /// The status of `path` itself (a symbolic link is not followed), or with `followingLinks`
    /// of what it leads to; the failure's errno (ENOENT: nothing there) otherwise.
    public static func read(_ path: String, followingLinks: Bool = false) -> Result<FileStatus, SystemCallError> {
        var status = stat()
        guard SystemCalls.current.status(path, followingLinks, &status) == 0 else { return .failure(.last) }
        return .success(FileStatus(status))
    }

    /// The status of `path` (not following a link), or nil when it cannot be read.
    public static func of(_ path: String, followingLinks: Bool = false) -> FileStatus? {
        try? read(path, followingLinks: followingLinks).get()
    }

    init(_ status: stat) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .pipe
        case S_IFSOCK: kind = .socket
        default: kind = .device
        }
        permissions = UInt32(status.st_mode & 0o7777)
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        owner = status.st_uid
        size = UInt64(status.st_size)
        accessed = status.st_atim
        modified = status.st_mtim
    }

    public static func == (lhs: FileStatus, rhs: FileStatus) -> Bool {
        lhs.kind == rhs.kind && lhs.permissions == rhs.permissions && lhs.device == rhs.device && lhs.inode == rhs.inode
            && lhs.owner == rhs.owner && lhs.size == rhs.size && lhs.accessed.tv_sec == rhs.accessed.tv_sec
            && lhs.accessed.tv_nsec == rhs.accessed.tv_nsec && lhs.modified.tv_sec == rhs.modified.tv_sec
            && lhs.modified.tv_nsec == rhs.modified.tv_nsec
    }

    /// Whether both are the same file (device and inode).
    public func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }

    /// "a folder", "a named pipe", … in the words of a message.
    public var kindInWords: String {
        switch kind {
        case .folder: "a folder"
        case .symbolicLink: "a symbolic link"
        case .pipe: "a named pipe"
        case .socket: "a socket"
        case .device: "a device"
        case .regular: "a file"
        }
    }

    /// When `path` is a symbolic link that leads nowhere usable: why (ELOOP: a loop, ENOENT:
    /// it names nothing) and what it names ("?" when it cannot be read); nil otherwise.
    public static func brokenLink(at path: String) -> (code: Int32, target: String)? {
        guard of(path)?.kind == .symbolicLink, case .failure(let error) = read(path, followingLinks: true) else { return nil }
        return (error.code, FileTree.linkDestination(of: path) ?? "?")
    }

    /// The effective user of this process (the owner of what it creates).
    public static var currentUser: UInt32 { geteuid() }
}
