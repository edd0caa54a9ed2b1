import ExpoModel
import ExpoSystem
import Foundation

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
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("items.json").path)
            {
                return folder
            }
        }
        throw ExpoError.defaultCatalogMissing(searched: candidates.map { $0.appendingPathComponent("DefaultCatalog").standardizedFileURL.path })
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

    /// Where the DefaultCatalog folder may be, in search order: the installation folders
    /// (`ResourceLocations`: $EXPO_NARRATE_DATA, beside the binary, ../share/expo-narrate), the
    /// resource bundle SwiftPM builds beside the binary, then a source checkout
    /// (Sources/CatalogLoading/Resources above the binary).
    static func searchPaths(executable: URL?) -> [URL] {
        var paths = ResourceLocations.installationFolders(executable: executable)
        let directory = ResourceLocations.resolvedExecutable(executable).deletingLastPathComponent()
        paths.append(directory.appendingPathComponent(bundleName))
        if let resources = Bundle.main.resourceURL {
            paths.append(resources.appendingPathComponent(bundleName))
        }
        var ancestor = directory
        for _ in 0..<5 {
            paths.append(ancestor.appendingPathComponent("Sources/CatalogLoading/Resources"))
            ancestor = ancestor.deletingLastPathComponent()
        }
        return ResourceLocations.unique(paths)
    }
}
