import CatalogLoading
import ExpoModel
import ExpoSystem
import Foundation
import Normalization
import TestSupport
import Testing

@testable import Narration

/// The bundled default catalog is the tool's demo and the narrator's broadest input: it must
/// load cleanly, keep its file names safe, contain every kind of text the Korean normalizer
/// handles, and be the project's own writing rather than the third-party fixture texts.
@Suite struct DefaultCatalogContentTests {

    // MARK: - Loading

    @Test func loadsWithoutWarnings() throws {
        var loader = CatalogLoader()
        _ = try loader.load(posterFile: DefaultCatalogSource.posterFile, itemsFile: DefaultCatalogSource.itemsFile)
        #expect(loader.warnings.isEmpty, "warnings: \(loader.warnings.map(\.description).joined(separator: "; "))")
    }

    @Test func posterHasTheExpositionFacts() throws {
        let poster = try DefaultCatalogSource.load().poster
        #expect(poster.title == "파리 만국박람회 1900\n(L'Exposition de Paris 1900)")
        #expect(poster.visitors == 48_130_300)
        #expect(poster.location == "프랑스 파리")
        let period = try #require(ExhibitionPeriod(poster.duration), "duration \"\(poster.duration)\" does not parse")
        #expect(period.start == ExhibitionPeriod.Day(year: 1900, month: 4, day: 14))
        #expect(period.end == ExhibitionPeriod.Day(year: 1900, month: 11, day: 12))
    }

    @Test func posterDescriptionHasThreeToFiveParagraphs() throws {
        let paragraphs = DefaultCatalogSource.paragraphs(of: try DefaultCatalogSource.load().poster.description)
        #expect((3...5).contains(paragraphs.count), "the poster description has \(paragraphs.count) paragraphs")
    }

    @Test func hasAtLeastThirteenEntries() throws {
        let entries = try DefaultCatalogSource.load().entries
        #expect(entries.count >= 13, "only \(entries.count) entries")
    }

    @Test func entryNamesAndImageNamesAreUnique() throws {
        let entries = try DefaultCatalogSource.load().entries
        let repeatedNames = DefaultCatalogSource.repeated(entries.map(\.name))
        let repeatedImages = DefaultCatalogSource.repeated(entries.map(\.imageName))
        #expect(repeatedNames.isEmpty, "names used more than once: \(repeatedNames)")
        #expect(repeatedImages.isEmpty, "image names used more than once: \(repeatedImages)")
    }

    @Test func imageNamesAreLowercaseASCIISlugs() throws {
        let slug = try Regex(#"^[a-z0-9]+(?:[-_][a-z0-9]+)*$"#)
        for entry in try DefaultCatalogSource.load().entries {
            #expect(entry.imageName.wholeMatch(of: slug) != nil, "\(entry.name): image name \"\(entry.imageName)\" is not a lowercase ASCII slug")
        }
    }

    @Test func everyEntryHasAOneLineSummaryAndTwoToFourParagraphs() throws {
        for entry in try DefaultCatalogSource.load().entries {
            #expect(
                !entry.shortDescription.isEmpty && !entry.shortDescription.contains("\n"),
                "\(entry.name): short_desc must be one non-empty line")
            let count = DefaultCatalogSource.paragraphs(of: entry.description).count
            #expect((2...4).contains(count), "\(entry.name): desc has \(count) paragraphs")
        }
    }

    // MARK: - What the narration must handle

    @Test(arguments: TextFeature.all)
    func containsTextFeature(_ feature: TextFeature) throws {
        let text = try DefaultCatalogSource.narratedProse()
        let searched = feature.outsideParentheses ? DefaultCatalogSource.removingParenthesized(text) : text
        let match = try searched.firstMatch(of: Regex(feature.pattern))
        #expect(match != nil, "the default catalog has no \(feature.name), e.g. \(feature.example)")
    }

    // MARK: - Originality

    @Test(.needsSharedFixtures) func noSentenceIsCopiedFromTheFixtures() throws {
        let fixtures = try FixtureTexts.expo1900()
        // The poster's title, location and duration are fixed by the exposition itself (and equal
        // the fixture's); only the prose the project wrote is compared.
        let sentences = DefaultCatalogSource.sentences(of: try DefaultCatalogSource.narratedProse())
            .filter { $0.count >= 15 }
        #expect(sentences.count >= 50, "only \(sentences.count) sentences of 15 characters or more were compared")
        for sentence in sentences {
            for (file, text) in fixtures where text.contains(sentence) {
                Issue.record("copied from fixture \(file): \"\(sentence)\"")
            }
        }
    }
}

/// A kind of text the Korean normalizer must handle, and how to find it.
struct TextFeature: Sendable, CustomTestStringConvertible {
    let name: String
    let example: String
    let pattern: String
    /// Search only outside parentheses (Hanja standing alone, not a gloss).
    var outsideParentheses = false

    var testDescription: String { name }

    /// CJK unified ideographs (and extension A), as literal characters. The compatibility block
    /// is left out: its characters decompose canonically, which a regex range bound rejects.
    static let hanjaRange = "\u{3400}-\u{4DBF}\u{4E00}-\u{9FFF}"

