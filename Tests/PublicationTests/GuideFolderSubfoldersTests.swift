import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import Publication

/// One level of the tool's own folders in the guide (`GuideFolder+Subfolders.swift`): written
/// through the same writer, listed in the record with their SHA-256 by relative path, kept
/// unchanged from run to run, removed with the rest of the guide, and held to the same rules as
/// the guide folder: anything the record does not list inside one is refused, never touched.
@Suite("OutputFolder: the guide's own folders")
struct GuideFolderSubfoldersTests {
    @Test("names: a file, or one folder and a file; never deeper, empty, dot parts or the record")
    func guideNames() {
        for name in ["ncc.html", "daisy202/ncc.html", "a/b"] { #expect(GuideFolder.isGuideName(name), "\(name)") }
        let long = String(repeating: "d", count: GuideFolder.longestFolderName + 1) + "/a"
        for name in ["", "/", "a/", "/a", "a//b", "a/b/c", "../a", "a/..", "./a", "a/.", ".expo-narrate", "a/.expo-narrate", long] {
            #expect(!GuideFolder.isGuideName(name), "\(name)")
        }
        #expect(GuideFolder.folders(of: ["a.txt", "daisy202/ncc.html", "daisy202/x.mp3", "daisy3/book.opf"]) == ["daisy202", "daisy3"])
    }

    /// The record's lines that list files: name → SHA-256.
    static func record(_ destination: URL) -> [String: String] {
        GuideFolder.readRecordDigests(in: destination.path) ?? [:]
    }

    @Test(
        "a folder's files are published, recorded with their SHA-256 by relative path, kept as they are when unchanged, and removed with the folder by a run without them"
    )
    func folderPublishedKeptAndRemoved() throws {
        let destination = try OutputFolderTests.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        let files = ["guide.txt": "g", "book/ncc.html": "ncc", "book/a.mp3": "mp3"]
        #expect(try OutputFolderTests.publish(files, into: destination))
        #expect(OutputFolderTests.text(destination, "book/ncc.html") == "ncc")
        #expect(Self.record(destination)["book/ncc.html"] == Self.sha256("ncc"))
        #expect(Set(Self.record(destination).keys) == ["guide.txt", "book/ncc.html", "book/a.mp3"])
        let before = OutputFolderTests.inode(destination.appendingPathComponent("book/a.mp3"))
        #expect(try !OutputFolderTests.publish(files, into: destination), "nothing changed: nothing is swapped")
        #expect(try OutputFolderTests.publish(files.merging(["book/ncc.html": "ncc 2"]) { $1 }, into: destination))
        #expect(OutputFolderTests.inode(destination.appendingPathComponent("book/a.mp3")) == before, "an unchanged file is the same file")
        #expect(OutputFolderTests.text(destination, "book/ncc.html") == "ncc 2")
        #expect(Self.record(destination)["book/ncc.html"] == Self.sha256("ncc 2"))
        #expect(try OutputFolderTests.publish(["guide.txt": "g"], into: destination))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: destination.path)) == ["guide.txt", ".expo-narrate"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path) == ["guide"],
            "no work folder is left")
    }

    static func sha256(_ text: String) -> String {
        var hash = SHA256Digest()
        hash.update(Data(text.utf8))
        return hash.hexDigest()
    }

