import Foundation
import Testing
import ExpoModel
import ExpoSystem
@testable import Pipeline
import TestSupport

@Suite("OutputFolder")
struct OutputFolderTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("expo-output-\(UUID().uuidString)")
    }

    static func text(_ folder: URL, _ name: String) -> String? {
        try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("a publication is a version: top-level names link through `current`, the previous version stays until the next")
    func versionsAndLinks() throws {
        let destination = Self.folder()
        defer { try? FileManager.default.removeItem(at: destination) }
        for (round, text) in ["one", "two", "three"].enumerated() {
            let output = try OutputFolder(destination: destination)
            try output.write(text, to: "guide.txt")
            try output.write(text, to: "\(text).txt")
            try output.publish(previousFiles: [], keepPrevious: false)
            #expect(Self.text(destination, "guide.txt") == text)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: destination.appendingPathComponent(".current").path)
                == ".versions/\(round + 1)")
        }
        // Only the newest name of each round's own file is left at the top.
        #expect(Self.text(destination, "one.txt") == nil && Self.text(destination, "two.txt") == nil)
        #expect(Self.text(destination, "three.txt") == "three")
        // The next run removes versions older than the previous one.
        _ = try OutputFolder(destination: destination)
        let versions = try FileManager.default.contentsOfDirectory(atPath: destination.appendingPathComponent(".versions").path)
        #expect(Set(versions) == ["2", "3"], "\(versions)")
    }

    @Test("a run over some tracks carries the previous guide's other files into the new version")
    func partialRunKeepsOthers() throws {
        let destination = Self.folder()
        defer { try? FileManager.default.removeItem(at: destination) }
        let first = try OutputFolder(destination: destination)
        try first.write("a", to: "a.txt")
        try first.write("b", to: "b.txt")
        try first.publish()
        let second = try OutputFolder(destination: destination)
        try second.write("a2", to: "a.txt")
        try second.publish(previousFiles: ["a.txt", "b.txt"], keepPrevious: true)
        #expect(Self.text(destination, "a.txt") == "a2")
        #expect(Self.text(destination, "b.txt") == "b")
    }

    @Test("a guide from before versions (plain files) is taken over: files replaced by links, stale ones removed")
    func takesOverPlainFiles() throws {
        let destination = Self.folder()
        defer { try? FileManager.default.removeItem(at: destination) }
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: destination.appendingPathComponent("guide.txt"))
        try Data("stale".utf8).write(to: destination.appendingPathComponent("01-old.txt"))
        try Data("mine".utf8).write(to: destination.appendingPathComponent("notes.txt"))
        let output = try OutputFolder(destination: destination)
        try output.write("new", to: "guide.txt")
        try output.publish(previousFiles: ["guide.txt", "01-old.txt"], keepPrevious: false)
        #expect(Self.text(destination, "guide.txt") == "new")
        #expect(Self.text(destination, "01-old.txt") == nil)
        #expect(Self.text(destination, "notes.txt") == "mine")
    }
}