    static let all: [TextFeature] = [
        TextFeature(name: "Hanja", example: "八萬大藏經", pattern: "[\(hanjaRange)]"),
        TextFeature(
            name: "Hanja gloss after a Hangul word", example: "훈민정음(訓民正音)",
            pattern: #"[가-힣]\(["# + hanjaRange + #"]+\)"#),
        TextFeature(
            name: "Hanja word standing alone", example: "「八萬大藏經」",
            pattern: "[\(hanjaRange)]{2,}", outsideParentheses: true),
        TextFeature(
            name: "number with a unit", example: "24㎝, 3~4 kg, 78%, 1,200℃",
            pattern: #"\d\s?(?:㎝|㎏|㎢|℃|%|cm|kg|km|m)(?![A-Za-z])"#),
        TextFeature(name: "decimal number", example: "1.12", pattern: #"\d\.\d"#),
        TextFeature(name: "range with ~", example: "12~13세기", pattern: #"\d\s?~\s?\d"#),
        TextFeature(name: "approximation with 여", example: "70여 년", pattern: #"\d여\s?[가-힣]"#),
        TextFeature(name: "number with thousands commas", example: "81,258", pattern: #"\d{1,3}(?:,\d{3})+"#),
        TextFeature(name: "date in dotted form", example: "1962. 12. 20", pattern: #"\d{4}\. \d{1,2}\. \d{1,2}"#),
        TextFeature(name: "ISO date", example: "1900-04-14", pattern: #"\d{4}-\d{2}-\d{2}"#),
        TextFeature(name: "date with 년 월 일", example: "1446년 9월 10일", pattern: #"\d{4}년 \d{1,2}월 \d{1,2}일"#),
        TextFeature(name: "June or October (유월, 시월)", example: "10월 9일", pattern: #"(?:^|\D)(?:6|10)월"#),
        TextFeature(name: "century", example: "15세기", pattern: #"\d세기"#),
        TextFeature(
            name: "native counting word", example: "2권, 8명, 12줄, 2가지, 5번째",
            pattern: #"\d\s?(?:권|명|개|줄|가지|번째)"#),
        TextFeature(name: "Sino counter 제N호", example: "국보 제32호", pattern: #"제\d+호"#),
        TextFeature(name: "middle dot", example: "상·하", pattern: #"[가-힣]·[가-힣]"#),
        TextFeature(name: "《》 title", example: "《세종실록》", pattern: #"《[^》]+》"#),
        TextFeature(name: "「」 quotation", example: "「八萬大藏經」", pattern: #"「[^」]+」"#),
        TextFeature(name: "‘’ quotation", example: "‘안성맞춤’", pattern: #"‘[^’]+’"#),
        TextFeature(
            name: "Latin-script name in parentheses", example: "(Bibliothèque nationale de France)",
            pattern: #"\([A-Za-z][^()]*[a-z]\)"#),
    ]
}

/// The default catalog's files, found in the source tree next to this test.
enum DefaultCatalogSource {
    static var folder: URL {
        SharedFixtures.projectRoot.appendingPathComponent("Sources/CatalogLoading/Resources/DefaultCatalog", isDirectory: true)
    }

    static var posterFile: URL { folder.appendingPathComponent("poster.json") }
    static var itemsFile: URL { folder.appendingPathComponent("items.json") }

    static func load() throws -> Catalog {
        var loader = CatalogLoader()
        return try loader.load(posterFile: posterFile, itemsFile: itemsFile)
    }

    /// The free text the narrator normalizes: the poster description and every entry's texts
    /// (not the title, location or duration, which are read through their own rules).
    static func narratedProse() throws -> String {
        let catalog = try load()
        let entryTexts = catalog.entries.flatMap { [$0.name, $0.shortDescription, $0.description] }
        return ([catalog.poster.description] + entryTexts).joined(separator: "\n")
    }

    static func paragraphs(of text: String) -> [String] {
        text.components(separatedBy: "\n\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Sentences (and shorter runs between line breaks or sentence marks), trimmed.
    static func sentences(of text: String) -> [String] {
        text.components(separatedBy: CharacterSet(charactersIn: ".!?\n"))
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    static func removingParenthesized(_ text: String) -> String {
        var result = ""
        var depth = 0
        for character in text {
            if character == "(" {
                depth += 1
            } else if character == ")" {
                depth = max(0, depth - 1)
            } else if depth == 0 {
                result.append(character)
            }
        }
        return result
    }

    static func repeated(_ values: [String]) -> [String] {
        Dictionary(grouping: values, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    }
}

/// The third-party fixture texts, as raw file text and, for the files that parse, their strings
/// with JSON escapes resolved.
enum FixtureTexts {
    static func expo1900() throws -> [(file: String, text: String)] {
        let folder = try SharedFixtures.folder()
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        try #require(!files.isEmpty, "\(folder.path) holds no JSON files")
        return try files.map { file in
            let data = try Data(contentsOf: file)
            var text = String(decoding: data, as: UTF8.self)
            if let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
                text += "\n" + strings(in: root).joined(separator: "\n")
            }
            return (file.lastPathComponent, text)
        }
    }

    static func strings(in value: Any) -> [String] {
        switch value {
        case let string as String: return [string]
        case let array as [Any]: return array.flatMap { strings(in: $0) }
        case let object as [String: Any]: return object.values.flatMap { strings(in: $0) }
        default: return []
        }
    }
}
