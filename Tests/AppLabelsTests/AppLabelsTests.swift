import CatalogLoading
import ExpoModel
import Foundation
import FoundationXML
import Narration
import Normalization
import TestSupport
import Testing

@testable import AppLabels

/// The apps' spoken labels on the default catalog and the original data: every field, keys
/// that do not move, labels in the guide's own words, files that standard parsers read.
@Suite("AppLabels")
struct AppLabelsTests {
    static func originalData() throws -> Catalog {
        var loader = CatalogLoader()
        return try loader.load(
            posterFile: SharedFixtures.url("exposition_universelle_1900.json"),
            itemsFile: SharedFixtures.url("items.json"))
    }

    /// Each label is what the guide says for the same text: its spoken script's words.
    static func checkAgainstGuide(_ catalog: Catalog) throws {
        let normalizer = KoreanNormalizer()
        let set = AppLabelSet(catalog: catalog, normalizer: normalizer)
        let tracks = Narrator(normalizer: normalizer).tracks(for: catalog)
        let spoken = tracks.map { $0.spokenScript.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let entryFields = catalog.entries.filter { !$0.shortDescription.trimmingCharacters(in: .whitespaces).isEmpty }.count
        #expect(set.labels.count == 4 + catalog.entries.count + entryFields)
        #expect(Set(set.labels.map(\.key)).count == set.labels.count)
        for label in set.labels {
            #expect(label.key.hasPrefix(set.catalog + "."))
            #expect(!label.label.isEmpty, "\(label.key)")
            // No digits, Hanja or Latin acronyms the normaliser reads are left in a Korean label.
            #expect(!label.label.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(label.key): \(label.label)")
            if !label.field.hasPrefix("poster.title") {
                let hasDigit = label.label.contains { $0.isNumber }
                #expect(!hasDigit, "\(label.key): \(label.label)")
            }
            #expect(spoken.contains { $0.contains(label.label) }, "\(label.key): \(label.label)")
        }
    }

    @Test("default catalog: the poster's dates and visitors as the guide says them, every entry keyed by its image name")
    func defaultCatalog() throws {
        let catalog = try DefaultCatalog.load().0
        let set = AppLabelSet(catalog: catalog, normalizer: KoreanNormalizer())
        let byField = Dictionary(uniqueKeysWithValues: set.labels.map { ($0.field, $0) })
        #expect(byField["poster.duration"]?.display == "1900. 04. 14 - 1900. 11. 12")
        #expect(byField["poster.duration"]?.label == "천구백 년 사월 십사 일부터 십일월 십이 일까지")
        #expect(byField["poster.visitors"]?.display == "48,130,300 명")
        #expect(byField["poster.visitors"]?.label == "사천팔백십삼만 삼백 명")
        #expect(byField["entry.jikji.name"]?.display == "직지심체요절")
        #expect(set.catalog == "l-exposition-de-paris-1900")
        try Self.checkAgainstGuide(catalog)
        // Reordering the entries keeps every key.
        var reordered = catalog
        reordered.entries.reverse()
        let keys = Set(AppLabelSet(catalog: reordered, normalizer: KoreanNormalizer()).labels.map(\.key))
        #expect(keys == Set(set.labels.map(\.key)))
    }

    @Test("original data", .needsSharedFixtures)
    func originalData() throws {
        try Self.checkAgainstGuide(try Self.originalData())
    }

    @Test("JSON and both String Catalogs parse with JSONSerialization; strings.xml with XMLParser")
    func filesParse() throws {
        let set = AppLabelSet(catalog: try DefaultCatalog.load().0, normalizer: KoreanNormalizer())
        let json = try JSONSerialization.jsonObject(with: try AppLabelWriters.json(set)) as? [String: Any]
        #expect((json?["labels"] as? [[String: Any]])?.count == set.labels.count)
        for labels in [false, true] {
            let catalog = try JSONSerialization.jsonObject(with: try AppLabelWriters.stringCatalog(set, labels: labels)) as? [String: Any]
            #expect(catalog?["version"] as? String == "1.0" && catalog?["sourceLanguage"] as? String == "ko")
            let strings = catalog?["strings"] as? [String: Any]
            // The labels' table also has the parts of the labels that mix languages.
            let parts = labels ? set.labels.compactMap(\.parts).map { $0.count + 1 }.reduce(0, +) : 0
            #expect(strings?.count == set.labels.count + parts)
            let first = set.labels[2]
            let unit = (((strings?[first.key] as? [String: Any])?["localizations"] as? [String: Any])?["ko"] as? [String: Any])?["stringUnit"] as? [String: Any]
            #expect(unit?["value"] as? String == (labels ? first.label : first.display))
        }
        let xml = AppLabelWriters.androidStrings(set)
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse())
        #expect(xml.components(separatedBy: "<string name=").count - 1 == 2 * set.labels.count)
        #expect(AppLabelWriters.androidEscaped("L'Exposition \"1900\" @ & <b>") == "L\\'Exposition \\\"1900\\\" @ &amp; &lt;b&gt;")
        #expect(AppLabelWriters.androidName("1900.poster.title") == "expo_1900_poster_title")
    }

