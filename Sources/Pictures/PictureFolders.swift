import Foundation

/// Where a catalog's pictures are: folders searched in order (`--images`, then the catalog's
/// own `images/` folder), each matched by an entry's `image_name` with any of the usual
/// extensions. Only the folders' listings are compared, so an image name is never a path.
public struct PictureFolders: Sendable {
    /// The extensions a picture may have, in the order a name with more than one is taken.
    public static let extensions = ["jpg", "jpeg", "png", "webp"]

    /// The folders, each with its files by name.
    private let listings: [(folder: URL, names: [String])]

    /// Reads the listing of each folder that exists.
    public init(_ folders: [URL]) {
        listings = folders.compactMap { folder in
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
            return (folder, names.sorted())
        }
    }

    /// Whether any folder exists.
    public var isEmpty: Bool { listings.isEmpty }

    /// The folders that exist, in search order.
    public var folders: [URL] { listings.map(\.folder) }

    /// The file for `imageName`: the name itself when it has a picture extension, else the
    /// name with the first extension found (case-insensitive); nil when no folder has one.
    public func file(for imageName: String) -> URL? {
        let name = imageName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, !name.contains("/") else { return nil }
        for (folder, names) in listings {
            if Self.extensions.contains((name as NSString).pathExtension.lowercased()), names.contains(name) {
                return folder.appendingPathComponent(name)
            }
            for ext in Self.extensions {
                if let match = names.first(where: { $0.lowercased() == "\(name).\(ext)".lowercased() && $0.hasPrefix(name) }) {
                    return folder.appendingPathComponent(match)
                }
            }
        }
        return nil
    }
}
