import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What identifies the code this process runs: the `FileIdentity` (device, inode, size,
/// modification and status-change times) of every file it has mapped as executable code, the
/// program and each shared library (the Swift runtime, libc, …), read from /proc/self/maps.
/// Rebuilding or replacing any of them, even with the same size and modification time, gives
/// it a new inode or status-change time, so a result kept under a key that holds this text is
/// never taken for the result of other code. Read once per process (stat of some 60 files,
/// well under a millisecond); a library opened later (a plug-in loaded on demand) is not in
/// it, which can only make a kept result a miss.
public enum ProgramIdentity {
    /// One line per mapped code file, "path device inode size mtime ctime", sorted by path;
    /// "unknown" when /proc/self/maps cannot be read (every key with it is then a key of its own
    /// per process, so nothing kept is taken).
    public static let current: String = describe(mapsText: readProcFile("/proc/self/maps"))

    /// The text of a /proc file (whose size stat(2) gives as 0), read to its end; nil when it
    /// cannot be read.
    static func readProcFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes.append(contentsOf: block[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The identity of the code files named in `mapsText` (the text of a /proc/PID/maps).
    static func describe(mapsText: String?) -> String {
        let unknown = "unknown \(getpid()) \(Date().timeIntervalSince1970)"
        guard let mapsText else { return unknown }
        var paths = Set<String>()
        for line in mapsText.split(separator: "\n") {
            // address perms offset device inode path
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[1].contains("x") else { continue }
            // Shared executable mappings are code made at run time (ORC's and libffi's code
            // buffers, mapped twice from a removed or memory file); the loader maps libraries
            // private. That code is made by mapped code that is itself in the identity.
            guard !fields[1].hasSuffix("s") else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            guard path.hasPrefix("/") else { continue }  // [vdso], anonymous code
            paths.insert(path)
        }
        var lines: [String] = []
        for path in paths.sorted() {
            // A file replaced or removed since it was mapped (" (deleted)") says nothing about the
            // code that runs: nothing kept is taken then.
            guard let identity = FileIdentity(path: path) else { return unknown }
            lines.append("\(path) \(identity.device) \(identity.inode) \(identity.size) \(identity.modified) \(identity.changed)")
        }
        return lines.isEmpty ? unknown : lines.joined(separator: "\n")
    }
}
