import Foundation
import ExpoModel
import ExpoSystem
import CatalogLoading
import KoreanSpeech
import Narration
import Speech
import Audio
import Export

/// Keeps the narrated tracks of the last catalog beside the audio cache, keyed by the catalog's
/// content, the lexicon and the tool's version, so that a run over an unchanged catalog needs
/// neither the normalizer nor the Hanja dictionary (which takes about 50 ms to load).
/// Anything unreadable is ignored and narrated again: the cache only ever saves time.
struct NarrationCache {
    /// nil: do not cache (`--no-cache`).
    let folder: URL?

    static let prefix = "narration-"

    /// The narration's own folder inside a cache folder (beside the tracks' audio).
    static func folder(in cacheFolder: URL) -> URL {
        cacheFolder.appendingPathComponent("narration")
    }

    /// The narration: from the cache when it has this catalog's, else made now. `fromCache`
    /// tells whether `store` has anything to do after the run.
    func tracks(for catalog: Catalog, normalizer: KoreanSpeechNormalizer, toolVersion: String)
        -> (tracks: [Track], fromCache: Bool) {
        if let tracks = cachedTracks(for: catalog, normalizer: normalizer, toolVersion: toolVersion) {
            return (tracks, true)
        }
        return (Narrator(normalizer: normalizer).tracks(for: catalog), false)
    }

    /// The cached narration of this catalog, or nil.
    func cachedTracks(for catalog: Catalog, normalizer: KoreanSpeechNormalizer, toolVersion: String) -> [Track]? {
        guard let file = file(catalog: catalog, normalizer: normalizer, toolVersion: toolVersion),
              let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode([Track].self, from: data)
    }

    /// Whether the cache has a narration for this catalog (its file exists; it is not read).
    func hasEntry(for catalog: Catalog, normalizer: KoreanSpeechNormalizer, toolVersion: String) -> Bool {
        guard let file = file(catalog: catalog, normalizer: normalizer, toolVersion: toolVersion) else { return false }
        return FileManager.default.fileExists(atPath: file.path)
    }

    /// Keeps `tracks` for the next run; called once the run has succeeded, so that a failed or
    /// interrupted run leaves the cache as it was.
    func store(_ tracks: [Track], catalog: Catalog, normalizer: KoreanSpeechNormalizer, toolVersion: String) {
        guard let folder, let file = file(catalog: catalog, normalizer: normalizer, toolVersion: toolVersion) else { return }
        store(tracks, as: file, in: folder)
    }

    private func file(catalog: Catalog, normalizer: KoreanSpeechNormalizer, toolVersion: String) -> URL? {
        guard let folder, let key = Self.key(catalog: catalog, lexicon: normalizer.lexicon, toolVersion: toolVersion) else {
            return nil
        }
        return folder.appendingPathComponent(Self.prefix + key + ".json")
    }

    /// Writes under a temporary name and renames; keeps only this catalog's narration.
    private func store(_ tracks: [Track], as file: URL, in folder: URL) {
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
              let data = try? JSONEncoder().encode(tracks) else { return }
        guard (try? AtomicFile.write(data, to: file)) != nil else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // Only the names this cache makes (narration-KEY.json), never anything else.
        for name in names where name.hasPrefix(Self.prefix) && name.hasSuffix(".json") && name != file.lastPathComponent
            && CacheFolder.isKey(String(name.dropFirst(Self.prefix.count).dropLast(5))) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The layout of the stored tracks: a change (2: sentences carry `wordLinks`) makes
    /// every older entry a miss, so it is made again rather than read without the new fields.
    static let formatVersion = "tracks 2"

    static func key(catalog: Catalog, lexicon: PronunciationLexicon, toolVersion: String) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let poster = try? encoder.encode(catalog.poster), let entries = try? encoder.encode(catalog.entries) else {
            return nil
        }
        var hasher = SHA256Digest()
        hasher.update("expo-narrate \(toolVersion)\u{0}\(Self.formatVersion)\u{0}")
        hasher.update(poster)
        hasher.update("\u{0}")
        hasher.update(entries)
        for entry in lexicon.entries {
            hasher.update("\u{0}\(entry.written)\u{1}\(entry.spoken)\u{1}\(entry.language ?? "")\(entry.isPronunciation ? "\u{1}[]" : "")")
        }
        return hasher.hexDigest()
    }
}
