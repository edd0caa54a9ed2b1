import Foundation

/// How a published guide was made, as its manifest keeps it (`provenance`): the settings that
/// shaped it, which a later run over some of its tracks takes over, and the digests of the
/// files its tracks were made from, so that such a run can tell what changed since.
public struct GuideProvenance: Sendable, Equatable, Codable {
    public var settings: Settings
    public var inputs: InputDigests

    public init(settings: Settings, inputs: InputDigests) {
        self.settings = settings
        self.inputs = inputs
    }

    /// The settings that shape a guide: `GuideSettings` without the run's own folders (the
    /// output and the cache, which a guide may be moved away from), its formats as a sorted
    /// list so that the same guide gives the same manifest. Paths are absolute (the manifest keeps
    /// them relative to the guide: `recorded(relativeTo:)`); nil where the
    /// guide used what the program finds by itself (the bundled catalog and Voices folder, no
    /// pictures folder of the user's).
    public struct Settings: Sendable, Equatable, Codable {
        /// The catalog's poster and entries files; nil: the bundled catalog.
        public var posterFile: String?
        public var itemsFile: String?
        /// The pictures folder given besides the catalog's own images/ folder.
        public var picturesFolder: String?
        /// The folder of voice profiles, lexicon, acronyms and pronunciation dictionary given
        /// (nil: the one installed with the program).
        public var voicesFolder: String?
        /// The voice profile's name in that folder.
        public var voiceProfile: String
        /// The formats asked for, sorted (`wav` always among them).
        public var formats: [String]
        /// Whether only the text was made (no audio).
        public var textOnly: Bool
        /// The braille edition's page.
        public var brailleCells: Int
        public var brailleLines: Int
        /// The Opus bit rate, in kb/s.
        public var opusBitrateKbps: Int

        public init(
            posterFile: String?, itemsFile: String?, picturesFolder: String?, voicesFolder: String?, voiceProfile: String,
            formats: [String], textOnly: Bool, brailleCells: Int, brailleLines: Int, opusBitrateKbps: Int
        ) {
            self.posterFile = posterFile
            self.itemsFile = itemsFile
            self.picturesFolder = picturesFolder
            self.voicesFolder = voicesFolder
            self.voiceProfile = voiceProfile
            self.formats = formats
            self.textOnly = textOnly
            self.brailleCells = brailleCells
            self.brailleLines = brailleLines
            self.opusBitrateKbps = opusBitrateKbps
        }
    }

    /// SHA-256 (lowercase hex) of each input that shapes the tracks; `absent` for a file the
    /// voices folder does not have (the guide was made without it).
    public struct InputDigests: Sendable, Equatable, Codable {
        /// Written for a file that was not there.
        public static let absent = "none"

        /// The catalog as read: every field of its poster and entries, so that files written
        /// again with the same content give the same digest.
        public var catalog: String
        public var lexicon: String
        public var acronyms: String
        public var pronunciationDictionary: String
        public var voiceProfile: String
        /// The lexicon, acronyms and pronunciation dictionary together: what a track's words
        /// are read with (each track of the manifest records the one it was published with).
        public var words: String
        /// The source pictures found, with the tracks they belong to; nil: none.
        public var pictures: String?

        public init(
            catalog: String, lexicon: String, acronyms: String, pronunciationDictionary: String, voiceProfile: String,
            words: String, pictures: String? = nil
        ) {
            self.catalog = catalog
            self.lexicon = lexicon
            self.acronyms = acronyms
            self.pronunciationDictionary = pronunciationDictionary
            self.voiceProfile = voiceProfile
            self.words = words
            self.pictures = pictures
        }
    }
}

extension GuideProvenance.Settings {
    /// These settings as the guide in `folder` (an absolute path) records them: each path that
    /// shares a top folder with the guide's is written relative to the guide's folder
    /// ("../catalog/items.json"), so that a published manifest names no one's home folder and
    /// the record still holds when the guide moves together with its inputs; others stay absolute.
    public func recorded(relativeTo folder: String) -> Self {
        mapPaths { Self.relative($0, from: folder) }
    }

    /// The settings a guide in `folder` recorded, each relative path resolved against `folder`.
    public func resolved(against folder: String) -> Self {
        mapPaths { path in
            path.hasPrefix("/") ? path : URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: folder, isDirectory: true)).standardizedFileURL.path
        }
    }

    private func mapPaths(_ change: (String) -> String) -> Self {
        var settings = self
        settings.posterFile = posterFile.map(change)
        settings.itemsFile = itemsFile.map(change)
        settings.picturesFolder = picturesFolder.map(change)
        settings.voicesFolder = voicesFolder.map(change)
        return settings
    }

    /// `path` relative to `folder` when both are absolute and share their first folder; else `path`.
    static func relative(_ path: String, from folder: String) -> String {
        guard path.hasPrefix("/"), folder.hasPrefix("/") else { return path }
        let target = path.split(separator: "/")
        let base = folder.split(separator: "/")
        let common = zip(target, base).prefix { $0 == $1 }.count
        guard common > 0 else { return path }
        let steps = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
        return steps.isEmpty ? "." : steps.joined(separator: "/")
    }
}