    @Test("a label that mixes Korean with a foreign title has the title as a part of its own with its language, in every file")
    func foreignParts() throws {
        let set = AppLabelSet(catalog: try DefaultCatalog.load().0, normalizer: KoreanNormalizer())
        let title = try #require(set.labels.first { $0.field == "poster.title" })
        let parts = try #require(title.parts, "\(title.label)")
        #expect(parts.map(\.text).joined(separator: " ") == title.label)
        #expect(parts.first?.language == "ko")
        let french = try #require(parts.first { $0.language == "fr" })
        #expect(french.text.contains("Exposition"))
        #expect(!parts.contains { $0.language == "ko" && $0.text.contains("Exposition") })
        // A label in one language has no parts.
        #expect(set.labels.first { $0.field == "poster.visitors" }?.parts == nil)

        let catalog = try JSONSerialization.jsonObject(with: try AppLabelWriters.stringCatalog(set, labels: true)) as? [String: Any]
        let strings = catalog?["strings"] as? [String: Any] ?? [:]
        func value(_ key: String) -> String? {
            ((((strings[key] as? [String: Any])?["localizations"] as? [String: Any])?["ko"] as? [String: Any])?["stringUnit"]
                as? [String: Any])?["value"] as? String
        }
        #expect(value(title.key) == title.label)
        #expect(value(title.key + ".languages") == parts.map(\.language).joined(separator: " "))
        #expect((strings[title.key + ".languages"] as? [String: Any])?["shouldTranslate"] as? Bool == false)
        for (index, part) in parts.enumerated() { #expect(value("\(title.key).\(index + 1)") == part.text) }
        // The shown texts' catalog has no parts.
        let shown = try JSONSerialization.jsonObject(with: try AppLabelWriters.stringCatalog(set, labels: false)) as? [String: Any]
        #expect((shown?["strings"] as? [String: Any])?.count == set.labels.count)

        let xml = AppLabelWriters.androidStrings(set)
        #expect(xml.contains("<annotation lang=\"fr\">\(AppLabelWriters.androidEscaped(french.text, atStart: false))</annotation>"))
        #expect(XMLParser(data: Data(xml.utf8)).parse())
    }

    @Test(
        "strings.xml with its annotations compiles with aapt2, Android's resource compiler",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/aapt2"), "skipped: aapt2 is not installed (Debian's aapt)"))
    func compilesWithAAPT2() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let values = folder.url.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        let set = AppLabelSet(catalog: try Self.originalDataOrDefault(), normalizer: KoreanNormalizer())
        try Data(AppLabelWriters.androidStrings(set).utf8).write(to: values.appendingPathComponent("strings.xml"))
        let result = try ExternalTool.run(
            URL(fileURLWithPath: "/usr/bin/aapt2"),
            ["compile", values.appendingPathComponent("strings.xml").path, "-o", folder.url.path],
            input: Data())
        #expect(result.status == 0, "\(result.errorText)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("values_strings.arsc.flat").path))
    }

    /// The original data when it is beside the checkout, else the default catalog.
    static func originalDataOrDefault() throws -> Catalog {
        SharedFixtures.location == nil ? try DefaultCatalog.load().0 : try originalData()
    }
}
