import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Publication

/// The repository's output/ placeholder: a fresh copy of it is an empty guide folder that the
/// first run publishes into (and keeps the placeholder), while a look-alike is refused as before.
@Suite("ShippedPlaceholder")
struct ShippedPlaceholderTests {
    static var shipped: URL { SharedFixtures.projectRoot.appendingPathComponent("output").appendingPathComponent(ShippedPlaceholder.name) }

    /// A new folder (in a temporary folder of its own) holding `files` (name: bytes).
    static func folder(holding files: [String: Data]) throws -> URL {
        let destination = try TemporaryFolder().url.appendingPathComponent("output")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: destination.appendingPathComponent(name)) }
        return destination
    }

    static func isRefused(_ destination: URL) -> Bool {
        do {
            _ = try OutputFolder(destination: destination)
            return false
        } catch let error as ExpoError {
            return error.category == .cannotCreate
        } catch {
            return false
        }
    }

    @Test("the repository ships output/README.md with exactly the placeholder's bytes")
    func repositoryShipsThePlaceholder() throws {
        #expect(try Data(contentsOf: Self.shipped) == Data(ShippedPlaceholder.text.utf8))
    }

    @Test("a fresh copy of output/ is claimed as an empty guide folder; the guide is published beside the placeholder")
    func freshCopyIsClaimed() throws {
        let destination = try Self.folder(holding: [ShippedPlaceholder.name: try Data(contentsOf: Self.shipped)])
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        let output = try OutputFolder(destination: destination)
        try output.write("<html>", to: "index.html")
        #expect(try output.publish())
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: destination.path))
        #expect(names == [".expo-narrate", "index.html", ShippedPlaceholder.name])
        #expect(try Data(contentsOf: destination.appendingPathComponent(ShippedPlaceholder.name)) == Data(ShippedPlaceholder.text.utf8))
        // Published again: still the tool's folder, the placeholder still there and unchanged.
        let again = try OutputFolder(destination: destination)
        try again.write("<html>2", to: "index.html")
        #expect(try again.publish())
        #expect(try Data(contentsOf: destination.appendingPathComponent(ShippedPlaceholder.name)) == Data(ShippedPlaceholder.text.utf8))
    }

    @Test("a look-alike is a user's folder and is refused (73): other bytes, other files beside it, or a link")
    func lookAlikesAreRefused() throws {
        var changed = Data(ShippedPlaceholder.text.utf8)
        changed.append(contentsOf: Array("my notes\n".utf8))
        let cases: [[String: Data]] = [
            [ShippedPlaceholder.name: changed],
            [ShippedPlaceholder.name: Data("# output/\n".utf8)],
            [ShippedPlaceholder.name: Data(ShippedPlaceholder.text.utf8), "notes.txt": Data("mine".utf8)],
            ["readme.md": Data(ShippedPlaceholder.text.utf8)],
        ]
        for files in cases {
            let destination = try Self.folder(holding: files)
            defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
            #expect(Self.isRefused(destination), "\(files.keys.sorted())")
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: destination.path)) == Set(files.keys))
        }
        // A link named like the placeholder, to a file with its bytes, is not the placeholder.
        let destination = try Self.folder(holding: [:])
        defer { try? FileManager.default.removeItem(at: destination.deletingLastPathComponent()) }
        try FileManager.default.createSymbolicLink(
            at: destination.appendingPathComponent(ShippedPlaceholder.name),
            withDestinationURL: Self.shipped)
        #expect(Self.isRefused(destination))
    }
}
