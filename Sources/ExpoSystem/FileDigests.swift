import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What tells whether a regular file may have changed without reading it: its device and
/// inode, size, and modification and status-change times in nanoseconds. Any write to the
/// file sets its status-change time (ctime) to the time of the write, and no user can set a
/// ctime back (`touch -d` restores the modification time, and that sets the ctime to now).
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modified: Int64
    public var changed: Int64

    /// The identity of the regular file at `path` (not following a symbolic link), or nil.
    public init?(path: String) {
        var status = stat()
        guard SystemCalls.current.status(path, false, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
    }

    init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// Whether no write can have happened in the timestamp tick this identity was read in:
    /// both times are older than `clock`, the file system's clock read before the identity was,
    /// by more than the file system's timestamp granularity. A write after that reading gets a
    /// ctime of at least `clock` truncated to that granularity, so it shows as a change. A
    /// ctime that is not a multiple of 10 ms is from a file system finer than that (ext4, XFS,
    /// Btrfs: nanoseconds); any other may be as coarse as FAT's 2 s.
    func isSettled(before clock: Int64) -> Bool {
        let granularity: Int64 = changed % 10_000_000 != 0 ? 10_000_000 : 2_000_000_000
        return modified <= clock - granularity && changed <= clock - granularity
    }
}

/// The SHA-256 of files, each hashed once and remembered with its `FileIdentity`; a later
/// lookup (in this run or, with a ledger file, a later one) hashes the file again only when
/// its identity differs from the one remembered. A digest is remembered only for an identity
/// read before the contents and again after them, unchanged, with both times older than the
/// file system's clock read before the first by more than its timestamp granularity (see
/// `FileIdentity.isSettled`): a file written in the tick it was hashed in is hashed again next
/// time. The ledger file is rewritten only
/// when its entries changed, so a run that finds every file as remembered writes nothing.
/// Entries are keyed by device and inode, and any process may rewrite the ledger: an entry is
/// used only for a file whose identity is the one it records, so an entry of another run or
/// an older one can never vouch for other bytes.
public final class FileDigests: @unchecked Sendable {
    // @unchecked Sendable: the mutable fields are touched only while holding `lock`.
    private struct Key: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private struct Entry: Equatable {
        var identity: FileIdentity
        var sha256: String
        /// Where the file was last seen, to drop the entry once that is another file or none.
        var path: String
    }

    private let lock = NSLock()
    /// The ledger file, or nil for digests remembered in this process only.
    public let ledger: URL?
    private var entries: [Key: Entry] = [:]
    private var dirty = false
    /// Files this run wrote with known contents, remembered once their tick has passed.
    private var written: [(path: String, identity: FileIdentity, sha256: String)] = []
    /// Files hashed in the tick they were last written in, hashed again by `save`.
    private var unsettled: Set<String> = []
    /// How many files were read to be hashed (for tests).
    public private(set) var filesHashed = 0

    static let header = "expo-narrate file-digests 1"

    /// Remembered digests, read from `ledger` when given (a missing or unreadable ledger is
    /// an empty one).
    public init(ledger: URL?) {
        self.ledger = ledger
        guard let ledger, let data = FileTree.readSmallFile(ledger.path) else { return }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(Self.header) else { return }
        for line in lines.dropFirst() {
            let fields = line.split(separator: " ", maxSplits: 6, omittingEmptySubsequences: false)
            guard fields.count == 7, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
                let size = Int64(fields[2]), let modified = Int64(fields[3]), let changed = Int64(fields[4]),
                fields[5].utf8.count == 64, fields[5].utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
            else { continue }
            let identity = FileIdentity(device: device, inode: inode, size: size, modified: modified, changed: changed)
            entries[Key(device: device, inode: inode)] = Entry(identity: identity, sha256: String(fields[5]), path: String(fields[6]))
        }
    }

