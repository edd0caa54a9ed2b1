import ExpoModel
import ExpoSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The cache folder is the tool's only when it says so: a `CACHEDIR.TAG` (the Cache Directory
/// Tagging convention, which backup tools honour) and a version file. A folder without them is
/// taken only if it is empty, new, or holds nothing but names the cache itself makes (an older
/// cache); anything else is refused, and clean-up only ever removes names the cache makes.
public enum CacheFolder {
    static let tagName = "CACHEDIR.TAG"
    static let versionName = "expo-narrate-cache.version"
    static let tagText = """
        Signature: 8a477f597d28d172789f06886806bc55
        # This file is a cache directory tag created by expo-narrate.
        # Everything here can be made again (the Cache Directory Tagging convention).

        """
    static let version = "1\n"

    /// Makes `folder` the tool's cache: creates and tags it, or checks that it is tagged, or
    /// adopts an untagged one that holds only the cache's own names. Throws `ExpoError`
    /// (category `.cannotCreate`, subject `.cacheFolder`) for a folder the tool does not own.
    public static func claim(_ folder: URL) throws {
        let path = folder.path
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR {
            throw ExpoError.cannotCreateCache(path: path, reason: "a file of that name exists")
        }
        if let reason = FolderMaker.create(path) {
            throw ExpoError.cannotCreateCache(path: path, reason: reason)
        }
        let tag = folder.appendingPathComponent(tagName)
        if let text = try? String(contentsOf: tag, encoding: .utf8), text.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55") {
            return
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let foreign = names.filter { !isOwnName($0) }.sorted()
        guard foreign.isEmpty else {
            let shown = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
            throw ExpoError(
                .cannotCreate,
                "The folder \(path) is not an expo-narrate cache (it has no \(tagName) and holds \(shown)), so it is left as it is",
                advice: "Choose a new or empty folder for the cache.", subject: .cacheFolder)
        }
        do {
            try AtomicFile.write(Data(version.utf8), to: folder.appendingPathComponent(versionName))
            try AtomicFile.write(Data(tagText.utf8), to: tag)
        } catch {
            throw ExpoError.cannotCreateCache(path: path, reason: ExpoError.reason(of: error))
        }
    }

    /// Whether `name` is one the cache makes: track audio and records (`KEY.wav`, `KEY.json`),
    /// guides (`guide-KEY.wav`, `guide-KEY.sha256`), check reports (`check-KEY.json`), pictures
    /// (`picture-KEY.json`), the
    /// narration folder, the tag and the version file, the workers' batch folder, and the
    /// temporary `.NAME.partial-PID` of any of them.
    public static func isOwnName(_ name: String) -> Bool {
        if [tagName, versionName, "narration", "batch"].contains(name) { return true }
        if name.hasPrefix("batch-"), name.count <= 22, name.dropFirst(6).allSatisfy(\.isHexDigit) { return true }
        if name.hasPrefix("."), let range = name.range(of: ".partial-", options: .backwards),
           Int32(name[range.upperBound...]) != nil {
            return isOwnName(String(name[name.index(after: name.startIndex)..<range.lowerBound]))
        }
        // check-KEY.json: a check report kept for --all's summary line (CheckReportStore).
        if name.hasPrefix("check-"), name.hasSuffix(".json"), isKey(String(name.dropFirst(6).dropLast(5))) { return true }
        // picture-KEY.json: a picture's published files (PictureCache).
        if name.hasPrefix("picture-"), name.hasSuffix(".json"), isKey(String(name.dropFirst(8).dropLast(5))) { return true }
        for suffix in [".wav", ".json", ".raw"] where name.hasSuffix(suffix) {
            let stem = String(name.dropLast(suffix.count))
            if isKey(stem) || (suffix == ".wav" && isGuideStem(stem)) { return true }
        }
        return name.hasSuffix(".sha256") && isGuideStem(String(name.dropLast(".sha256".count)))
    }

    /// Whether `name` is a cached guide, `guide-KEY.wav`.
    public static func isGuideName(_ name: String) -> Bool {
        name.hasSuffix(".wav") && isGuideStem(String(name.dropLast(4)))
    }

    static func isGuideStem(_ stem: String) -> Bool {
        stem.hasPrefix("guide-") && isKey(String(stem.dropFirst(6)))
    }

    /// A cache key: 64 lowercase hexadecimal digits.
    static func isKey(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
