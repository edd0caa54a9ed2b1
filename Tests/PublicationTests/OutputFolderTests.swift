import Foundation
import Testing
import ExpoModel
import ExpoSystem
@testable import Publication
import TestSupport

@Suite("OutputFolder")
struct OutputFolderTests {
    /// A new output folder's path inside a temporary folder of its own (work folders go beside it).
    static func folder() throws -> URL {
        try TemporaryFolder().url.appendingPathComponent("guide")
    }

    static func text(_ folder: URL, _ name: String) -> String? {
        try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Publishes a guide of `files` (name: text) into `destination`; returns whether it was swapped in.
    @discardableResult
    static func publish(_ files: [String: String], into destination: URL) throws -> Bool {
        let output = try OutputFolder(destination: destination)
        for (name, text) in files.sorted(by: { $0.key < $1.key }) { try output.write(text, to: name) }
        return try output.publish()
    }

    static func inode(_ path: URL) -> UInt64 {
        var status = stat()
        return lstat(path.path, &status) == 0 ? UInt64(status.st_ino) : 0
    }

    @Test("each publication is plain files swapped in whole; the record lists only the tool's own names")
    func plainFilesAndRecord() throws {
        let destination = try Self.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        for text in ["one", "two", "three"] {
            let output = try OutputFolder(destination: destination)
            try output.write(text, to: "guide.txt")
            try output.write(text, to: "\(text).txt")
            #expect(try output.publish())
            #expect(Self.text(destination, "guide.txt") == text)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: destination.path)
        #expect(Set(names) == ["guide.txt", "three.txt", ".expo-narrate"], "\(names)")
        #expect(GuideFolder.readRecord(in: destination.path) == ["guide.txt", "three.txt"])
        for name in names {
            var status = stat()
            #expect(lstat(destination.appendingPathComponent(name).path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG)
        }
    }

    @Test("a run that changes nothing swaps nothing and leaves the files untouched; a changed file is the only one written")
    func unchangedFilesAreLinked() throws {
        let destination = try Self.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        try Self.publish(["a.txt": "a", "b.txt": "b"], into: destination)
        let folderBefore = Self.inode(destination), aBefore = Self.inode(destination.appendingPathComponent("a.txt"))
        let identity = FileIdentity(path: destination.appendingPathComponent("a.txt").path)
        #expect(try !Self.publish(["a.txt": "a", "b.txt": "b"], into: destination), "nothing changed: nothing is swapped")
        #expect(Self.inode(destination) == folderBefore)
        // Not even linked and unlinked again (which would change the file's status-change time,
        // and so make the next run hash it again).
        #expect(FileIdentity(path: destination.appendingPathComponent("a.txt").path) == identity)
        #expect(try Self.publish(["a.txt": "a", "b.txt": "b2"], into: destination))
        #expect(Self.inode(destination) != folderBefore)
        #expect(Self.inode(destination.appendingPathComponent("a.txt")) == aBefore, "the unchanged file is the same file")
        #expect(Self.text(destination, "b.txt") == "b2")
    }

    @Test("a staged copy keeps the published file only when its digest is the source's: a changed byte is replaced, time set back or not")
    func stagedCopies() throws {
        let destination = try Self.folder()
        let work = destination.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: work) }
        let source = work.appendingPathComponent("source.wav"), ledger = work.appendingPathComponent("ledger")
        try Data(repeating: 3, count: 4_096).write(to: source)
        let digest = try SHA256Digest.ofFile(source.path)
        func run() throws -> Bool {
            let digests = FileDigests(ledger: ledger)
            let output = try OutputFolder(destination: destination, digests: digests)
            try output.stageCopy(of: source, as: "track.wav", sha256: digest)
            defer { digests.save() }
            return try output.publish()
        }
        #expect(try run())
        #expect(try !run(), "the same bytes: kept")
        let published = destination.appendingPathComponent("track.wav").path
        #expect(FileDigests(ledger: ledger).remembered(published) == digest, "remembered: not read again")
        #expect(InPlaceChange.changeByteKeepingTime(published, at: 100, to: 4))
        #expect(try run(), "a changed byte is caught and the file replaced")
        #expect(try SHA256Digest.ofFile(published) == digest)
    }

