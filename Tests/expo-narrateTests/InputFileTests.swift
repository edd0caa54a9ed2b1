import Foundation
import Testing

/// Inputs that used to hang or take the memory of a run: a named pipe (FIFO) at any file the
/// tool reads, and one huge line on `normalize`'s standard input. Each is refused at once with
/// one line naming the file (or the line) and what to do; nothing waits for a writer.
@Suite("expo-narrate on named pipes and over-long input lines", .serialized)
struct InputFileTests {
    /// A Voices folder copied from the project's, in `folder`.
    private func voices(in folder: URL) throws -> URL {
        try BadInputTests.voices(in: folder) { $0 }
    }

    /// Runs `arguments` under bash with a time limit, stdin from `input` (a file) or /dev/null.
    private func run(_ arguments: [String], input: URL? = nil) throws -> FaultInjectionTests.Outcome {
        let words = arguments.map(RunningCommand.shellQuoted).joined(separator: " ")
        let stdin = input.map(FaultInjectionTests.quoted) ?? "/dev/null"
        return try FaultInjectionTests.shell(
            #"timeout -s KILL 120 "$BIN" "# + words + " < " + stdin + #"; echo "status=$?""#,
            timeout: 180)
    }

    private func expectRefused(
        _ outcome: FaultInjectionTests.Outcome, naming file: String, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            outcome.output.hasSuffix("status=64\n") || outcome.output.hasSuffix("status=65\n"),
            "\(what): \(outcome.output)", sourceLocation: sourceLocation)
        #expect(
            outcome.output.contains(file) && (outcome.output.contains("named pipe") || outcome.output.contains("not a regular file")),
            "\(what): \(outcome.output)", sourceLocation: sourceLocation)
    }

    @Test(
        "a FIFO at lexicon.txt, acronyms.txt, pronunciation.txt or standard.json is refused by every command that reads it",
        arguments: [
            ("lexicon.txt", ["--all", "--text-only"]), ("lexicon.txt", ["normalize"]), ("lexicon.txt", ["check"]),
            ("acronyms.txt", ["normalize"]), ("pronunciation.txt", ["pronounce"]),
            ("standard.json", ["--poster", "--text-only"]), ("standard.json", ["--all", "--text-only"]),
        ])
    func fifoInVoices(name: String, command: [String]) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let voices = try voices(in: folder)
        let pipe = voices.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: pipe)
        #expect(mkfifo(pipe.path, 0o644) == 0)
        let input = folder.appendingPathComponent("input.txt")
        try Data("직지 NASA\n".utf8).write(to: input)
        // The guide's commands take an output folder; the subcommands (normalize, check, pronounce) do not.
        let output = command.first?.hasPrefix("--") == true ? ["--output", folder.appendingPathComponent("out").path] : []
        let outcome = try run(command + ["--voices", voices.path] + output, input: input)
        expectRefused(outcome, naming: name, "\(name) for \(command)")
        #expect(outcome.seconds < 100, "\(name) for \(command) took \(outcome.seconds) s")
    }

    @Test("a FIFO as a catalog file is refused: 65 or 64, naming the file")
    func fifoAsCatalog() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try BadInputTests.catalog(items: BadInputTests.oneEntry, in: folder)
        let items = folder.appendingPathComponent("items.json")
        try FileManager.default.removeItem(at: items)
        #expect(mkfifo(items.path, 0o644) == 0)
        expectRefused(try run(["--list"] + files), naming: "items.json", "items.json")
    }

    @Test("verify on a folder whose manifest.json is a FIFO says so at once, with the findings status")
    func fifoAsManifest() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("manifest.json").path, 0o644) == 0)
        let outcome = try run(["verify", folder.path])
        #expect(
            outcome.output.contains("manifest.json: cannot be used") && outcome.output.contains("named pipe"),
            "\(outcome.output)")
        #expect(outcome.output.hasSuffix("status=1\n"), "\(outcome.output)")
    }

    @Test("normalize refuses a line over the curated-text limit with 65, naming the line and the limit, after the lines before it")
    func normalizeLineLimit() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("input.txt")
        var data = Data("하나\n".utf8)
        data.append(Data(repeating: 0x61, count: 3 << 20))
        data.append(Data("\n끝\n".utf8))
        try data.write(to: input)
        let outcome = try run(["normalize"], input: input)
        #expect(outcome.output.hasSuffix("status=65\n"), "\(outcome.output.prefix(600))")
        #expect(outcome.output.contains("line 2 is longer than 2 MB"), "\(outcome.output.prefix(600))")
        #expect(outcome.output.hasPrefix("하나\n"), "the line before is still written: \(outcome.output.prefix(600))")
        #expect(outcome.output.utf8.count < 4096, "the long line was echoed")
    }
}
