import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import Publication

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
        let folderBefore = Self.inode(destination)
        let aBefore = Self.inode(destination.appendingPathComponent("a.txt"))
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

    @Test("a staged copy keeps the published file only when its digest is the source's: a changed byte is caught, time set back or not")
    func stagedCopies() throws {
        let destination = try Self.folder()
        let work = destination.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: work) }
        let source = work.appendingPathComponent("source.wav")
        let ledger = work.appendingPathComponent("ledger")
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
        // A changed byte is caught; the file is not what was published (a user's?), so it is
        // never replaced without a word: refused (73) until it is deleted or moved.
        #expect { try run() } throws: { error in (error as? ExpoError)?.message.contains("track.wav is not the file") == true }
        #expect(try SHA256Digest.ofFile(published) != digest, "left as it is")
        try FileManager.default.removeItem(atPath: published)
        #expect(try run(), "once it is gone, the file is published again")
        #expect(try SHA256Digest.ofFile(published) == digest)
    }

    @Test("anything in the tool's folder that its record does not list is refused (73) before anything changes, named, with where it belongs")
    func foreignEntriesRefused() throws {
        let destination = try Self.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        try Self.publish(["guide.txt": "one"], into: destination)
        let manager = FileManager.default
        let cases: [(name: String, make: (URL) throws -> Void, words: String)] = [
            (".htaccess.new-2024", { try Data("mine".utf8).write(to: $0) }, "(a file)"),
            ("photos", { try manager.createDirectory(at: $0, withIntermediateDirectories: false) }, "(a folder)"),
            ("latest", { try manager.createSymbolicLink(atPath: $0.path, withDestinationPath: "guide.txt") }, "(a symbolic link)"),
            ("index.html", { try manager.createDirectory(at: $0, withIntermediateDirectories: false) }, "(a folder)"),
        ]
        for item in cases {
            let entry = destination.appendingPathComponent(item.name)
            try item.make(entry)
            let before = Self.inode(destination)
            #expect {
                _ = try OutputFolder(destination: destination)
            } throws: { error in
                let text = "\(error)"
                return (error as? ExpoError)?.category == .cannotCreate && text.contains(item.name + " " + item.words)
                    && text.contains("beside the guide") && text.contains(destination.deletingLastPathComponent().path)
            }
            #expect(Self.inode(destination) == before && Self.text(destination, "guide.txt") == "one")
            #expect((try? manager.attributesOfItem(atPath: entry.path)) != nil, "\(item.name) is left where it is")
            #expect(try manager.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path) == ["guide"])
            try manager.removeItem(at: entry)
        }
        #expect(try Self.publish(["guide.txt": "two"], into: destination), "once they are moved out, the guide is published")
    }

    @Test("a file at a name the record lists whose contents changed since it was published is never replaced or dropped: refused (73)")
    func changedPublishedFileRefused() throws {
        let destination = try Self.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        try Self.publish(["a.txt": "one", "b.txt": "b"], into: destination)
        let record = try String(contentsOf: destination.appendingPathComponent(".expo-narrate"), encoding: .utf8)
        #expect(record.hasPrefix("expo-narrate guide folder, format 2\n") && record.contains("  a.txt\n"), "\(record)")
        try Data("mine".utf8).write(to: destination.appendingPathComponent("a.txt"))
        for keepsA in [true, false] {
            let output = try OutputFolder(destination: destination)
            if keepsA { try output.write("two", to: "a.txt") }
            try output.write("b2", to: "b.txt")
            let error = #expect(throws: ExpoError.self) { try output.publish() }
            #expect(
                error?.category == .cannotCreate && error?.message.contains(destination.path + "/a.txt is not the file") == true,
                "\(String(describing: error))")
            #expect(Self.text(destination, "a.txt") == "mine" && Self.text(destination, "b.txt") == "b")
        }
        // Put back as published, it is the tool's again.
        try Data("one".utf8).write(to: destination.appendingPathComponent("a.txt"))
        #expect(try Self.publish(["a.txt": "two", "b.txt": "b"], into: destination))
        #expect(Self.text(destination, "a.txt") == "two")
    }

    @Test("a guide of an earlier version (a record of names only) is the tool's; a user's entry its version carried is refused (73)")
    func namesOnlyRecord() throws {
        let destination = try Self.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try Data("expo-narrate guide folder, format 1\n# comment\nguide.txt\n".utf8).write(to: destination.appendingPathComponent(".expo-narrate"))
        try Data("old".utf8).write(to: destination.appendingPathComponent("guide.txt"))
        try Data("mine".utf8).write(to: destination.appendingPathComponent("notes.txt"))
        #expect {
            _ = try OutputFolder(destination: destination)
        } throws: { error in
            "\(error)".contains("notes.txt (a file)") && "\(error)".contains("beside the guide")
        }
        try FileManager.default.removeItem(at: destination.appendingPathComponent("notes.txt"))
        #expect(try Self.publish(["guide.txt": "new"], into: destination))
        #expect(Self.text(destination, "guide.txt") == "new" && GuideFolder.readRecordDigests(in: destination.path)?["guide.txt"]?.count == 64)
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

    @Test("a killed run's work folder is finished by the next run: its own files removed, anything else kept and named")
    func leftoversFinished() throws {
        let destination = try Self.folder()
        let parent = destination.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: parent) }
        try Self.publish(["guide.txt": "one"], into: destination)
        let folder = GuideFolder(path: destination.path)
        // A staged guide without a record (killed before the swap) and an old guide after one,
        // holding a file a process wrote into the guide folder in the instant of the swap.
        let staged = try folder.makeWork()
        try FileManager.default.createDirectory(atPath: staged + "/guide", withIntermediateDirectories: false)
        try Data("x".utf8).write(to: URL(fileURLWithPath: staged + "/guide/guide.txt"))
        let old = try folder.makeWork()
        try FileManager.default.createDirectory(atPath: old + "/guide", withIntermediateDirectories: false)
        try GuideFolder.writeRecord(["gone.txt"], in: old + "/guide", shownAs: destination.path)
        try Data("gone".utf8).write(to: URL(fileURLWithPath: old + "/guide/gone.txt"))
        try Data("user".utf8).write(to: URL(fileURLWithPath: old + "/guide/mine.txt"))
        let output = try OutputFolder(destination: destination)
        output.discard()
        #expect(
            output.notes.count == 1 && output.notes[0].contains(old + "/guide/mine.txt") && output.notes[0].contains("delete \(old)"),
            "\(output.notes)")
        #expect(FileManager.default.contents(atPath: old + "/guide/mine.txt") == Data("user".utf8), "never removed or moved")
        #expect(!FileManager.default.fileExists(atPath: old + "/guide/gone.txt"), "the tool's own file is removed")
        #expect(Self.text(destination, "mine.txt") == nil && Self.text(destination, "guide.txt") == "one")
        // Once the user has taken it, the next run removes the rest.
        try FileManager.default.removeItem(atPath: old + "/guide/mine.txt")
        #expect(try OutputFolder(destination: destination).notes.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["guide"])
    }

    @Test("an unmarked work folder is removed when it is provably the tool's (name, owner, only its files); a look-alike is kept")
    func unmarkedWorkFolders() throws {
        let destination = try Self.folder()
        let parent = destination.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: parent) }
        try Self.publish(["guide.txt": "one"], into: destination)
        let manager = FileManager.default
        func make(_ name: String) throws -> URL {
            let url = parent.appendingPathComponent(name)
            try manager.createDirectory(at: url, withIntermediateDirectories: false)
            return url
        }
        // The tool's, without the marker: empty; an old guide of only its listed files.
        _ = try make(".guide.expo-narrate-1a2b")
        let ours = try make(".guide.expo-narrate-3c4d")
        try manager.createDirectory(at: ours.appendingPathComponent("old"), withIntermediateDirectories: false)
        try GuideFolder.writeRecord(["a.txt"], in: ours.path + "/old", shownAs: destination.path)
        try Data("a".utf8).write(to: ours.appendingPathComponent("old/a.txt"))
        // Not provably the tool's: a file of the user's in it; a listed name that is a folder;
        // another owner's.
        try Data("mine".utf8).write(to: try make(".guide.expo-narrate-5e6f").appendingPathComponent("notes.txt"))
        let folderAtName = try make(".guide.expo-narrate-7a8b")
        try manager.createDirectory(at: folderAtName.appendingPathComponent("guide/a.txt"), withIntermediateDirectories: true)
        try GuideFolder.writeRecord(["a.txt"], in: folderAtName.path + "/guide", shownAs: destination.path)
        let others = try make(".guide.expo-narrate-9c0d")
        #expect(chown(others.path, 4_321, 4_321) == 0)
        _ = try OutputFolder(destination: destination)
        let beside = Set(try manager.contentsOfDirectory(atPath: parent.path))
        #expect(beside == ["guide", ".guide.expo-narrate-5e6f", ".guide.expo-narrate-7a8b", ".guide.expo-narrate-9c0d"], "\(beside.sorted())")
        #expect(manager.contents(atPath: parent.path + "/.guide.expo-narrate-5e6f/notes.txt") == Data("mine".utf8))
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
