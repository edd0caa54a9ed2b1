import ExpoSystem
import Foundation

/// Where a run keeps its cache when `--cache` is not given: outside the guide, where a user's
/// caches go (the XDG Base Directory convention): `$XDG_CACHE_HOME/expo-narrate` when
/// XDG_CACHE_HOME is an absolute path, else `~/.cache/expo-narrate` (HOME, or the account's home
/// when HOME is unset). A home that does not exist (`/nonexistent`) or cannot be written is not
/// used, nor is a folder created above an existing one, so a service account without a home
/// runs without a cache instead of making one in a strange place.
public enum DefaultCacheFolder {
    /// Why no default cache folder can be used, in words.
    public struct Unusable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The default cache folder, or why there is none.
    public static func locate(environment: [String: String]) -> Result<URL, Unusable> {
        var reasons: [String] = []
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            if xdg.hasPrefix("/") {
                if let reason = unusable(xdg) { reasons.append("XDG_CACHE_HOME \(xdg) \(reason)") } else {
                    return .success(URL(fileURLWithPath: xdg).appendingPathComponent("expo-narrate"))
                }
            } else {
                reasons.append("XDG_CACHE_HOME is not an absolute path")
            }
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
            return .success(URL(fileURLWithPath: home).appendingPathComponent(".cache/expo-narrate"))
        }
        return .failure(Unusable(description: reasons.joined(separator: "; ")))
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
