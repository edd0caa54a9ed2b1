import Foundation
import Pipeline
import TestSupport
import Testing

/// Messages that said something untrue or unhelpful, each made true, through the built binary.
@Suite("messages that tell the truth", .serialized, .tags(.endToEnd))
struct TruthfulMessageTests {
    static func guide(in folder: URL, _ extra: [String] = []) throws -> (output: URL, catalog: [String]) {
        let catalog = try BadInputTests.catalog(items: BadInputTests.oneEntry, in: folder)
        let output = folder.appendingPathComponent("guide")
        let made = try CommandRunner.run(["--all", "--text-only", "--quiet", "--output", output.path] + extra + catalog)
        #expect(made.status == 0, "\(made.stderr)")
        return (output, catalog)
    }

    @Test("a guide's record that is a link is refused as a link, not as files expo-narrate did not write")
    func recordThatIsALink() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (output, catalog) = try Self.guide(in: folder)
        let record = output.appendingPathComponent(".expo-narrate")
        try FileManager.default.moveItem(at: record, to: folder.appendingPathComponent("record"))
        try FileManager.default.createSymbolicLink(atPath: record.path, withDestinationPath: folder.appendingPathComponent("record").path)
        let result = try CommandRunner.run(["--all", "--text-only", "--quiet", "--output", output.path] + catalog)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("its record .expo-narrate is a symbolic link"), "\(result.stderr)")
        #expect(!result.stderr.contains("did not write"), "\(result.stderr)")
    }

    @Test("a user's file at a name the run would publish: 'a file that expo-narrate did not publish', said once")
    func userFileInTheWay() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (output, catalog) = try Self.guide(in: folder)
        try Data("the curator's own".utf8).write(to: output.appendingPathComponent("guide.brf"))
        let result = try CommandRunner.run(["--all", "--text-only", "--quiet", "--format", "brf", "--output", output.path] + catalog)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("guide.brf (a file), which expo-narrate did not publish"), "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "did not publish").count == 2, "said once: \(result.stderr)")
        #expect(!result.stderr.contains("did not write"), "\(result.stderr)")
    }

    @Test("a named pipe as a voice profile is called a named pipe, not a permission problem")
    func pipeAsProfile() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let voices = try BadInputTests.voices(in: folder) { $0 }
        #expect(mkfifo(voices.appendingPathComponent("piped.json").path, 0o644) == 0)
        let result = try CommandRunner.run([
            "--poster", "--text-only", "--voice", "piped", "--voices", voices.path,
            "--output", folder.appendingPathComponent("guide").path,
        ])
        #expect([64, 65].contains(result.status), "\(result.stderr)")
        #expect(result.stderr.contains("named pipe"), "\(result.stderr)")
        #expect(!result.stderr.lowercased().contains("permission"), "\(result.stderr)")
    }

    @Test("the hidden check helper never writes its report into a folder that is not a claimed cache")
    func helperWritesOnlyIntoCaches() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let anyFolder = folder.appendingPathComponent("any")
        try FileManager.default.createDirectory(at: anyFolder, withIntermediateDirectories: false)
        var request = CheckSummaryRequest(voice: "standard")
        request.reportCache = anyFolder.path
        let result = try CommandRunner.run(try request.arguments())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: anyFolder.path).isEmpty)
    }

    @Test("--quiet says what it still prints: --all's one check line")
    func quietSaysWhatItPrints() throws {
        let help = try CommandRunner.run(["--help"])
        let line = help.stdout.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ")
        #expect(line.contains("check line"), "\(help.stdout)")
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try BadInputTests.catalog(
            items: #"[{"name": "Collin de Plancy", "image_name": "x", "short_desc": "s", "desc": "d"}]"#,
            in: folder)
        let run = try CommandRunner.run(["--all", "--text-only", "--quiet", "--output", folder.appendingPathComponent("g").path] + catalog)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("check: ") || $0.hasPrefix("warning: ") || $0.hasPrefix("expo-narrate") }, "\(run.stderr)")
    }
}