    @Test("an entry the record does not list inside the tool's folder (a file, a link, a named pipe, a folder) is refused (73) and left as it is")
    func unlistedEntryInsideRefused() throws {
        let destination = try OutputFolderTests.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        try OutputFolderTests.publish(["book/ncc.html": "ncc"], into: destination)
        let manager = FileManager.default
        for planted in ["notes.txt", "link", "pipe", "sub"] {
            let path = destination.appendingPathComponent("book/" + planted).path
            switch planted {
            case "link": try manager.createSymbolicLink(atPath: path, withDestinationPath: "/etc/passwd")
            case "pipe": #expect(mkfifo(path, 0o600) == 0)
            case "sub": try manager.createDirectory(atPath: path, withIntermediateDirectories: false)
            default: try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
            }
            #expect { try OutputFolder(destination: destination) } throws: { error in
                (error as? ExpoError)?.category == .cannotCreate && "\(error)".contains("book/" + planted)
            }
            #expect((try? manager.attributesOfItem(atPath: path)) != nil, "\(planted) is left where it is")
            #expect(OutputFolderTests.text(destination, "book/ncc.html") == "ncc")
            try manager.removeItem(atPath: path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path) == ["guide"])
    }

    @Test(
        "the tool's folder replaced by a link (to a copy of it), a folder of the user's at an unlisted name, a listed file replaced by a link: refused (73), nothing followed or changed"
    )
    func linksAndUsersFoldersRefused() throws {
        let destination = try OutputFolderTests.folder()
        let parent = destination.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: parent) }
        try OutputFolderTests.publish(["book/ncc.html": "ncc", "guide.txt": "g"], into: destination)
        let manager = FileManager.default
        let book = destination.appendingPathComponent("book")
        try manager.moveItem(at: book, to: parent.appendingPathComponent("copy"))
        try manager.createSymbolicLink(atPath: book.path, withDestinationPath: parent.appendingPathComponent("copy").path)
        #expect { try OutputFolder(destination: destination) } throws: { "\($0)".contains("book (a symbolic link)") }
        #expect(OutputFolderTests.text(parent, "copy/ncc.html") == "ncc", "the link's target is untouched")
        try manager.removeItem(at: book)
        try manager.moveItem(at: parent.appendingPathComponent("copy"), to: book)
        // A listed file in the folder replaced by a link to an identical file.
        let ncc = book.appendingPathComponent("ncc.html")
        try manager.moveItem(at: ncc, to: parent.appendingPathComponent("ncc.html"))
        try manager.createSymbolicLink(atPath: ncc.path, withDestinationPath: parent.appendingPathComponent("ncc.html").path)
        #expect { try OutputFolder(destination: destination) } throws: { "\($0)".contains("book/ncc.html (a symbolic link)") }
        try manager.removeItem(at: ncc)
        try manager.moveItem(at: parent.appendingPathComponent("ncc.html"), to: ncc)
        // A folder of the user's that the record lists nothing in, whatever its name.
        try manager.createDirectory(at: destination.appendingPathComponent("daisy3"), withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: destination.appendingPathComponent("daisy3/ncc.html"))
        #expect { try OutputFolder(destination: destination) } throws: { "\($0)".contains("daisy3 (a folder)") }
        #expect(OutputFolderTests.text(destination, "daisy3/ncc.html") == "mine")
    }

    @Test("a listed file in the folder whose bytes changed since it was published: the run that would replace it refuses (73)")
    func changedFileInFolderRefused() throws {
        let destination = try OutputFolderTests.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        try OutputFolderTests.publish(["book/ncc.html": "ncc"], into: destination)
        try Data("the curator's notes".utf8).write(to: destination.appendingPathComponent("book/ncc.html"))
        #expect { try OutputFolderTests.publish(["book/ncc.html": "ncc 2"], into: destination) } throws: { error in
            (error as? ExpoError)?.category == .cannotCreate && "\(error)".contains("book/ncc.html is not the file expo-narrate published")
        }
        #expect(OutputFolderTests.text(destination, "book/ncc.html") == "the curator's notes")
    }

    @Test("a guide no longer published: its folders are emptied of their listed files only; anything else in one is kept with the folder")
    func emptyingKeepsWhatIsNotListed() throws {
        let old = try TemporaryFolder()
        defer { old.remove() }
        let folder = old.url.path
        try GuideFolder.writeRecord(["a.txt", "book/ncc.html"], in: folder, shownAs: folder)
        try FileManager.default.createDirectory(atPath: folder + "/book", withIntermediateDirectories: false)
        for name in ["a.txt", "book/ncc.html", "book/mine.txt"] { try Data(name.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        #expect(GuideFolder.emptyGuide(folder) == ["book/mine.txt"])
        #expect(FileManager.default.contents(atPath: folder + "/book/mine.txt") == Data("book/mine.txt".utf8))
        #expect(!FileManager.default.fileExists(atPath: folder + "/book/ncc.html") && !FileManager.default.fileExists(atPath: folder + "/a.txt"))
    }

    @Test("an unmarked work folder whose guide holds a folder of only its listed files is the tool's; one with anything more is kept")
    func unmarkedWorkFolderWithFolders() throws {
        let destination = try OutputFolderTests.folder()
        let parent = destination.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: parent) }
        try OutputFolderTests.publish(["guide.txt": "one"], into: destination)
        let manager = FileManager.default
        for (name, extra) in [(".guide.expo-narrate-1a2b", false), (".guide.expo-narrate-3c4d", true)] {
            let old = parent.appendingPathComponent(name + "/old")
            try manager.createDirectory(at: old.appendingPathComponent("book"), withIntermediateDirectories: true)
            try GuideFolder.writeRecord(["book/a.mp3"], in: old.path, shownAs: destination.path)
            try Data("a".utf8).write(to: old.appendingPathComponent("book/a.mp3"))
            if extra { try Data("mine".utf8).write(to: old.appendingPathComponent("book/notes.txt")) }
        }
        _ = try OutputFolder(destination: destination)
        #expect(Set(try manager.contentsOfDirectory(atPath: parent.path)) == ["guide", ".guide.expo-narrate-3c4d"])
        #expect(manager.contents(atPath: parent.path + "/.guide.expo-narrate-3c4d/old/book/notes.txt") == Data("mine".utf8))
    }

    @Test("files written into the tool's folder around the swap: the old guide back with the first, the second kept in the marked work folder and named")
    func writtenIntoFolderAroundSwap() throws {
        let destination = try OutputFolderTests.folder()
        let parent = destination.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: parent) }
        try OutputFolderTests.publish(["book/ncc.html": "old"], into: destination)
        let output = try OutputFolder(destination: destination)
        try output.write("new", to: "book/ncc.html")
        let writer = PublicationRaceTests.writer(into: destination, before: "book/note-1", after: "book/note-2")
        let error = #expect(throws: ExpoError.self) { try SystemCalls.$current.withValue(writer) { try output.publish() } }
        #expect(error?.category == .cannotCreate && error?.message.contains("book/note-1 (a file)") == true, "\(String(describing: error))")
        #expect(OutputFolderTests.text(destination, "book/ncc.html") == "old" && OutputFolderTests.text(destination, "book/note-1") == "early")
        let work = try PublicationFaultTests.names(beside: destination).filter { $0 != "guide" }
        try #require(work.count == 1, "the work folder is kept: \(work)")
        let kept = parent.path + "/" + work[0] + "/guide/book/note-2"
        #expect(FileManager.default.contents(atPath: kept) == Data("late".utf8))
        #expect(error?.message.contains(kept) == true, "the message says where: \(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: parent.path + "/" + work[0] + "/guide/book/ncc.html"), "the tool's own file removed")
    }

    @Test("a killed run's work folder whose old guide has a folder: its listed files removed, a file of the user's in it kept and named")
    func killedRunsFolderFinished() throws {
        let destination = try OutputFolderTests.folder()
        let parent = destination.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: parent) }
        try OutputFolderTests.publish(["guide.txt": "one"], into: destination)
        let work = try GuideFolder(path: destination.path).makeWork()
        try FileManager.default.createDirectory(atPath: work + "/old/book", withIntermediateDirectories: true)
        try GuideFolder.writeRecord(["book/a.mp3"], in: work + "/old", shownAs: destination.path)
        try Data("a".utf8).write(to: URL(fileURLWithPath: work + "/old/book/a.mp3"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: work + "/old/book/mine.txt"))
        let output = try OutputFolder(destination: destination)
        output.discard()
        #expect(output.notes.count == 1 && output.notes[0].contains(work + "/old/book/mine.txt"), "\(output.notes)")
        #expect(FileManager.default.contents(atPath: work + "/old/book/mine.txt") == Data("mine".utf8), "never removed or moved")
        #expect(!FileManager.default.fileExists(atPath: work + "/old/book/a.mp3"), "the tool's own file is removed")
        try FileManager.default.removeItem(atPath: work + "/old/book/mine.txt")
        #expect(try OutputFolder(destination: destination).notes.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["guide"])
    }
}
