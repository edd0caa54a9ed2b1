import ExpoModel
import Foundation
import Normalization
import TestSupport
import Testing

@testable import Pipeline

@Suite("Narration cache")
struct NarrationCacheTests {
    static let catalog = Catalog(
        poster: Poster(title: "박람회", visitors: 12, location: "파리", duration: "1900", description: "12줄이다."),
        entries: [Entry(name: "갓", imageName: "gat", shortDescription: "모자", description: "1.2 kg이다.")]
    )

    @Test("an unchanged catalog is narrated from the cache; a changed entry or lexicon is narrated again")
    func reuse() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = NarrationCache(folder: folder)
        let normalizer = KoreanNormalizer()
        var catalog = Self.catalog
        let first = cache.tracks(for: catalog, normalizer: normalizer, toolVersion: "1")
        #expect(!first.fromCache)
        cache.store(first.tracks, catalog: catalog, normalizer: normalizer, toolVersion: "1")
        let second = cache.tracks(for: catalog, normalizer: normalizer, toolVersion: "1")
        #expect(second.fromCache)
        #expect(second.tracks == first.tracks)

        #expect(!cache.tracks(for: catalog, normalizer: normalizer, toolVersion: "2").fromCache)
        let lexicon = CuratorLexicon(entries: [.init(written: "갓", spoken: "갇")])
        #expect(!cache.tracks(for: catalog, normalizer: KoreanNormalizer(lexicon: lexicon), toolVersion: "1").fromCache)
        catalog.entries[0].description = "2.4 kg이다."
        #expect(!cache.tracks(for: catalog, normalizer: normalizer, toolVersion: "1").fromCache)
    }

    @Test("a stored narration is used only if its digest matches and the reader sees the catalog's text")
    func verified() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = NarrationCache(folder: folder)
        let normalizer = KoreanNormalizer()
        let catalog = Self.catalog
        let made = cache.tracks(for: catalog, normalizer: normalizer, toolVersion: "1")
        cache.store(made.tracks, catalog: catalog, normalizer: normalizer, toolVersion: "1")
        let file = try #require(try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).first)
        let stored = try Data(contentsOf: file)
        #expect(NarrationCache.verified(stored, catalog: catalog).isSuccess)
        // A byte changed: the digest no longer matches.
        var damaged = stored
        damaged[damaged.count - 2] ^= 1
        #expect(!NarrationCache.verified(damaged, catalog: catalog).isSuccess)
        // Another catalog's text under a correct digest: the reader would see what the catalog does not say.
        var other = catalog
        other.entries[0].description = "다른 글이다."
        #expect(!NarrationCache.verified(stored, catalog: other).isSuccess)
        // Said once, removed, made again.
        try damaged.write(to: file)
        let again = cache.tracks(for: catalog, normalizer: normalizer, toolVersion: "1")
        #expect(!again.fromCache && again.damage?.contains("was damaged") == true && again.tracks == made.tracks)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("without a folder (--no-cache) nothing is kept")
    func disabled() {
        let cache = NarrationCache(folder: nil)
        let catalog = Catalog(poster: Poster(title: "t", visitors: 1, location: "l", duration: "d", description: "x"), entries: [])
        let first = cache.tracks(for: catalog, normalizer: KoreanNormalizer(), toolVersion: "1")
        cache.store(first.tracks, catalog: catalog, normalizer: KoreanNormalizer(), toolVersion: "1")
        #expect(!cache.tracks(for: catalog, normalizer: KoreanNormalizer(), toolVersion: "1").fromCache)
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
