import ExpoSystem
import Foundation

/// The placeholder a fresh clone's `output/` holds (`output/README.md` in the repository), so that
/// the design's top level is there before the first run.
///
/// It is the tool's own file: a folder that holds only this file, byte for byte, is an empty guide
/// folder and is claimed like one; a file of that name with any other bytes, or a link, is not
/// the placeholder. While the folder holds it, each publication stages it again beside the new
/// guide's files and lists it in the record (never in the manifest), so the swap keeps it, byte
/// for byte, and git sees no change. Every other folder's ownership rules are untouched.
enum ShippedPlaceholder {
    static let name = "README.md"
    static let text = """
        # output/

        `bash scripts/run-guide.sh` publishes the guide of the default catalog here; open `index.html`.

        expo-narrate knows this file, byte for byte, as the placeholder it ships: a folder that holds
        nothing else is an empty guide folder, and the placeholder stays beside the guide. git ignores
        everything else in output/.

        """

    /// Whether the folder at `path` holds the placeholder: a regular file of its name, byte for byte.
    static func isPresent(in path: String) -> Bool {
        guard FileStatus.of(path + "/" + name)?.kind == .regular, let data = FileTree.readSmallFile(path + "/" + name, limit: 4096) else { return false }
        return data == Data(text.utf8)
    }

    /// Whether the folder at `path`, whose entries are `names`, holds the placeholder and nothing else.
    static func isAlone(in path: String, names: [String]) -> Bool {
        guard names == [name], let data = FileTree.readSmallFile(path + "/" + name, limit: 4096) else { return false }
        return data == Data(text.utf8)
    }
}
