import Foundation
import Testing
import ExpoModel
import ExpoSystem
import CatalogLoading
import KoreanSpeech
import Narration
import Speech
import Audio
import Export
@testable import Pipeline
import TestSupport


@Suite("OutputFolder")
struct OutputFolderTests {
    static func hidden(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasPrefix(OutputFolder.replacedPrefix) }
    }

    @Test("a large file replaced by a run is removed by the next run, not while publishing; small ones at once")
    func replacedLargeFilesGoLater() throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("expo-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let large = Data(repeating: 1, count: Int(OutputFolder.lazyRemovalBytes))
        let first = try OutputFolder(destination: destination)
        try first.write(large, to: "guide.wav")
        try first.write("old", to: "guide.txt")
        try first.publish()
        #expect(Self.hidden(destination).isEmpty)

        let second = try OutputFolder(destination: destination)
        var changed = large
        changed[0] = 2
        try second.write(changed, to: "guide.wav")
        try second.write("new", to: "guide.txt")
        try second.publish()
        #expect(try Data(contentsOf: destination.appendingPathComponent("guide.wav")) == changed)
        #expect(try String(contentsOf: destination.appendingPathComponent("guide.txt"), encoding: .utf8) == "new")
        let kept = Self.hidden(destination)
        #expect(kept.count == 1 && kept[0].hasSuffix("-guide.wav"), "\(kept)")
        #expect(try Data(contentsOf: destination.appendingPathComponent(kept[0])) == large)

        // The next run removes it while it works; by the time it has published, it is gone.
        let third = try OutputFolder(destination: destination)
        try third.write("third", to: "guide.txt")
        try third.publish()
        #expect(Self.hidden(destination).isEmpty)
    }

    @Test("a file that keeps another name (a cache link) is replaced without a hidden copy")
    func linkedFilesAreNotKept() throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("expo-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let first = try OutputFolder(destination: destination)
        try first.write(Data(repeating: 1, count: Int(OutputFolder.lazyRemovalBytes)), to: "guide.wav")
        try first.publish()
        let elsewhere = destination.appendingPathComponent("cache-link.wav")
        #expect(link(destination.appendingPathComponent("guide.wav").path, elsewhere.path) == 0)

        let second = try OutputFolder(destination: destination)
        try second.write(Data(repeating: 2, count: Int(OutputFolder.lazyRemovalBytes)), to: "guide.wav")
        try second.publish()
        #expect(Self.hidden(destination).isEmpty)
    }
}
