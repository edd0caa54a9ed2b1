import ExpoModel
import Foundation
import Normalization

/// Narrate: the request's catalog → the guide's tracks (all of them, and the ones the request
/// selects), from the narration cache when it holds this catalog's.
struct NarrationStage {
    /// What narrating gave.
    struct Output {
        /// Every track of the catalog, poster first.
        var all: [Track]
        /// The tracks the request selects, in guide order.
        var selected: [Track]
        /// Whether the narration came from the cache (then there is nothing to remember).
        var fromCache: Bool
        /// What was wrong with a cached narration (or Hanja readings) that was removed and made
        /// again, if anything was.
        var cacheDamage: String?
    }

    let request: GuideRequest
    let normalizer: KoreanNormalizer

    private var cache: NarrationCache {
        NarrationCache(folder: request.effectiveCacheFolder.map { NarrationCache.folder(in: $0) })
    }

    private var hanjaMemo: URL? {
        request.effectiveCacheFolder.map { NarrationCache.folder(in: $0).appendingPathComponent("hanja-readings.json") }
    }

    /// Whether the cache holds this catalog's narration (a cheap look, without reading it).
    var isCached: Bool {
        cache.hasEntry(for: request.catalog, normalizer: normalizer, toolVersion: GuideBuilder.toolVersion)
    }

    /// Narrates the catalog (or reads it back) and selects the request's tracks.
    func run() throws -> Output {
        let memoDamage = hanjaMemo.flatMap { HanjaReadingMemo.shared.load(from: $0, toolVersion: GuideBuilder.toolVersion) }
        let (all, fromCache, damage) = cache.tracks(for: request.catalog, normalizer: normalizer, toolVersion: GuideBuilder.toolVersion)
        let notes = [memoDamage, damage].compactMap { $0 }
        return Output(
            all: all, selected: try select(from: all), fromCache: fromCache,
            cacheDamage: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// Keeps a fresh narration (and the Hanja readings it looked up) for the next run; called
    /// once the run has published, so that a failed run leaves the cache as it was.
    func remember(_ output: Output) {
        guard !output.fromCache else { return }
        cache.store(output.all, catalog: request.catalog, normalizer: normalizer, toolVersion: GuideBuilder.toolVersion)
        // After the narration is stored, which made its folder.
        if let hanjaMemo { HanjaReadingMemo.shared.save(to: hanjaMemo, toolVersion: GuideBuilder.toolVersion) }
    }

    private func select(from all: [Track]) throws -> [Track] {
        switch request.selection {
        case .all:
            return all
        case .poster:
            return [all[0]]
        case .some(let poster, let names):
            let entryNames = EntryNames(names: request.catalog.entries.map(\.name), entries: Array(all.dropFirst()))
            var wanted = Set<Int>()
            for name in names { wanted.formUnion(try entryNames.resolve(name)) }
            var selected: [Track] = poster ? [all[0]] : []
            for index in wanted.sorted() { selected.append(all[index + 1]) }
            return selected
        }
    }
}
