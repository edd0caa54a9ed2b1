import Braille
import ExpoModel
import Export
import Foundation
import Synthesizer

/// The settings that shape a guide as one run gave them (nil, false: not given), and what they
/// become: a whole run takes the defaults for what it was not given; a run over some tracks
/// (`--entry`, `--poster`) into a published guide takes the guide's own, and is refused
/// (`SettingsRefusal`) where it gave others, since it publishes the whole guide again.
public struct GivenSettings: Sendable, Equatable {
    /// The catalog's files (both or neither), as given.
    public var posterFile: String?
    public var itemsFile: String?
    /// `--images`.
    public var picturesFolder: String?
    /// `--voices` and `--voice`.
    public var voicesFolder: String?
    public var voiceProfile: String?
    /// The formats as the command line reads them (`wav` among them).
    public var formats: Set<DeliveryFormat>?
    /// `--text-only` (false: not given).
    public var textOnly = false
    /// The braille page and the Opus bit rate.
    public var brailleCells: Int?
    public var brailleLines: Int?
    public var opusBitrateKbps: Int?

    public init() {}

    /// The profile, page and bit rate a guide gets when nothing names them.
    public static let defaultProfile = "standard"
    public static let defaultOpusBitrateKbps = 24

    /// What these settings become for a run into `output`: for a whole run (`partial` false) or
    /// a folder without a guide, what was given and the defaults for the rest; for a run over
    /// some tracks into a published guide, the guide's settings, which must agree with what
    /// was given. `locate` finds the voices folder a path names (nil: the installed one);
    /// `command` is how a refused run's hints name it.
    public func settle(
        output: URL, partial: Bool, command: CommandWords,
        voicesFolder locate: (URL?) throws -> URL
    ) throws -> SettledSettings {
        let published = partial ? try PublishedProvenance.read(in: output, command: command, given: self) : nil
        guard let recorded = published?.settings else {
            let settings = merged(over: nil)
            let folder = try locate(settings.voicesFolder.map { URL(fileURLWithPath: $0) })
            return SettledSettings(settings: settings, voicesFolder: folder.path, published: nil)
        }
        let differences = SettingsDifference.all(given: self, recorded: recorded, installedVoices: (try? locate(nil))?.path)
        if !differences.isEmpty {
            throw SettingsRefusal.differ(differences, given: self, recorded: recorded, output: output, command: command)
        }
        // What was given agrees with the record wherever it shapes the guide: the record's own words
        // stand, but for the formats, which may add audio to a guide of text only.
        var settings = recorded
        if let formats {
            settings.formats = Self.names(formats)
            settings.textOnly = textOnly
        }
        let folder = try Self.recordedVoices(recorded, in: output, locate: locate)
        var settled = SettledSettings(settings: settings, voicesFolder: folder.path, published: published)
        settled.takenFromGuide = SettingsDifference.Field.allCases.filter { !isGiven($0) && !$0.isDefault(in: settings) }
        return settled
    }

    /// The voices folder the guide in `output` was made with, or an error that names it when
    /// it is not there now (the run would read the tracks with other words).
    private static func recordedVoices(
        _ recorded: GuideProvenance.Settings, in output: URL,
        locate: (URL?) throws -> URL
    ) throws -> URL {
        do {
            return try locate(recorded.voicesFolder.map { URL(fileURLWithPath: $0) })
        } catch let error as ExpoError where error.isVoicesFolderMissing && recorded.voicesFolder != nil {
            throw ExpoError(
                .usage,
                "The guide in \(output.path) was made with the voices folder \(recorded.voicesFolder ?? ""), which is not there now, "
                    + "so this run cannot read its tracks with the same lexicon and dictionaries; nothing was changed",
                advice: "Make the whole guide again with --all and --voices naming the folder that holds them now.")
        }
    }

    /// What was given, over `recorded` (or the defaults).
    func merged(over recorded: GuideProvenance.Settings?) -> GuideProvenance.Settings {
        let catalog = posterFile == nil ? (recorded?.posterFile, recorded?.itemsFile) : (posterFile.map(Self.absolute), itemsFile.map(Self.absolute))
        let formats = formats.map(Self.names) ?? recorded?.formats ?? Self.names(Delivery.standard.formats)
        return GuideProvenance.Settings(
            posterFile: catalog.0, itemsFile: catalog.1,
            picturesFolder: picturesFolder.map(Self.absolute) ?? recorded?.picturesFolder,
            voicesFolder: voicesFolder.map(Self.absolute) ?? recorded?.voicesFolder,
            voiceProfile: voiceProfile ?? recorded?.voiceProfile ?? Self.defaultProfile,
            // A guide of text only stays so unless the run names formats (then it adds audio).
            formats: formats, textOnly: textOnly || (recorded?.textOnly == true && self.formats == nil),
            brailleCells: brailleCells ?? recorded?.brailleCells ?? BraillePageSize.standard.cells,
            brailleLines: brailleLines ?? recorded?.brailleLines ?? BraillePageSize.standard.lines,
            opusBitrateKbps: opusBitrateKbps ?? recorded?.opusBitrateKbps ?? Self.defaultOpusBitrateKbps)
    }

    /// Whether the command line gave the setting `field`.
    func isGiven(_ field: SettingsDifference.Field) -> Bool {
        switch field {
        case .catalog: return posterFile != nil
        case .pictures: return picturesFolder != nil
        case .voices: return voicesFolder != nil
        case .profile: return voiceProfile != nil
        case .formats: return formats != nil
        case .textOnly: return textOnly
        case .braillePage: return brailleCells != nil || brailleLines != nil
        case .opusBitrate: return opusBitrateKbps != nil
        }
    }

    /// Format names in their order (`wav` first).
    static func names(_ formats: Set<DeliveryFormat>) -> [String] {
        formats.union([.wav]).sorted().map(\.rawValue)
    }

    /// `path` made absolute against the current folder, with `.` and `..` taken out.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// The settings a run goes on with, and the published guide's record when it took them over.
public struct SettledSettings: Sendable {
    public var settings: GuideProvenance.Settings
    /// The voices folder the run reads its profile, lexicon and dictionaries from.
    public var voicesFolder: String
    /// The guide's record, when this is a run over some tracks into a guide that has one.
    public var published: GuideProvenance?
    /// The settings taken from the guide that differ from the defaults (said in one line).
    public var takenFromGuide: [SettingsDifference.Field] = []

    /// The formats, as the request takes them.
    public var formats: Set<DeliveryFormat> {
        Set(settings.formats.compactMap(DeliveryFormat.init(rawValue:)))
    }

    /// The settings taken from the guide as command-line words (empty: none), for the line
    /// that says so.
    public var takenFromGuideWords: [String] {
        CommandWords.settingWords(settings, fields: Set(takenFromGuide))
    }
}
