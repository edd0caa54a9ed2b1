import Foundation
import Testing

/// The real data of the original apps, in `shared/fixtures/expo1900` beside the checkout
/// (found by walking up from this file). Without it, the tests that need it are skipped with
/// a line saying why — except under CI (`CI=true`), which always has the data: there they run
/// and fail with the reason.
public enum SharedFixtures {
    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            "shared/fixtures/expo1900 (the original apps' data) was not found beside the checkout; CI puts shared/ there."
        }
    }

    /// The fixtures folder, or nil.
    public static let location: URL? = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<8 {
            let candidate = directory.appendingPathComponent("shared/fixtures/expo1900")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("items.json").path) {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }()

    /// Whether the tests that need the data should run: it is there, or CI requires it.
    public static var shouldRun: Bool {
        location != nil || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    public static func folder() throws -> URL {
        guard let location else { throw Missing() }
        return location
    }

    public static func url(_ name: String) throws -> URL {
        try folder().appendingPathComponent(name)
    }

    /// The project's root folder (where Package.swift is).
    public static var projectRoot: URL {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
            directory.path != "/"
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test or suite only where the original apps' data is beside the checkout (always
    /// under CI, where its absence is a failure); elsewhere it is skipped with the reason.
    public static var needsSharedFixtures: Self {
        .enabled(
            if: SharedFixtures.shouldRun,
            "shared/fixtures/expo1900 (the original apps' data) is not beside this checkout; CI=true runs it and fails")
    }
}

/// The repository root: the nearest ancestor holding Package.swift.
public func packageRoot() -> URL? {
    SharedFixtures.projectRoot
}

extension Tag {
    /// Tests that run the built `expo-narrate` binary from start to end (Tests/expo-narrateTests):
    /// seconds to minutes each. They all live in the `expo_narrateTests` module, so that
    /// `swift test --skip expo_narrateTests` runs only the fast tests.
    @Tag public static var endToEnd: Self
}
