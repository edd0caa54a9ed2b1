import Braille
import ExpoModel
import Export
import Foundation

/// One setting in which a run differs from the guide it would publish again.
public struct SettingsDifference: Sendable, Equatable {
    /// The settings a guide records, each compared as a whole.
    public enum Field: String, Sendable, CaseIterable {
        case catalog, pictures, voices, profile, formats, textOnly, braillePage, opusBitrate
    }

    public var field: Field
    /// In words: what the guide has and what the run asks for.
    public var description: String

    /// Each setting `given` names that differs from `recorded` where it shapes the guide (the
    /// braille page only with a braille edition, the Opus bit rate only with Opus audio).
    static func all(given: GivenSettings, recorded: GuideProvenance.Settings, installedVoices: String?) -> [SettingsDifference] {
        let asked = given.merged(over: recorded)
        // A guide of text only publishes only the editions made from the text: audio asked for is added, nothing removed.
        let compare = { (field: Field, settings: GuideProvenance.Settings) in
            field.compared(in: settings, installedVoices: installedVoices, textEditionsOnly: recorded.textOnly)
        }
        return Field.allCases.compactMap { field in
            guard given.isGiven(field), compare(field, asked) != compare(field, recorded) else { return nil }
            return SettingsDifference(field: field, description: field.describe(guide: recorded, run: asked))
        }
    }
}

extension SettingsDifference.Field {
    /// The setting's value in `settings` as compared: paths with their links resolved (no
    /// voices folder: `installedVoices`); of the formats, those made from the text alone when
    /// `textEditionsOnly`; nothing where the setting shapes nothing.
    func compared(in settings: GuideProvenance.Settings, installedVoices: String?, textEditionsOnly: Bool = false) -> [String] {
        let resolved = { (path: String?) in path.map(Self.resolved) ?? "" }
        switch self {
        case .catalog: return [resolved(settings.posterFile), resolved(settings.itemsFile)]
        case .pictures: return [resolved(settings.picturesFolder)]
        case .voices: return [resolved(settings.voicesFolder ?? installedVoices)]
        case .profile: return [settings.voiceProfile]
        case .formats:
            let audio = [DeliveryFormat.wav, .opus, .mp3].map(\.rawValue)
            return textEditionsOnly ? settings.formats.filter { !audio.contains($0) } : settings.formats
        case .textOnly: return [String(settings.textOnly)]
        case .braillePage:
            guard settings.formats.contains("brf") || settings.formats.contains("pef") else { return [] }
            return [String(settings.brailleCells), String(settings.brailleLines)]
        case .opusBitrate:
            guard settings.formats.contains("opus"), !settings.textOnly else { return [] }
            return [String(settings.opusBitrateKbps)]
        }
    }

    /// `path` with its symbolic links resolved, to compare two ways of naming one folder.
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Whether `settings` has this setting as a run given nothing would.
    func isDefault(in settings: GuideProvenance.Settings) -> Bool {
        switch self {
        case .catalog: return settings.posterFile == nil
        case .pictures: return settings.picturesFolder == nil
        case .voices: return settings.voicesFolder == nil
        case .profile: return settings.voiceProfile == GivenSettings.defaultProfile
        case .formats: return settings.formats == GivenSettings.names(Delivery.standard.formats)
        case .textOnly: return !settings.textOnly
        case .braillePage: return settings.brailleCells == BraillePageSize.standard.cells && settings.brailleLines == BraillePageSize.standard.lines
        case .opusBitrate: return settings.opusBitrateKbps == GivenSettings.defaultOpusBitrateKbps
        }
    }

