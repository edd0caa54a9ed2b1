import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import Publication

/// Publication's failures, made in this process through ExpoSystem's seam (`SystemCalls`): a
/// full disk, a rename that fails, a swap cut between its two renames. Each leaves a whole
/// guide in the output folder and nothing beside it.
@Suite("Publication's fault paths")
struct PublicationFaultTests {
    static func names(beside destination: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path).sorted()
    }

    /// A published guide (a.txt "old") in a folder of its own.
    static func publishedGuide() throws -> URL {
        let destination = try OutputFolderTests.folder()
        try OutputFolderTests.publish(["a.txt": "old"], into: destination)
        return destination
    }

    /// Stages `name` ("new") and publishes it with `calls`; returns the error it failed with.
    static func failedPublication(of name: String = "a.txt", into destination: URL, with calls: SystemCalls) throws -> ExpoError? {
        let output = try OutputFolder(destination: destination)
        try output.write("new", to: name)
        return #expect(throws: ExpoError.self) { try SystemCalls.$current.withValue(calls) { try output.publish() } }
    }

    /// The guide of `publishedGuide` as it was, nothing left beside it.
    static func expectUnchanged(_ destination: URL) throws {
        #expect(OutputFolderTests.text(destination, "a.txt") == "old")
        #expect(GuideFolder.readRecord(in: destination.path) == ["a.txt"])
        #expect(try names(beside: destination) == ["guide"])
    }

    /// The real calls with an exchange that fails with `code` (EINVAL: a file system without
    /// RENAME_EXCHANGE) and a rename that fails with EIO where `refused` says so.
    static func calls(
        exchangeFailsWith code: Int32,
        renameRefused refused: @escaping @Sendable (String, String) -> Bool = { _, _ in false }
    ) -> SystemCalls {
        var calls = SystemCalls.real
        calls.exchange = { _, _ in SystemCalls.failure(code) }
        calls.rename = { source, to in refused(source, to) ? SystemCalls.failure(EIO) : SystemCalls.real.rename(source, to) }
        return calls
    }

    /// The real calls with every write failing as on a full disk.
    static var fullDisk: SystemCalls {
        var calls = SystemCalls.real
        calls.write = { _, _, _ in Int(SystemCalls.failure(ENOSPC)) }
        calls.writeAt = { _, _, _, _ in Int(SystemCalls.failure(ENOSPC)) }
        return calls
    }

    @Test("a full disk while a file is staged fails naming the published file (ENOSPC); the guide stays as it was")
    func fullDiskWhileStaging() throws {
        let destination = try Self.publishedGuide()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        do {
            let output = try OutputFolder(destination: destination)
            let error = #expect(throws: ExpoError.self) {
                try SystemCalls.$current.withValue(Self.fullDisk) { try output.write("new", to: "a.txt") }
            }
            #expect(error?.code == ENOSPC && error?.category == .io)
            #expect(error?.message.contains(destination.appendingPathComponent("a.txt").path) == true, "\(String(describing: error))")
        }
        try Self.expectUnchanged(destination)
    }

    @Test("a full disk when the record is written at publication stops it before the swap; the guide stays as it was")
    func fullDiskWhilePublishing() throws {
        let destination = try Self.publishedGuide()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        // A new name: the record is written again (for the same names it is linked).
        #expect(try Self.failedPublication(of: "b.txt", into: destination, with: Self.fullDisk)?.code == ENOSPC)
        #expect(OutputFolderTests.text(destination, "b.txt") == nil)
        try Self.expectUnchanged(destination)
    }

    @Test("an exchange that fails (EIO) publishes nothing and leaves the guide as it was")
    func failingExchange() throws {
        let destination = try Self.publishedGuide()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        #expect(try Self.failedPublication(into: destination, with: Self.calls(exchangeFailsWith: EIO))?.code == EIO)
        try Self.expectUnchanged(destination)
    }

    @Test("without an exchange, a second rename that fails puts the old guide back")
    func failingSecondRename() throws {
        let destination = try Self.publishedGuide()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        let target = destination.path
        let calls = Self.calls(exchangeFailsWith: EINVAL) { source, to in to == target && source.hasSuffix("/guide") }
        #expect(try Self.failedPublication(into: destination, with: calls)?.code == EIO)
        try Self.expectUnchanged(destination)
    }

    @Test("a swap cut between its renames, the old guide not put back either, is finished: the new guide whole")
    func swapCutBetweenRenames() throws {
        let destination = try OutputFolderTests.folder()
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        try OutputFolderTests.publish(["a.txt": "old", "gone.txt": "gone"], into: destination)
        let target = destination.path
        let calls = Self.calls(exchangeFailsWith: EINVAL) { _, to in to == target }
        let output = try OutputFolder(destination: destination)
        try output.write("new", to: "a.txt")
        #expect(throws: ExpoError.self) { try SystemCalls.$current.withValue(calls) { try output.publish() } }
        #expect(!FileManager.default.fileExists(atPath: destination.path), "the cut: the old guide is in the work folder")
        output.discard()
        #expect(OutputFolderTests.text(destination, "a.txt") == "new" && OutputFolderTests.text(destination, "gone.txt") == nil)
        #expect(GuideFolder.readRecord(in: destination.path) == ["a.txt"])
        #expect(try Self.names(beside: destination) == ["guide"])
    }
}
