import ExpoModel
import ExpoSystem
import Foundation
import GuideCache
import Narration
import Normalization

/// Keeps the narrated tracks of the last catalog beside the audio cache, keyed by the catalog's
/// content, the lexicon and the tool's version, so that a run over an unchanged catalog needs
/// neither the normalizer nor the Hanja dictionary (whose loading is a run's largest fixed cost).
///
/// What is read back is verified before use, as the audio is: the file starts with the SHA-256
/// of the tracks' JSON that follows it, and what the reader sees of the tracks must be the
/// catalog's, exactly as narrating it gives (`Narrator.displayOutline`: stems, titles, blocks,
/// every sentence's display text). A file that fails is damaged: it is said once, removed and
/// the catalog narrated again.
struct NarrationCache {
    /// nil: do not cache (`--no-cache`).
    let folder: URL?

    /// The narration's own folder inside a cache folder (beside the tracks' audio).
    static func folder(in cacheFolder: URL) -> URL {
        CacheEntryKind.narration.url(in: cacheFolder)
    }

    /// The narration: from the cache when it has this catalog's, else made now. `fromCache`
    /// tells whether `store` has anything to do after the run; `damage` says what was wrong with
    /// a cached narration that was removed.
    func tracks(for catalog: Catalog, normalizer: KoreanNormalizer, toolVersion: String)
        -> (tracks: [Track], fromCache: Bool, damage: String?)
    {
        var damage: String?
        if let file = file(catalog: catalog, normalizer: normalizer, toolVersion: toolVersion),
            let data = try? Data(contentsOf: file)
        {
            switch Self.verified(data, catalog: catalog) {
            case .success(let tracks):
                return (tracks, true, nil)
            case .failure(let reason):
                try? FileManager.default.removeItem(at: file)
                damage = "The cached narration \(file.path) was damaged (\(reason.reason)); it was removed and the catalog is narrated again"
            }
        }
        return (Narrator(normalizer: normalizer).tracks(for: catalog), false, damage)
    }

    /// Why a cached narration is not used.
    struct Damage: Error {
        let reason: String
    }

    /// The tracks of a stored narration, if its digest matches and they are `catalog`'s.
    static func verified(_ data: Data, catalog: Catalog) -> Result<[Track], Damage> {
        guard let newline = data.firstIndex(of: 0x0A) else { return .failure(Damage(reason: "no digest")) }
        let digest = String(decoding: data[data.startIndex..<newline], as: UTF8.self)
        let body = data[(newline + 1)...]
        var hasher = SHA256Digest()
        hasher.update(Data(body))
        guard digest == hasher.hexDigest() else { return .failure(Damage(reason: "its SHA-256 does not match")) }
        guard let tracks = try? JSONDecoder().decode([Track].self, from: body) else {
            return .failure(Damage(reason: "it cannot be read"))
        }
        // What the reader sees must be the catalog's, exactly as narrating it would give (cheap:
        // the spoken forms, the expensive part, are what the digest vouches for).
        let outline = Narrator.displayOutline(for: catalog)
        guard tracks.count == outline.count else { return .failure(Damage(reason: "its tracks are not the catalog's")) }
        for (track, expected) in zip(tracks, outline) where TrackOutline(track) != expected {
            return .failure(Damage(reason: "track \(expected.position) (\(expected.fileStem)) is not the catalog's"))
        }
        return .success(tracks)
    }

    /// Whether the cache has a narration for this catalog (its file exists; it is not read).
    func hasEntry(for catalog: Catalog, normalizer: KoreanNormalizer, toolVersion: String) -> Bool {
        guard let file = file(catalog: catalog, normalizer: normalizer, toolVersion: toolVersion) else { return false }
        return FileManager.default.fileExists(atPath: file.path)
    }

    /// Keeps `tracks` for the next run; called once the run has succeeded, so that a failed or
    /// interrupted run leaves the cache as it was.
    func store(_ tracks: [Track], catalog: Catalog, normalizer: KoreanNormalizer, toolVersion: String) {
        guard let folder, let file = file(catalog: catalog, normalizer: normalizer, toolVersion: toolVersion) else { return }
        store(tracks, as: file, in: folder)
    }

    private func file(catalog: Catalog, normalizer: KoreanNormalizer, toolVersion: String) -> URL? {
        guard let folder, let key = Self.key(catalog: catalog, lexicon: normalizer.lexicon, toolVersion: toolVersion) else {
            return nil
        }
        return CacheEntryKind.narrationRecord.url(in: folder, key: key)
    }

    /// Writes under a temporary name and renames; keeps only this catalog's narration.
    private func store(_ tracks: [Track], as file: URL, in folder: URL) {
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            let body = try? JSONEncoder().encode(tracks)
        else { return }
        // The digest first, on a line of its own: what `verified` checks before use.
        var hasher = SHA256Digest()
        hasher.update(body)
        let data = Data((hasher.hexDigest() + "\n").utf8) + body
        guard (try? AtomicFile.write(data, to: file)) != nil else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // Only the names this cache makes (narration-KEY.json), never anything else.
        for name in names where name != file.lastPathComponent && CacheEntryKind.narrationRecord.matches(name) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The layout of the stored tracks: a change (2: sentences carry `wordLinks`) makes
    /// every older entry a miss, so it is made again rather than read without the new fields.
    /// (3: the tracks' JSON follows the SHA-256 of it, on a line of its own.)
    static let formatVersion = "tracks 3"

    static func key(catalog: Catalog, lexicon: CuratorLexicon, toolVersion: String) -> String? {
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
        for (written, spoken) in lexicon.acronyms.readings.sorted(by: { $0.key < $1.key }) {
            hasher.update("\u{0}acronym\u{1}\(written)\u{1}\(spoken)")
        }
        return hasher.hexDigest()
    }
}