    /// "formats: the guide has wav, opus, mp3; this run asks for wav, opus (mp3 would be removed)".
    func describe(guide: GuideProvenance.Settings, run: GuideProvenance.Settings) -> String {
        func quoted(_ path: String?, otherwise: String) -> String { path.map { "\"\($0)\"" } ?? otherwise }
        switch self {
        case .catalog:
            let name = { (settings: GuideProvenance.Settings) in
                settings.posterFile.map { "\"\($0)\" and \"\(settings.itemsFile ?? "")\"" } ?? "the bundled catalog"
            }
            return "catalog: the guide's is \(name(guide)), this run's \(name(run))"
        case .pictures:
            return
                "pictures folder: the guide's is \(quoted(guide.picturesFolder, otherwise: "none")), this run's \(quoted(run.picturesFolder, otherwise: "none"))"
        case .voices:
            return
                "voices folder (voice profiles, lexicon and dictionaries): the guide was made with \(quoted(guide.voicesFolder, otherwise: "the installed one")), "
                + "this run names \(quoted(run.voicesFolder, otherwise: "the installed one"))"
        case .profile:
            return "voice profile: the guide's is \"\(guide.voiceProfile)\", this run asks for \"\(run.voiceProfile)\""
        case .formats:
            let (had, asked) = (
                compared(in: guide, installedVoices: nil, textEditionsOnly: guide.textOnly),
                compared(in: run, installedVoices: nil, textEditionsOnly: guide.textOnly)
            )
            let removed = had.filter { !asked.contains($0) }
            let added = asked.filter { !had.contains($0) }
            let list = { (formats: [String]) in formats.isEmpty ? "none made from the text" : formats.joined(separator: ", ") }
            var text = "formats: the guide has \(list(had)), this run asks for \(list(asked))"
            if !removed.isEmpty { text += " (\(removed.joined(separator: ", ")) would be removed)" }
            if !added.isEmpty { text += " (\(added.joined(separator: ", ")) would be added)" }
            return text
        case .textOnly:
            return "audio: the guide has audio, this run asks for the text only (every audio file would be removed)"
        case .braillePage:
            return
                "braille page: the guide's is \(guide.brailleCells) cells x \(guide.brailleLines) lines, this run asks for \(run.brailleCells) x \(run.brailleLines)"
        case .opusBitrate:
            return "Opus bit rate: the guide's is \(guide.opusBitrateKbps) kb/s, this run asks for \(run.opusBitrateKbps) kb/s"
        }
    }
}

/// A run over some tracks that cannot go on with the published guide's settings: what is
/// wrong, and the commands that would work, each as words of a command line after the
/// program's name (the caller quotes and prints them, one a line).
public struct SettingsRefusal: Error, Sendable {
    /// `usage` (64): the run asked for other settings; `data` (65): the guide has no record.
    public var category: ExpoError.Category
    public var message: String
    /// What each command does, and its words.
    public var commands: [(purpose: String, words: [String])]

    /// The run's settings differ from the guide's.
    static func differ(
        _ differences: [SettingsDifference], given: GivenSettings, recorded: GuideProvenance.Settings,
        output: URL, command: CommandWords
    ) -> SettingsRefusal {
        let asked = given.merged(over: recorded)
        let list = differences.map(\.description).joined(separator: "; ")
        let message =
            "The guide in \(output.path) was made with other settings than this run's: \(list). "
            + "A run over some tracks publishes the whole guide again, so it takes the guide's settings; nothing was changed"
        let partialFields = Set(SettingsDifference.Field.allCases.filter(given.isGiven))
        return SettingsRefusal(
            category: .usage, message: message,
            commands: [
                ("To make the whole guide again with this run's settings:", command.whole(asked)),
                ("To make only what this run names, with the guide's settings:", command.partial(recorded, fields: partialFields)),
            ])
    }
}

/// How a refused run's commands are written: what it selected, its output folder as given,
/// and its options that are not settings of the guide (the catalog's limits, the cache).
public struct CommandWords: Sendable {
    public var selection: [String]
    public var output: String
    public var runOptions: [String]

    public init(selection: [String], output: String, runOptions: [String]) {
        self.selection = selection
        self.output = output
        self.runOptions = runOptions
    }

    /// The whole guide with `settings`, every setting that is not the default spelled out
    /// (the formats always).
    func whole(_ settings: GuideProvenance.Settings) -> [String] {
        let fields = SettingsDifference.Field.allCases.filter { $0 == .formats || !$0.isDefault(in: settings) }
        return ["--all", "--output", output] + Self.settingWords(settings, fields: Set(fields)) + runOptions
    }

    /// This run's selection with `settings`' values of `fields`.
    func partial(_ settings: GuideProvenance.Settings, fields: Set<SettingsDifference.Field>) -> [String] {
        selection + ["--output", output] + Self.settingWords(settings, fields: fields) + runOptions
    }

    /// The options that give `settings`' values of `fields`.
    static func settingWords(_ settings: GuideProvenance.Settings, fields: Set<SettingsDifference.Field>) -> [String] {
        var words: [String] = []
        for field in SettingsDifference.Field.allCases where fields.contains(field) {
            switch field {
            case .catalog:
                if let poster = settings.posterFile, let items = settings.itemsFile { words += ["--poster-file", poster, "--items-file", items] }
            case .pictures: if let folder = settings.picturesFolder { words += ["--images", folder] }
            case .voices: if let folder = settings.voicesFolder { words += ["--voices", folder] }
            case .profile: words += ["--voice", settings.voiceProfile]
            case .formats: words += ["--format", settings.formats.joined(separator: ",")]
            case .textOnly: if settings.textOnly { words.append("--text-only") }
            case .braillePage: words += ["--braille-cells", String(settings.brailleCells), "--braille-lines", String(settings.brailleLines)]
            case .opusBitrate: words += ["--opus-bitrate", String(settings.opusBitrateKbps)]
            }
        }
        return words
    }
}
