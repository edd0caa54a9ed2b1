import Foundation
import TestSupport
import Testing

/// Catalog files the tool did not write, run through the built binary: each either works,
/// with a warning naming the entry and the field, or stops with one line and exit status 65.
/// Each test has a folder of its own, so the suite runs in parallel: serialised, its two long
/// tests (10 MB, 10,000 entries) came last in the test run, on one core while the other idled.
@Suite("expo-narrate on hostile catalogs", .tags(.endToEnd))
struct HostileCatalogTests {
    /// Runs `--all --text-only` on the files and returns the result and the output folder.
    private func narrate(
        posterBytes: Data? = nil, itemsBytes: Data, in folder: URL,
        extra: [String] = []
    ) throws -> (CommandRunner.Result, URL) {
        let posterURL = folder.appendingPathComponent("poster.json")
        let itemsURL = folder.appendingPathComponent("items.json")
        try (posterBytes ?? JSONSerialization.data(withJSONObject: samplePoster)).write(to: posterURL)
        try itemsBytes.write(to: itemsURL)
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run(
            [
                "--all", "--text-only", "--quiet", "--output", output.path,
                "--poster-file", posterURL.path, "--items-file", itemsURL.path,
            ] + extra)
        return (result, output)
    }

    private func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// One line on stderr, naming the file and what to do; no Swift stack trace.
    private func expectOneClearLine(
        _ result: CommandRunner.Result, naming parts: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "expected one line, got: \(result.stderr)", sourceLocation: sourceLocation)
        for part in parts {
            #expect(result.stderr.contains(part), "\(part) missing from: \(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(!result.stderr.contains(".."), "doubled full stop: \(result.stderr)", sourceLocation: sourceLocation)
        for crash in ["Fatal error", "Stack dump", "DecodingError", "Swift runtime failure", "Illegal instruction"] {
            #expect(!result.stderr.contains(crash), "\(result.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "a catalog that stops the run: one line with file, JSON path, reason and what to do; exit 65",
        arguments: [
            ("malformed JSON", #"[{"name": "a", }"#, "items.json:1:16: $[0]: not valid JSON: a comma before '}' (a trailing comma)"),
            ("truncated JSON", #"[{"name": "a""#, "items.json:1:14: $[0].name: not valid JSON: the file ends before the JSON does"),
            ("empty file", "", "items.json:1:1: $: not valid JSON: the file has no JSON value"),
            ("an object instead of an array", #"{"name": "a"}"#, "items.json:1:1: $: expected an array"),
            ("a number for a name", #"[{"name": 3}]"#, "items.json:1:11: $[0].name: expected a string, found a number"),
            ("a boolean for a description", #"[{"name": "a", "desc": true}]"#, "items.json:1:24: $[0].desc: expected a string, found a boolean"),
            ("an array for an image name", #"[{"name": "a", "image_name": ["x"]}]"#, "items.json:1:30: $[0].image_name: expected a string"),
            ("a null name", #"[{"name": "a"}, {"name": null}]"#, "items.json:1:26: $[1].name: the required field \"name\" is null"),
            ("a missing name", #"[{"desc": "x"}]"#, "items.json:1:2: $[0].name: the required field \"name\" is missing"),
            ("a string instead of an entry", #"["a"]"#, "items.json:1:2: $[0]: expected an object, found a string"),
            (
                "a broken escape before a line break", "[{\"name\": \"\\u},\n \"}]",
                "items.json:1:12: $[0].name: not valid JSON: a \\u escape without four hexadecimal digits"
            ),
            ("deep nesting", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), "items.json"),
        ])
    func refused(what: String, items: String, message: String) throws {
        try withFolder { folder in
            let (result, output) = try narrate(itemsBytes: Data(items.utf8), in: folder)
            #expect(result.status == 65, "\(what): \(result.stderr)")
            expectOneClearLine(result, naming: [message, "Fix the file"])
            #expect(!FileManager.default.fileExists(atPath: output.path), "\(what): an output folder was made")
        }
    }

    @Test("invalid UTF-8 is refused with a clear line, exit 65")
    func invalidUTF8() throws {
        try withFolder { folder in
            let bytes = Data(#"[{"name": "a"#.utf8) + Data([0xC3, 0x28, 0xFF]) + Data(#""}]"#.utf8)
            let (result, _) = try narrate(itemsBytes: bytes, in: folder)
            #expect(result.status == 65)
            expectOneClearLine(result, naming: ["items.json", "not UTF-8"])
        }
    }

    @Test("a poster file that is not an object, or lacks a title, is refused with its path")
    func badPoster() throws {
        try withFolder { folder in
            let (array, _) = try narrate(posterBytes: Data("[]".utf8), itemsBytes: Data("[]".utf8), in: folder)
            #expect(array.status == 65)
            expectOneClearLine(array, naming: ["poster.json:1:1: $: expected an object, found an array"])
            var poster = samplePoster
            poster["title"] = ""
            let (empty, _) = try narrate(
                posterBytes: try JSONSerialization.data(withJSONObject: poster),
                itemsBytes: Data("[]".utf8), in: folder)
            #expect(empty.status == 65)
            expectOneClearLine(empty, naming: ["poster.json:1:", ": $.title: "])
            poster["title"] = "제목"
            poster["visitors"] = -5
            let (negative, _) = try narrate(
                posterBytes: try JSONSerialization.data(withJSONObject: poster),
                itemsBytes: Data("[]".utf8), in: folder)
            #expect(negative.status == 65)
            expectOneClearLine(negative, naming: ["poster.json:1:", ": $.visitors: "])
        }
    }

    @Test("a catalog file that does not exist, is a folder or a device, or is too large, is one clear line, exit 65")
    func unreadable() throws {
        try withFolder { folder in
            let huge = folder.appendingPathComponent("huge.json")
            #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
            let handle = try FileHandle(forWritingTo: huge)
            try handle.truncate(atOffset: 300 << 20)  // sparse: no disk space used
            try handle.close()
            for (path, reason) in [
                (folder.appendingPathComponent("absent.json").path, "No such file or directory"),
                (folder.path, "it is a folder"), ("/dev/zero", "not a regular file"),
                ("/dev/stdin", "not a regular file"), (huge.path, "more than the 256 MB"),
            ] {
                let result = try CommandRunner.run(["--list", "--poster-file", path, "--items-file", path])
                #expect(result.status == 65, "\(path): \(result.stderr)")
                expectOneClearLine(result, naming: [path, "cannot be read", reason])
                #expect(!result.stderr.contains("could not be completed"), "\(result.stderr)")
            }
        }
    }

    @Test(
        "usable but flawed data is narrated, with a warning naming the entry and the field",
        arguments: [
            ("a missing description", #"[{"name": "가", "image_name": "ga"}]"#, "items.json: $[0].desc: missing"),
            ("a null description", #"[{"name": "가", "desc": null}]"#, "items.json: $[0].desc: null"),
            ("an empty short description", #"[{"name": "가", "short_desc": ""}]"#, "items.json: $[0].short_desc: empty"),
            ("an empty name", #"[{"name": "", "desc": "설명"}]"#, "items.json: $[0].name: the entry has no name"),
            ("control characters", "[{\"name\": \"가\\u0007나\", \"desc\": \"x\\u001by\"}]", "items.json: $[0].name: control characters removed"),
            ("a duplicate name", #"[{"name": "가"}, {"name": "가"}]"#, "items.json: $[1].name: the name \"가\" is also used by $[0]"),
        ])
    func warned(what: String, items: String, warning: String) throws {
        try withFolder { folder in
            let (result, output) = try narrate(itemsBytes: Data(items.utf8), in: folder)
            #expect(result.status == 0, "\(what): \(result.stderr)")
            #expect(result.stderr.contains("warning: " + warning), "\(what): \(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("manifest.json").path))
        }
    }

    @Test("extra keys, a byte-order mark and an empty entries array are accepted silently")
    func accepted() throws {
        try withFolder { folder in
            let extra = Data(#"[{"name": "가", "image_name": "ga", "short_desc": "짧게", "desc": "설명.", "colour": "red", "tags": [1, {"x": null}]}]"#.utf8)
            let (withExtra, output) = try narrate(itemsBytes: extra, in: folder)
            #expect(withExtra.status == 0 && withExtra.stderr.isEmpty, "\(withExtra.stderr)")
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("01-ga.txt").path))

            let bom = Data([0xEF, 0xBB, 0xBF]) + Data(#"[{"name": "가", "image_name": "ga", "short_desc": "짧게", "desc": "설명."}]"#.utf8)
            let posterWithBOM = Data([0xEF, 0xBB, 0xBF]) + (try JSONSerialization.data(withJSONObject: samplePoster))
            let (withBOM, _) = try narrate(posterBytes: posterWithBOM, itemsBytes: bom, in: folder)
            #expect(withBOM.status == 0 && withBOM.stderr.isEmpty, "\(withBOM.stderr)")

            let (empty, emptyOutput) = try narrate(itemsBytes: Data("[]".utf8), in: folder)
            #expect(empty.status == 0, "\(empty.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: emptyOutput.path)
            #expect(files.filter { $0.hasSuffix(".spoken.txt") } == ["00-poster.spoken.txt"])
        }
    }

    /// The text of one sentence repeated to `bytes` as one entry's description.
    private func entryWithDescription(bytes: Int) throws -> Data {
        let sentence = "이 항목은 1900년 파리에서 전시되었다. "
        let description = String(repeating: sentence, count: bytes / sentence.utf8.count + 1)
        return try JSONSerialization.data(withJSONObject: [["name": "큰 항목", "image_name": "big", "desc": description]])
    }

    /// Narrates `items` and returns the CPU seconds it took (see `CommandRunner.runCountingCPU`).
    private func cpuSecondsToNarrate(_ items: Data, in folder: URL) throws -> (Double, URL) {
        let itemsURL = folder.appendingPathComponent("items-\(items.count).json")
        let posterURL = folder.appendingPathComponent("poster.json")
        try items.write(to: itemsURL)
        try JSONSerialization.data(withJSONObject: samplePoster).write(to: posterURL)
        let output = folder.appendingPathComponent("out-\(items.count)")
        let (result, seconds) = try CommandRunner.runCountingCPU(
            ["--all", "--text-only", "--quiet", "--output", output.path, "--poster-file", posterURL.path, "--items-file", itemsURL.path])
        #expect(result.status == 0, "\(result.stderr)")
        return (seconds, output)
    }

    // Work that grows faster than the text (a quadratic step) shows in the ratio of CPU time for
    // ten times the input: about 10 when linear, about 100 when quadratic. CPU time, not wall
    // time, so that a loaded machine does not fail the test; the speed itself is measured by
    // Benchmarks/normalizer.sh.
    @Test("a 10 MB description is narrated as text, with work that grows linearly", .timeLimit(.minutes(15)))
    func hugeDescription() throws {
        try withFolder { folder in
            let (small, _) = try cpuSecondsToNarrate(try entryWithDescription(bytes: 1_000_000), in: folder)
            let (large, output) = try cpuSecondsToNarrate(try entryWithDescription(bytes: 10_000_000), in: folder)
            let spoken = try Data(contentsOf: output.appendingPathComponent("01-big.spoken.txt"))
            #expect(spoken.count > 10_000_000)
            #expect(large / small < 25, "1 MB: \(small) s of CPU, 10 MB: \(large) s")
            print("description of 1 MB: \(String(format: "%.1f", small)) s CPU; 10 MB: \(String(format: "%.1f", large)) s CPU")
        }
    }

    @Test(
        "10,000 entries are narrated as text, each with its own file, with work that grows linearly",
        .timeLimit(.minutes(15)))
    func tenThousandEntries() throws {
        func entries(_ count: Int) throws -> Data {
            try JSONSerialization.data(
                withJSONObject: (0..<count).map { index in
                    ["name": "항목 \(index)", "image_name": "item", "short_desc": "\(index)번째", "desc": "설명 \(index)."]
                })
        }
        try withFolder { folder in
            let (small, _) = try cpuSecondsToNarrate(try entries(1_000), in: folder)
            let (large, output) = try cpuSecondsToNarrate(try entries(10_000), in: folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: output.path)
            #expect(files.filter { $0.hasSuffix(".spoken.txt") }.count == 10_001)
            #expect(files.contains("00001-item.txt") && files.contains("10000-item.txt"))
            #expect(large / small < 25, "1,000 entries: \(small) s of CPU, 10,000: \(large) s")
            print("1,000 entries: \(String(format: "%.1f", small)) s CPU; 10,000: \(String(format: "%.1f", large)) s CPU")
        }
    }
}
