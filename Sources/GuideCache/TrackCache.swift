import ExpoModel
import ExpoSystem
import Foundation

/// A content-addressed store of finished track audio: `KEY.wav` and `KEY.json`, where KEY is
/// the SHA-256 of everything that decides the sound (the SSML, the voice profile, the tool's
/// and espeak-ng's versions: `TrackCache.key`, made in Synthesis, which knows the voice). Each
/// file is written under a temporary name and renamed, the JSON last, so an entry is complete
/// or absent even if runs overlap or one is killed.
public struct TrackCache: Sendable {
    public let folder: URL
    /// The shard ("K/N") this process makes tracks for, recorded in each entry it makes; nil
    /// for a run that makes the whole guide.
    public let shard: String?
    /// Whether other hosts may be writing here (a shard's or an assembling run's cache): then
    /// another host's temporary files, whose process cannot be seen from here, are left alone
    /// unless they have not changed for a day.
    public let sharedWithOtherHosts: Bool
    /// Entries checked in this run, and what was found damaged.
    private let checked = CheckedEntries()
    /// The SHA-256 of the cache's files, each read again only when it changed since it was
    /// last hashed (see `FileDigests`).
    public let digests: FileDigests

    /// Opens (and creates) the cache folder, removing temporary files of runs that are gone.
    /// A `shard`'s cache is shared with other hosts (see `sharedWithOtherHosts`). `digests`
    /// knows files hashed before (by default, only those this process hashes).
    public init(
        folder: URL, shard: String? = nil, sharedWithOtherHosts: Bool = false,
        digests: FileDigests = FileDigests(ledger: nil)
    ) throws {
        self.folder = folder
        self.digests = digests
        self.shard = shard
        self.sharedWithOtherHosts = sharedWithOtherHosts || shard != nil
        if let reason = FolderMaker.create(folder.path) {
            throw ExpoError.cannotCreateCache(path: folder.path, reason: reason)
        }
        Self.removeAbandonedFiles(in: folder, olderThan: self.sharedWithOtherHosts ? 86_400 : nil)
    }

    /// The layout of an entry's record. 2: cues carry word start times; 3: sentences placed where
    /// the audio's pauses are (`SentenceAligner`). A change makes every older entry a miss (it is
    /// made again, never read without the new fields).
    public static let recordFormat = "track-record 3"

    public func audioURL(_ key: String) -> URL { CacheEntryKind.trackAudio.url(in: folder, key: key) }
    public func metadataURL(_ key: String) -> URL { CacheEntryKind.trackRecord.url(in: folder, key: key) }
    /// The ledger of the cache's and the published guide's file digests (see `FileDigests`).
    public static func digestLedger(in folder: URL) -> URL { CacheEntryKind.fileDigests.url(in: folder) }
    /// The compressed copy of track `key` in `format` (`KEY.opus`, `KEY.mp3`).
    public func encodedURL(_ key: String, _ format: DeliveryFormat) -> URL {
        CacheEntryKind.encodedTrack(format).url(in: folder, key: key)
    }

    /// The entry for `key` if it is complete and intact: its record readable, its WAV of the
    /// recorded size, with a header that agrees with that size, and with the recorded SHA-256
    /// (read again only if the file changed since it was last hashed, see `FileDigests`).
    /// A damaged entry is removed (and noted once, see `takeDamageNotes`), so it is made again.
    /// A key is checked again only if its WAV changed since (size, time, inode).
    public func entry(_ key: String) -> TrackAudio? {
        entry(key, recordVouchesForAudio: false)
    }

    /// The entry for `key` as `entry` gives it, for a track a worker of this run has just made
    /// or checked: the WAV's SHA-256 is the one the worker recorded (it hashed the bytes as it
    /// wrote them, or read the file itself) instead of being read a second time here. Its
    /// record, size and header are checked as always, and the digest goes to the ledger like
    /// that of a file this process wrote (see `FileDigests.wrote`).
    public func entryMadeByThisRun(_ key: String) -> TrackAudio? {
        entry(key, recordVouchesForAudio: true)
    }

