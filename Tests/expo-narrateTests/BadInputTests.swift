import ExpoModel
import Foundation
import TestSupport
import Testing

/// Bad input, round 3 (issue 24): each case found by trying the tool as a new user and as a
/// hostile one would, run through the built binary. Every run that refuses its input ends with
/// one line on stderr of at most 300 characters and the README's status, never a signal.
/// Cheap: text-only or WAV-only runs of one- or two-entry catalogs.
@Suite("expo-narrate on bad input", .tags(.endToEnd))
struct BadInputTests {
    static let poster = #"{"title": "시험 박람회", "visitors": 1200, "location": "서울", "duration": "1900", "description": "설명입니다."}"#
    static let oneEntry = #"[{"name": "갓", "image_name": "gat", "short_desc": "모자", "desc": "갓은 모자다."}]"#

    /// A folder with poster.json and items.json written from `poster` and `items`.
    static func catalog(poster: String = BadInputTests.poster, items: String, in folder: URL) throws -> [String] {
        let posterURL = folder.appendingPathComponent("poster.json")
        let itemsURL = folder.appendingPathComponent("items.json")
        try Data(poster.utf8).write(to: posterURL)
        try Data(items.utf8).write(to: itemsURL)
        return ["--poster-file", posterURL.path, "--items-file", itemsURL.path]
    }

