import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import GuideCache

@Suite("Track cache")
struct TrackCacheTests {

    /// A WAV file of `samples` 16-bit mono samples.
    static func wav(samples: Int, value: UInt8 = 1) -> Data {
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let data = samples * 2
        var bytes = Array("RIFF".utf8) + le32(36 + data) + Array("WAVEfmt ".utf8) + le32(16)
        bytes += [1, 0, 1, 0] + le32(22050) + le32(44100) + [2, 0, 16, 0] + Array("data".utf8) + le32(data)
        return Data(bytes + [UInt8](repeating: value, count: data))
    }

    @Test("an entry is trusted only when its WAV has the recorded size, a header that agrees and the recorded SHA-256")
    func entries() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = String(repeating: "ab", count: 32)
        #expect(try TrackCache(folder: folder).entry(key) == nil)
        let good = Self.wav(samples: 100)
        let probe = folder.appendingPathComponent("probe")
        try good.write(to: probe)
        // The record's duration is the WAV's (100 samples): a longer one than the file holds is refused.
        let entry = TrackAudio(
            durationSeconds: 100.0 / 22050, sampleRate: 22050, loudnessLUFS: -19, peakDBFS: -1,
            sha256: try TrackCache.sha256(of: probe), byteCount: good.count, cues: [])
        try FileManager.default.removeItem(at: probe)
        func reset() throws -> TrackCache {
            let cache = try TrackCache(folder: folder)
            try good.write(to: cache.audioURL(key))
            try cache.store(entry, key: key)
            return cache
        }
        #expect(try reset().entry(key) == entry)
        // A WAV cut short (a killed run, a full disk) is not trusted, and is removed.
        var cache = try reset()
        try good.prefix(good.count - 10).write(to: cache.audioURL(key))
        #expect(cache.entry(key) == nil)
        #expect(!FileManager.default.fileExists(atPath: cache.audioURL(key).path))
        #expect(cache.takeDamageNotes().count == 1)
        // Nor one of the right size with other bytes.
        cache = try reset()
        try Self.wav(samples: 100, value: 2).write(to: cache.audioURL(key))
        #expect(cache.entry(key) == nil)
        // Nor metadata that cannot be read.
        cache = try reset()
        try Data("{\"durationSeconds\": 1".utf8).write(to: cache.metadataURL(key))
        #expect(cache.entry(key) == nil)
        // A record another process completed (a worker that encoded the Opus copy the cached
        // track lacked) is read as it is now, though the audio was checked before.
        cache = try reset()
        #expect(cache.entry(key) == entry)
        var encoded = entry
        encoded.encoded["opus"] = EncodedAudio(
            fingerprint: "f", byteCount: 1, sha256: "0", durationSeconds: 1,
            loudnessLUFS: -19, truePeakDBTP: -2)
        try JSONEncoder().encode(encoded).write(to: cache.metadataURL(key))
        #expect(cache.entry(key) == encoded)
    }

    /// A cache in `folder` holding one entry, `key`, a 100-sample WAV, with a digest ledger.
    static func storedEntry(in folder: URL, key: String) throws -> (String, Data, URL, TrackAudio) {
        let good = Self.wav(samples: 100)
        let ledger = TrackCache.digestLedger(in: folder)
        let cache = try TrackCache(folder: folder, digests: FileDigests(ledger: ledger))
        try good.write(to: cache.audioURL(key))
        let entry = TrackAudio(
            durationSeconds: 100.0 / 22050, sampleRate: 22050, loudnessLUFS: -19, peakDBFS: -1,
            sha256: try TrackCache.sha256(of: cache.audioURL(key)), byteCount: good.count, cues: [])
        try cache.store(entry, key: key)
        return (key, good, ledger, entry)
    }

    @Test("a track this run's worker just made is taken with the SHA-256 it recorded, its record, size and header still checked")
    func entryMadeByThisRun() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let (key, good, ledger, entry) = try Self.storedEntry(in: folder, key: String(repeating: "ef", count: 32))
        var cache = try TrackCache(folder: folder, digests: FileDigests(ledger: ledger))
        #expect(cache.entryMadeByThisRun(key) == entry)
        #expect(cache.entry(key) == entry, "remembered as checked")
        #expect(cache.digests.filesHashed == 0, "the WAV was not read again")
        // The worker's digest goes to the ledger: a later run does not read the file either.
        cache.digests.save()
        cache = try TrackCache(folder: folder, digests: FileDigests(ledger: ledger))
        #expect(cache.entry(key) == entry && cache.digests.filesHashed == 0)
        // A WAV cut short is still refused and removed.
        try good.prefix(good.count - 10).write(to: cache.audioURL(key))
        cache = try TrackCache(folder: folder)
        #expect(cache.entryMadeByThisRun(key) == nil)
        #expect(!FileManager.default.fileExists(atPath: cache.audioURL(key).path))
        #expect(cache.takeDamageNotes().count == 1)
    }

    @Test("a cached WAV remembered as checked is checked again when a byte changed, its size and time kept")
    func rememberedEntries() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let (key, _, ledger, entry) = try Self.storedEntry(in: folder, key: String(repeating: "cd", count: 32))
        var cache = try TrackCache(folder: folder, digests: FileDigests(ledger: ledger))
        #expect(cache.entry(key) == entry)
        cache.digests.save()
        cache = try TrackCache(folder: folder, digests: FileDigests(ledger: ledger))
        #expect(cache.entry(key) == entry && cache.digests.filesHashed == 0, "remembered: not read again")
        #expect(InPlaceChange.changeByteKeepingTime(cache.audioURL(key).path, at: 60, to: 9))
        cache = try TrackCache(folder: folder, digests: FileDigests(ledger: ledger))
        #expect(cache.entry(key) == nil, "the changed byte is caught")
        #expect(cache.takeDamageNotes().count == 1)
    }

    @Test("temporary files of processes that are gone are removed; this process's are kept")
    func abandonedFiles() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = String(repeating: "cd", count: 32)
        let dead = folder.appendingPathComponent(".\(key).wav.partial-999999")
        let mine = folder.appendingPathComponent(".\(key).json.partial-\(getpid())")
        // A name the cache never makes is never removed, whatever it looks like.
        let foreign = folder.appendingPathComponent(".x.wav.partial-999999")
        for file in [dead, mine, foreign] { try Data().write(to: file) }
        _ = try TrackCache(folder: folder)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: mine.path))
        #expect(FileManager.default.fileExists(atPath: foreign.path))
    }

    @Test("a cache shared with other hosts keeps a temporary file whose process is not here until it is a day old")
    func otherHostsTemporaries() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = String(repeating: "ef", count: 32)
        // Process 999999 does not run here; on another host it may be writing this file now.
        let fresh = folder.appendingPathComponent(".\(key).wav.partial-999999")
        let old = folder.appendingPathComponent(".\(key).json.partial-999998")
        let batch = folder.appendingPathComponent(".batch-0123456789abcdef.partial-999997")
        try FileManager.default.createDirectory(at: batch, withIntermediateDirectories: true)
        for file in [fresh, old] { try Data().write(to: file) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -2 * 86_400)], ofItemAtPath: old.path)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -2 * 86_400)], ofItemAtPath: batch.path)
        let shard = try TrackCache(folder: folder, shard: "1/4")
        #expect(shard.sharedWithOtherHosts)
        #expect(FileManager.default.fileExists(atPath: fresh.path))
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(!FileManager.default.fileExists(atPath: batch.path))
        // Batch folders of a shared cache have a random part: process ids repeat across hosts.
        let batches = [try shard.makeBatchFolder(), try shard.makeBatchFolder()]
        #expect(batches[0] != batches[1])
        #expect(batches.allSatisfy { CacheFolder.isOwnName($0.lastPathComponent) })
        for batch in batches { try FileManager.default.removeItem(at: batch) }
        // A run that has the cache to itself removes it at once, as before.
        _ = try TrackCache(folder: folder)
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
    }

    @Test("a cached picture's name is the cache's own; another is not")
    func pictureNames() {
        let key = String(repeating: "0a", count: 32)
        #expect(CacheFolder.isOwnName("picture-\(key).json") && CacheFolder.isOwnName(".picture-\(key).json.partial-12"))
        #expect(!CacheFolder.isOwnName("picture-\(key).jpg") && !CacheFolder.isOwnName("picture-holiday.json"))
    }

    @Test("sha256 matches a known digest")
    func digest() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("abc")
        try Data("abc".utf8).write(to: file)
        #expect(try TrackCache.sha256(of: file) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