    private func entry(_ key: String, recordVouchesForAudio: Bool) -> TrackAudio? {
        let path = audioURL(key).path
        // The file's status, not FileManager's attributes: those also look up the owner's user
        // and group names (reading /etc/passwd and /etc/group) for every file.
        let status = FileStatus.of(path, followingLinks: true)
        let found = status != nil
        let stamp = CheckedEntries.Stamp(status)
        // Taken before the record is read: a record replaced since shows as another file.
        let record = FileIdentity(path: metadataURL(key).path)
        if found, let known = checked.known(key, stamp: stamp), record != nil, known.record == record {
            return known.entry
        }
        guard let data = try? Data(contentsOf: metadataURL(key)) else { return nil }
        if found, let known = checked.known(key, stamp: stamp) {
            // The audio was checked; its record may since have gained a compressed copy (a
            // worker of this run encoded one), so a record that changed is read again.
            guard let entry = try? JSONDecoder().decode(TrackAudio.self, from: data),
                entry.sha256 == known.entry.sha256, entry.byteCount == known.entry.byteCount,
                entry.rangeProblem == nil
            else { return known.entry }
            checked.remember(key, entry, stamp: stamp, record: record)
            return entry
        }
        guard let entry = try? JSONDecoder().decode(TrackAudio.self, from: data) else {
            return discard(key, because: "its record \(metadataURL(key).path) cannot be read")
        }
        guard let status else { return discard(key, because: "its audio file is missing") }
        guard Int(status.size) == entry.byteCount else {
            return discard(key, because: "it has \(counted(Int(status.size), "byte")) where its record says \(entry.byteCount)")
        }
        guard CachedAudioCheck.headerAgrees(path, size: status.size) else {
            return discard(key, because: "its WAV header does not agree with its size")
        }
        // The record's numbers, before anything is computed from them.
        if let problem = entry.rangeProblem { return discard(key, because: problem) }
        if recordVouchesForAudio {
            digests.wrote(path, sha256: entry.sha256)
        } else if (try? digests.sha256(of: path)) != entry.sha256 {
            return discard(key, because: "its contents do not match the SHA-256 recorded for it")
        }
        checked.remember(key, entry, stamp: stamp, record: record)
        return entry
    }

    private func discard(_ key: String, because reason: String) -> TrackAudio? {
        FileTree.removeFileIfPresent(metadataURL(key).path)
        FileTree.removeFileIfPresent(audioURL(key).path)
        checked.note("The cached audio \(audioURL(key).path) was damaged (\(reason)); it was removed and is made again")
        return nil
    }

    /// What was found damaged and removed since the last call, one sentence each.
    public func takeDamageNotes() -> [String] {
        checked.takeNotes()
    }

    /// Records `entry` for an audio file already renamed to `audioURL(key)`.
    public func store(_ entry: TrackAudio, key: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(try encoder.encode(entry), to: metadataURL(key))
    }

    /// SHA-256 of a file, lowercase hex.
    public static func sha256(of url: URL) throws -> String {
        try SHA256Digest.ofFile(url.path)
    }

    /// Removes `AtomicFile`'s temporary files whose process is no longer alive (and, given `age`,
    /// that have not changed for that many seconds: a process id says nothing about another host).
    public static func removeAbandonedFiles(in folder: URL, olderThan age: Double? = nil) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let now = Date().timeIntervalSince1970
        for name in names where AtomicFile.isAbandonedTemporary(name) && CacheFolder.isOwnName(name) {
            let url = folder.appendingPathComponent(name)
            if let age {
                guard let status = FileStatus.of(url.path), now - Double(status.modifiedSeconds) > age else { continue }
            }
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// Makes a new private folder for this process's batch of work (`.NAME.partial-PID`, a
    /// taken name passed over, see `AtomicFile.makeTemporaryFolder`) and returns it. With other
    /// hosts writing here, process ids can be the same on two hosts (every container's first
    /// process is 1), so the name also has the shard and a random part.
    public func makeBatchFolder() throws -> URL {
        let name =
            sharedWithOtherHosts
            ? CacheEntryKind.sharedBatch.name(randomHex: String(UInt64.random(in: 0...UInt64.max), radix: 16))
            : CacheEntryKind.batch.name
        let path = folder.appendingPathComponent(name).path
        return URL(fileURLWithPath: try AtomicFile.makeTemporaryFolder(for: path, shownAs: path))
    }
}
