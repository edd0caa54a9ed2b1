import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import CatalogLoading

/// The optional picture fields: read as written, absent without a warning, "" kept (decorative),
/// a value of another kind a data error with its path.
@Suite("Catalog loader: picture fields")
struct PictureFieldTests {
    static func load(poster: String, items: String) throws -> (Catalog, [CatalogWarning]) {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(poster.utf8).write(to: folder.appendingPathComponent("poster.json"))
        try Data(items.utf8).write(to: folder.appendingPathComponent("items.json"))
        var loader = CatalogLoader()
        let catalog = try loader.load(posterFile: folder.appendingPathComponent("poster.json"), itemsFile: folder.appendingPathComponent("items.json"))
        return (catalog, loader.warnings)
    }

    static let poster =
        #"{"title": "전시", "visitors": 1, "location": "서울", "duration": "2024", "description": "설명.", "image_name": "poster", "image_alt": "포스터 그림", "image_description": "붉은 포스터."}"#

    @Test func readAsWritten() throws {
        let (catalog, warnings) = try Self.load(
            poster: Self.poster,
            items: """
                [{"name": "갓", "image_name": "gat", "short_desc": "모자", "desc": "설명.", "image_alt": "검은 갓", "image_description": "검은 모자다.\\u0007"},
                 {"name": "병", "image_name": "vase", "short_desc": "병", "desc": "설명.", "image_alt": ""},
                 {"name": "책", "image_name": "book", "short_desc": "책", "desc": "설명.", "image_alt": null}]
                """)
        #expect(catalog.poster.imageName == "poster" && catalog.poster.imageAlt == "포스터 그림" && catalog.poster.imageDescription == "붉은 포스터.")
        #expect(catalog.entries[0].imageAlt == "검은 갓" && catalog.entries[0].imageDescription == "검은 모자다.")
        #expect(PictureAlternative(catalogField: catalog.entries[0].imageAlt) == .text("검은 갓"))
        #expect(PictureAlternative(catalogField: catalog.entries[1].imageAlt) == .decorative)
        #expect(PictureAlternative(catalogField: catalog.entries[2].imageAlt) == .missing)
        #expect(catalog.entries[2].imageDescription == nil)
        // Only the control character is worth a warning; absent fields are not.
        #expect(warnings.map(\.path) == ["$[0].image_description"], "\(warnings)")
    }

    @Test func anotherKindIsADataError() throws {
        #expect(throws: ExpoError.catalogInvalid(file: "items.json:1:50", path: "$[0].image_alt", reason: "expected a string, found a number")) {
            try Self.load(poster: Self.poster, items: #"[{"name": "갓", "image_name": "gat", "image_alt": 3}]"#)
        }
        #expect(throws: ExpoError.catalogInvalid(file: "poster.json:1:106", path: "$.image_name", reason: "expected a string, found an array")) {
            try Self.load(
                poster: #"{"title": "전시", "visitors": 1, "location": "서울", "duration": "2024", "description": "설명.", "image_name": []}"#,
                items: "[]")
        }
    }
}