    /// The status, one line of at most 300 characters, no crash report.
    static func expectRefused(
        _ result: CommandRunner.Result, status: Int32, saying parts: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == status, "status \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1, "expected one line: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            lines.allSatisfy { $0.count <= messageLengthLimit }, "a line over 300 characters: \(result.stderr.prefix(400))",
            sourceLocation: sourceLocation)
        for part in parts {
            #expect(result.stderr.contains(part), "\(part) missing from: \(result.stderr)", sourceLocation: sourceLocation)
        }
    }

    /// A Voices folder in `folder` whose standard.json is the project's, changed by `edit`.
    static func voices(in folder: URL, standard edit: (String) -> String) throws -> URL {
        let voices = folder.appendingPathComponent("Voices")
        try FileManager.default.createDirectory(at: voices, withIntermediateDirectories: true)
        let standard = try String(contentsOf: CommandRunner.projectRoot.appendingPathComponent("Voices/standard.json"), encoding: .utf8)
        try edit(standard).write(to: voices.appendingPathComponent("standard.json"), atomically: true, encoding: .utf8)
        return voices
    }

    private func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    // MARK: - Crashes that are now messages

    @Test(
        "shard numbers and the batch engines' variables are read into their ranges: 64, never a signal",
        arguments: [
            (["--shard", "0/100000000000"], [String: String](), "N is \"100000000000\""),
            (["--shard", "0/9223372036854775807"], [:], "not a whole number from 1 to 100000"),
            (["--shard", "auto"], ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "9223372036854775807"], "SLURM_ARRAY_TASK_COUNT"),
            (
                ["--shard", "auto/4"], ["SLURM_ARRAY_TASK_ID": "9223372036854775807", "SLURM_ARRAY_TASK_MIN": "-9223372036854775808"],
                "SLURM_ARRAY_TASK_ID"
            ),
            (["--shard", "auto/4"], ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "7"], "below SLURM_ARRAY_TASK_MIN"),
            (["--shard", "-1/4"], [:], "K is \"-1\""),
            (["--opus-bitrate", "9223372036854776"], [:], "--opus-bitrate must be from 6 to 256"),
            (["--jobs", "-1"], [:], "--jobs must be from 1 to 64"),
            (["--max-entries", "9223372036854775807"], [:], "--max-entries must be from 1 to"),
        ])
    func numbersInRange(arguments: [String], environment: [String: String], expected: String) throws {
        let result = try CommandRunner.run(
            ["--all", "--output", "/nonexistent/never-made"] + arguments,
            environment: ["JOB_COMPLETION_INDEX": ""].merging(environment) { $1 })
        Self.expectRefused(result, status: 64, saying: [expected])
    }

    @Test(
        "SOURCE_DATE_EPOCH that is not whole seconds from 1970 to 9999 is a usage error, not 'free some space'",
        arguments: ["nan", "inf", "1e20", "253402300800", "-1", "12.5"])
    func sourceDateEpoch(value: String) throws {
        let result = try CommandRunner.run(
            ["--poster", "--text-only", "--output", "/nonexistent/never-made"],
            environment: ["SOURCE_DATE_EPOCH": value])
        Self.expectRefused(result, status: 64, saying: ["SOURCE_DATE_EPOCH", "\"\(value)\""])
    }

    @Test("a narration in the cache with another file stem or text is said once, removed and made again")
    func damagedNarrationCache() throws {
        try withFolder { folder in
            let files = try Self.catalog(items: Self.oneEntry, in: folder)
            let output = folder.appendingPathComponent("out")
            let run = { try CommandRunner.run(["--all", "--text-only", "--quiet", "--output", output.path] + files) }
            #expect(try run().status == 0)
            let narration = CommandRunner.cacheFolder(forOutput: output).appendingPathComponent("narration")
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: narration.path).first { $0.hasPrefix("narration-") })
            let file = narration.appendingPathComponent(name)
            let stored = try String(contentsOf: file, encoding: .utf8)
            // A changed stem, and a changed text with its digest recomputed: both refused.
            try stored.replacingOccurrences(of: "01-gat", with: "01-hat").write(to: file, atomically: true, encoding: .utf8)
            let second = try run()
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stderr.components(separatedBy: "cached narration").count == 2, "said once: \(second.stderr)")
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("01-gat.txt").path))
            let third = try run()
            #expect(third.status == 0 && !third.stderr.contains("cached narration"), "made again: \(third.stderr)")
            let body = try String(contentsOf: file, encoding: .utf8)
            let forged = body.replacingOccurrences(of: "갓은 모자다.", with: "거짓 문장이다.")
            let json = String(forged.drop { $0 != "\n" }.dropFirst())
            let sum = try CommandRunner.run([], input: json, executable: URL(fileURLWithPath: "/usr/bin/sha256sum"))
            let digest = String(sum.stdout.prefix(64))
            try (digest + "\n" + json).write(to: file, atomically: true, encoding: .utf8)
            let fourth = try run()
            #expect(fourth.status == 0, "\(fourth.stderr)")
            let text = try String(contentsOf: output.appendingPathComponent("01-gat.txt"), encoding: .utf8)
            #expect(text.contains("갓은 모자다.") && !text.contains("거짓"), "the catalog's text is published: \(text)")
        }
    }

    @Test("under an address-space limit a run that starts publishes with status 0, and its check is not lost")
    func checkLineUnderMemoryLimit() throws {
        // The limits go up from one under which the program cannot even map its libraries (about
        // 95 MB of address space; libvips's libraries are mapped only for a picture) to 250 MB.
        // Every run that starts must publish the guide with status 0. The helper loaded the whole
        // 54 MB spelling dictionary and lost its check line under limits that left the run room;
        // it now loads only what the catalog's words need (a few MB), so wherever the run fits,
        // so does the helper: the check is never lost.
        try withFolder { folder in
            let files = try Self.catalog(items: Self.oneEntry, in: folder)
            for limit in stride(from: 90_000, through: 250_000, by: 20_000) {
                let output = folder.appendingPathComponent("out-\(limit)")
                let command = ([CommandRunner.binary.path, "--all", "--text-only", "--quiet", "--output", output.path] + files)
                    .map { "'" + $0 + "'" }.joined(separator: " ")
                let result = try CommandRunner.run(
                    ["-c", "ulimit -v \(limit); exec \(command)"],
                    environment: ["XDG_CACHE_HOME": CommandRunner.cacheHome(forOutput: output).path],
                    executable: URL(fileURLWithPath: "/bin/sh"))
                if result.status == 127 && result.stderr.contains("error while loading shared libraries") { continue }
                #expect(result.status == 0, "ulimit -v \(limit): \(result.stderr)")
                #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path), "ulimit -v \(limit)")
                #expect(!result.stderr.contains("bad_alloc") && !result.stderr.contains("terminate"), "\(result.stderr)")
                #expect(!result.stderr.contains("Backtracing"), "a crash's backtrace reached the user: \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").allSatisfy { $0.count <= messageLengthLimit })
                #expect(
                    !result.stderr.contains("the pre-flight check was not made") && !result.stderr.contains("some checks skipped"),
                    "ulimit -v \(limit): \(result.stderr)")
            }
        }
    }

    @Test("under an address-space limit the default catalog's pictures stop the run with 75 or are made, never a crash")
    func picturesUnderMemoryLimit() throws {
        // libvips's worker thread, short of memory, recursed until its stack ran out (signal 11
        // at 250 MB): every run that starts ends with a status and a line, never a signal.
        try withFolder { folder in
            for limit in stride(from: 210_000, through: 330_000, by: 40_000) {
                let output = folder.appendingPathComponent("out-\(limit)")
                let command = [CommandRunner.binary.path, "--all", "--text-only", "--quiet", "--output", output.path]
                    .map { "'" + $0 + "'" }.joined(separator: " ")
                let result = try CommandRunner.run(
                    ["-c", "ulimit -v \(limit); exec \(command)"],
                    environment: ["XDG_CACHE_HOME": CommandRunner.cacheHome(forOutput: output).path],
                    executable: URL(fileURLWithPath: "/bin/sh"))
                if result.status == 127 && result.stderr.contains("error while loading shared libraries") { continue }
                // Short of memory for a picture, the run stops with 75 and says so; otherwise it publishes.
                #expect(
                    result.status == 0 || (result.status == 75 && result.stderr.contains("The system refused")),
                    "ulimit -v \(limit): \(result.stderr)")
                if result.status == 0 {
                    #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path), "ulimit -v \(limit)")
                }
                #expect(!result.stderr.contains("Backtracing") && !result.stderr.contains("**"), "GLib's log reached the user: \(result.stderr)")
                // Every line is ours: a warning, the check line or the one error line (which names the
                // picture's path whole, so it is not held to the 300 characters of bad input).
                #expect(
                    result.stderr.split(separator: "\n").allSatisfy {
                        $0.hasPrefix("expo-narrate: ") || $0.hasPrefix("warning: ") || $0.hasPrefix("check: ")
                    }, "\(result.stderr)")
            }
        }
    }

    // MARK: - Silently wrong

    @Test("two identical entries are two tracks, each with its audio (WAV and Opus) and isolated captions; a record out of range is made again")
    func identicalEntries() throws {
        try withFolder { folder in
            let entry = #"{"name": "갓", "image_name": "gat", "short_desc": "모자", "desc": "갓 \u202E뒤집힘. 다음."}"#
            let files = try Self.catalog(items: "[\(entry), \(entry)]", in: folder)
            let output = folder.appendingPathComponent("out")
            let result = try CommandRunner.run(["--all", "--quiet", "--jobs", "1", "--output", output.path] + files)
            #expect(result.status == 0, "\(result.stderr)")
            for stem in ["01-gat", "02-gat"] {
                for suffix in [".wav", ".opus"] {
                    #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(stem + suffix).path), "\(stem)\(suffix)")
                }
            }
            // The caption of the sentence with an unclosed override is isolated; the next one is not touched.
            let captions = try String(contentsOf: output.appendingPathComponent("01-gat.vtt"), encoding: .utf8)
            #expect(captions.contains("\u{2068}갓 \u{202E}뒤집힘.\u{2069}\n") && captions.contains("\n다음.\n"), "\(captions)")
            // A track's record read back with a duration no file can hold: said once, made again.
            let cache = CommandRunner.cacheFolder(forOutput: output)
            let records = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.count == 69 && $0.hasSuffix(".json") }
            let record = cache.appendingPathComponent(try #require(records.first))
            var fields = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
            fields["durationSeconds"] = 1e308
            try JSONSerialization.data(withJSONObject: fields).write(to: record)
            let again = try CommandRunner.run(["--all", "--quiet", "--jobs", "1", "--output", output.path] + files)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stderr.components(separatedBy: "was damaged").count == 2, "said once: \(again.stderr)")
        }
    }

    @Test("lexicon.txt and pronunciation.txt saved with CRLF and a BOM are read; a line not understood names file and line")
    func curatedFilesWithCRLF() throws {
        try withFolder { folder in
            let voices = try Self.voices(in: folder) { $0 }
            try Data("\u{FEFF}# 시험\r\n직지 | 지크지\r\n".utf8).write(to: voices.appendingPathComponent("lexicon.txt"))
            try Data("\u{FEFF}# 시험\r\n솜이불 | 솜니불 | 제29항\r\n".utf8).write(to: voices.appendingPathComponent("pronunciation.txt"))
            let normalized = try CommandRunner.run(["normalize", "--voices", voices.path], input: "직지\n")
            #expect(normalized.status == 0 && normalized.stdout.contains("지크지"), "\(normalized.stdout) \(normalized.stderr)")
            let pronounced = try CommandRunner.run(["pronounce", "--voices", voices.path], input: "솜이불\n")
            #expect(pronounced.status == 0 && pronounced.stdout.contains("솜니불"), "\(pronounced.stdout) \(pronounced.stderr)")
            // A bare CR ends a line too: the second line is not understood, and says so.
            try Data("직지 | 지크지\r직지 지크지\r\n".utf8).write(to: voices.appendingPathComponent("lexicon.txt"))
            let bad = try CommandRunner.run(["normalize", "--voices", voices.path], input: "직지\n")
            Self.expectRefused(bad, status: 64, saying: ["lexicon.txt:2"])
            // A file far larger than any lexicon is refused at once.
            try Data(repeating: 0x23, count: CuratedText.maximumBytes + 1).write(to: voices.appendingPathComponent("lexicon.txt"))
            let huge = try CommandRunner.run(["normalize", "--voices", voices.path], input: "직지\n")
            Self.expectRefused(huge, status: 64, saying: ["lexicon.txt", "larger than"])
        }
    }

    @Test("a profile's foreign voice espeak-ng does not have is an error at start-up")
    func unknownForeignVoice() throws {
        try withFolder { folder in
            let voices = try Self.voices(in: folder) { $0.replacingOccurrences(of: #""en": "en""#, with: #""en": "xx-nothing""#) }
            let result = try CommandRunner.run([
                "--poster", "--text-only", "--voices", voices.path,
                "--output", folder.appendingPathComponent("out").path,
            ])
            Self.expectRefused(result, status: 64, saying: ["standard.json", "xx-nothing", "espeak-ng does not have"])
        }
    }

    @Test("a profile's foreign voice is the one heard: English by en and by en-us are different audio")
    func foreignVoiceIsUsed() throws {
        try withFolder { folder in
            let files = try Self.catalog(
                items: #"[{"name": "경전", "image_name": "sutra", "short_desc": "책", "desc": "Buddhist texts."}]"#,
                in: folder)
            var audio: [Data] = []
            for voice in ["en", "en-us"] {
                let voices = try Self.voices(in: folder.appendingPathComponent(voice)) {
                    $0.replacingOccurrences(of: #""en": "en""#, with: #""en": "\#(voice)""#)
                }
                try Data("Buddhist texts | Buddhist texts | en\n".utf8).write(to: voices.appendingPathComponent("lexicon.txt"))
                let output = folder.appendingPathComponent("out-" + voice)
                let result = try CommandRunner.run(
                    ["--entry", "1", "--quiet", "--no-cache", "--voices", voices.path, "--output", output.path]
                        + CommandRunner.wavOnly + files)
                #expect(result.status == 0, "\(result.stderr)")
                audio.append(try Data(contentsOf: output.appendingPathComponent("01-sutra.wav")))
            }
            #expect(audio[0] != audio[1], "en and en-us gave the same audio")
        }
    }

    @Test("a bare CR is a space; an unclosed override stays in its sentence on the page")
    func carriageReturnAndBidi() throws {
        try withFolder { folder in
            let items = #"[{"name": "갓", "image_name": "gat", "short_desc": "모자", "desc": "끝.\r\r빈 \u202Eקוד 문장. 다음 문장."}]"#
            let files = try Self.catalog(items: items, in: folder)
            let output = folder.appendingPathComponent("out")
            let result = try CommandRunner.run(["--all", "--text-only", "--quiet", "--output", output.path] + files)
            #expect(result.status == 0, "\(result.stderr)")
            let text = try String(contentsOf: output.appendingPathComponent("01-gat.txt"), encoding: .utf8)
            #expect(text.contains("끝.") && text.contains("빈") && !text.contains("끝.빈"), "\(text)")
            let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(page.contains(".s, .caption { unicode-bidi: isolate; }") && page.contains(">다음 문장.</span>"), "each sentence isolated for direction")
        }
    }

    @Test(
        "1e40명 and 10^40개 are read as powers of ten",
        arguments: [
            ("1e40명", "일 곱하기 십의 사십 제곱 명"), ("10^40개", "십의 사십 제곱 개"), ("2.5E-3", "이 점 오 곱하기 십의 마이너스 삼 제곱"),
        ])
    func powers(written: String, said: String) throws {
        let result = try CommandRunner.run(["normalize"], input: written + "\n")
        #expect(result.status == 0)
        #expect(
            result.stdout.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                .contains(said), "\(result.stdout)")
    }

    @Test("--entry that fits one entry's name and another's stem or position is refused, naming both", arguments: ["1", "01-gat"])
    func ambiguousEntry(name: String) throws {
        try withFolder { folder in
            let items =
                #"[{"name": "갓", "image_name": "gat", "short_desc": "가", "desc": "가."}, {"name": "\#(name)", "image_name": "other", "short_desc": "나", "desc": "나."}]"#
            let files = try Self.catalog(items: items, in: folder)
            let result = try CommandRunner.run(["--entry", name, "--text-only", "--output", folder.appendingPathComponent("out").path] + files)
            #expect(result.status == 64, "\(result.stderr)")
            let message = result.stderr.split(separator: "\n").filter { $0.hasPrefix("expo-narrate") }
            #expect(message.count == 1 && message.allSatisfy { $0.count <= messageLengthLimit }, "\(result.stderr)")
            for part in ["01-gat", "02-other", "fits more than one entry"] { #expect(result.stderr.contains(part), "\(result.stderr)") }
            // The command that lists the entries, with this run's catalog, whole (on a line of its own when it does not fit).
            #expect(ProgressLineTests.listCommand(in: result.stderr) == "expo-narrate --list " + files.joined(separator: " "), "\(result.stderr)")
        }
    }

    // MARK: - The terminal

    @Test("voices and check show control characters from files as escapes")
    func controlCharactersOnTheTerminal() throws {
        try withFolder { folder in
            let purpose = #""purpose": "\u001b[2J\u001b]0;owned\u0007\u001b]52;c;ZXZpbA==\u0007\nforged line","#
            let voices = try Self.voices(in: folder) { standard in
                standard.split(separator: "\n").map { $0.contains("\"purpose\"") ? "  " + purpose : String($0) }.joined(separator: "\n")
            }
            let listed = try CommandRunner.run(["voices", "--voices", voices.path])
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(!listed.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(listed.stdout.debugDescription)")
            #expect(!listed.stdout.contains("\nforged line"), "\(listed.stdout)")
            let items = #"[{"name": "갓\nentry 9 (가), desc: forged", "image_name": "gat", "desc": ""}]"#
            let files = try Self.catalog(items: items, in: folder)
            let checked = try CommandRunner.run(["check"] + files)
            #expect(checked.status == 1)
            #expect(!checked.stdout.contains("\nentry 9"), "\(checked.stdout)")
        }
    }

    // MARK: - Messages

    @Test("a catalog's numbers out of range, and a surrogate nested too deep, are one short line, 65")
    func catalogMessages() throws {
        try withFolder { folder in
            let poster = #"{"title": "t", "visitors": 999999999999999999, "location": "l", "duration": "d", "description": "x"}"#
            let files = try Self.catalog(poster: poster, items: Self.oneEntry, in: folder)
            Self.expectRefused(
                try CommandRunner.run(["--list"] + files), status: 65,
                saying: ["$.visitors", "from 0 to 9999999999999999", "999999999999999999"])
            let depth = 100_000
            let deep = String(repeating: "[", count: depth) + #""\uD800""# + String(repeating: "]", count: depth)
            let deepFiles = try Self.catalog(items: deep, in: folder)
            Self.expectRefused(try CommandRunner.run(["--list"] + deepFiles), status: 65, saying: ["items.json:1:513: ", "nested more than 512 deep"])
        }
    }
}
