import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import Publication

/// A process that writes into the guide folder while a run publishes, made exact through
/// ExpoSystem's seam (`SystemCalls`): the exchange creates a file by path just before it swaps
/// (it lands in the old folder), just after (in the new one), or both. Nothing the writer made
/// is ever moved, copied, unlinked or left where no message says; the folder holds one whole
/// guide at every instant.
@Suite("Publication while another process writes into the guide")
struct PublicationRaceTests {
    /// True the first time it is asked, then false: the writer acts at the run's swap only, not
    /// at the swap back.
    final class FirstTime: @unchecked Sendable {
        private let lock = NSLock()
        private var asked = false
        func take() -> Bool {
            lock.withLock {
                defer { asked = true }
                return !asked
            }
        }
    }

    /// The real calls, with an exchange of the output folder that writes `before` into it just
    /// before the swap and `after` just after (nil: not then), at the first exchange only.
    static func writer(into destination: URL, before: String?, after: String?) -> SystemCalls {
        var calls = SystemCalls.real
        let target = destination.path
        let first = FirstTime()
        calls.exchange = { one, two in
            guard two == target, first.take() else { return SystemCalls.real.exchange(one, two) }
            if let before { FileManager.default.createFile(atPath: target + "/" + before, contents: Data("early".utf8)) }
            let result = SystemCalls.real.exchange(one, two)
            if let after { FileManager.default.createFile(atPath: target + "/" + after, contents: Data("late".utf8)) }
            return result
        }
        return calls
    }

    /// A guide (a.txt "old") published into a folder of its own, and a run staging a.txt "new".
    static func stagedRun() throws -> (destination: URL, output: OutputFolder) {
        let destination = try OutputFolderTests.folder()
        try OutputFolderTests.publish(["a.txt": "old"], into: destination)
        let output = try OutputFolder(destination: destination)
        try output.write("new", to: "a.txt")
        return (destination, output)
    }

    @Test("a file written into the old folder just before the swap: swapped back, refused (73), the file where it was written")
    func writtenBeforeSwap() throws {
        let (destination, output) = try Self.stagedRun()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        let error = #expect(throws: ExpoError.self) {
            try SystemCalls.$current.withValue(Self.writer(into: destination, before: "note-1", after: nil)) { try output.publish() }
        }
        #expect(
            error?.category == .cannotCreate && error?.message.contains("note-1 (a file)") == true
                && error?.message.contains("while this run was publishing") == true, "\(String(describing: error))")
        #expect(OutputFolderTests.text(destination, "a.txt") == "old", "the old guide, whole")
        #expect(OutputFolderTests.text(destination, "note-1") == "early", "the writer's file where it wrote it")
        #expect(try PublicationFaultTests.names(beside: destination) == ["guide"])
    }

    @Test("a file written just after the swap is in the published guide; the next run refuses it (73) and leaves it")
    func writtenAfterSwap() throws {
        let (destination, output) = try Self.stagedRun()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        #expect(try SystemCalls.$current.withValue(Self.writer(into: destination, before: nil, after: "note-2")) { try output.publish() })
        #expect(OutputFolderTests.text(destination, "a.txt") == "new" && OutputFolderTests.text(destination, "note-2") == "late")
        #expect(try PublicationFaultTests.names(beside: destination) == ["guide"])
        #expect(throws: ExpoError.self) { _ = try OutputFolder(destination: destination) }
        #expect(OutputFolderTests.text(destination, "note-2") == "late")
    }

    @Test("files written both before and after the swap: the old guide back with the first, the second kept in the marked work folder and named")
    func writtenAroundSwap() throws {
        let (destination, output) = try Self.stagedRun()
        let parent = destination.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: parent) }
        let error = #expect(throws: ExpoError.self) {
            try SystemCalls.$current.withValue(Self.writer(into: destination, before: "note-1", after: "note-2")) { try output.publish() }
        }
        #expect(OutputFolderTests.text(destination, "a.txt") == "old" && OutputFolderTests.text(destination, "note-1") == "early")
        let work = try PublicationFaultTests.names(beside: destination).filter { $0 != "guide" }
        try #require(work.count == 1, "the work folder is kept: \(work)")
        let kept = parent.path + "/" + work[0] + "/guide/note-2"
        #expect(FileManager.default.contents(atPath: kept) == Data("late".utf8))
        #expect(error?.message.contains(kept) == true, "the message says where: \(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: parent.path + "/" + work[0] + "/guide/a.txt"), "the tool's own file removed")
        // Every later run says where it is and never removes it; once it is moved, the work
        // folder goes.
        try FileManager.default.removeItem(at: destination.appendingPathComponent("note-1"))
        let next = try OutputFolder(destination: destination)
        #expect(next.notes.count == 1 && next.notes[0].contains(kept), "\(next.notes)")
        next.discard()
        #expect(FileManager.default.contents(atPath: kept) == Data("late".utf8))
        try FileManager.default.removeItem(atPath: kept)
        _ = try OutputFolder(destination: destination)
        #expect(try PublicationFaultTests.names(beside: destination) == ["guide"])
    }

    @Test("a file of the guide replaced in the old folder just before the swap: swapped back, refused (73), the replacement kept")
    func listedFileReplacedBeforeSwap() throws {
        let (destination, output) = try Self.stagedRun()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        var calls = SystemCalls.real
        let target = destination.path
        let once = FirstTime()
        calls.exchange = { first, second in
            if second == target, once.take() {
                let replacement = target + "/.mine"
                FileManager.default.createFile(atPath: replacement, contents: Data("user's a.txt".utf8))
                _ = SystemCalls.real.rename(replacement, target + "/a.txt")
            }
            return SystemCalls.real.exchange(first, second)
        }
        let error = #expect(throws: ExpoError.self) { try SystemCalls.$current.withValue(calls) { try output.publish() } }
        #expect(error?.message.contains("a.txt") == true, "\(String(describing: error))")
        #expect(OutputFolderTests.text(destination, "a.txt") == "user's a.txt")
        #expect(try PublicationFaultTests.names(beside: destination) == ["guide"])
    }

    @Test("an entry on another device (a mount point, told by st_dev through the seam) is refused (73) before anything changes")
    func mountPointByDevice() throws {
        let destination = try OutputFolderTests.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        try OutputFolderTests.publish(["a.txt": "old"], into: destination)
        let mounted = destination.appendingPathComponent("usb")
        try FileManager.default.createDirectory(at: mounted, withIntermediateDirectories: false)
        var calls = SystemCalls.real
        let path = mounted.path
        calls.status = { name, following, result in
            let code = SystemCalls.real.status(name, following, result)
            if code == 0, name == path { result.pointee.st_dev &+= 1 }
            return code
        }
        let error = #expect(throws: ExpoError.self) {
            try SystemCalls.$current.withValue(calls) { _ = try OutputFolder(destination: destination) }
        }
        #expect(error?.category == .cannotCreate && error?.message.contains("\(path) is a mount point") == true, "\(String(describing: error))")
        #expect(FileTree.isFolder(path) && OutputFolderTests.text(destination, "a.txt") == "old")
        #expect(try PublicationFaultTests.names(beside: destination) == ["guide"])
    }
}
