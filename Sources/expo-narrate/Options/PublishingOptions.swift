import ArgumentParser
import ExpoModel
import Pipeline

/// The options that say what a guide is published as and where: its formats, braille page,
/// Opus bit rate, output and cache folders. Each may also be a project file's setting.
struct PublishingOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .singleValue,
        help: ArgumentHelp(
            "Formats besides the WAV master, repeatable or a list: opus, mp3, epub (an EPUB 3 talking book with read-along, which carries MP3); daisy202 and daisy3 (DAISY 2.02 and DAISY 3 talking books, as folders and ZIPs, for DAISY players); brf and pef (a braille edition: Braille Ready Format, Portable Embosser Format), labels (the apps' spoken labels: JSON, iOS String Catalogs, Android strings). Default: opus, also when only brf, pef or labels are named.",
            valueName: "formats"))
    var format: [String] = []

    @Flag(name: .long, inversion: .prefixedNo, help: "Write the text only, without audio (--no-text-only: with audio, whatever the project file says).")
    var textOnly: Bool?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Cells a braille line (brf, pef; default 40).", valueName: "n"))
    var brailleCells: Int?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Lines a braille page, its page number's line included (brf, pef; default 25).", valueName: "n"))
    var brailleLines: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Opus bit rate in kb/s (default 24).", valueName: "kbps"))
    var opusBitrate: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where to write the guide (default: output): a new or empty folder, or one expo-narrate published before (it is replaced whole, so it holds only the guide: a file of your own in it stops the run, untouched).",
            valueName: "dir"))
    var output: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Cache folder for synthesized tracks (default: $XDG_CACHE_HOME/expo-narrate or ~/.cache/expo-narrate).", valueName: "dir"))
    var cache: String?

    func validate() throws {
        for (key, value) in [(ProjectKey.brailleCells, brailleCells), (.brailleLines, brailleLines), (.opusBitrate, opusBitrate)] {
            if let value, let range = key.range, !range.contains(value) {
                throw ValidationError("\(key.option) must be from \(range.lowerBound) to \(range.upperBound)\(key == .opusBitrate ? " (kb/s)" : "").")
            }
        }
        _ = try formats()
    }

    /// The formats named with --format, nil when it was not given.
    func formats() throws -> Set<DeliveryFormat>? {
        guard !format.isEmpty else { return nil }
        do {
            return try FormatList.formats(format)
        } catch let error as ExpoError {
            throw ValidationError("--format: \(error.message).")
        }
    }

    /// The settings these options give, by the project file's keys.
    func given() throws -> [ProjectKey: SettingValue] {
        var given: [ProjectKey: SettingValue] = [:]
        if let formats = try formats() { given[.format] = .formats(formats) }
        if let textOnly { given[.textOnly] = .flag(textOnly) }
        if let brailleCells { given[.brailleCells] = .number(brailleCells) }
        if let brailleLines { given[.brailleLines] = .number(brailleLines) }
        if let opusBitrate { given[.opusBitrate] = .number(opusBitrate) }
        if let output { given[.output] = .path(output) }
        if let cache { given[.cache] = .path(cache) }
        return given
    }
}
