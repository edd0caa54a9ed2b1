import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

/// The one writer's promise: a file is created new, never through a link, and a temporary
/// name already taken (by a link someone planted, or anything else) is passed over, never
/// opened, followed or removed.
@Suite("AtomicFile and new files")
struct AtomicFileTests {
    /// A folder with `outside/target` holding known bytes, and links to it at `names` in
    /// `inside`.
    static func planted(_ names: [String]) throws -> (folder: TemporaryFolder, inside: String, target: String) {
        let folder = try TemporaryFolder()
        let inside = folder.path + "/inside"
        let target = folder.path + "/outside-target"
        try FileManager.default.createDirectory(atPath: inside, withIntermediateDirectories: false)
        try Data("precious".utf8).write(to: URL(fileURLWithPath: target))
        for name in names { #expect(symlink(target, inside + "/" + name) == 0) }
        return (folder, inside, target)
    }

    static func isLink(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeSymbolicLink
    }

    @Test("links planted at a file's temporary names are passed over: the next free name is used, the links and their target untouched")
    func plantedLinksArePassedOver() throws {
        let pid = getpid()
        let taken = [".notes.txt.partial-\(pid)", ".notes.txt.partial-\(pid)-2"]
        let (folder, inside, target) = try Self.planted(taken)
        defer { folder.remove() }
        let writer = try AtomicFile(inside + "/notes.txt")
        #expect(writer.temporaryPath == inside + "/.notes.txt.partial-\(pid)-3")
        try Data("the tool's".utf8).withUnsafeBytes { try writer.file.write($0) }
        try writer.commit(.file)
        #expect(FileTree.readSmallFile(target) == Data("precious".utf8))
        #expect(FileTree.readSmallFile(inside + "/notes.txt") == Data("the tool's".utf8))
        for name in taken { #expect(Self.isLink(inside + "/" + name), "\(name) was removed") }
    }

    @Test("a private folder is made at the first free temporary name, never in a planted link's place")
    func temporaryFolders() throws {
        let pid = getpid()
        let (folder, inside, target) = try Self.planted([".batch.partial-\(pid)"])
        defer { folder.remove() }
        let made = try AtomicFile.makeTemporaryFolder(for: inside + "/batch", shownAs: "batch")
        #expect(made == inside + "/.batch.partial-\(pid)-2")
        #expect(FileStatus.of(made)?.kind == .folder)
        #expect(Self.isLink(inside + "/.batch.partial-\(pid)"))
        #expect(FileStatus.of(target)?.kind == .regular)
    }

    @Test("a file that is there already is never opened by createNew: EEXIST, through a link or not")
    func createNewRefusesTakenNames() throws {
        let (folder, inside, target) = try Self.planted(["link"])
        defer { folder.remove() }
        for name in ["link", "../outside-target"] {
            #expect {
                _ = try POSIXFile.createNew(inside + "/" + name, shownAs: name)
            } throws: { error in
                (error as? ExpoError)?.code == EEXIST
            }
        }
        #expect(FileTree.readSmallFile(target) == Data("precious".utf8))
    }

    @Test("an unnamed file leaves no name, also where the file system has none (a new name, made and unlinked at once)")
    func unnamedFiles() throws {
        let (folder, inside, target) = try Self.planted([".expo-narrate-scratch.partial-\(getpid())"])
        defer { folder.remove() }
        let file = try POSIXFile.createUnnamed(in: inside, shownAs: inside)
        try Data("scratch".utf8).withUnsafeBytes { try file.write($0) }
        #expect(FileManager.default.contents(atPath: file.procPath) == Data("scratch".utf8))
        file.closeQuietly()
        #expect(FileTree.names(in: inside) == [".expo-narrate-scratch.partial-\(getpid())"])
        // Without O_TMPFILE (an older kernel, some network file systems).
        var calls = SystemCalls.real
        calls.open = { path, flags, mode in
            flags & O_DIRECTORY != 0 && flags & O_CREAT == 0 && flags & O_RDWR != 0
                ? SystemCalls.failure(EOPNOTSUPP) : SystemCalls.real.open(path, flags, mode)
        }
        let fallback = try SystemCalls.$current.withValue(calls) { try POSIXFile.createUnnamed(in: inside, shownAs: inside) }
        try Data("again".utf8).withUnsafeBytes { try fallback.write($0) }
        fallback.closeQuietly()
        #expect(FileTree.names(in: inside) == [".expo-narrate-scratch.partial-\(getpid())"])
        #expect(Self.isLink(inside + "/.expo-narrate-scratch.partial-\(getpid())"))
        #expect(FileTree.readSmallFile(target) == Data("precious".utf8))
    }
}
