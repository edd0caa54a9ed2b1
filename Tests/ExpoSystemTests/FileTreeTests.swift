import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@Suite("FileTree")
struct FileTreeTests {
    @Test("a rename without replacing refuses an existing target (EEXIST); an exchange swaps two folders in one step")
    func renames() throws {
        let folder = try TemporaryFolder().url.path
        defer { _ = FileTree.removeTree(folder) }
        try Data("a".utf8).write(to: URL(fileURLWithPath: folder + "/a"))
        try Data("b".utf8).write(to: URL(fileURLWithPath: folder + "/b"))
        #expect(throws: SystemCallError(EEXIST)) { try FileTree.renameWithoutReplacing(folder + "/a", to: folder + "/b") }
        try FileTree.renameWithoutReplacing(folder + "/a", to: folder + "/c")
        #expect(FileTree.readSmallFile(folder + "/c") == Data("a".utf8))
        try FileTree.exchange(folder + "/b", folder + "/c")
        #expect(FileTree.readSmallFile(folder + "/b") == Data("a".utf8))
        #expect(FileTree.readSmallFile(folder + "/c") == Data("b".utf8))
        #expect(Set(FileTree.names(in: folder)) == ["b", "c"])
    }

    @Test("a small file is read only when it is a regular file within the limit, never through a link")
    func smallFiles() throws {
        let folder = try TemporaryFolder().url.path
        defer { _ = FileTree.removeTree(folder) }
        try Data("12345".utf8).write(to: URL(fileURLWithPath: folder + "/five"))
        symlink(folder + "/five", folder + "/link")
        #expect(FileTree.readSmallFile(folder + "/five", limit: 5) == Data("12345".utf8))
        #expect(FileTree.readSmallFile(folder + "/five", limit: 4) == nil)
        #expect(FileTree.readSmallFile(folder + "/link") == nil)
        #expect(FileTree.readSmallFile(folder) == nil)
        #expect(FileTree.isFolder(folder) && !FileTree.isFolder(folder + "/link"))
        // The link goes, the file it names stays.
        #expect(FileTree.removeTree(folder + "/link"))
        #expect(FileTree.readSmallFile(folder + "/five") != nil)
    }

    @Test("a path is resolved through its links as far as it exists")
    func resolvedPath() throws {
        let folder = try TemporaryFolder().url
        defer { _ = FileTree.removeTree(folder.path) }
        let real = FileTree.resolvedPath(folder)
        symlink(real, real + "/link")
        #expect(FileTree.resolvedPath(URL(fileURLWithPath: real + "/link/not/yet")) == real + "/not/yet")
    }

    @Test("flushing the file system of a folder that does not exist is an error naming the shown path")
    func synchronizeMissing() {
        #expect {
            try FileTree.synchronizeFileSystem(holding: "/nonexistent-expo-narrate", shownAs: "/shown")
        } throws: { error in
            (error as? ExpoError)?.category == .io && (error as? ExpoError)?.message.contains("/shown") == true
        }
    }
}
