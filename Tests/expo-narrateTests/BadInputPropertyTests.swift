import ExpoModel
import Foundation
import PropertyBased
import TestSupport
import Testing

/// Property-based: the real binary's argument parser, the environment variables it reads, its
/// catalog loader and its voice profiles' numbers, given generated extreme values (huge, negative, NaN-like, overflowing,
/// control characters, deep nesting, mixed line endings). Whatever the input, the run ends with
/// a status the README documents, never a signal, and its error is one line of at most 300
/// characters. Every run's output folder cannot be created (under /dev/null), so an input that
/// is accepted ends at 73 before anything is made: each run costs about 50 ms of CPU, and the
/// suite about 4 s in all.
@Suite("Fuzz: options, environment and catalogs through the binary", .tags(.endToEnd))
struct BadInputPropertyTests {
    /// Values that break number parsing, ranges and lines.
    static let values = [
        "0", "1", "-1", "+5", "24", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "99999999999999999999999", "1e40", "1e-7", "nan", "NaN", "inf", "-inf", "0x10", " 7", "7 ", "", "12.5", "1_000",
        "١٢", "１２", "3/4", "-1/4", "0/0", "auto", "auto/9223372036854775807", "1/-1", "\u{0}", "\u{1B}]52;c;ZXZpbA==\u{7}",
        "a\nb", "a\r\nb", "\u{202E}gat", "\u{FEFF}1", String(repeating: "9", count: 500), String(repeating: "가", count: 300),
    ]
    /// Options that take a value, and the variables the tool reads.
    static let options = [
        "--jobs", "--opus-bitrate", "--max-entries", "--max-field-bytes", "--shard", "--entry", "--voice", "--format",
        "--cache",
    ]
    static let variables = [
        "SOURCE_DATE_EPOCH", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT",
        "JOB_COMPLETION_INDEX",
    ]
    /// What a documented run may end with here: done (0: not reached), usage (64), data (65),
    /// cannot create the output folder (73).
    static let documented: Set<Int32> = [64, 65, 73]

