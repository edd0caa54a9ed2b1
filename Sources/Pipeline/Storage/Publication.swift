import CSystemShim
import ExpoModel
import ExpoSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Publishes a staged run so that readers and crashes see the old guide or the new one, never a
/// mix. Each published guide is a folder of its own, `.versions/N`, never changed once it is
/// published; `.current` is a symbolic link to it, switched by one atomic rename; and every
/// file name of the guide is, at the top of the output folder, a symbolic link `NAME ->
/// .current/NAME`, so that output/index.html and output/01-….wav open as before. The previous
/// version is kept until the next publication (a reader still inside it finishes), then removed.
///
/// Steps, each of which a crash may end: (1) the staging folder, complete and flushed, becomes
/// `.versions/N` (a rename); (2) top-level links for names the new version adds (they resolve
/// through `.current`, so they show nothing until the switch); (3) `.current` is switched (a
/// rename); (4) links to names the new version dropped are removed, and older versions too.
/// Before (3) a reader sees the old guide whole; after it, the new one.
struct Publication {
    static let versionsName = ".versions"
    static let currentName = ".current"

    let destination: URL

    var versions: URL { destination.appendingPathComponent(Self.versionsName) }

    /// The version `.current` names (its number), if any.
    func currentVersion() -> Int? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(
            atPath: destination.appendingPathComponent(Self.currentName).path) else { return nil }
        return Int((target as NSString).lastPathComponent)
    }

    /// Every version folder's number.
    func allVersions() -> [Int] {
        ((try? FileManager.default.contentsOfDirectory(atPath: versions.path)) ?? []).compactMap { Int($0) }
    }

    /// Publishes `staging` (complete and on the disk) as the next version. Returns its number.
    @discardableResult
    func publish(_ staging: URL) throws -> Int {
        let previous = currentVersion()
        // The last moment a stop request can still leave the old guide without a trace.
        try Interruption.check()
        let number = (allVersions().max() ?? 0) + 1
        let folder = versions.appendingPathComponent(String(number))
        try make(versions)
        try rename(staging, to: folder)
        PublicationSteps.reached()
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
        // Links first where a version is current already (they resolve to nothing new until the
        // switch); after the switch where the old files are plain files (an older layout).
        if previous != nil { try link(names) }
        try switchCurrent(to: number)
        if previous == nil { try link(names) }
        removeLinks(except: Set(names))
        POSIXFile.synchronizeFolder(destination.path)
        return number
    }

    /// Removes every version but the current one and the newest before it.
    func removeOldVersions() {
        guard let current = currentVersion() else { return }
        let older = allVersions().filter { $0 < current }.max()
        for number in allVersions() where number != current && number != older {
            try? FileManager.default.removeItem(at: versions.appendingPathComponent(String(number)))
        }
    }

    private func make(_ folder: URL) throws {
        guard mkdir(folder.path, 0o755) == 0 || errno == EEXIST else {
            throw ExpoError.cannotWrite(path: destination.path, reason: String(cString: strerror(errno)), code: errno)
        }
    }

    private func rename(_ source: URL, to target: URL) throws {
        guard Glibc.rename(source.path, target.path) == 0 else {
            throw ExpoError.cannotWrite(path: destination.appendingPathComponent(target.lastPathComponent).path,
                                        reason: String(cString: strerror(errno)), code: errno)
        }
    }

    /// `.current` -> `.versions/N`, replaced in one rename.
    private func switchCurrent(to number: Int) throws {
        let temporary = destination.appendingPathComponent(".\(Self.currentName).new-\(getpid())")
        unlink(temporary.path)
        guard symlink("\(Self.versionsName)/\(number)", temporary.path) == 0 else {
            throw ExpoError.cannotWrite(path: destination.path, reason: String(cString: strerror(errno)), code: errno)
        }
        try rename(temporary, to: destination.appendingPathComponent(Self.currentName))
        PublicationSteps.reached()
    }

    /// A top-level `NAME -> .current/NAME` for each name that does not have it yet; a plain file
    /// of that name (an older layout) is replaced in one rename.
    private func link(_ names: [String]) throws {
        for name in names {
            let target = "\(Self.currentName)/\(name)"
            let path = destination.appendingPathComponent(name)
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: path.path)) == target { continue }
            let temporary = destination.appendingPathComponent(".\(name).link-\(getpid())")
            unlink(temporary.path)
            guard symlink(target, temporary.path) == 0 else {
                throw ExpoError.cannotWrite(path: path.path, reason: String(cString: strerror(errno)), code: errno)
            }
            try rename(temporary, to: path)
            PublicationSteps.reached()
        }
    }

    /// Removes top-level links into `.current` whose names the current version does not have.
    private func removeLinks(except names: Set<String>) {
        let prefix = Self.currentName + "/"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? [] where !names.contains(name) {
            let path = destination.appendingPathComponent(name).path
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path), target == prefix + name {
                unlink(path)
                PublicationSteps.reached()
            }
        }
    }
}

/// A test hook: with EXPO_NARRATE_KILL_AT_PUBLISH_STEP=N in the environment, the process kills
/// itself (SIGKILL) when publication reaches its Nth step, so tests can check that a crash at
/// any step leaves the old guide or the new one.
enum PublicationSteps {
    nonisolated(unsafe) private static var count = 0
    private static let killAt = ProcessInfo.processInfo.environment["EXPO_NARRATE_KILL_AT_PUBLISH_STEP"].flatMap { Int($0) }

    /// Counts a step (publication runs on one thread).
    static func reached() {
        count += 1
        if let killAt, count == killAt { kill(getpid(), SIGKILL) }
    }
}
