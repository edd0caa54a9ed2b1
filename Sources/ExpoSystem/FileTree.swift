import CSystemShim
import ExpoModel
import Foundation
import Glibc

/// Folders and the entries in them, examined without following a symbolic link: names,
/// small regular files, kinds, whole trees, the two renames the guide's publication needs, and
/// the flush of a whole file system. The publication and the cache use these; one owner for
/// each of these calls.
public enum FileTree {
    /// The longest path the system takes, in bytes (PATH_MAX less its terminating zero).
    public static let longestPath = Int(PATH_MAX) - 1
    /// The longest name of one entry, in bytes (NAME_MAX).
    public static let longestName = Int(NAME_MAX)

    /// The names in `folder` (a real folder: never listed through a link), without . and ..
    public static func names(in folder: String) -> [String] {
        let fd = SystemCalls.current.open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0)
        guard fd >= 0, let directory = fdopendir(fd) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether this process could open `count` more files at once now: nil when it could, else
    /// the system's refusal (EMFILE: its own limit, ENFILE: the system's). A file this process
    /// could not open is then not missing but refused to it.
    public static func descriptorRefusal(count: Int = 3) -> Int32? {
        var opened: [Int32] = []
        defer { for fd in opened { _ = SystemCalls.current.close(fd) } }
        for _ in 0..<count {
            let fd = SystemCalls.current.open("/dev/null", O_RDONLY | O_CLOEXEC, 0)
            guard fd >= 0 else { return [EMFILE, ENFILE].contains(errno) ? errno : nil }
            opened.append(fd)
        }
        return nil
    }

    /// The bytes of a regular file of at most `limit` bytes, opened without following a link or
    /// waiting on a pipe; nil for anything else.
    public static func readSmallFile(_ path: String, limit: Int = 64 << 20) -> Data? {
        let fd = SystemCalls.current.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0)
        guard fd >= 0 else { return nil }
        defer { _ = SystemCalls.current.close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= limit else { return nil }
        var data = Data(count: Int(status.st_size))
        let count = data.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return count == Int(status.st_size) ? data : nil
    }

    /// Whether `path` is a real folder (not a link to one).
    public static func isFolder(_ path: String) -> Bool {
        FileStatus.of(path)?.kind == .folder
    }

    /// Removes `path` and, if it is a real folder, everything in it; a symbolic link is removed
    /// itself, never followed. Returns whether it is gone.
    public static func removeTree(_ path: String) -> Bool {
        let status: FileStatus
        switch FileStatus.read(path) {
        case .success(let found): status = found
        case .failure(let error): return error.code == ENOENT
        }
        if status.kind == .folder {
            for name in names(in: path) { _ = removeTree(path + "/" + name) }
            return (try? removeFolder(path)) != nil
        }
        return (try? removeFile(path)) != nil
    }

    /// Whether `path` is where something is mounted (a bind mount of a folder of the same file
    /// system has the same device as its parent, so /proc/self/mountinfo is asked).
    public static func isMountPoint(_ path: String) -> Bool {
        mountPoints().contains(path)
    }

    /// Every path where something is mounted, as /proc/self/mountinfo lists them (its fifth
    /// field, with space, tab, newline and backslash octal-escaped); empty when it cannot be read.
    public static func mountPoints() -> Set<String> {
        // Its size reads as 0 (a file the kernel makes as it is read): read to the end.
        guard let data = FileManager.default.contents(atPath: "/proc/self/mountinfo") else { return [] }
        var points: Set<String> = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 4 else { continue }
            var point = String(fields[4])
            for (escaped, plain) in [("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")] {
                point = point.replacingOccurrences(of: escaped, with: plain)
            }
            points.insert(point)
        }
        return points
    }

    /// The absolute path with symbolic links resolved as far as the path exists.
    public static func resolvedPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        var existing = path
        var rest: [String] = []
        while realpath(existing, nil) == nil, existing != "/" {
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        guard let real = realpath(existing, nil) else { return path }
        defer { free(real) }
        return rest.reduce(String(cString: real)) { ($0 as NSString).appendingPathComponent($1) }
    }

    /// Flushes the whole file system that holds `folder` to the disk (one syncfs), so that every
    /// file written in it is there before a rename publishes them. Throws the system's reason,
    /// naming `shown`.
    public static func synchronizeFileSystem(holding folder: String, shownAs shown: String) throws {
        let fd = SystemCalls.current.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard fd >= 0 else { throw ExpoError.cannotWrite(path: shown, reason: ExpoError.systemReason(errno)) }
        defer { _ = SystemCalls.current.close(fd) }
        if expo_syncfs(fd) != 0 { throw ExpoError.cannotWrite(path: shown, code: errno) }
    }
}
