import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import CatalogLoading

/// The strict RFC 8259 pass: what lenient parsers accept is refused, at its line, column and
/// JSON path; what RFC 8259 allows passes.
@Suite("Strict JSON")
struct StrictJSONTests {
    private func strictFailure(_ text: String) -> StrictJSON.Failure? {
        var json = StrictJSON()
        do {
            try json.check(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "what RFC 8259 refuses is an error at its line, column and path",
        arguments: [
            ("[{\"name\": \"a\",\n  }]", 2, 3, "$[0]", "trailing comma"),
            ("[1, 2,]", 1, 7, "$[2]", "trailing comma"),
            ("{\"a\": 1, // note\n\"b\": 2}", 1, 10, "$", "a comment"),
            ("{\"a\": 1 /* note */}", 1, 9, "$.a", "a comment"),
            ("[1,\n NaN]", 2, 2, "$[1]", "NaN and Infinity"),
            ("{\"n\": -Infinity}", 1, 8, "$.n", "NaN and Infinity"),
            ("{\"n\": Infinity}", 1, 7, "$.n", "NaN and Infinity"),
            ("{\"visitors\": 0123}", 1, 14, "$.visitors", "leading zero"),
            ("[{\"name\": \"a\",\n  \"name\": \"b\"}]", 2, 3, "$[0].name", "the key \"name\" appears twice"),
            ("{'a': 1}", 1, 2, "$", "a key in double quotes"),
            ("{a: 1}", 1, 2, "$", "a key in double quotes"),
            ("[\"a\nb\"]", 1, 4, "$[0]", "a line break inside a string"),
            ("[\"\\x\"]", 1, 3, "$[0]", "an escape '\\x'"),
            ("[\"\\ud800\"]", 1, 3, "$[0]", "lone UTF-16 surrogate (\\uD800)"),
            ("[1] [2]", 1, 5, "$", "'[' after the JSON value ends"),
            ("[tru]", 1, 2, "$[0]", "not true, false or null"),
            ("[1.]", 1, 4, "$[0]", "'.' without digits"),
            ("[{\"a\": 1}", 1, 10, "$[0]", "ends before the JSON does"),
            ("", 1, 1, "$", "no JSON value"),
            ("{\"가나\": [1,, 2]}", 1, 11, "$.가나[1]", "where a value should be"),
        ])
    func refused(text: String, line: Int, column: Int, path: String, reason: String) throws {
        let failure = try #require(strictFailure(text), "accepted: \(text)")
        #expect(failure.location == StrictJSON.Location(line: line, column: column), "\(failure)")
        #expect(failure.path == path, "\(failure)")
        #expect(failure.reason.contains(reason), "\(failure.reason)")
    }

    @Test(
        "what RFC 8259 allows passes",
        arguments: [
            "[]", "{}", " {\"a\": [1, -0, 0.5, 1e3, 2E-7, -12.5e+2, true, false, null, \"\\u00e9\\ud83d\\ude00\\n\\\"\"]}\n",
            "\u{FEFF}[\"한국어\"]", "\"a fragment\"", "0", "{\"a\": {\"a\": {\"a\": 1}}, \"b\": [{\"a\": 1}, {\"a\": 2}]}",
        ])
    func accepted(text: String) {
        #expect(strictFailure(text) == nil, "refused: \(String(describing: strictFailure(text)))")
    }

    @Test("the location of each value is kept by its path, and a missing one falls back to its parent")
    func locations() throws {
        var json = StrictJSON()
        json.recordsLocations = true
        try json.check(Array("[\n  {\"name\": \"a\"},\n  {\"name\": \"b\", \"desc\": 3}\n]".utf8))
        #expect(json.location(of: "$[1].desc") == StrictJSON.Location(line: 3, column: 25))
        #expect(json.location(of: "$[0].name") == StrictJSON.Location(line: 2, column: 12))
        #expect(json.location(of: "$[0].image_name") == StrictJSON.Location(line: 2, column: 3))
    }

    @Test("nesting deeper than the limit is refused, not recursed into")
    func depth() throws {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let failure = try #require(strictFailure(text))
        #expect(failure.reason.contains("nested more than 512 deep"))
        #expect(failure.location.column == 513)
    }

    @Test("a catalog's syntax error names file:line:column, path and what to do")
    func catalogMessage() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("items.json")
        try Data("[\n  {\"name\": \"a\"},\n  {\"name\": \"b\", \"desc\": \"c\",}\n]".utf8).write(to: file)
        var loader = CatalogLoader()
        let error = try #require(throws: ExpoError.self) { try loader.loadEntries(from: file) }
        #expect(error.category == .data)
        #expect(
            error.description.hasPrefix("items.json:3:29: $[1]: not valid JSON: a comma before '}' (a trailing comma); remove it"),
            "\(error.description)")
    }

    @Test("a field of the wrong kind names the line and column of its value")
    func fieldPlace() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("items.json")
        try Data("[\n  {\"name\": \"a\"},\n  {\"name\": 7}\n]".utf8).write(to: file)
        var loader = CatalogLoader()
        let error = try #require(throws: ExpoError.self) { try loader.loadEntries(from: file) }
        #expect(error.description.hasPrefix("items.json:3:12: $[1].name: expected a string, found a number"), "\(error.description)")
    }
}
