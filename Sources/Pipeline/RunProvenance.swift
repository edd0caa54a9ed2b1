import ExpoModel
import ExpoSystem
import Export
import Foundation
import Synthesizer

/// The record a run publishes with its guide (`GuideProvenance`): its settings and the
/// digests of the files that shape its tracks, and what changed in them since the guide in
/// the folder was published.
extension SettledSettings {
    /// This run's record: the settings, the digest of `catalog` as read, and those of its
    /// voices folder's files, read now (the pictures' are added when they are read, `ExportStage`).
    public func provenance(of catalog: Catalog) throws -> GuideProvenance {
        let library = VoiceLibrary(folder: URL(fileURLWithPath: voicesFolder))
        let lexicon = try Self.digest(library.lexiconFile)
        let acronyms = try Self.digest(library.acronymsFile)
        let dictionary = try Self.digest(library.pronunciationDictionaryFile)
        return GuideProvenance(
            settings: settings,
            inputs: GuideProvenance.InputDigests(
                catalog: try Self.digest(catalog),
                lexicon: lexicon, acronyms: acronyms, pronunciationDictionary: dictionary,
                voiceProfile: try Self.digest(library.folder.appendingPathComponent(settings.voiceProfile + ".json")),
                words: SHA256Digest.key([lexicon, acronyms, dictionary])))
    }

    /// What changed since the guide was published in the files its tracks are read and spoken
    /// with, in words (empty: nothing, or no guide). Every track is narrated with the files as
    /// they are now, and a track they change is made again (`PublishedGuide.tracksToMake`):
    /// never published with the older words.
    public func changesSincePublished(_ current: GuideProvenance) -> [String] {
        guard let published = published?.inputs else { return [] }
        let files: [(String, String, String)] = [
            ("lexicon.txt", published.lexicon, current.inputs.lexicon),
            ("acronyms.txt", published.acronyms, current.inputs.acronyms),
            ("pronunciation.txt", published.pronunciationDictionary, current.inputs.pronunciationDictionary),
            (settings.voiceProfile + ".json", published.voiceProfile, current.inputs.voiceProfile),
        ]
        let changed = files.filter { $0.1 != $0.2 }.map(\.0)
        guard !changed.isEmpty else { return [] }
        return [
            "\(changed.joined(separator: ", ")) in \(voicesFolder) changed since the guide was published: "
                + "every track is read with \(changed.count == 1 ? "it" : "them") as \(changed.count == 1 ? "it is" : "they are") now, "
                + "and the tracks this changes are made again"
        ]
    }

    /// The SHA-256 of every field of `catalog`'s poster and entries, in a fixed order: the same
    /// catalog gives the same digest however its files are laid out.
    private static func digest(_ catalog: Catalog) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var hasher = SHA256Digest()
        hasher.update(try encoder.encode(catalog.poster))
        hasher.update(try encoder.encode(catalog.entries))
        return hasher.hexDigest()
    }

    /// The SHA-256 of `file`, or `GuideProvenance.InputDigests.absent` when there is none.
    private static func digest(_ file: URL) throws -> String {
        guard FileManager.default.fileExists(atPath: file.path) else { return GuideProvenance.InputDigests.absent }
        do {
            return try SHA256Digest.ofFile(file.path)
        } catch {
            throw ExpoError(
                .io, "\(file.path) cannot be read to record it with the guide (\(ExpoError.reason(of: error)))",
                advice: "Check that the file is readable, then run again.")
        }
    }
}
