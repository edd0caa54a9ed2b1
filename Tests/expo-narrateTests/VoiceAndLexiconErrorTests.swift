import Foundation
import TestSupport
import Testing

/// Voice profiles and the lexicon written by hand, run through the built binary: every
/// mistake is one clear line and exit status 64, and nothing is written.
@Suite("expo-narrate on bad voice profiles and lexicons", .serialized, .tags(.endToEnd))
struct VoiceAndLexiconErrorTests {
    static var standardProfile: [String: Any] {
        [
            "name": "standard", "purpose": "test", "espeakVoice": "ko", "foreignVoices": ["fr": "fr"],
            "rate": 160, "pitch": 50, "volume": 100, "wordGap": 0, "sentencePauseMs": 450, "paragraphPauseMs": 900,
            "trackPauseMs": 2000, "headSilenceMs": 300, "tailSilenceMs": 600, "targetLoudnessLUFS": -19, "peakCeilingDBFS": -1,
        ]
    }

    /// A Voices folder holding `standard.json` with `contents` and, if given, `lexicon.txt`.
    private func voicesFolder(profile contents: Data, lexicon: String? = nil) throws -> URL {
        let folder = try CommandRunner.temporaryFolder()
        try contents.write(to: folder.appendingPathComponent("standard.json"))
        if let lexicon { try Data(lexicon.utf8).write(to: folder.appendingPathComponent("lexicon.txt")) }
        return folder
    }

    private func profile(changing key: String, to value: Any?) throws -> Data {
        var profile = Self.standardProfile
        profile[key] = value
        return try JSONSerialization.data(withJSONObject: profile)
    }

    private func expectUsageError(
        _ result: CommandRunner.Result, naming parts: [String], output: URL,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 64, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "expected one line: \(result.stderr)", sourceLocation: sourceLocation)
        for part in parts {
            #expect(result.stderr.contains(part), "\(part) missing from: \(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(!result.stderr.contains("DecodingError") && !result.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: output.path), "an output folder was made", sourceLocation: sourceLocation)
    }

