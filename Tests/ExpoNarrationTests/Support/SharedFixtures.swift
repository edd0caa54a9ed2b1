import Foundation

/// The real data of the original apps, in `shared/fixtures/expo1900` beside the checkout
/// (found by walking up from this file). Tests that need it fail with a clear message when
/// it is missing rather than pass without it.
enum SharedFixtures {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "shared/fixtures/expo1900 was not found above \(#filePath); CI puts shared/ beside the clone." }
    }

    static func folder(file: String = #filePath) throws -> URL {
        var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
        for _ in 0..<8 {
            let candidate = directory.appendingPathComponent("shared/fixtures/expo1900")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("items.json").path) {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        throw Missing()
    }

    static func url(_ name: String) throws -> URL {
        try folder().appendingPathComponent(name)
    }

    /// The project's root folder (where Package.swift is).
    static var projectRoot: URL {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
              directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("expo-narrate-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
