import ExpoModel
import ExpoSystem
import Foundation

/// Checks of a cached WAV that cost no more than reading its header.
enum CachedAudioCheck {
    /// Whether the RIFF header of `path` agrees with the file's `size`: "RIFF", a RIFF size of
    /// `size - 8`, "WAVE", and chunks that end inside the file, one of them "data".
    static func headerAgrees(_ path: String, size: UInt64) -> Bool {
        guard size >= 44, let file = try? POSIXFile.openForReading(path) else { return false }
        defer { file.closeQuietly() }
        var header = [UInt8](repeating: 0, count: 12)
        guard header.withUnsafeMutableBytes({ (try? file.read(into: $0, at: 0)) ?? 0 }) == 12,
            header[0..<4].elementsEqual("RIFF".utf8), header[8..<12].elementsEqual("WAVE".utf8),
            UInt64(littleEndian32(header, at: 4)) + 8 == size
        else { return false }
        var offset: UInt64 = 12
        var chunk = [UInt8](repeating: 0, count: 8)
        for _ in 0..<64 where offset + 8 <= size {
            guard chunk.withUnsafeMutableBytes({ (try? file.read(into: $0, at: offset)) ?? 0 }) == 8 else { return false }
            let length = UInt64(littleEndian32(chunk, at: 4))
            let end = offset + 8 + length
            guard end <= size else { return false }
            if chunk[0..<4].elementsEqual("data".utf8) { return true }
            offset = end + (length & 1)
        }
        return false
    }

    private static func littleEndian32(_ bytes: [UInt8], at index: Int) -> UInt32 {
        UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24
    }
}

/// The entries a `TrackCache` has checked in this run, and notes of the damaged ones.
final class CheckedEntries: @unchecked Sendable {
    // @unchecked Sendable: every field is touched only while holding `lock`.
    private let lock = NSLock()
    private var entries: [String: (entry: TrackAudio, stamp: Stamp, record: FileIdentity?)] = [:]
    private var notes: [String] = []

    /// What tells that a file changed: size, modification time and inode.
    struct Stamp: Equatable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64

        /// The stamp of a file's status; all zero when there is no file.
        init(_ status: FileStatus?) {
            size = Int(status?.size ?? 0)
            seconds = status?.modifiedSeconds ?? 0
            nanoseconds = status?.modifiedNanoseconds ?? 0
            inode = status?.inode ?? 0
        }
    }

    /// The entry checked for `key` while its WAV had `stamp`, with the identity its record had
    /// when it was read (a record is replaced by a rename, so another identity is another record).
    func known(_ key: String, stamp: Stamp) -> (entry: TrackAudio, record: FileIdentity?)? {
        lock.withLock { entries[key].flatMap { $0.stamp == stamp ? ($0.entry, $0.record) : nil } }
    }

    func remember(_ key: String, _ entry: TrackAudio, stamp: Stamp, record: FileIdentity?) {
        lock.withLock { entries[key] = (entry, stamp, record) }
    }

    func note(_ text: String) {
        lock.withLock { notes.append(text) }
    }

    func takeNotes() -> [String] {
        lock.withLock {
            defer { notes.removeAll() }
            return notes
        }
    }
}
