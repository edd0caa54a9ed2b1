import ExpoModel
import Foundation
import Hangul
import TestSupport
import Testing

@testable import Normalization

/// The bar on real data (issue 16): in what the Korean voice receives from the default catalog
/// and the original data, no Latin letter (outside a lexicon entry or a deliberate foreign-language
/// run), no sign other than sentence punctuation, no digit and no Hanja.
@Suite("What the Korean voice receives")
struct SpokenTextOnRealDataTests {
    /// Every string value in the JSON file at `url`, but image names (file stems, never spoken).
    static func strings(in url: URL) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        var texts: [String] = []
        func collect(_ value: Any) {
            switch value {
            case let string as String: texts.append(string)
            case let array as [Any]: array.forEach(collect)
            case let object as [String: Any]:
                for (key, value) in object where key != "image_name" { collect(value) }
            default: break
            }
        }
        collect(json)
        return texts
    }

    /// Hangul syllables, whitespace and sentence punctuation are all a Korean run may hold.
    static func unspeakable(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            if HangulSyllable.contains(scalar) { return false }
            switch scalar {
            case " ", ".", ",", "?", "!", ":", ";", "(", ")", "\u{B7}": return false
            default: return true
            }
        }
    }

    static func normalizer() throws -> KoreanNormalizer {
        guard let root = packageRoot() else { throw CancellationError() }
        return KoreanNormalizer(lexicon: try CuratorLexicon(contentsOf: root.appendingPathComponent("Voices/lexicon.txt")))
    }

    static func check(_ texts: [String], from file: String) throws {
        let normalizer = try normalizer()
        for text in texts {
            for run in normalizer.spokenRuns(text) where run.language == nil {
                let left = unspeakable(in: run.text)
                #expect(left.isEmpty, "\(file): '\(String(String.UnicodeScalarView(left)))' in: \(run.text.prefix(160))")
            }
        }
    }

    @Test func defaultCatalog() throws {
        let root = try #require(packageRoot())
        let folder = root.appendingPathComponent("Sources/CatalogLoading/Resources/DefaultCatalog")
        for file in ["items.json", "poster.json"] {
            try Self.check(Self.strings(in: folder.appendingPathComponent(file)), from: file)
        }
    }

    @Test(.needsSharedFixtures) func originalData() throws {
        let folder = try SharedFixtures.folder()
        for file in ["items.json", "exposition_universelle_1900.json"] {
            try Self.check(Self.strings(in: folder.appendingPathComponent(file)), from: file)
        }
    }
}
