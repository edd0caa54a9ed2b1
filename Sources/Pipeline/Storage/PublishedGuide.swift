import ExpoModel
import ExpoSystem
import Export
import Foundation
import Publication

/// The guide already published in an output folder, as its manifest says: which tracks it
/// holds. A run over some tracks re-publishes that whole guide, so it reads it back first.
struct PublishedGuide {
    /// The file stems of the published guide's tracks, in its order.
    var trackStems: [String]
    /// How the guide was made, when its manifest says (`GuideProvenance`).
    var provenance: GuideProvenance?
    /// The digest of the words each track was read with, by file stem (nil: not recorded).
    var lexiconDigests: [String: String] = [:]

    /// The guide in `output`, or nil when the folder holds none (no file the tool published).
    /// A manifest that is missing from a published guide, cannot be read, or names a track whose
    /// script is not in the folder is an error: the run could not tell which tracks make the
    /// guide, and publishing only its own tracks would shrink the guide, so it publishes nothing.
    static func read(in output: OutputFolder) throws -> PublishedGuide? {
        let folder = output.destination
        let url = folder.appendingPathComponent("manifest.json")
        if output.publishedNames.isEmpty { return nil }
        guard output.publishedNames.contains("manifest.json") else {
            throw ExpoError(
                .data, "\(url.path) is missing, so a run over some tracks cannot tell which tracks the guide holds; nothing was changed",
                advice: "Make the whole guide again.", subject: .publishedGuide)
        }
        guard let data = FileTree.readSmallFile(url.path, limit: 256 << 20) else {
            throw unreadable(url, reason: "it is not a readable regular file")
        }
        let manifest: GuideManifest
        do {
            manifest = try ManifestReader.read(data)
        } catch {
            throw unreadable(url, reason: error.message)
        }
        for track in manifest.tracks {
            let script = track.files.txt
            guard !script.contains("/"), output.publishedNames.contains(script) else {
                throw unreadable(url, reason: "it names \(script), which is not in the folder")
            }
        }
        var provenance = manifest.provenance
        if let settings = provenance?.settings { provenance?.settings = settings.resolved(against: folder.path) }
        var guide = PublishedGuide(trackStems: manifest.tracks.map(\.fileStem), provenance: provenance)
        for track in manifest.tracks { guide.lexiconDigests[track.fileStem] = track.lexiconDigest }
        return guide
    }

    private static func unreadable(_ url: URL, reason: String) -> ExpoError {
        ExpoError(
            .data,
            "The guide's \(url.path) cannot be used (\(withoutFinalFullStop(reason))), so a run over some tracks cannot tell which tracks the guide holds; nothing was changed",
            advice: "Make the whole guide again.", subject: .publishedGuide)
    }

    /// The tracks of a run over `selected` in a folder holding `published`: the selected ones and
    /// those of the catalog (`all`) that the published guide holds, in guide order. Also returns
    /// the published stems the catalog no longer has.
    static func guideTracks(all: [Track], selected: [Track], published: PublishedGuide?) -> (tracks: [Track], dropped: [String]) {
        guard let published else { return (selected, []) }
        let wanted = Set(selected.map(\.fileStem)).union(published.trackStems)
        let known = Set(all.map(\.fileStem))
        return (all.filter { wanted.contains($0.fileStem) }, published.trackStems.filter { !known.contains($0) })
    }

    /// The file stems a run over `selected` into this guide may make: the selected ones, and
    /// those whose words or voice changed since they were published (`current`, this run's
    /// record: another lexicon, acronyms list or pronunciation dictionary than the one the
    /// track records, or another voice profile file), which are never published with the older.
    func tracksToMake(selected: [Track], current: GuideProvenance?) -> Set<String> {
        var stems = Set(selected.map(\.fileStem))
        guard let current else { return stems }
        if let published = provenance?.inputs, published.voiceProfile != current.inputs.voiceProfile {
            return stems.union(trackStems)
        }
        for stem in trackStems where lexiconDigests[stem] != current.inputs.words { stems.insert(stem) }
        return stems
    }

    /// Refuses to publish when the guide's settings are no longer `seen`, those this run took
    /// its own from (another run published it while this one waited for the folder).
    func refuseChangedSettings(_ seen: GuideProvenance.Settings?, folder: URL) throws {
        guard let seen, provenance?.settings != seen else { return }
        throw ExpoError(
            .usage, "The guide in \(folder.path) was published again, with other settings, while this run waited for it; nothing was changed",
            advice: "Run the same command again: it takes the guide's settings as they are now.", subject: .publishedGuide)
    }
}

extension ExpoError {
    /// A run over some tracks would need the audio of other tracks of the guide that the cache
    /// does not have (their text changed, or the cache was cleared): it synthesizes nothing.
    static func tracksNotCached(_ titles: [String], folder: URL) -> ExpoError {
        let count = titles.count
        let list = titles.prefix(10).map { "\"\($0)\"" }.joined(separator: ", ") + (count > 10 ? ", …" : "")
        return ExpoError(
            .unavailable,
            "The guide in \(folder.path) also holds \(counted(count, "track")) whose audio is not in the cache (its text or the voice changed since the guide was made, or the cache was cleared): \(list); nothing was made and the guide is unchanged",
            advice: "Make those tracks too, or the whole guide.", subject: .publishedGuide)
    }
}
