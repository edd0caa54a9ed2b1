import ExpoModel
import Foundation

/// A setting a project file can give: its key is the long name of the command-line option that
/// gives it for one run (`format:` in the file, `--format` on the command line), so a curator
/// learns one name for each.
public enum ProjectKey: String, CaseIterable, Sendable, Hashable, Comparable {
    case posterFile = "poster-file"
    case itemsFile = "items-file"
    case images, voices, voice, format
    case textOnly = "text-only"
    case brailleCells = "braille-cells"
    case brailleLines = "braille-lines"
    case opusBitrate = "opus-bitrate"
    case output, cache

    /// The command-line option that gives this setting for one run.
    public var option: String { "--" + rawValue }

    /// Whether the value names a file or folder (relative to the project file's folder).
    public var isPath: Bool {
        switch self {
        case .posterFile, .itemsFile, .images, .voices, .output, .cache: true
        case .voice, .format, .textOnly, .brailleCells, .brailleLines, .opusBitrate: false
        }
    }

    /// The whole numbers this setting takes, for the numeric ones.
    public var range: ClosedRange<Int>? {
        switch self {
        case .brailleCells: 20...100
        case .brailleLines: 10...100
        case .opusBitrate: 6...256
        default: nil
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One setting's value, of the kind its key takes.
public enum SettingValue: Sendable, Hashable {
    /// A file or folder; nil: the default (the bundled catalog, Voices folder, cache).
    case path(String?)
    /// A name (the voice profile).
    case name(String)
    /// The formats published, `wav` among them.
    case formats(Set<DeliveryFormat>)
    /// Yes or no.
    case flag(Bool)
    /// A whole number.
    case number(Int)

    /// The value as a curator writes it: a path, "opus,mp3", "true", "40"; "the default" for an
    /// unset path.
    public var shown: String {
        switch self {
        case .path(let path): path ?? "the default"
        case .name(let name): name
        case .formats(let formats): FormatList.names(formats).joined(separator: ",")
        case .flag(let value): value ? "true" : "false"
        case .number(let number): String(number)
        }
    }
}

extension GuideSettings {
    /// The value this key names.
    public func value(of key: ProjectKey) -> SettingValue {
        switch key {
        case .posterFile: .path(posterFile)
        case .itemsFile: .path(itemsFile)
        case .images: .path(picturesFolder)
        case .voices: .path(voicesFolder)
        case .voice: .name(voiceProfile)
        case .format: .formats(formats)
        case .textOnly: .flag(textOnly)
        case .brailleCells: .number(brailleCells)
        case .brailleLines: .number(brailleLines)
        case .opusBitrate: .number(opusBitrateKbps)
        case .output: .path(outputFolder)
        case .cache: .path(cacheFolder)
        }
    }

    /// Sets the value this key names; a value of another kind than the key takes is ignored
    /// (the reader and the command line make only the right kind).
    public mutating func set(_ key: ProjectKey, to value: SettingValue) {
        switch (key, value) {
        case (.posterFile, .path(let path)): posterFile = path
        case (.itemsFile, .path(let path)): itemsFile = path
        case (.images, .path(let path)): picturesFolder = path
        case (.voices, .path(let path)): voicesFolder = path
        case (.output, .path(let path)): outputFolder = path ?? GuideSettings.standard.outputFolder
        case (.cache, .path(let path)): cacheFolder = path
        case (.voice, .name(let name)): voiceProfile = name
        case (.format, .formats(let value)): formats = value.union([.wav])
        case (.textOnly, .flag(let flag)): textOnly = flag
        case (.brailleCells, .number(let number)): brailleCells = number
        case (.brailleLines, .number(let number)): brailleLines = number
        case (.opusBitrate, .number(let number)): opusBitrateKbps = number
        default: break
        }
    }
}

/// The formats a list names, as `--format` and a project file's `format:` read them.
public enum FormatList {
    /// The editions made from the text alone.
    static let textEditions: Set<DeliveryFormat> = [.brf, .pef, .labels]

    /// The names a curator would write for `formats`: the WAV master, always made, is named only
    /// when it is the only audio ("opus,mp3"; "wav,brf"; "wav").
    public static func names(_ formats: Set<DeliveryFormat>) -> [String] {
        let others = formats.subtracting([.wav])
        let shown = others.isSubset(of: textEditions) ? formats.union([.wav]) : others
        return shown.sorted().map(\.rawValue)
    }

    /// The formats `names` name (each may itself be a comma-separated list), with the default
    /// audio added when only text editions (brf, pef, labels) are named; an empty list is the
    /// default. A name that is no format throws a usage error that quotes it.
    public static func formats(_ names: [String]) throws -> Set<DeliveryFormat> {
        var formats: Set<DeliveryFormat> = []
        for name in names.flatMap({ $0.split(separator: ",") }) {
            let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard let value = DeliveryFormat(rawValue: trimmed) else {
                let known = DeliveryFormat.allCases.map(\.rawValue)
                throw ExpoError(.usage, "\"\(trimmed)\" is no format; the formats are \(known.dropLast().joined(separator: ", ")) and \(known.last!)")
            }
            formats.insert(value)
        }
        guard !formats.isEmpty else { return Delivery.standard.formats }
        // The text editions come besides the audio: naming only them keeps the default audio.
        if formats.isSubset(of: textEditions) { formats.formUnion(Delivery.standard.formats) }
        return formats.union([.wav])
    }
}
