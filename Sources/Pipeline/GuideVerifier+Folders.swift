import ExpoSystem
import Foundation
import Publication

/// The guide's folders (the DAISY books' `daisy202/` and `daisy3/`, see
/// `GuideFolder+Subfolders.swift`), as `verify` examines them: a player reads everything in
/// such a folder, so it must be a real folder (never followed through a link) holding only the
/// files the manifest lists in it.
extension GuideVerifier {
    /// The problems of the guide's folders that the manifest's `names` list files in, and the
    /// folders whose files cannot be examined (`unusable`: missing, or not a real folder, which is
    /// reported once, its files not looked for through it). Anything in a folder that the
    /// manifest does not list there (a file, a link, a folder) is reported by name.
    static func checkFolders(listing names: [String], in folder: URL) -> (problems: [String], unusable: Set<String>) {
        let listed = Set(names)
        var problems: [String] = []
        var unusable: Set<String> = []
        // Only names of the guide (`../outside` is reported by `check`, and never looked into).
        for sub in GuideFolder.folders(of: names.filter(GuideFolder.isGuideName)).sorted() {
            let path = folder.appendingPathComponent(sub).path
            guard let status = FileStatus.of(path), status.kind == .folder else {
                let found =
                    FileStatus.of(path).map {
                        $0.kind == .symbolicLink ? "is a symbolic link (verify never reads through a link)" : "is \($0.kindInWords)"
                    } ?? "missing"
                problems.append("\(shown(sub))/: \(found), where the manifest lists a folder of the guide's files")
                unusable.insert(sub)
                continue
            }
            for name in FileTree.names(in: path).sorted() where !listed.contains(sub + "/" + name) {
                let kind = FileStatus.of(path + "/" + name)?.kindInWords ?? "an entry"
                problems.append("\(shown(sub + "/" + name)): \(kind) the manifest does not list, in the guide's folder \(shown(sub))/")
            }
        }
        return (problems, unusable)
    }
}