    /// The file system's clock as file times are set from it (the coarse real-time clock), in
    /// nanoseconds.
    static func fileSystemClock() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// The remembered digest of the regular file at `path` if its identity is the remembered
    /// one; nil otherwise (nothing is read).
    public func remembered(_ path: String) -> String? {
        guard let identity = FileIdentity(path: path) else { return nil }
        return lock.withLock {
            entries[Key(device: identity.device, inode: identity.inode)].flatMap { $0.identity == identity ? $0.sha256 : nil }
        }
    }

    /// The SHA-256 of the regular file at `path`: the remembered one when its identity has not
    /// changed, else read and hashed now (and remembered when settled). Throws `ExpoError` when
    /// the file cannot be read.
    public func sha256(of path: String) throws -> String {
        if let known = remembered(path) { return known }
        let clock = Self.fileSystemClock()
        let before = FileIdentity(path: path)
        let digest = try SHA256Digest.ofFile(path)
        let after = FileIdentity(path: path)
        lock.withLock {
            filesHashed += 1
            guard let before, before == after, !path.contains("\n") else { return }
            if before.isSettled(before: clock) {
                store(Entry(identity: before, sha256: digest, path: path))
                unsettled.remove(path)
            } else {
                unsettled.insert(path)
            }
        }
        return digest
    }

    /// Notes that this run wrote the file now at `path` (where it will be read later:
    /// `finalPath`, e.g. after the folder holding it is renamed) with contents whose SHA-256 is
    /// `sha256`; `save` remembers it once its tick has passed, if it is still the same file.
    public func wrote(_ path: String, finalPath: String? = nil, sha256: String) {
        guard let identity = FileIdentity(path: path) else { return }
        let shown = finalPath ?? path
        guard !shown.contains("\n") else { return }
        lock.withLock { written.append((shown, identity, sha256)) }
    }

    private func store(_ entry: Entry) {
        let key = Key(device: entry.identity.device, inode: entry.identity.inode)
        if entries[key] != entry {
            entries[key] = entry
            dirty = true
        }
    }

    /// Remembers what this run wrote and hashed in its last tick (waiting for the clock to pass
    /// it, and hashing those few files again), then rewrites the ledger if anything changed,
    /// without the entries whose file is gone or replaced. Nothing is written when nothing
    /// changed; a ledger that cannot be written is left as it was (the files are hashed again).
    public func save() {
        let (written, unsettled) = lock.withLock {
            defer {
                self.written.removeAll()
                self.unsettled.removeAll()
            }
            return (self.written, self.unsettled)
        }
        var latest = written.map(\.identity.changed).max() ?? 0
        for path in unsettled { latest = max(latest, FileIdentity(path: path)?.changed ?? 0) }
        // Files written in the last 10 ms on a fine-grained file system are waited for (on a
        // coarse one they are hashed again by a later run).
        if !written.isEmpty || !unsettled.isEmpty { Self.waitForClock(after: latest + 10_000_000) }
        let clock = Self.fileSystemClock()
        lock.withLock {
            for file in written {
                // Still the very file written, untouched since: its bytes are those written.
                guard let now = FileIdentity(path: file.path), now == file.identity, now.isSettled(before: clock) else { continue }
                store(Entry(identity: now, sha256: file.sha256, path: file.path))
            }
        }
        for path in unsettled { _ = try? sha256(of: path) }
        guard let ledger else { return }
        let text: String? = lock.withLock {
            guard dirty else { return nil }
            dirty = false
            entries = entries.filter { key, entry in
                guard let now = FileIdentity(path: entry.path) else { return false }
                return Key(device: now.device, inode: now.inode) == key
            }
            let lines = entries.values.sorted { $0.path < $1.path }.map { entry in
                let identity = entry.identity
                return "\(identity.device) \(identity.inode) \(identity.size) \(identity.modified) \(identity.changed) \(entry.sha256) \(entry.path)"
            }
            return ([Self.header] + lines).joined(separator: "\n") + "\n"
        }
        if let text { try? AtomicFile.write(Data(text.utf8), to: ledger) }
    }

    /// Sleeps until the file system's clock is past `time` (at most about 30 ms).
    static func waitForClock(after time: Int64) {
        for _ in 0..<30 where fileSystemClock() <= time {
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
        }
    }
}