    static func expectDocumented(_ result: CommandRunner.Result, _ input: String) {
        #expect(documented.contains(result.status), "status \(result.status) for \(input): \(result.stderr.prefix(600))")
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("expo-narrate") }
        #expect(errors.count == 1, "one error line for \(input): \(result.stderr.prefix(600))")
        for line in result.stderr.split(separator: "\n") {
            #expect(line.count <= messageLengthLimit, "a line over 300 characters for \(input): \(line.prefix(400))")
        }
        for crash in ["Fatal error", "Stack dump", "Swift runtime failure", "terminate called"] {
            #expect(!result.stderr.contains(crash), "\(input): \(result.stderr.prefix(600))")
        }
    }

    @Test("options and environment variables with extreme values: a documented status and one line")
    func optionsAndEnvironment() async throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try BadInputTests.catalog(items: BadInputTests.oneEntry, in: folder)
        let input = PropertyBased.zip(
            Gen.int(in: 0...(Self.options.count - 1)), Gen.int(in: 0...(Self.values.count - 1)),
            Gen.int(in: 0...(Self.variables.count - 1)), Gen.int(in: 0...(Self.values.count - 1)))
        await propertyCheck(count: FuzzBudget.count(40), input: input) { option, value, variable, variableValue in
            let arguments =
                [
                    "--all", "--text-only", "--output", "/dev/null/out", "--voices",
                    CommandRunner.projectRoot.appendingPathComponent("Voices").path,
                ] + catalog
                + [Self.options[option], Self.values[value]]
            // A NUL cannot be in an environment variable: it would end the value there.
            let environment = [Self.variables[variable]: Self.values[variableValue].replacingOccurrences(of: "\u{0}", with: "")]
            let shown = "\(Self.options[option]) \(Self.values[value].debugDescription), \(environment)"
            // In the test's own folder: a relative --cache value would otherwise be made in the checkout.
            let result = try #require(
                try? CommandRunner.run(
                    arguments.map { $0.replacingOccurrences(of: "\u{0}", with: "") },
                    environment: environment, directory: folder))
            Self.expectDocumented(result, shown)
        }
    }

    /// JSON values for the poster's visitors: huge, negative, fractional, as strings, nested.
    static let visitorValues = [
        "0", "-1", "1.5", "1e400", "-0", "9223372036854775807", "9223372036854775808", "99999999999999999999", "1e15", "1E16",
        "\"12,000\"", "\"-5\"", "\"1e40\"", "\"99999999999999999999\"", "null", "true", "[1]", "{}", "\"\"",
        String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000),
    ]
    /// Pieces of text fields: line endings of every kind, controls, direction overrides, escapes.
    static let textPieces = [
        "갓", "1e40명", "10^40개", "\\r\\n", "\\r", "\\n\\n", "\\u0000", "\\u001b[2J", "\\u202e", "\\u2066", "\\uD800",
        "\\uDC00\\uD800", "\\\\", "\\\"", "1900. 04. 14", "48,130,300명", "直指", " ",
    ]

    @Test("catalogs with extreme numbers and texts: loaded, or refused with a documented status and one line")
    func catalogs() async throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let piece = Gen.int(in: 0...(Self.textPieces.count - 1))
        let input = PropertyBased.zip(
            Gen.int(in: 0...(Self.visitorValues.count - 1)), piece.array(of: 0...6), piece.array(of: 0...6),
            Gen.int(in: 0...3))
        await propertyCheck(count: FuzzBudget.count(30), input: input) { visitors, name, description, depth in
            let text = { (pieces: [Int]) in pieces.map { Self.textPieces[$0] }.joined() }
            let poster =
                #"{"title": "t", "visitors": \#(Self.visitorValues[visitors]), "location": "l", "duration": "d", "description": "\#(text(description))"}"#
            // An entry nested `depth` arrays deep is not an entry: refused with its path.
            let entry = #"{"name": "\#(text(name))", "image_name": "x", "short_desc": "s", "desc": "\#(text(description))"}"#
            let items = "[" + String(repeating: "[", count: depth) + entry + String(repeating: "]", count: depth) + "]"
            let files = try BadInputTests.catalog(poster: poster, items: items, in: folder)
            let result = try CommandRunner.run(["--all", "--text-only", "--output", "/dev/null/out"] + files)
            Self.expectDocumented(result, "poster \(poster.prefix(200)), items \(items.prefix(200))")
        }
    }

    /// A voice profile's numeric settings, and number literals no Int or Double may hold.
    static let profileFields = [
        "rate", "pitch", "volume", "wordGap", "sentencePauseMs", "paragraphPauseMs", "trackPauseMs",
        "headSilenceMs", "tailSilenceMs", "targetLoudnessLUFS", "peakCeilingDBFS", "truePeakCeilingDBTP",
    ]
    static let profileNumbers = [
        "1e19", "-1e19", "1e400", "-1e400", "1e-400", "1e308", "-1e308", "9.3e18", "-9.3e18", "9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "99999999999999999999", "1e-7", "-0", "0.5", "-19", "160",
    ]

    @Test("voice profiles with extreme numbers in any setting: a documented status and one line, never a signal")
    func profileNumbers() async throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let standard = try Data(contentsOf: CommandRunner.projectRoot.appendingPathComponent("Voices/standard.json"))
        var profile = try #require(try JSONSerialization.jsonObject(with: standard) as? [String: Any])
        let input = PropertyBased.zip(Gen.int(in: 0...(Self.profileFields.count - 1)), Gen.int(in: 0...(Self.profileNumbers.count - 1)))
        await propertyCheck(count: FuzzBudget.count(30), input: input) { field, number in
            let marker = "@@NUMBER@@"
            profile[Self.profileFields[field]] = marker
            let text = String(decoding: try JSONSerialization.data(withJSONObject: profile), as: UTF8.self)
                .replacingOccurrences(of: "\"\(marker)\"", with: Self.profileNumbers[number])
            let voices = try BadInputTests.voices(in: folder) { _ in text }
            let result = try CommandRunner.run(["--poster", "--text-only", "--output", "/dev/null/out", "--voices", voices.path])
            Self.expectDocumented(result, "\(Self.profileFields[field]): \(Self.profileNumbers[number])")
        }
    }

    /// Every status the README documents that a bad input may end with; never a signal, never
    /// 70 (an internal error is a bug).
    static let anyDocumented: Set<Int32> = [0, 1, 3, 64, 65, 69, 72, 73, 74, 75]

    /// Every subcommand, each as a user may run it (the folders made by `fixtures(in:)`).
    static func subcommands(_ fixture: Fixture) -> [[String]] {
        let catalog = ["--poster-file", fixture.poster, "--items-file", fixture.items]
        let voices = ["--voices", fixture.voices]
        return [
            ["--all", "--text-only", "--quiet", "--output", fixture.output] + catalog + voices,
            ["--entry", "갓", "--text-only", "--quiet", "--output", fixture.output] + catalog + voices,
            ["check"] + catalog + voices, ["check", "--json"] + catalog + voices,
            ["normalize"] + voices, ["pronounce"] + voices,
            ["verify", fixture.guide], ["voices"] + voices, ["--help"], ["check", "--help"], ["verify", "--help"],
            ["--list"] + catalog,
        ]
    }

    /// A catalog, a copy of Voices/, a published guide and a text file, in `folder`.
    struct Fixture {
        var poster: String, items: String, voices: String, guide: String, output: String, text: String
        /// Every file a command reads by name that the user may have replaced (standard input
        /// is the shell's to open).
        var inputs: [String] {
            [poster, items, guide + "/manifest.json", output + "/manifest.json"]
                + ["standard.json", "lexicon.txt", "pronunciation.txt", "acronyms.txt", "braille/ko-expo-g2.ctb"].map { voices + "/" + $0 }
        }
    }

    static func fixture(in folder: URL) throws -> Fixture {
        let files = try BadInputTests.catalog(items: BadInputTests.oneEntry, in: folder)
        let voices = folder.appendingPathComponent("Voices")
        try? FileManager.default.removeItem(at: voices)
        try FileManager.default.copyItem(at: CommandRunner.projectRoot.appendingPathComponent("Voices"), to: voices)
        let text = folder.appendingPathComponent("text.txt")
        try Data("1900년 4월 14일에 열렸다.\n".utf8).write(to: text)
        let fixture = Fixture(
            poster: files[1], items: files[3], voices: voices.path, guide: folder.appendingPathComponent("guide").path,
            output: folder.appendingPathComponent("out").path, text: text.path)
        for guide in [fixture.guide, fixture.output] where !FileManager.default.fileExists(atPath: guide + "/manifest.json") {
            try? FileManager.default.removeItem(atPath: guide)
            let made = try CommandRunner.run(["--all", "--text-only", "--quiet", "--output", guide] + files)
            #expect(made.status == 0, "\(made.stderr)")
        }
        return fixture
    }

    /// Runs the binary with `arguments` under bash, standard input from `input`, standard
    /// output to `sink` (a shell redirection, or a pipe into a command), killed if it takes a
    /// minute; returns its status.
    static func status(of arguments: [String], input: String, sink: String) throws -> (status: Int32, stderr: String) {
        let script = "timeout -s KILL 60 \"$@\" < \"$EXPO_INPUT\" \(sink); echo \"status=${PIPESTATUS[0]}\" >&2"
        let result = try CommandRunner.run(
            ["-c", script, "bash", CommandRunner.binary.path] + arguments, environment: ["EXPO_INPUT": input],
            executable: URL(fileURLWithPath: "/bin/bash"))
        let line = result.stderr.split(separator: "\n").last { $0.hasPrefix("status=") }
        return (line.flatMap { Int32($0.dropFirst(7)) } ?? -1, result.stderr)
    }

    @Test("a named pipe at any file a command reads: a documented status, never a hang or a signal")
    func pipesAtInputs() async throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = Self.subcommands(try Self.fixture(in: folder)).count
        let paths = try Self.fixture(in: folder).inputs.count
        await propertyCheck(count: FuzzBudget.count(30), input: PropertyBased.zip(Gen.int(in: 0...(paths - 1)), Gen.int(in: 0...(count - 1)))) {
            path, command in
            let fixture = try Self.fixture(in: folder)
            let input = fixture.inputs[path]
            try? FileManager.default.removeItem(atPath: input)
            #expect(mkfifo(input, 0o644) == 0, "\(input)")
            defer { try? FileManager.default.removeItem(atPath: input) }
            let arguments = Self.subcommands(fixture)[command]
            let (status, stderr) = try Self.status(of: arguments, input: fixture.text, sink: ">/dev/null")
            #expect(Self.anyDocumented.contains(status), "\(arguments.prefix(2)) with a FIFO at \(input): \(status) \(stderr.suffix(600))")
            // `fixture(in:)` makes the replaced file again for the next case.
        }
    }

    /// Whether the command's answer is on standard output (the others print on standard error).
    static func printsOnStandardOutput(_ arguments: [String]) -> Bool {
        arguments.contains("--help") || ["verify", "voices", "--list", "normalize", "pronounce", "check"].contains(arguments[0])
    }

    @Test("every subcommand's standard output full (/dev/full) or closed after one byte: 74 or done, never a signal")
    func fullAndClosedOutput() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = try Self.fixture(in: folder)
        for arguments in Self.subcommands(fixture) {
            for sink in [">/dev/full", "| head -c1 >/dev/null"] {
                let (status, stderr) = try Self.status(of: arguments, input: fixture.text, sink: sink)
                #expect(Self.anyDocumented.contains(status), "\(arguments.prefix(2)) \(sink): \(status) \(stderr.suffix(600))")
                // What prints on standard output and could not deliver it says so with 74.
                if sink == ">/dev/full", Self.printsOnStandardOutput(arguments) {
                    #expect(status == 74, "\(arguments.prefix(2)) \(sink): \(status) \(stderr.suffix(400))")
                }
            }
        }
    }
}
