import Foundation
import TestSupport
import Testing

/// JSON the tool did not write, read strictly (RFC 8259) through the built binary: what a
/// strict reader refuses stops the run with one line naming file:line:column and the JSON path;
/// the original apps' data still loads.
@Suite("expo-narrate reads JSON strictly", .tags(.endToEnd))
struct StrictJSONInputTests {
    private func narrate(items: String, in folder: URL) throws -> (CommandRunner.Result, URL) {
        let files = try writeCatalog(poster: samplePoster, entries: [[String: String]](), in: folder)
        try Data(items.utf8).write(to: URL(fileURLWithPath: files.items))
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run([
            "--all", "--text-only", "--quiet", "--output", output.path,
            "--poster-file", files.poster, "--items-file", files.items,
        ])
        return (result, output)
    }

    @Test(
        "what a strict JSON reader refuses: exit 65, one line with file:line:column, path, what and what to do",
        arguments: [
            (
                "a trailing comma", "[\n  {\"name\": \"가\", \"desc\": \"설명\",\n  }\n]",
                "items.json:3:3: $[0]: not valid JSON: a comma before '}' (a trailing comma); remove it"
            ),
            ("a comment", "[\n  // the first entry\n  {\"name\": \"가\"}\n]", "items.json:2:3: $[0]: not valid JSON: a comment; JSON has none"),
            (
                "a duplicate key", "[\n  {\"name\": \"가\",\n   \"name\": \"나\"}\n]",
                "items.json:3:4: $[0].name: not valid JSON: the key \"name\" appears twice in one object; keep one"
            ),
            ("NaN", "[{\"name\": \"가\", \"visitors\": NaN}]", "items.json:1:28: $[0].visitors: not valid JSON: NaN and Infinity are not JSON numbers"),
            ("a leading zero", "[{\"name\": \"가\", \"visitors\": 007}]", "items.json:1:28: $[0].visitors: not valid JSON: a number with a leading zero"),
        ])
    func refused(what: String, items: String, message: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, output) = try narrate(items: items, in: folder)
        #expect(result.status == 65, "\(what): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(what): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(what): \(result.stderr)")
        #expect(result.stderr.contains("Fix the file"), "\(what): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "\(what): an output folder was made")
    }

    @Test("a voice profile with a trailing comma names its line and column; exit 64 like every profile error")
    func profileTrailingComma() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = String(
            decoding: try JSONSerialization.data(
                withJSONObject: VoiceAndLexiconErrorTests.standardProfile,
                options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        let close = try #require(text.lastIndex(of: "}"))
        text.insert(contentsOf: ",\n", at: close)
        try Data(text.utf8).write(to: folder.appendingPathComponent("standard.json"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run(["--poster", "--text-only", "--voices", folder.path, "--output", output.path])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("standard.json:\(lines):1: $: not valid JSON: a comma before '}' (a trailing comma)"), "\(result.stderr)")
    }

    @Test("the original apps' data still loads", .needsSharedFixtures)
    func originalData() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for poster in ["exposition_universelle_1900.json", "exposition_universelle_1900.title-one-line.json", "daejeon_expo.json"] {
            let result = try CommandRunner.run([
                "--list", "--poster-file", CommandRunner.fixture(poster),
                "--items-file", CommandRunner.fixture("items.json"),
            ])
            #expect(result.status == 0, "\(poster): \(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count >= 13, "\(poster): \(result.stdout)")
        }
    }
}
