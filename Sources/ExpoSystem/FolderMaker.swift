import ExpoModel
import Foundation
import Glibc

/// `mkdir -p` with reasons in plain words: which part of the path stopped it and why, never a
/// Foundation error domain or code.
public enum FolderMaker {
    /// Creates `path` and any missing parents. Returns nil on success (also when it exists as a
    /// folder), else the reason, e.g. "/etc/passwd is a file, not a folder".
    public static func create(_ path: String) -> String? {
        var status = stat()
        if stat(path, &status) == 0 {
            return (status.st_mode & S_IFMT) == S_IFDIR ? nil : "\(path) is a file, not a folder"
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, stat(parent, &status) != 0 || (status.st_mode & S_IFMT) != S_IFDIR {
            if let reason = create(parent) { return reason }
        }
        if mkdir(path, 0o777) == 0 || errno == EEXIST { return nil }
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