    @Test(
        "a malformed or incomplete voice profile is one line naming the file and what is wrong; exit 64",
        arguments: [
            ("not JSON", #"{"name": "standard", "#, "not valid JSON"),
            ("a string rate", #"RATE"#, "\"rate\" has the wrong type"),
            ("a missing field", #"MISSING"#, "the field \"pitch\" is missing"),
            ("a null field", #"NULL"#, "\"volume\" is null"),
            ("another name", #"RENAMED"#, "its \"name\" is \"other\""),
            ("an empty espeak voice", #"EMPTYVOICE"#, "\"espeakVoice\" is empty"),
        ])
    func malformedProfile(what: String, contents: String, message: String) throws {
        let data: Data =
            switch contents {
            case "RATE": try profile(changing: "rate", to: "fast")
            case "MISSING": try profile(changing: "pitch", to: nil)
            case "NULL": try profile(changing: "volume", to: NSNull())
            case "RENAMED": try profile(changing: "name", to: "other")
            case "EMPTYVOICE": try profile(changing: "espeakVoice", to: "")
            default: Data(contents.utf8)
            }
        let voices = try voicesFolder(profile: data)
        defer { try? FileManager.default.removeItem(at: voices) }
        let output = voices.appendingPathComponent("out")
        let result = try CommandRunner.run(["--poster", "--text-only", "--voices", voices.path, "--output", output.path])
        expectUsageError(result, naming: ["standard.json", message, "Fix the profile"], output: output)
    }

    @Test(
        "an out-of-range value names the field, the value and the allowed range; exit 64",
        arguments: [
            ("rate", 9_999.0, "from 80 to 450"), ("rate", -1, "from 80 to 450"), ("pitch", 101, "from 0 to 100"),
            ("volume", 0, "from 1 to 200"), ("trackPauseMs", 1e9, "from 0 to 30000"),
            ("targetLoudnessLUFS", 0, "from -40 to -6"), ("peakCeilingDBFS", 3, "from -20 to 0"),
        ])
    func outOfRange(field: String, value: Double, range: String) throws {
        let voices = try voicesFolder(profile: try profile(changing: field, to: value))
        defer { try? FileManager.default.removeItem(at: voices) }
        let output = voices.appendingPathComponent("out")
        let result = try CommandRunner.run(["--poster", "--text-only", "--voices", voices.path, "--output", output.path])
        expectUsageError(result, naming: ["standard.json", "\"\(field)\"", range], output: output)
    }

    /// What a number no field can hold is called: Foundation refuses it while decoding, or
    /// reads it as an infinity that the range check refuses.
    static let unrepresentable = ["too large or too small", "infinity"]

    @Test(
        "a huge, tiny or unrepresentable number in any numeric field is one line naming the field; exit 64, no crash",
        arguments: [
            ("targetLoudnessLUFS", "1e19", ["from -40 to -6"]), ("targetLoudnessLUFS", "-1e19", ["from -40 to -6"]),
            ("targetLoudnessLUFS", "1e308", ["from -40 to -6"]), ("targetLoudnessLUFS", "1e-300", ["is 1e-300"]),
            ("targetLoudnessLUFS", "1e400", unrepresentable), ("peakCeilingDBFS", "-1e400", unrepresentable),
            ("peakCeilingDBFS", "9.3e18", ["is 9.3e+18"]), ("truePeakCeilingDBTP", "-1e300", ["from -20 to 0"]),
            ("rate", "1e19", ["too large or too small", "wrong type"]),
            ("pitch", "99999999999999999999", ["too large or too small", "wrong type"]),
            ("trackPauseMs", "-9223372036854775808", ["from 0 to 30000"]),
            ("volume", "1e400", ["too large or too small", "wrong type"]),
        ])
    func unrepresentableNumber(field: String, literal: String, messages: [String]) throws {
        let marker = "@@NUMBER@@"
        let text = String(decoding: try profile(changing: field, to: marker), as: UTF8.self)
            .replacingOccurrences(of: "\"\(marker)\"", with: literal)
        let voices = try voicesFolder(profile: Data(text.utf8))
        defer { try? FileManager.default.removeItem(at: voices) }
        let output = voices.appendingPathComponent("out")
        let result = try CommandRunner.run(["--poster", "--text-only", "--voices", voices.path, "--output", output.path])
        expectUsageError(result, naming: ["standard.json", "\"\(field)\"", "Fix the profile"], output: output)
        #expect(messages.contains { result.stderr.contains($0) }, "\(literal): \(result.stderr)")
        let listing = try CommandRunner.run(["voices", "--voices", voices.path])
        #expect(listing.status == 0, "voices: \(listing.status) \(listing.stderr)")
        #expect(listing.stdout.contains("unusable") && listing.stdout.contains("\"\(field)\""), "voices: \(listing.stdout)")
    }

    @Test(
        "an unknown voice, or a voice name that is a path, is one line listing the profiles; exit 64",
        arguments: [
            "whisper", "../standard", "/etc/passwd", "standard.json", "",
        ])
    func unknownVoice(name: String) throws {
        let voices = try voicesFolder(profile: try JSONSerialization.data(withJSONObject: Self.standardProfile))
        defer { try? FileManager.default.removeItem(at: voices) }
        let output = voices.appendingPathComponent("out")
        let result = try CommandRunner.run(["--poster", "--text-only", "--voices", voices.path, "--voice", name, "--output", output.path])
        expectUsageError(result, naming: ["no voice profile \"\(name)\"", "Available: standard"], output: output)
    }

    @Test("a Voices folder that does not exist is one line; exit 64")
    func missingVoicesFolder() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run([
            "--poster", "--text-only", "--voices", folder.appendingPathComponent("nowhere").path,
            "--output", output.path,
        ])
        expectUsageError(result, naming: ["Voices folder was not found", "--voices"], output: output)
    }

    @Test(
        "a bad lexicon line names the file and the line; exit 64, for narration and for normalize",
        arguments: [
            ("no separator", "# comment\n직지\n", ":2"),
            ("too many fields", "a | b | fr | x\n", ":1"),
            ("empty written form", " | 말\n", ":1"),
            ("empty spoken form", "\n\n말 | \n", ":3"),
            ("a bad language tag", "Paris | 파리 | <fr>\n", ":1"),
            ("a duplicate", "가 | 나\n가 | 다\n", ":2"),
        ])
    func badLexicon(what: String, lexicon: String, line: String) throws {
        let voices = try voicesFolder(profile: try JSONSerialization.data(withJSONObject: Self.standardProfile), lexicon: lexicon)
        defer { try? FileManager.default.removeItem(at: voices) }
        let output = voices.appendingPathComponent("out")
        let result = try CommandRunner.run(["--poster", "--text-only", "--voices", voices.path, "--output", output.path])
        expectUsageError(result, naming: ["lexicon.txt" + line], output: output)
        let normalize = try CommandRunner.run(["normalize", "--voices", voices.path], input: "1900년\n")
        #expect(normalize.status == 64, "\(what): \(normalize.stderr)")
        #expect(normalize.stderr.contains("lexicon.txt" + line), "\(normalize.stderr)")
    }

    @Test("a lexicon that is not UTF-8 is one line; exit 64")
    func lexiconNotUTF8() throws {
        let voices = try voicesFolder(profile: try JSONSerialization.data(withJSONObject: Self.standardProfile))
        defer { try? FileManager.default.removeItem(at: voices) }
        try Data([0x41, 0x20, 0x7C, 0x20, 0xFF, 0xFE, 0x0A]).write(to: voices.appendingPathComponent("lexicon.txt"))
        let output = voices.appendingPathComponent("out")
        let result = try CommandRunner.run(["--poster", "--text-only", "--voices", voices.path, "--output", output.path])
        expectUsageError(result, naming: ["lexicon.txt"], output: output)
    }

    @Test(
        "bad options exit 64",
        arguments: [
            ["--jobs", "many", "--poster"], ["--bogus"], ["--entry"], ["--jobs", "65", "--poster"], ["--poster", "extra-argument"],
        ])
    func badOptions(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(!result.stderr.isEmpty)
    }
}
