import ArgumentParser
import Foundation
import Pipeline

/// Options that name another catalog than the default one.
struct CatalogFileOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Poster JSON of another catalog (with --items-file).", valueName: "file"))
    var posterFile: String?

    @Option(name: .long, help: ArgumentHelp("Entries JSON of another catalog (with --poster-file).", valueName: "file"))
    var itemsFile: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Folder of the entries' pictures, matched by image_name with .jpg, .jpeg, .png or .webp (the catalog's own images/ folder is searched after it).",
            valueName: "dir"))
    var images: String?

    func validate() throws {
        if (posterFile == nil) != (itemsFile == nil) {
            throw ValidationError("--poster-file and --items-file go together: give both, or neither for the default catalog.")
        }
        if let images {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: images, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--images: \(images) is not a folder; give the folder that holds the pictures.")
            }
        }
    }

    /// The options that name the catalog, as words of a command line (" --poster-file P
    /// --items-file I"); empty for the default catalog.
    var commandWords: String {
        guard let posterFile, let itemsFile else { return "" }
        return " --poster-file \(shellWord(posterFile)) --items-file \(shellWord(itemsFile))"
    }

    /// The settings these options give, by the project file's keys.
    var given: [ProjectKey: SettingValue] {
        var given: [ProjectKey: SettingValue] = [:]
        if let posterFile, let itemsFile { (given[.posterFile], given[.itemsFile]) = (.path(posterFile), .path(itemsFile)) }
        if let images { given[.images] = .path(images) }
        return given
    }

    /// The catalog these options name, held to the limits given (the loader's own otherwise).
    func source(maxEntries: Int? = nil, maxFieldBytes: Int? = nil) -> CatalogSource {
        CatalogSource(posterFile: posterFile, itemsFile: itemsFile, images: images, maxEntries: maxEntries, maxFieldBytes: maxFieldBytes)
    }
}
