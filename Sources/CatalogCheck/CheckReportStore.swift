import ExpoModel
import ExpoSystem
import Foundation
import GuideCache

/// Check reports remembered by everything they depend on, so that a warm `--all` prints its
/// one-line summary without loading the Korean spelling dictionary again (its memory and time
/// are most of a warm run's).
///
/// A report is stored as JSON under a key that changes when the catalog, the reader's warnings,
/// the lexicon, the voices, the spelling dictionary's files or the checking program change.
/// Storing is best effort: a report that cannot be written is made again next time, and a
/// stored report that cannot be read is made anew.
public enum CheckReportStore {
    /// The key of the report on `catalog`: SHA-256 over its text, `warnings`, the bytes of
    /// `lexiconFile` and `acronymsFile`, `voices`, and the size and modification time of the
    /// spelling dictionary's possible files and of `program` (the checking binary).
    public static func key(
        catalog: Catalog, warnings: [CatalogWarning], lexiconFile: URL?, acronymsFile: URL? = nil,
        voices: CheckVoices, program: URL?, picturesFound: Set<String> = []
    ) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = [(try? encoder.encode(catalog.poster)), (try? encoder.encode(catalog.entries))]
            .map { $0.map { String(decoding: $0, as: UTF8.self) } ?? "unencodable" }
        var parts = ["check-report 1"] + text + [warnings.map(\.description).joined(separator: "\n")]
        if !picturesFound.isEmpty { parts.append("pictures " + picturesFound.sorted().joined(separator: "\n")) }
        parts.append(lexiconFile.flatMap { try? SHA256Digest.ofFile($0.path) } ?? "no lexicon")
        if let acronymsFile { parts.append((try? SHA256Digest.ofFile(acronymsFile.path)) ?? "no acronyms") }
        parts.append("\(voices.profile) \(voices.korean) \(voices.foreign.sorted { $0.key < $1.key })")
        let dictionaryFiles = SpellingDictionary.searchFolders.flatMap { folder in
            CatalogChecker.koreanDictionaryNames.flatMap { name in [".aff", ".dic"].map { folder + "/" + name + $0 } }
        }
        for path in dictionaryFiles + [program?.path].compactMap({ $0 }) { parts.append(identity(ofFile: path)) }
        return SHA256Digest.key(parts)
    }

    /// The report stored in `file`, or nil when there is none or it cannot be read.
    public static func load(from file: URL) -> CheckReport? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(CheckReport.self, from: data)
    }

    /// Stores `report` in `file` (written whole or not at all); false when it could not be.
    @discardableResult
    public static func save(_ report: CheckReport, to file: URL) -> Bool {
        guard let data = try? JSONEncoder().encode(report) else { return false }
        return (try? AtomicFile.write(data, to: file)) != nil
    }

    /// The stored report for `key` in `folder` if there is one, else `make()`'s, then stored.
    public static func report(in folder: URL, key: String, make: () throws -> CheckReport) rethrows -> CheckReport {
        let file = folder.appendingPathComponent(fileName(key: key))
        if let stored = load(from: file) { return stored }
        let report = try make()
        if report.failure == nil { save(report, to: file) }
        return report
    }

    /// The report stored for `key` in `folder`, or nil when there is none that can be read.
    public static func stored(in folder: URL, key: String) -> CheckReport? {
        load(from: folder.appendingPathComponent(fileName(key: key)))
    }

    /// `check-KEY.json`: the name a report is stored under.
    public static func fileName(key: String) -> String { CacheEntryKind.checkReport.name(key: key) }

    /// Path, size and modification time of the file at `path`, or that it is absent.
    private static func identity(ofFile path: String) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return path + " absent" }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path) \(size) \(modified)"
    }
}
