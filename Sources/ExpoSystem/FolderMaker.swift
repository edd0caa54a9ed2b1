import ExpoModel
import Foundation
import Glibc

/// `mkdir -p` with reasons in plain words: which part of the path stopped it and why, never a
/// Foundation error domain or code.
public enum FolderMaker {
    /// Creates `path` and any missing parents. Returns nil on success (also when it exists as a
    /// folder), else the reason, e.g. "/etc/passwd is a file, not a folder".
    public static func create(_ path: String) -> String? {
        if let status = FileStatus.of(path, followingLinks: true) {
            return status.kind == .folder ? nil : "\(path) is a file, not a folder"
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, FileStatus.of(parent, followingLinks: true)?.kind != .folder {
            if let reason = create(parent) { return reason }
        }
        if SystemCalls.current.mkdir(path, 0o777) == 0 || errno == EEXIST { return nil }
        let code = errno
        switch code {
        case EACCES, EPERM: return "no permission to create \(path)"
        case EROFS: return "\(path) is on a read-only file system"
        case ENOSPC, EDQUOT: return "no space left to create \(path)"
        case EMFILE, ENFILE: return "too many open files (raise the limit, e.g. ulimit -n)"
        default: return "\(path): \(ExpoError.systemReason(code))"
        }
    }
}
