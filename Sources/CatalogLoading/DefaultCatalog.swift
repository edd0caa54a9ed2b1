import Foundation
import ExpoModel
import ExpoSystem

/// The catalog bundled with expo-narrate: the 1900 poster and Korean entries, written for
/// this project. Found in the package's resource bundle next to the executable.
public enum DefaultCatalog {
    static let bundleName = "expo-narrate_CatalogLoading.resources"

    /// The folder holding `poster.json` and `items.json`.
    public static func folder(executable: URL? = nil) throws -> URL {
        let candidates = searchPaths(executable: executable)
        for candidate in candidates {
            let folder = candidate.appendingPathComponent("DefaultCatalog")
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("poster.json").path),
               FileManager.default.fileExists(atPath: folder.appendingPathComponent("items.json").path) {
                return folder
            }
        }
        throw ExpoError.defaultCatalogMissing(searched: candidates.map(\.path))
    }

    /// Loads the default catalog.
    public static func load(executable: URL? = nil) throws -> (Catalog, [CatalogWarning]) {
        let folder = try folder(executable: executable)
        var loader = CatalogLoader()
        let catalog = try loader.load(
            posterFile: folder.appendingPathComponent("poster.json"),
            itemsFile: folder.appendingPathComponent("items.json")
        )
        return (catalog, loader.warnings)
    }

    /// Where the resource bundle may be: beside the executable (SwiftPM's layout on Linux),
    /// in the main bundle, or in the source tree of a checkout.
    static func searchPaths(executable: URL?) -> [URL] {
        var paths: [URL] = []
        let executable = (executable ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ".")).resolvingSymlinksInPath()
        let directory = executable.deletingLastPathComponent()
        paths.append(directory.appendingPathComponent(bundleName))
        if let resources = Bundle.main.resourceURL {
            paths.append(resources.appendingPathComponent(bundleName))
        }
        paths.append(Bundle.main.bundleURL.appendingPathComponent(bundleName))
        paths.append(directory.appendingPathComponent("../share/expo-narrate").standardizedFileURL)
        // A source checkout: Sources/CatalogLoading/Resources.
        var ancestor = directory
        for _ in 0..<5 {
            paths.append(ancestor.appendingPathComponent("Sources/CatalogLoading/Resources"))
            ancestor = ancestor.deletingLastPathComponent()
        }
        var seen = Set<String>()
        return paths.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }
}
