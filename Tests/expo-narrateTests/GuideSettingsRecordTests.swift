import ExpoModel
import Export
import Foundation
import TestSupport
import Testing

/// The published guide records how it was made (settings and input digests in manifest.json's
/// `provenance`), and a run over some tracks into it takes those settings: it never drops an
/// edition or publishes an older reading, and refuses, with two commands that work as printed,
/// a setting that differs.
@Suite("a partial run keeps the guide's settings", .serialized, .tags(.endToEnd))
struct GuideSettingsRecordTests {
    @Test("--all with several formats, then --entry without --format: every file is kept, and the record says how it was made")
    func entryWithoutFormatKeepsEveryEdition() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = SmallCatalog()
        try catalog.write(in: folder)
        let output = folder.appendingPathComponent("guide")
        let first = try CommandRunner.run(
            ["--all", "--jobs", "1", "--quiet", "--output", output.path, "--format", "wav,brf,pef,labels"]
                + catalog.arguments(in: folder))
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Self.guideFiles(output)
        #expect(before.contains("guide.brf") && before.contains("guide.pef") && before.contains("labels.json"), "\(before)")
        let recorded = try PartialRunTests.manifest(output).provenance

        let second = try CommandRunner.run(["--entry", "beta", "--jobs", "1", "--output", output.path] + catalog.arguments(in: folder))
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("using the published guide's settings: --format wav,brf,pef,labels"), "\(second.stderr)")
        #expect(try Self.guideFiles(output) == before, "nothing removed, nothing added")

        let record = try #require(recorded)
        #expect(record.settings.formats == ["wav", "brf", "pef", "labels"] && !record.settings.textOnly)
        // Relative to the guide's folder: the published manifest names no one's folders.
        #expect(record.settings.itemsFile == "../items.json", "\(record.settings)")
        let manifestText = try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(!manifestText.contains(folder.path), "the manifest names \(folder.path)")
        #expect(record.inputs.catalog.count == 64 && record.inputs.lexicon.count == 64 && record.inputs.words.count == 64)
        let after = try PartialRunTests.manifest(output)
        #expect(after.provenance?.settings == record.settings)
        #expect(after.tracks.allSatisfy { $0.lexiconDigest == record.inputs.words })
    }

    @Test("--entry --format with fewer formats: 64 naming what would be removed, and both commands printed work as printed")
    func fewerFormatsRefusedWithTwoCommands() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = SmallCatalog()
        try catalog.write(in: folder)
        let output = folder.appendingPathComponent("guide")
        let first = try CommandRunner.run(
            ["--all", "--jobs", "1", "--quiet", "--output", output.path, "--format", "wav,brf,labels"]
                + catalog.arguments(in: folder))
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Self.guideFiles(output)
        let manifestBefore = try Data(contentsOf: output.appendingPathComponent("manifest.json"))

        let refused = try CommandRunner.run(["--entry", "beta", "--format", "wav", "--output", output.path] + catalog.arguments(in: folder))
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("formats: the guide has wav, brf, labels, this run asks for wav (brf, labels would be removed)"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("nothing was changed"), "\(refused.stderr)")
        #expect(try Data(contentsOf: output.appendingPathComponent("manifest.json")) == manifestBefore)
        let commands = Self.printedCommands(refused.stderr)
        #expect(commands.count == 2, "\(refused.stderr)")
        guard commands.count == 2 else { return }
        #expect(
            Self.gives(commands[0], "--all") && Self.gives(commands[0], "--format", "wav") && Self.gives(commands[0], "--items-file"),
            "\(commands[0])")
        #expect(Self.gives(commands[1], "--entry", "beta") && Self.gives(commands[1], "--format", "wav,brf,labels"), "\(commands[1])")

        // The partial run with the guide's settings: every file kept.
        let partial = try Self.runPrinted(commands[1], output: output)
        #expect(partial.status == 0, "\(partial.errorText)")
        #expect(try Self.guideFiles(output) == before)
        // The whole guide with this run's settings: the editions it leaves out are gone, as asked.
        let whole = try Self.runPrinted(commands[0], output: output)
        #expect(whole.status == 0, "\(whole.errorText)")
        let now = try Self.guideFiles(output)
        #expect(!now.contains("guide.brf") && !now.contains("labels.json") && now.contains("guide.wav"), "\(now)")
        #expect(try PartialRunTests.manifest(output).provenance?.settings.formats == ["wav"])
    }

    @Test("a lexicon correction published with --voices stays when a later --entry names no voices folder; a newer one remakes the tracks it changes")
    func lexiconCorrectionIsKept() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var catalog = SmallCatalog()
        catalog.entries[0].desc = "첫 번째 유물은 Zorba의 책입니다."
        catalog.entries[2].desc = "세 번째 유물은 Quixote의 그릇입니다."
        try catalog.write(in: folder)
        let voices = folder.appendingPathComponent("voices")
        try FileManager.default.copyItem(at: CommandRunner.projectRoot.appendingPathComponent("Voices"), to: voices)
        let output = folder.appendingPathComponent("guide")
        let options = ["--jobs", "1", "--output", output.path] + CommandRunner.wavOnly + catalog.arguments(in: folder)
        let first = try CommandRunner.run(["--all", "--quiet", "--voices", voices.path] + options)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try !Self.spoken(output, "01-alpha").contains("조르바"))

        // The correction, published for its entry with the same voices folder.
        try Self.addLexiconLine("Zorba | 조르바", to: voices)
        let corrected = try CommandRunner.run(["--entry", "alpha", "--voices", voices.path] + options)
        #expect(corrected.status == 0, "\(corrected.stderr)")
        #expect(try Self.spoken(output, "01-alpha").contains("조르바"))
        let digest = try PartialRunTests.manifest(output).provenance?.inputs.words
        #expect(digest != nil)

        // Another entry, without --voices: the guide's voices folder is used, the correction stays.
        let other = try CommandRunner.run(["--entry", "beta"] + options)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(other.stderr.contains("--voices \(voices.path)"), "\(other.stderr)")
        #expect(try Self.spoken(output, "01-alpha").contains("조르바"))
        #expect(try PartialRunTests.manifest(output).tracks.allSatisfy { $0.lexiconDigest == digest })

        // A newer correction in that folder, for a track not named: said, and that track made again.
        try Self.addLexiconLine("Quixote | 키호테", to: voices)
        let cached = try PartialRunTests.cachedWAVs(output)
        let newer = try CommandRunner.run(["--entry", "beta"] + options)
        #expect(newer.status == 0, "\(newer.stderr)")
        #expect(newer.stderr.contains("lexicon.txt in \(voices.path) changed since the guide was published"), "\(newer.stderr)")
        #expect(try Self.spoken(output, "03-gamma").contains("키호테") && Self.spoken(output, "01-alpha").contains("조르바"))
        #expect(try PartialRunTests.cachedWAVs(output) == cached + 1, "03-gamma's audio made again")
        let manifest = try PartialRunTests.manifest(output)
        #expect(manifest.provenance?.inputs.words != digest && manifest.tracks.allSatisfy { $0.lexiconDigest == manifest.provenance?.inputs.words })
        _ = try PartialRunTests.checkWhole(output, stems: catalog.stems, audio: true, encoded: false)
    }

    @Test(
        "another voice profile, braille page, voices folder or the text only: 64 naming each difference",
        arguments: [
            (["--voice", "slow"], "voice profile: the guide's is \"standard\", this run asks for \"slow\""),
            (["--braille-cells", "32"], "braille page: the guide's is 40 cells x 25 lines, this run asks for 32 x 25"),
            (["--voices", "/tmp"], "voices folder (voice profiles, lexicon and dictionaries): the guide was made with"),
            (["--text-only"], "audio: the guide has audio, this run asks for the text only"),
        ])
    func otherSettingRefused(options: [String], difference: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = SmallCatalog()
        try catalog.write(in: folder)
        let output = folder.appendingPathComponent("guide")
        // Made with audio and a braille edition.
        let first = try CommandRunner.run(["--all", "--quiet", "--output", output.path, "--format", "wav,brf"] + catalog.arguments(in: folder))
        #expect(first.status == 0, "\(first.stderr)")
        let manifest = try Data(contentsOf: output.appendingPathComponent("manifest.json"))
        let result = try CommandRunner.run(["--entry", "1", "--output", output.path] + options + catalog.arguments(in: folder))
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(difference), "\(result.stderr)")
        #expect(Self.printedCommands(result.stderr).count == 2, "\(result.stderr)")
        #expect(try Data(contentsOf: output.appendingPathComponent("manifest.json")) == manifest)
    }

    @Test("a guide of the previous version (no record): a partial run refuses with 65 and the --all that repairs it, which works as printed")
    func unrecordedGuideNamesTheRepair() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = SmallCatalog()
        try catalog.write(in: folder)
        let output = folder.appendingPathComponent("guide")
        let first = try CommandRunner.run(
            ["--all", "--text-only", "--quiet", "--output", output.path, "--format", "brf,labels"]
                + catalog.arguments(in: folder))
        #expect(first.status == 0, "\(first.stderr)")
        // As the previous version wrote it: no provenance, no digest per track.
        let url = output.appendingPathComponent("manifest.json")
        var manifest = try ManifestReader.read(try Data(contentsOf: url))
        manifest.provenance = nil
        for index in manifest.tracks.indices { manifest.tracks[index].lexiconDigest = nil }
        try ManifestWriter.render(manifest).write(to: url)
        // and its record as that version wrote it: the names only, no SHA-256 to hold the edited manifest to.
        let record = output.appendingPathComponent(".expo-narrate")
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").dropFirst()
            .filter { !$0.hasPrefix("#") }.map { $0.components(separatedBy: "  ").last ?? String($0) }
        try FileManager.default.removeItem(at: record)
        try (["expo-narrate guide folder, format 1"] + lines).joined(separator: "\n").appending("\n").write(to: record, atomically: false, encoding: .utf8)
        let before = try Self.guideFiles(output)

        let refused = try CommandRunner.run(["--entry", "1", "--output", output.path] + catalog.arguments(in: folder))
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("earlier version") && refused.stderr.contains("nothing was changed"), "\(refused.stderr)")
        #expect(try Self.guideFiles(output) == before)
        let commands = Self.printedCommands(refused.stderr)
        #expect(commands.count == 1 && commands.first?.contains("--all") == true, "\(refused.stderr)")
        // Read from its files: braille and labels, without audio.
        #expect(commands.first?.contains("--format wav,brf,labels --text-only") == true, "\(commands)")
        let repaired = try Self.runPrinted(try #require(commands.first), output: output)
        #expect(repaired.status == 0, "\(repaired.errorText)")
        #expect(try Self.guideFiles(output) == before)
        let again = try CommandRunner.run(["--entry", "1", "--quiet", "--output", output.path] + catalog.arguments(in: folder))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.guideFiles(output) == before)
    }

    // MARK: helpers

    /// The names in the published folder, sorted (the tool's own record and the user's files included).
    static func guideFiles(_ output: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
    }

    /// The commands a refusal printed, one a line ("  expo-narrate …"), as printed.
    static func printedCommands(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("  expo-narrate ") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Whether `command` (words split at spaces) has `option`, followed by `value` when given.
    static func gives(_ command: String, _ option: String, _ value: String? = nil) -> Bool {
        let words = command.split(separator: " ").map(String.init)
        return words.indices.contains { words[$0] == option && (value == nil || (words.indices.contains($0 + 1) && words[$0 + 1] == value)) }
    }

    /// Runs a printed command through the shell, as a user pasting it would, with the built
    /// binary for `expo-narrate` and the tests' cache beside `output`.
    static func runPrinted(_ command: String, output: URL) throws -> ExternalTool.Outcome {
        let arguments = command.dropFirst("expo-narrate".count)
        let binary = "'" + CommandRunner.binary.path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return try ExternalTool.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "exec " + binary + arguments], input: Data(),
            environment: CommandRunner.environment(for: ["--output", output.path], directory: nil),
            directory: CommandRunner.projectRoot)
    }

    static func spoken(_ output: URL, _ stem: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(stem + ".spoken.txt"), encoding: .utf8)
    }

    static func addLexiconLine(_ line: String, to voices: URL) throws {
        let file = voices.appendingPathComponent("lexicon.txt")
        try (String(contentsOf: file, encoding: .utf8) + "\n" + line + "\n").write(to: file, atomically: true, encoding: .utf8)
    }
}
