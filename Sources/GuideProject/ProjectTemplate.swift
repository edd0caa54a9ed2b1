import ExpoModel
import ExpoSystem
import Foundation

/// The project file `expo-narrate init` writes: every setting with what it does, in words a
/// curator can follow; those not given to `init` that have a default are written with it, the
/// optional ones (another catalog, pictures, voices, cache) as comments to remove the `#` from.
public enum ProjectTemplate {
    /// The file's text for `settings` (paths as `init` was given them: relative to the working
    /// folder, where the file is written).
    public static func text(for settings: GuideSettings) -> String {
        var text = """
            # expo-narrate project: the settings of one guide, kept beside it.
            # Every command run in this folder uses them: 'expo-narrate check' checks the catalog,
            # 'expo-narrate --all' makes and publishes the guide, 'expo-narrate verify' checks what was published.
            # From another folder, name this file: expo-narrate --project PATH/\(ProjectFile.defaultName) --all
            # An option on the command line changes a setting for that run only, and the run says so.
            # Each key is the long name of that option. Paths are relative to this file's folder.
            # A line that starts with # is a comment: remove the # to use the setting on it.

            """
        for key in ProjectKey.allCases {
            text += "\n" + explanation(of: key).map { "# " + $0 + "\n" }.joined()
            text += line(for: key, in: settings)
        }
        return text
    }

    /// Writes the file for `settings` as `path`, which must not exist: an existing project file
    /// is never replaced (a curator's edits would be lost). A usage error says so.
    public static func write(_ settings: GuideSettings, to path: String) throws {
        if FileStatus.of(path) != nil {
            throw ExpoError(
                .cannotCreate, "\(path) already exists; it was left as it is",
                advice: "Edit it to change the settings, or move it away to start again.", code: EEXIST)
        }
        do {
            try FileTree.writeNew(Data(text(for: settings).utf8), to: path)
        } catch let error as ExpoError where error.code == EEXIST {
            throw ExpoError(
                .cannotCreate, "\(path) already exists; it was left as it is",
                advice: "Edit it to change the settings, or move it away to start again.", code: EEXIST)
        }
    }

    /// What a key is for, one comment line each.
    private static func explanation(of key: ProjectKey) -> [String] {
        switch key {
        case .posterFile:
            ["The catalog: the poster's JSON file and the entries' JSON file, both or neither", "(neither: the catalog that comes with expo-narrate)."]
        case .itemsFile: []
        case .images:
            [
                "The folder of the entries' pictures, found by each entry's image_name (.jpg, .jpeg, .png, .webp);",
                "the catalog's own images/ folder is searched after it.",
            ]
        case .voices:
            [
                "The folder of voice profiles and the lexicon, where readings are corrected",
                "(without it: the Voices folder that comes with expo-narrate; copy it here to correct readings).",
            ]
        case .voice: ["The voice profile, from that folder ('expo-narrate voices' lists them)."]
        case .format:
            [
                "What to publish besides the WAV master: opus, mp3, epub (a talking book with read-along),",
                "daisy202 and daisy3 (DAISY talking books), brf and pef (the braille edition), labels (the apps' spoken labels).",
            ]
        case .textOnly: ["true: publish the text and its editions without audio."]
        case .brailleCells: ["The braille page: cells in a line (20 to 100) and lines in a page (10 to 100), its number's line included."]
        case .brailleLines: []
        case .opusBitrate: ["The Opus bit rate in kb/s (6 to 256)."]
        case .output:
            [
                "Where the guide is published: a new or empty folder, or one expo-narrate published before",
                "(it is replaced whole, so it holds only the guide: a file of your own in it stops the run, untouched).",
            ]
        case .cache: ["Where synthesized tracks are kept between runs (without it: ~/.cache/expo-narrate)."]
        }
    }

    /// The key's line: its value, or a commented example when it has none.
    private static func line(for key: ProjectKey, in settings: GuideSettings) -> String {
        let example: String
        switch key {
        case .posterFile: example = "poster.json"
        case .itemsFile: example = "items.json"
        case .images: example = "images"
        case .voices: example = "Voices"
        case .cache: example = "cache"
        default: example = ""
        }
        switch settings.value(of: key) {
        case .path(nil): return "#\(key.rawValue): \(example)\n"
        case .path(let path?), .name(let path): return "\(key.rawValue): \(scalar(path))\n"
        case .formats(let formats):
            return "\(key.rawValue): [\(FormatList.names(formats).joined(separator: ", "))]\n"
        case .flag(let flag): return "\(key.rawValue): \(flag)\n"
        case .number(let number): return "\(key.rawValue): \(number)\n"
        }
    }

    /// `text` as a YAML scalar: plain when it cannot be read as anything else, else in single
    /// quotes (a quote inside doubled).
    static func scalar(_ text: String) -> String {
        let plain = text.range(of: #"^[A-Za-z0-9_./][A-Za-z0-9_./+-]*$"#, options: .regularExpression) != nil
        let special =
            ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n", ".inf", ".nan"].contains(text.lowercased())
            || Double(text) != nil
        return plain && !special ? text : "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
