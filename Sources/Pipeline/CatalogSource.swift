import CatalogLoading
import ExpoModel
import ExpoSystem
import Foundation
import Pictures

/// The catalog a command works on: the poster and entries files named by the user, or the
/// default catalog installed with the program; the limits the loader holds it to; and where
/// its pictures are looked for.
public struct CatalogSource: Sendable {
    /// The poster JSON and the entries JSON (both, or neither for the default catalog).
    public var posterFile: URL?
    public var itemsFile: URL?
    /// A folder of pictures searched before the catalog's own images/ folder.
    public var pictures: URL?
    public var limits: CatalogLimits

    /// The loader's limits, and the largest a user may set.
    public typealias Limits = CatalogLimits

    public init(posterFile: URL?, itemsFile: URL?, pictures: URL? = nil, limits: CatalogLimits = CatalogLimits()) {
        self.posterFile = posterFile
        self.itemsFile = itemsFile
        self.pictures = pictures
        self.limits = limits
    }

    /// The catalog named by paths as the user gave them, held to the limits given (the
    /// loader's own otherwise).
    public init(posterFile: String?, itemsFile: String?, images: String?, maxEntries: Int? = nil, maxFieldBytes: Int? = nil) {
        var limits = CatalogLimits()
        if let maxEntries { limits.maximumEntries = maxEntries }
        if let maxFieldBytes { limits.maximumFieldBytes = maxFieldBytes }
        self.init(
            posterFile: posterFile.map { URL(fileURLWithPath: $0) }, itemsFile: itemsFile.map { URL(fileURLWithPath: $0) },
            pictures: images.map { URL(fileURLWithPath: $0) }, limits: limits)
    }

    /// The catalog and the loader's warnings.
    public func load() throws -> (Catalog, [CatalogWarning]) {
        if let posterFile, let itemsFile {
            var loader = CatalogLoader()
            loader.limits = limits
            let catalog = try loader.load(posterFile: posterFile, itemsFile: itemsFile)
            return (catalog, loader.warnings)
        }
        return try DefaultCatalog.load(executable: ChildProcess.currentExecutable)
    }

    /// Where the pictures are looked for: `pictures`, then the catalog's own images/ folder.
    public func pictureFolders() -> [URL] {
        var folders = pictures.map { [$0] } ?? []
        let catalogFolder =
            itemsFile.map { $0.deletingLastPathComponent() }
            ?? (try? DefaultCatalog.folder(executable: ChildProcess.currentExecutable))
        if let catalogFolder { folders.append(catalogFolder.appendingPathComponent("images")) }
        return folders
    }

    /// The image names of `catalog` that have a picture file.
    public func picturesFound(in catalog: Catalog) -> Set<String> {
        let folders = PictureFolders(pictureFolders())
        let names = [catalog.poster.imageName].compactMap { $0 } + catalog.entries.map(\.imageName)
        return Set(names.filter { folders.file(for: $0) != nil })
    }
}
