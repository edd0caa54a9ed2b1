import Braille
import ExpoModel
import ExpoSystem
import Export
import Foundation

/// The record of how the guide in an output folder was made (`GuideProvenance`), read before a
/// run over some of its tracks decides its settings. A folder without a readable manifest has
/// none: the run goes on, and the publication's own reading of the guide (`PublishedGuide`)
/// refuses what it cannot use. A guide published by a version that kept no record is refused:
/// its formats could be read from its files, but not the voices folder, lexicon and
/// dictionaries it was read with, and guessing those could publish older readings.
enum PublishedProvenance {
    static func read(in output: URL, command: CommandWords, given: GivenSettings) throws -> GuideProvenance? {
        let url = output.appendingPathComponent("manifest.json")
        guard let data = FileTree.readSmallFile(url.path, limit: 256 << 20),
            let manifest = try? ManifestReader.read(data)
        else { return nil }
        if var provenance = manifest.provenance {
            provenance.settings = provenance.settings.resolved(against: FileTree.resolvedPath(output))
            return provenance
        }
        let words = command.whole(given.merged(over: inferred(from: manifest)))
        throw SettingsRefusal(
            category: .data,
            message: "The guide in \(output.path) was published by an earlier version of expo-narrate, which did not record the settings "
                + "and the lexicon it was made with, so a run over some tracks cannot tell which to keep; nothing was changed",
            commands: [("Make the whole guide again once, with the settings you want (these are read from its files; check the voices folder):", words)])
    }

    /// What an unrecorded guide's files say of its settings: its formats, whether it has audio,
    /// its voice profile and braille page. The catalog, pictures and voices are not in them.
    static func inferred(from manifest: GuideManifest) -> GuideProvenance.Settings {
        let files = Set((manifest.files ?? []).map(\.path))
        var formats: Set<DeliveryFormat> = [.wav]
        for (format, file) in [
            (DeliveryFormat.opus, "guide.opus"), (.mp3, "guide.mp3"), (.epub, "guide.epub"),
            (.brf, "guide.brf"), (.pef, "guide.pef"), (.labels, "labels.json"),
        ] where files.contains(file) {
            formats.insert(format)
        }
        for encoding in (manifest.guideEncodings ?? [:]).keys {
            if let format = DeliveryFormat(rawValue: encoding) { formats.insert(format) }
        }
        // "40 cells x 25 lines, 12 pages"
        let page = (manifest.extra["braille.page"] ?? "").split(separator: " ").compactMap { Int($0) }
        return GuideProvenance.Settings(
            posterFile: nil, itemsFile: nil, picturesFolder: nil, voicesFolder: nil, voiceProfile: manifest.voiceProfile,
            formats: GivenSettings.names(formats), textOnly: manifest.guideAudioFile == nil,
            brailleCells: page.count >= 2 ? page[0] : BraillePageSize.standard.cells,
            brailleLines: page.count >= 2 ? page[1] : BraillePageSize.standard.lines,
            opusBitrateKbps: GivenSettings.defaultOpusBitrateKbps)
    }
}
