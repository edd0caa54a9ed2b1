import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@Suite("FileDigests")
struct FileDigestsTests {
    @Test("a file hashed once is read again only when it changed: a changed byte of the same size is caught though its time was set back")
    func changedBytesAreCaught() throws {
        let folder = try TemporaryFolder().url.path
        defer { _ = FileTree.removeTree(folder) }
        let path = folder + "/track.wav"
        let ledger = URL(fileURLWithPath: folder + "/ledger")
        try Data(repeating: 7, count: 10_000).write(to: URL(fileURLWithPath: path))
        let first = FileDigests(ledger: ledger)
        let digest = try first.sha256(of: path)
        #expect(digest == (try SHA256Digest.ofFile(path)))
        first.save()
        // A later run reads the ledger and does not read the file again.
        let second = FileDigests(ledger: ledger)
        #expect(second.remembered(path) == digest)
        #expect(try second.sha256(of: path) == digest && second.filesHashed == 0)
        #expect(InPlaceChange.changeByteKeepingTime(path, at: 5_000, to: 8))
        let third = FileDigests(ledger: ledger)
        #expect(third.remembered(path) == nil)
        #expect(try third.sha256(of: path) == (try SHA256Digest.ofFile(path)) && third.filesHashed == 1)
        #expect(try third.sha256(of: path) != digest)
        // Another file at the same path (a new inode) is hashed too.
        try FileManager.default.removeItem(atPath: path)
        try Data(repeating: 7, count: 10_000).write(to: URL(fileURLWithPath: path))
        #expect(FileDigests(ledger: ledger).remembered(path) == nil)
    }

    @Test("a file this run wrote is remembered only once its tick has passed, and only if it is still the file written")
    func writtenFiles() throws {
        let folder = try TemporaryFolder().url.path
        defer { _ = FileTree.removeTree(folder) }
        let ledger = URL(fileURLWithPath: folder + "/ledger")
        let kept = folder + "/kept"
        let changed = folder + "/changed"
        try Data("kept".utf8).write(to: URL(fileURLWithPath: kept))
        try Data("first".utf8).write(to: URL(fileURLWithPath: changed))
        let digests = FileDigests(ledger: ledger)
        digests.wrote(kept, sha256: try SHA256Digest.ofFile(kept))
        digests.wrote(changed, sha256: try SHA256Digest.ofFile(changed))
        #expect(digests.remembered(kept) == nil, "not before save: it may still be written in this tick")
        #expect(InPlaceChange.changeByteKeepingTime(changed, at: 0, to: UInt8(ascii: "F")))
        digests.save()
        let later = FileDigests(ledger: ledger)
        #expect(later.remembered(kept) == (try SHA256Digest.ofFile(kept)))
        #expect(later.remembered(changed) == nil, "written again after it was noted: not vouched for")
    }

    @Test("the ledger is written only when an entry changed, without entries whose file is gone")
    func ledgerWrites() throws {
        let folder = try TemporaryFolder().url.path
        defer { _ = FileTree.removeTree(folder) }
        let ledger = URL(fileURLWithPath: folder + "/ledger")
        for name in ["a", "b"] { try Data(name.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let first = FileDigests(ledger: ledger)
        for name in ["a", "b"] { _ = try first.sha256(of: folder + "/" + name) }
        first.save()
        let written = try #require(FileIdentity(path: ledger.path))
        let second = FileDigests(ledger: ledger)
        for name in ["a", "b"] { _ = try second.sha256(of: folder + "/" + name) }
        second.save()
        #expect(FileIdentity(path: ledger.path) == written, "nothing changed: the ledger is not written")
        try FileManager.default.removeItem(atPath: folder + "/b")
        try Data("c".utf8).write(to: URL(fileURLWithPath: folder + "/c"))
        let third = FileDigests(ledger: ledger)
        _ = try third.sha256(of: folder + "/c")
        third.save()
        let text = String(decoding: try Data(contentsOf: ledger), as: UTF8.self)
        #expect(text.contains(folder + "/a\n") && text.contains(folder + "/c\n") && !text.contains(folder + "/b\n"))
    }
}