    @Test("a user's files, folders and links in the tool's folder survive publications, whatever their names")
    func usersEntriesSurvive() throws {
        let destination = try Self.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        try Self.publish(["guide.txt": "one"], into: destination)
        let manager = FileManager.default
        try Data("mine".utf8).write(to: destination.appendingPathComponent(".htaccess.new-2024"))
        try Data("note".utf8).write(to: destination.appendingPathComponent(".notes.link-31337"))
        try manager.createDirectory(at: destination.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try Data("jpg".utf8).write(to: destination.appendingPathComponent("photos/a.jpg"))
        try manager.createSymbolicLink(atPath: destination.appendingPathComponent("latest").path, withDestinationPath: "guide.txt")
        try Self.publish(["guide.txt": "two"], into: destination)
        #expect(Self.text(destination, "guide.txt") == "two")
        #expect(Self.text(destination, ".htaccess.new-2024") == "mine" && Self.text(destination, ".notes.link-31337") == "note")
        #expect(Self.text(destination, "photos/a.jpg") == "jpg")
        #expect(try manager.destinationOfSymbolicLink(atPath: destination.appendingPathComponent("latest").path) == "guide.txt")
        #expect(GuideFolder.readRecord(in: destination.path) == ["guide.txt"])
        #expect(try manager.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path) == ["guide"])
    }

    @Test("a user's entry at a name the run would publish is refused (73) and left as it is")
    func conflictRefused() throws {
        let destination = try Self.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        try Self.publish(["guide.txt": "one"], into: destination)
        try FileManager.default.createDirectory(at: destination.appendingPathComponent("index.html"), withIntermediateDirectories: true)
        let second = try OutputFolder(destination: destination)
        #expect {
            try second.refuseConflicts(with: ["index.html", "guide.txt"])
        } throws: { error in
            (error as? ExpoError)?.category == .cannotCreate && "\(error)".contains("index.html")
        }
        try second.write("page", to: "index.html")
        #expect(throws: ExpoError.self) { try second.publish() }
        #expect(FileTree.isFolder(destination.appendingPathComponent("index.html").path))
    }

    @Test("a folder holding files the tool did not write is refused before anything is written")
    func foreignFolderRefused() throws {
        let destination = try Self.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try Data("<html>".utf8).write(to: destination.appendingPathComponent("index.html"))
        #expect {
            _ = try OutputFolder(destination: destination)
        } throws: { error in
            (error as? ExpoError)?.category == .cannotCreate && "\(error)".contains("index.html")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.path) == ["index.html"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path) == ["guide"])
    }

    @Test("a killed run's work folder is finished by the next run: drained when it holds a record, removed when not")
    func leftoversFinished() throws {
        let destination = try Self.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        try Self.publish(["guide.txt": "one"], into: destination)
        let folder = GuideFolder(path: destination.path)
        // A staged guide without a record (killed before the swap) and an old guide after one.
        let staged = try folder.makeWork()
        try FileManager.default.createDirectory(atPath: staged + "/guide", withIntermediateDirectories: false)
        try Data("x".utf8).write(to: URL(fileURLWithPath: staged + "/guide/guide.txt"))
        let old = try folder.makeWork()
        try FileManager.default.createDirectory(atPath: old + "/guide", withIntermediateDirectories: false)
        try GuideFolder.writeRecord(["gone.txt"], in: old + "/guide", shownAs: destination.path)
        try Data("gone".utf8).write(to: URL(fileURLWithPath: old + "/guide/gone.txt"))
        try Data("user".utf8).write(to: URL(fileURLWithPath: old + "/guide/mine.txt"))
        // A folder of the user's with a work folder's name but no marker is not the tool's.
        let lookalike = destination.deletingLastPathComponent().appendingPathComponent(".guide.expo-narrate-1234")
        try FileManager.default.createDirectory(at: lookalike, withIntermediateDirectories: false)
        _ = try OutputFolder(destination: destination)
        #expect(Self.text(destination, "mine.txt") == "user")
        #expect(Self.text(destination, "gone.txt") == nil && Self.text(destination, "guide.txt") == "one")
        let beside = try FileManager.default.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path)
        #expect(Set(beside) == ["guide", ".guide.expo-narrate-1234"], "\(beside)")
    }
}

@Suite("Staged output folder")
struct StagedOutputTests {
    @Test("nothing reaches the destination before publish; publish swaps in everything and drops the old guide's own files")
    func publish() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("guide")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let first = try OutputFolder(destination: folder)
        try first.write("old", to: "a.txt")
        try first.write("stale", to: "gone.txt")
        try first.publish()
        let output = try OutputFolder(destination: folder)
        try output.write("new", to: "a.txt")
        try output.write("{}", to: "manifest.json")
        #expect(try String(contentsOf: folder.appendingPathComponent("a.txt"), encoding: .utf8) == "old")
        try output.publish()
        #expect(try String(contentsOf: folder.appendingPathComponent("a.txt"), encoding: .utf8) == "new")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("gone.txt").path))
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)
        #expect(beside == ["guide"], "no work folder is left: \(beside)")
    }

    @Test("a run that is discarded leaves the previous output as it was")
    func discard() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("guide")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let first = try OutputFolder(destination: folder)
        try first.write("old", to: "a.txt")
        try first.publish()
        do {
            let output = try OutputFolder(destination: folder)
            try output.write("half", to: "a.txt")
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("a.txt"), encoding: .utf8) == "old")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["a.txt", ".expo-narrate"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path) == ["guide"])
    }

    @Test("a path under a regular file cannot be an output folder")
    func impossiblePath() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file")
        try Data().write(to: file)
        #expect {
            _ = try OutputFolder(destination: file.appendingPathComponent("guide"))
        } throws: { error in
            (error as? ExpoError)?.category == .cannotCreate
        }
    }
}
