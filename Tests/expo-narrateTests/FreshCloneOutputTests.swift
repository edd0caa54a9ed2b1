import Foundation
import Testing

/// A fresh clone's output/ through the real binary: a copy of the repository's placeholder folder
/// is published into (the placeholder kept), a look-alike folder elsewhere is refused (73).
@Suite struct FreshCloneOutputTests {
    static let placeholder = CommandRunner.projectRoot.appendingPathComponent("output/README.md")

    @Test func aCopyOfTheRepositorysOutputFolderTakesTheFirstRun() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("output")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.placeholder, to: output.appendingPathComponent("README.md"))
        let run = try CommandRunner.run(["--all", "--text-only", "--quiet"], directory: folder)
        #expect(run.status == 0, "\(run.stderr)")
        // The placeholder swapped out with the empty folder is the tool's: no note, no work folder left.
        #expect(!run.stderr.contains("written into"), "\(run.stderr)")
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!beside.contains { $0.hasPrefix(".output.expo-narrate") }, "\(beside)")
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path)
        #expect(names.contains("index.html") && names.contains("manifest.json") && names.contains(".expo-narrate"), "\(names)")
        #expect(try Data(contentsOf: output.appendingPathComponent("README.md")) == Data(contentsOf: Self.placeholder))
        let again = try CommandRunner.run(["--all", "--text-only", "--quiet"], directory: folder)
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test func aLookAlikeFolderIsAUsersAndIsRefused() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        var text = try Data(contentsOf: Self.placeholder)
        text.append(contentsOf: Array("My own notes.\n".utf8))
        try text.write(to: notes.appendingPathComponent("README.md"))
        let run = try CommandRunner.run(["--all", "--text-only", "--quiet", "--output", "notes"], directory: folder)
        #expect(run.status == 73, "\(run.status) \(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: notes.path) == ["README.md"])
        #expect(try Data(contentsOf: notes.appendingPathComponent("README.md")) == text)
    }
}
