import Foundation
import TestSupport

/// One published guide per set of run arguments (catalog, selection, formats, options), made
/// once per test process by a real run of the binary and shared by every test that asks for the
/// same arguments, so that the end-to-end suites do not each pay for the same cold run.
///
/// A test that only reads a guide uses `output` directly and must not change it; a test that
/// changes it (a partial run into it, a damaged file, a removed manifest) works on
/// `copy(into:)`, a copy of the finished guide with its cache where a run into the copy looks
/// by default (so that run finds every track in the cache, as a user's second run does). Each guide lives in its own temporary
/// folder with its own cache, removed when the test process exits.
///
/// Converting a test: replace
///     let result = try CommandRunner.run(ARGUMENTS + ["--output", output.path])
/// by
///     let guide = try SharedGuide.published(ARGUMENTS)      // reads only
///     let output = guide.output; let result = guide.result
/// or, when the test then changes the guide,
///     let guide = try SharedGuide.published(ARGUMENTS)
///     let output = try guide.copy(into: folder)             // the test's own temporary folder
/// ARGUMENTS are the run's arguments without `--output` and `--cache`; two tests share a
/// guide only when their ARGUMENTS are equal, element for element.
struct SharedGuide: Sendable {
    /// The published guide; never to be changed.
    let output: URL
    /// The guide's own cache folder (`--cache`), warm after the run.
    let cache: URL
    /// The run that published it: its status, stdout and stderr, as `CommandRunner.run` returns.
    let result: CommandRunner.Result

    /// The guide of a run with `arguments` (no `--output`, no `--cache`), made by the first
    /// caller with these arguments; later callers, in any suite, wait for it and get the same.
    /// A failed run is shared too: every test using it sees its status and stderr.
    static func published(_ arguments: [String]) throws -> SharedGuide {
        precondition(
            !arguments.contains("--output") && !arguments.contains("--cache"),
            "SharedGuide chooses the output and cache folders itself: \(arguments)")
        let slot = Registry.shared.slot(for: arguments)
        return try slot.lock.withLock {
            if let guide = slot.guide { return guide }
            let guide = try make(arguments)
            slot.guide = guide
            return guide
        }
    }

    /// A copy of the guide, `folder/guide`, for a test that changes it (files, hidden ones,
    /// links and times as they are: `cp -a`), with a copy of its warm cache where a run into
    /// `folder/guide` looks by default (`cacheCopy(in: folder)`, CommandRunner.cacheFolder).
    func copy(into folder: URL) throws -> URL {
        let target = folder.appendingPathComponent("guide")
        let cacheTarget = Self.cacheCopy(in: folder)
        try FileManager.default.createDirectory(at: cacheTarget.deletingLastPathComponent(), withIntermediateDirectories: true)
        for (from, to) in [(output, target), (cache, cacheTarget)] {
            let copied = try ExternalTool.run(URL(fileURLWithPath: "/bin/cp"), ["-a", from.path, to.path], input: Data())
            guard copied.status == 0 else { throw CopyFailed(from: from, to: to, message: copied.errorText) }
        }
        return target
    }

    /// Where `copy(into: folder)` puts the copy of the cache: the default cache of a run into
    /// `folder/guide` in the tests.
    static func cacheCopy(in folder: URL) -> URL {
        CommandRunner.cacheFolder(forOutput: folder.appendingPathComponent("guide"))
    }

    /// A catalog file for shared guides' arguments (a test's own poster or items), written once
    /// per process under `name` into a folder removed at exit: the same path for every test,
    /// so that their arguments, and so their guide, are the same. The first writer's bytes stay.
    static func input(_ name: String, _ contents: () throws -> Data) throws -> URL {
        try Registry.shared.input(name, contents)
    }

    struct CopyFailed: Error, CustomStringConvertible {
        let from: URL, to: URL, message: String
        var description: String { "cp -a \(from.path) \(to.path) failed: \(message)" }
    }

    private static func make(_ arguments: [String]) throws -> SharedGuide {
        let folder = try TemporaryFolder(prefix: "expo-narrate-shared-guide-").url
        Registry.shared.remember(folder)
        let output = folder.appendingPathComponent("guide")
        let cache = folder.appendingPathComponent("cache")
        let result = try CommandRunner.run(arguments + ["--output", output.path, "--cache", cache.path])
        return SharedGuide(output: output, cache: cache, result: result)
    }

    /// The guides made so far in this process, one slot (and lock) per argument list, and the
    /// folders to remove at exit.
    private final class Registry: @unchecked Sendable {
        static let shared: Registry = {
            let registry = Registry()
            atexit { Registry.shared.removeFolders() }
            return registry
        }()

        final class Slot: @unchecked Sendable {
            let lock = NSLock()
            var guide: SharedGuide?
        }

        private let lock = NSLock()
        private var slots: [[String]: Slot] = [:]
        private var folders: [URL] = []

        func slot(for arguments: [String]) -> Slot {
            lock.withLock {
                if let slot = slots[arguments] { return slot }
                let slot = Slot()
                slots[arguments] = slot
                return slot
            }
        }

        private var inputs: URL?

        func input(_ name: String, _ contents: () throws -> Data) throws -> URL {
            try lock.withLock {
                let folder = try inputs ?? TemporaryFolder(prefix: "expo-narrate-shared-inputs-").url
                if inputs == nil {
                    inputs = folder
                    folders.append(folder)
                }
                let file = folder.appendingPathComponent(name)
                if !FileManager.default.fileExists(atPath: file.path) { try contents().write(to: file) }
                return file
            }
        }

        func remember(_ folder: URL) {
            lock.withLock { folders.append(folder) }
        }

        func removeFolders() {
            for folder in lock.withLock({ folders }) {
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }
}
