import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import CatalogLoading

/// Every catalog error and warning is one line, whatever the file or its names contain.
@Suite("Catalog messages stay on one line")
struct CatalogMessageTests {
    private func load(items: String) throws -> (entries: [Entry], warnings: [CatalogWarning]) {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("items.json")
        try Data(items.utf8).write(to: file)
        var loader = CatalogLoader()
        let entries = try loader.loadEntries(from: file)
        return (entries, loader.warnings)
    }

    @Test("a broken escape before a line break is one line naming its place (found by the loader fuzz test)")
    func parserExcerpt() throws {
        // A broken \u escape: the lenient parser quoted the file from there, line break included.
        let error = try #require(throws: ExpoError.self) { try load(items: "[{\"name\": \"\\u},\n \"}]") }
        let message = error.localizedDescription
        #expect(!message.contains("\n"), "\(message)")
        #expect(message.hasPrefix("items.json:1:12: $[0].name: not valid JSON: a \\u escape without four hexadecimal digits"), "\(message)")
    }

    @Test("a duplicate name with a line break in it makes a one-line warning that still shows it")
    func duplicateNameWarning() throws {
        let (entries, warnings) = try load(items: #"[{"name": "가\n나"}, {"name": "가\n나"}]"#)
        #expect(entries.count == 2)
        let duplicate = try #require(warnings.first { $0.path == "$[1].name" })
        #expect(!duplicate.description.contains("\n"))
        #expect(duplicate.description.contains(#""가\n나""#), "\(duplicate.description)")
    }

    @Test(
        "control characters and separators are escaped, other text is kept",
        arguments: [
            ("a\nb", "a\\nb"), ("a\r\nb", "a\\r\\nb"), ("\u{1B}[31m", "\\u{1B}[31m"), ("a\u{2028}b", "a\\u{2028}b"),
            ("직지 (直指)", "직지 (直指)"), ("", ""),
        ])
    func escapes(text: String, shown: String) {
        #expect(singleLine(text) == shown)
    }
}
