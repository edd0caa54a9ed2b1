import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import CatalogLoading

@Suite("Catalog loader")
struct CatalogLoaderTests {
    @Test(
        "every valid poster fixture loads", .needsSharedFixtures,
        arguments: [
            "exposition_universelle_1900.json",
            "exposition_universelle_1900.title-one-line.json",
            "exposition_universelle_1900.extra-key.json",
            "daejeon_expo.json",
        ])
    func validPosters(file: String) throws {
        var loader = CatalogLoader()
        let poster = try loader.loadPoster(from: SharedFixtures.url(file))
        #expect(!poster.title.isEmpty)
        #expect(poster.visitors > 0)
        #expect(!poster.description.isEmpty)
    }

    @Test("the 1900 poster's fields are read as written", .needsSharedFixtures)
    func posterFields() throws {
        var loader = CatalogLoader()
        let poster = try loader.loadPoster(from: SharedFixtures.url("exposition_universelle_1900.json"))
        #expect(poster.visitors == 48_130_300)
        #expect(poster.location == "프랑스 파리")
        #expect(poster.duration == "1900. 04. 14 - 1900. 11. 12")
        #expect(poster.title.contains("\n"))
        #expect(loader.warnings.isEmpty)
    }

    @Test("the 13 entries of items.json load with every field", .needsSharedFixtures)
    func entries() throws {
        var loader = CatalogLoader()
        let entries = try loader.loadEntries(from: SharedFixtures.url("items.json"))
        #expect(entries.count == 13)
        #expect(entries[0].name == "직지심체요절")
        #expect(entries[0].imageName == "jikji")
        #expect(entries.allSatisfy { !$0.description.isEmpty && !$0.shortDescription.isEmpty })
    }

    @Test("malformed JSON names the file and the reason", .needsSharedFixtures)
    func malformed() throws {
        var loader = CatalogLoader()
        #expect {
            try loader.loadPoster(from: SharedFixtures.url("daejeon_expo.malformed.json"))
        } throws: { error in
            guard let error = error as? ExpoError, error.category == .data else { return false }
            let message = error.description
            return message.hasPrefix("daejeon_expo.malformed.json:2:9: $: not valid JSON: ':' after the JSON value ends") && !message.contains("\n")
                && !message.contains("DecodingError")
        }
    }

    @Test("a missing title names the JSON path", .needsSharedFixtures)
    func missingTitle() throws {
        var loader = CatalogLoader()
        #expect(
            throws: ExpoError.catalogInvalid(
                file: "daejeon_expo.missing-title.json:1:1", path: "$.title",
                reason: "the required field \"title\" is missing")
        ) {
            try loader.loadPoster(from: SharedFixtures.url("daejeon_expo.missing-title.json"))
        }
    }

    @Test(
        "wrong types, nulls and a non-array items file are reported with their paths",
        arguments: [
            (#"{"title":1,"visitors":1,"location":"a","duration":"b","description":"c"}"#, "$.title", true),
            (#"{"title":"t","visitors":"many","location":"a","duration":"b","description":"c"}"#, "$.visitors", true),
            (#"{"title":"t","visitors":-5,"location":"a","duration":"b","description":"c"}"#, "$.visitors", true),
            (#"{"title":"t","visitors":1.5,"location":"a","duration":"b","description":"c"}"#, "$.visitors", true),
            (#"{"title":"t","visitors":true,"location":"a","duration":"b","description":"c"}"#, "$.visitors", true),
            (#"{"title":null,"visitors":1,"location":"a","duration":"b","description":"c"}"#, "$.title", true),
            (#"["not an object"]"#, "$", true),
            (#"{"name":"x"}"#, "$", false),
            (#"[{"name":"x"}, 5]"#, "$[1]", false),
            (#"[{"name":7}]"#, "$[0].name", false),
        ])
    func invalidShapes(json: String, path: String, isPoster: Bool) throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.json")
        try Data(json.utf8).write(to: file)
        var loader = CatalogLoader()
        do {
            if isPoster { _ = try loader.loadPoster(from: file) } else { _ = try loader.loadEntries(from: file) }
            Issue.record("\(json) loaded")
        } catch let error as ExpoError {
            #expect(error.category == .data && error.subject == .catalog)
            #expect(error.message.hasPrefix("bad.json:1:") && error.message.contains(": \(path): "), "\(error.message)")
            #expect(!error.message.hasSuffix(": \(path): "))
        }
    }

    @Test("a byte-order mark is accepted; invalid UTF-8 is refused clearly")
    func encodings() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let bom = folder.appendingPathComponent("bom.json")
        try Data([0xEF, 0xBB, 0xBF] + Array(#"[{"name":"갓","image_name":"gat","short_desc":"s","desc":"d"}]"#.utf8)).write(to: bom)
        var loader = CatalogLoader()
        #expect(try loader.loadEntries(from: bom).first?.name == "갓")
        let latin1 = folder.appendingPathComponent("latin1.json")
        try Data([0x5B, 0x22, 0xE9, 0x22, 0x5D]).write(to: latin1)
        #expect(throws: ExpoError.catalogNotJSON(file: "latin1.json", reason: "the file is not UTF-8 text")) {
            try loader.loadEntries(from: latin1)
        }
    }

    @Test("missing optional fields, control characters and duplicate names are warnings, not errors")
    func warnings() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("items.json")
        let json = #"[{"name":"갓","image_name":"gat","short_desc":null,"desc":"a\u0007b"},{"name":"갓","image_name":"gat","short_desc":"s","desc":"d"}]"#
        try Data(json.utf8).write(to: file)
        var loader = CatalogLoader()
        let entries = try loader.loadEntries(from: file)
        #expect(entries.count == 2)
        #expect(entries[0].shortDescription == "")
        #expect(entries[0].description == "ab")
        let paths = loader.warnings.map(\.path)
        #expect(paths.contains("$[0].short_desc"))
        #expect(paths.contains("$[0].desc"))
        #expect(paths.contains("$[1].name"))
    }

    @Test(
        "the warning about control characters names the ones removed, and speaks of carriage returns only when there were any",
        arguments: [
            ("a\u{1B}b\u{0}c", "control characters removed (U+001B, U+0000)"),
            ("a\rb", "a lone carriage return read as a space"),
            ("a\r\nb", "carriage returns before line feeds dropped (CRLF line ends)"),
            ("\u{7}a\rb", "control characters removed (U+0007); a lone carriage return read as a space"),
        ])
    func controlCharacterWarnings(text: String, note: String) {
        #expect(FieldReader.controlCharactersNote(text) == note)
    }

    @Test("an unreadable file says so with its path")
    func unreadable() {
        var loader = CatalogLoader()
        #expect {
            try loader.loadPoster(from: URL(fileURLWithPath: "/nonexistent/poster.json"))
        } throws: { error in
            guard let error = error as? ExpoError, error.category == .data else { return false }
            return error.message.hasPrefix("/nonexistent/poster.json: cannot be read")
        }
    }
}
