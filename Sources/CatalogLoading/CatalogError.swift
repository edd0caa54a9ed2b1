import ExpoModel
import ExpoSystem

extension ExpoError {
    /// A catalog file cannot be read (missing, a folder, too large, permissions).
    public static func catalogUnreadable(file: String, reason: String) -> ExpoError {
        ExpoError(.data, "\(file): cannot be read (\(reason))", advice: "Check the path and its permissions.", subject: .catalog)
    }

    /// A catalog file is not UTF-8 JSON.
    public static func catalogNotJSON(file: String, reason: String) -> ExpoError {
        ExpoError(.data, "\(file): not valid JSON: \(reason)", advice: "Fix the file and run again.", subject: .catalog)
    }

    /// A value at a JSON path cannot be narrated.
    public static func catalogInvalid(file: String, path: String, reason: String) -> ExpoError {
        ExpoError(.data, "\(file): \(path): \(reason)", advice: "Fix the file and run again.", subject: .catalog)
    }

    /// The bundled default catalog is not installed where the binary looks for it.
    public static func defaultCatalogMissing(searched: [String]) -> ExpoError {
        ExpoError(
            .installation,
            "The installation is incomplete: the default catalog (DefaultCatalog/poster.json and items.json) was not found (looked in \(searched.joined(separator: ", ")))",
            advice:
                "Install expo-narrate with its resources (scripts/install.sh, or the Debian package from scripts/build-deb.sh), or set \(ResourceLocations.environmentVariable) to the folder that holds DefaultCatalog/ and Voices/.",
            subject: .defaultCatalog)
    }
}
