import ExpoModel
import ExpoSystem
import Foundation

/// The cache folder is the tool's only when it says so: its version file, beside the
/// `CACHEDIR.TAG` it writes (the Cache Directory Tagging convention, which backup tools honour;
/// other tools write that tag too, so the tag alone is not the tool's mark). A folder without
/// the version file is taken only if it is empty, new, or holds nothing but names the cache
/// itself makes and no tag (an older cache); anything else is refused, and clean-up only ever
/// removes names the cache makes. The cache's own entries must be what the cache makes them:
/// a symbolic link, named pipe, socket or device at one of its names is refused, never followed
/// or opened.
public enum CacheFolder {
    static let tagName = CacheEntryKind.tag.name
    static let versionName = CacheEntryKind.version.name
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
        if let status = FileStatus.of(path, followingLinks: true), status.kind != .folder {
            throw ExpoError.cannotCreateCache(path: path, reason: "a file of that name exists")
        }
        if let reason = FolderMaker.create(path) {
            throw ExpoError.cannotCreateCache(path: path, reason: reason)
        }
        let tag = folder.appendingPathComponent(tagName)
        let names = FileTree.names(in: path)
        try refuseStrangeEntries(names, in: path)
        if FileTree.readSmallFile(folder.appendingPathComponent(versionName).path) == Data(version.utf8) {
            return
        }
        if let text = FileTree.readSmallFile(tag.path).map({ String(decoding: $0, as: UTF8.self) }),
            text.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55")
        {
            throw ExpoError(
                .cannotCreate,
                "The folder \(path) is another program's cache (its \(tagName) was not written by expo-narrate, which also keeps \(versionName) there), so it is left as it is",
                advice: "Choose a new or empty folder for the cache.", subject: .cacheFolder)
        }
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
            throw ExpoError.cannotCreateCache(path: path, reason: ExpoError.reason(of: error), code: (error as? ExpoError)?.code)
        }
    }

    /// Whether `folder` is a cache the tool has claimed (its version file, a plain file, says
    /// so): what a helper checks before it writes into a folder its request names.
    public static func isClaimed(_ folder: URL) -> Bool {
        FileStatus.of(folder.path)?.kind == .folder
            && FileTree.readSmallFile(folder.appendingPathComponent(versionName).path) == Data(version.utf8)
    }

    /// Refuses (73) a cache whose own names hold what the cache never makes there: a symbolic
    /// link (never followed), a named pipe, socket or device (never opened), a folder where a
    /// file belongs or a file where a folder does.
    static func refuseStrangeEntries(_ names: [String], in path: String) throws {
        for name in names.sorted() where isOwnName(name) {
            guard let status = FileStatus.of(path + "/" + name) else { continue }
            let expected: FileStatus.Kind = ownKind(name)?.isFolder == true ? .folder : .regular
            guard status.kind != expected else { continue }
            let kind = status.kindInWords
            throw ExpoError(
                .cannotCreate,
                "The cache's \(path)/\(name) is \(kind), which expo-narrate never makes there and never follows or opens; the cache is left as it is",
                advice: "Remove it, or choose another cache folder.", subject: .cacheFolder)
        }
        if names.contains(CacheEntryKind.narration.name) {
            let narration = path + "/" + CacheEntryKind.narration.name
            for name in FileTree.names(in: narration).sorted() {
                guard let status = FileStatus.of(narration + "/" + name), status.kind != .regular else { continue }
                throw ExpoError(
                    .cannotCreate,
                    "The cache's \(narration)/\(name) is \(status.kindInWords), which expo-narrate never makes there and never follows or opens; the cache is left as it is",
                    advice: "Remove it, or choose another cache folder.", subject: .cacheFolder)
            }
        }
    }

    /// Whether `name` is one the cache makes: an entry of a kind in `CacheEntryKind.all`, or a
    /// temporary name `AtomicFile` gives one.
    public static func isOwnName(_ name: String) -> Bool {
        ownKind(name) != nil
    }

    /// The kind of the entry named `name`, or of the entry its temporary name stands for.
    static func ownKind(_ name: String) -> CacheEntryKind? {
        if let temporary = AtomicFile.temporaryName(of: name) { return ownKind(temporary.finalName) }
        return CacheEntryKind.of(name)
    }

    /// A cache key: 64 lowercase hexadecimal digits.
    public static func isKey(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
