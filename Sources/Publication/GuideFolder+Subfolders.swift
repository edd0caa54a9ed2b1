import ExpoModel
import ExpoSystem
import Foundation

/// One level of the tool's own folders inside the guide (a DAISY book, `daisy202/`, which a
/// DAISY player reads as a folder from a USB stick): a name of the record may be `FOLDER/FILE`,
/// and a folder is the tool's exactly when the record lists a file in it. Such a folder is held
/// to the rules of the guide folder itself: a real folder on the guide's file system (never a
/// link, never a mount point, never followed) holding only the regular files the record lists
/// in it, each the very file published; anything else inside stops a run (73) before anything
/// is changed. It is staged, swapped and emptied with the rest of the guide, and removed only
/// when every entry in it was the tool's. Nothing is deeper than one folder.
extension GuideFolder {
    /// The longest name of a folder of the tool's, in bytes: what the path limit reserves for it.
    static let longestFolderName = 32

    /// Whether `name` is a name the guide may publish: a file name, or the name of one folder
    /// (at most `longestFolderName` bytes) and of a file in it (`daisy202/ncc.html`); no part
    /// empty, `.`, `..` or the record's name.
    public static func isGuideName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 1 || (parts.count == 2 && parts[0].utf8.count <= longestFolderName) else { return false }
        return parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && $0 != Substring(recordName) && !$0.utf8.contains(0) }
    }

    /// The folders that `names` make the tool's: `daisy202` for `daisy202/ncc.html`.
    public static func folders(of names: some Sequence<String>) -> Set<String> {
        Set(
            names.compactMap { name in
                guard let slash = name.firstIndex(of: "/") else { return nil }
                return String(name[..<slash])
            })
    }

    /// The files staged in `staging` (which holds only the tool's: every folder in it is one),
    /// folders' files by their relative names.
    static func stagedNames(in staging: String) -> [String] {
        FileTree.names(in: staging).flatMap { name in
            FileTree.isFolder(staging + "/" + name) ? FileTree.names(in: staging + "/" + name).map { name + "/" + $0 } : [name]
        }
    }

    /// Removes each folder in `staging` that this run made and left empty (every file in it
    /// dropped again): a folder is the tool's only while the record lists a file in it.
    static func removeEmptyFolders(in staging: String) {
        for name in FileTree.names(in: staging) where FileTree.isFolder(staging + "/" + name) {
            if FileTree.names(in: staging + "/" + name).isEmpty { try? FileTree.removeFolder(staging + "/" + name) }
        }
    }

    /// Makes the folder of `name` inside `root` when `name` is in one (`daisy202/ncc.html`):
    /// a real folder, 0755; one made already is used.
    static func makeFolder(of name: String, in root: String, shownAs shown: String) throws {
        guard let slash = name.firstIndex(of: "/") else { return }
        let path = root + "/" + String(name[..<slash])
        if FileTree.isFolder(path) { return }
        do throws(SystemCallError) {
            try FileTree.makeFolder(path, permissions: 0o755)
        } catch  where error.code == EEXIST && FileTree.isFolder(path) {
        } catch {
            throw ExpoError.cannotWrite(path: shown, code: error.code)
        }
    }

    /// The entries of `sub`, a folder of the tool's in `folder` (a real folder on `device`),
    /// that are not the tool's: each one the record (`owned`) does not list as a regular file,
    /// in words ("daisy3/notes.txt (a file)"), and the mount points among them.
    static func foreignEntries(
        inOwnFolder sub: String, of folder: String, device: UInt64, owned: Set<String>,
        mounted: Set<String>
    ) -> (entries: [String], mountPoints: [String]) {
        var entries: [String] = []
        var points: [String] = []
        for name in FileTree.names(in: folder + "/" + sub).sorted() {
            let relative = sub + "/" + name
            guard let status = FileStatus.of(folder + "/" + relative) else { continue }
            if status.device != device || mounted.contains(folder + "/" + relative) {
                points.append(relative)
            } else if !owned.contains(relative) || status.kind != .regular {
                entries.append(relative + " (" + status.kindInWords.replacingOccurrences(of: " expo-narrate did not write", with: "") + ")")
            }
        }
        return (entries, points)
    }

    /// Empties `sub`, a folder of the tool's in `folder` (a guide that is no longer published),
    /// of the regular files `owned` lists in it (each, when `published` is given, only if it is
    /// the very file published), then removes it. Returns every other entry, by its relative
    /// name, left as it is with the folder.
    static func emptyOwnFolder(_ sub: String, of folder: String, owned: Set<String>, published: [String: FileStatus]?) -> [String] {
        var others: [String] = []
        for name in FileTree.names(in: folder + "/" + sub).sorted() {
            let relative = sub + "/" + name
            guard let status = FileStatus.of(folder + "/" + relative) else { continue }
            let sameFile = published.map { files in files[relative].map { status.isSameFile(as: $0) } ?? false } ?? true
            guard owned.contains(relative), status.kind == .regular, sameFile else {
                others.append(relative)
                continue
            }
            FileTree.removeFileIfPresent(folder + "/" + relative)
        }
        guard others.isEmpty else { return others }
        do throws(SystemCallError) {
            try FileTree.removeFolder(folder + "/" + sub)
        } catch {
            // Something was created in it since it was listed: kept, never removed.
            return FileTree.names(in: folder + "/" + sub).sorted().map { sub + "/" + $0 }
        }
        return []
    }

    /// Whether `sub` in `folder` is a folder of the tool's that holds nothing but regular files
    /// `listed` names (a work folder without its marker is removed only then).
    static func holdsOnlyListedFiles(_ sub: String, of folder: String, listed: Set<String>) -> Bool {
        guard FileTree.isFolder(folder + "/" + sub), folders(of: listed).contains(sub) else { return false }
        return FileTree.names(in: folder + "/" + sub).allSatisfy {
            listed.contains(sub + "/" + $0) && FileStatus.of(folder + "/" + sub + "/" + $0)?.kind == .regular
        }
    }
}
