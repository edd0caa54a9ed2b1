import ExpoModel
import ExpoSystem
import Foundation

/// Where a run keeps its cache when `--cache` is not given: outside the guide, where a user's
/// caches go (the XDG Base Directory convention): `$XDG_CACHE_HOME/expo-narrate` when
/// XDG_CACHE_HOME is an absolute path, else `~/.cache/expo-narrate` (HOME, or the account's home
/// when HOME is unset). A home that does not exist (`/nonexistent`) or cannot be written is not
/// used, nor is a folder created above an existing one, so a service account without a home
/// runs without a cache instead of making one in a strange place. An XDG_CACHE_HOME that is set
/// to an absolute path the cache cannot be in (a file, a folder that cannot be written) is an
/// error, never a quiet fall back to ~/.cache; and the tool's own folder in either place must
/// not be a symbolic link (a link at a name of the tool's is never followed), also an error.
public enum DefaultCacheFolder {
    /// Why no default cache folder can be used, in words.
    public struct Unusable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The default cache folder, or why there is none; throws `ExpoError` (73, the cache folder)
    /// when XDG_CACHE_HOME names a place the cache cannot be, or the folder is a symbolic link.
    public static func locate(environment: [String: String]) throws -> Result<URL, Unusable> {
        var reasons: [String] = []
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            if xdg.hasPrefix("/") {
                if let reason = unusable(xdg) {
                    throw ExpoError(
                        .cannotCreate, "XDG_CACHE_HOME is \(xdg), which \(reason), so the default cache folder cannot be made in it",
                        advice: "Set XDG_CACHE_HOME to a folder this user can write (or unset it to use ~/.cache), or choose a cache folder.",
                        subject: .cacheFolder)
                }
                return .success(try ownFolder(in: xdg))
            }
            // The XDG Base Directory convention: a relative path is ignored.
            reasons.append("XDG_CACHE_HOME is not an absolute path")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? accountHome()
        guard let home, home.hasPrefix("/") else {
            reasons.append("HOME is not set")
            return .failure(Unusable(description: reasons.joined(separator: "; ")))
        }
        if FileStatus.of(home, followingLinks: true)?.kind != .folder {
            reasons.append("the home folder \(home) does not exist")
        } else if let reason = unusable(home + "/.cache") {
            reasons.append("\(home)/.cache \(reason)")
        } else {
            return .success(try ownFolder(in: home + "/.cache"))
        }
        return .failure(Unusable(description: reasons.joined(separator: "; ")))
    }

    /// `base/expo-narrate`, unless it is a symbolic link: the tool's own folder is never reached
    /// through a link (the base, the user's ~/.cache or XDG_CACHE_HOME, may be one).
    private static func ownFolder(in base: String) throws -> URL {
        let folder = URL(fileURLWithPath: base).appendingPathComponent("expo-narrate")
        guard FileStatus.of(folder.path)?.kind == .symbolicLink else { return folder }
        let target = FileTree.linkDestination(of: folder.path) ?? "?"
        throw ExpoError(
            .cannotCreate,
            "The default cache folder \(folder.path) is a symbolic link (to \(target)), and expo-narrate never follows a link at a name of its own, so it is left as it is",
            advice: "Remove the link (the cache is then made there anew), or choose the folder it names as the cache folder.",
            subject: .cacheFolder)
    }

    /// Why the base folder `path` cannot hold the cache, or nil: it must exist and be writable,
    /// or be creatable in a folder that exists and is writable.
    private static func unusable(_ path: String) -> String? {
        if let status = FileStatus.of(path, followingLinks: true) {
            guard status.kind == .folder else { return "is not a folder" }
            return FileTree.writeRefusal(path, searching: true) == nil ? nil : "cannot be written"
        }
        let parent = (path as NSString).deletingLastPathComponent
        guard FileStatus.of(parent, followingLinks: true)?.kind == .folder else { return "does not exist, nor does \(parent)" }
        return FileTree.writeRefusal(parent, searching: true) == nil ? nil : "does not exist and \(parent) cannot be written"
    }

    /// The account's home folder from the password database, when HOME is unset.
    private static func accountHome() -> String? {
        FileTree.accountHome
    }
}
