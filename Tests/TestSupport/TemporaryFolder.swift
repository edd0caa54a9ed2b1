import Foundation

/// The tests' one temporary folder: a fresh folder under the system's temporary folder, for one
/// test, removed by `remove()` (or by whoever holds its `url`).
public struct TemporaryFolder: Sendable {
    public let url: URL

    /// Makes the folder, named `prefix` and a UUID.
    public init(prefix: String = "expo-narrate-tests-") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(prefix + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The folder's path.
    public var path: String { url.path }

    /// The entry `name` in the folder.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Names in the folder, hidden ones included, sorted.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
