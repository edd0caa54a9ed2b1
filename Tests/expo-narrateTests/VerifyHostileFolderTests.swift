import Foundation
import TestSupport
import Testing

/// `expo-narrate verify` on folders and manifests made to mislead it, through the built binary:
/// it never reads through a link (a link is a finding), says what a named pipe is, compares
/// sizes before hashing, prints every name from the manifest as one escaped line, and refuses
/// unreasonable manifests with one line.
@Suite("verify on hostile folders", .serialized, .tags(.endToEnd))
struct VerifyHostileFolderTests {
    /// A text-only guide of one entry in `folder`/guide.
    static func guide(in folder: URL) throws -> URL {
        let catalog = try BadInputTests.catalog(items: BadInputTests.oneEntry, in: folder)
        let output = folder.appendingPathComponent("guide")
        let made = try CommandRunner.run(["--all", "--text-only", "--quiet", "--output", output.path] + catalog)
        #expect(made.status == 0, "\(made.stderr)")
        return output
    }

    /// The manifest's JSON object, and the first listed file's name.
    static func manifest(of guide: URL) throws -> (object: [String: Any], first: String) {
        let data = try Data(contentsOf: guide.appendingPathComponent("manifest.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        return (object, try #require(files.first?["path"] as? String))
    }

    static func writeManifest(_ object: [String: Any], to guide: URL) throws {
        let path = guide.appendingPathComponent("manifest.json")
        try? FileManager.default.removeItem(at: path)
        try JSONSerialization.data(withJSONObject: object).write(to: path)
    }

    @Test("a listed file replaced by a link (to an identical copy, or to /etc/passwd) is a finding, never opened through")
    func linksAreFindings() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try Self.guide(in: folder)
        let name = try Self.manifest(of: output).first
        let file = output.appendingPathComponent(name)
        let copy = folder.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: file, to: copy)
        for target in [copy.path, "/etc/passwd"] {
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
            let result = try CommandRunner.run(["verify", output.path])
            #expect(result.status == 1, "\(target): \(result.stdout)")
            #expect(result.stdout.contains("\(name): is a symbolic link, not the file the manifest lists"), "\(result.stdout)")
            #expect(!result.stdout.contains("bytes"), "the link's target was measured: \(result.stdout)")
        }
        // The manifest itself as a link: not read.
        let manifest = output.appendingPathComponent("manifest.json")
        try FileManager.default.moveItem(at: manifest, to: folder.appendingPathComponent("manifest.json"))
        try FileManager.default.createSymbolicLink(atPath: manifest.path, withDestinationPath: folder.appendingPathComponent("manifest.json").path)
        let linked = try CommandRunner.run(["verify", output.path])
        #expect(linked.status == 1 && linked.stdout.contains("symbolic link"), "\(linked.stdout)")
    }

    @Test("a named pipe at a listed name is called a named pipe, at once")
    func pipesAreNamed() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try Self.guide(in: folder)
        let name = try Self.manifest(of: output).first
        try FileManager.default.removeItem(at: output.appendingPathComponent(name))
        #expect(mkfifo(output.appendingPathComponent(name).path, 0o644) == 0)
        let result = try CommandRunner.run(["verify", output.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(name): is a named pipe"), "\(result.stdout)")
        #expect(!result.stdout.contains("missing"), "\(result.stdout)")
    }

    @Test("a 20 GB file of the wrong size is reported by its size, not hashed")
    func sizesBeforeHashes() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try Self.guide(in: folder)
        let name = try Self.manifest(of: output).first
        let handle = try FileHandle(forWritingTo: output.appendingPathComponent(name))
        try handle.truncate(atOffset: 20 << 30)
        try handle.close()
        let started = Date()
        let result = try CommandRunner.run(["verify", output.path])
        #expect(Date().timeIntervalSince(started) < 10, "it hashed the file")
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(name): \(20 << 30) bytes, the manifest records"), "\(result.stdout)")
        #expect(!result.stdout.contains("SHA-256"), "\(result.stdout)")
    }

    @Test("names in the manifest with escape sequences, OSC 52 or a newline print as one escaped line each: nothing forged")
    func namesAreEscaped() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try Self.guide(in: folder)
        var (object, _) = try Self.manifest(of: output)
        let hostile = [
            "\u{1B}]0;owned\u{7}title", "\u{1B}]52;c;ZXZpbA==\u{7}clip", "\u{1B}[2Jclear", "\u{9B}31mred",
            "x\n\(output.path): all 9 files as the manifest records them", "nul\u{0}byte",
        ]
        object["files"] = hostile.map { ["path": $0, "byteCount": 1, "sha256": String(repeating: "0", count: 64)] }
        try Self.writeManifest(object, to: output)
        let result = try CommandRunner.run(["verify", output.path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == hostile.count, "\(result.stdout.debugDescription)")
        #expect(
            !result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) },
            "\(result.stdout.debugDescription)")
        #expect(!lines.contains { $0.hasPrefix(output.path) }, "a forged line: \(result.stdout.debugDescription)")
    }

    @Test("unreasonable manifests are refused with one line: too large, too many files, a name too long, 1e400")
    func unreasonableManifests() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try Self.guide(in: folder)
        let (object, _) = try Self.manifest(of: output)
        let path = output.appendingPathComponent("manifest.json")
        let entry: [String: Any] = ["path": "a", "byteCount": 1, "sha256": String(repeating: "0", count: 64)]
        var many = object
        many["files"] = Array(repeating: entry, count: 100_001)
        var long = object
        long["files"] = [["path": String(repeating: "가", count: 100), "byteCount": 1, "sha256": String(repeating: "0", count: 64)]]
        let original = try String(contentsOf: path, encoding: .utf8)
        let cases: [(String, Data)] = [
            ("too many files", try JSONSerialization.data(withJSONObject: many)),
            ("a name too long", try JSONSerialization.data(withJSONObject: long)),
            ("1e400", Data(original.replacingOccurrences(of: "\"byteCount\" : ", with: "\"byteCount\" : 1e400").utf8)),
            ("too large", Data(("{\"pad\": \"" + String(repeating: "x", count: 17 << 20) + "\"}").utf8)),
        ]
        for (label, data) in cases {
            try data.write(to: path)
            let result = try CommandRunner.run(["verify", output.path])
            #expect(result.status == 1, "\(label): \(result.status)")
            #expect(result.stdout.split(separator: "\n").count == 1, "\(label): \(result.stdout.prefix(600))")
            #expect(result.stdout.count < 400, "\(label): \(result.stdout.prefix(600))")
            #expect(!(result.stdout + result.stderr).contains("DecodingError"), "\(label): \(result.stdout.prefix(600))")
        }
    }
}
