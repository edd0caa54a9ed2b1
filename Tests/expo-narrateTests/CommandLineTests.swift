import Foundation
import TestSupport
import Testing

/// The command line, run as a built binary.
@Suite("expo-narrate command line", .serialized, .tags(.endToEnd))
struct CommandLineTests {
    @Test("--help explains each option")
    func help() throws {
        let result = try CommandRunner.run(["narrate", "--help"])
        #expect(result.status == 0)
        for option in [
            "--all", "--poster", "--entry", "--list", "--output", "--poster-file", "--items-file",
            "--voice", "--text-only", "--jobs", "--no-cache", "--quiet",
        ] {
            #expect(result.stdout.contains(option), "--help does not mention \(option)")
        }
    }

    @Test("a malformed catalog gives one line naming the file, and exit status 65", .needsSharedFixtures)
    func malformed() throws {
        let result = try CommandRunner.run([
            "--list", "--poster-file", CommandRunner.fixture("daejeon_expo.malformed.json"),
            "--items-file", CommandRunner.fixture("items.json"),
        ])
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("daejeon_expo.malformed.json"))
        #expect(!result.stderr.contains("DecodingError"))
    }

    @Test("a catalog without a title names the JSON path, and exit status 65", .needsSharedFixtures)
    func missingTitle() throws {
        let result = try CommandRunner.run([
            "--all", "--text-only", "--poster-file", CommandRunner.fixture("daejeon_expo.missing-title.json"),
            "--items-file", CommandRunner.fixture("items.json"), "--output", "/tmp/never-made-\(UUID())",
        ])
        #expect(result.status == 65)
        #expect(result.stderr.contains("daejeon_expo.missing-title.json:1:1: $.title"), "\(result.stderr)")
    }

    @Test("--list shows the poster and the entries of the default catalog")
    func list() throws {
        let result = try CommandRunner.run(["--list"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.contains("00-poster") == true)
        #expect(lines.count >= 14)
    }

    @Test(
        "usage errors exit 64",
        arguments: [
            ["--all", "--poster"],
            ["--poster-file", "x.json"],
            ["--all", "--jobs", "0"],
            [],
        ])
    func usage(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
    }

    @Test("an unknown voice profile or entry is a usage error with a clear message")
    func unknownNames() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let voice = try CommandRunner.run(["--poster", "--voice", "whisper", "--output", folder.path])
        #expect(voice.status == 64)
        #expect(voice.stderr.contains("whisper") && voice.stderr.contains("standard"), "\(voice.stderr)")
        let entry = try CommandRunner.run(["--entry", "없는 항목", "--text-only", "--output", folder.path])
        #expect(entry.status == 64)
        #expect(entry.stderr.contains("없는 항목"), "\(entry.stderr)")
    }

    @Test("--text-only writes both scripts of every track and says why there is no audio", .needsSharedFixtures)
    func textOnly() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run([
            "--all", "--text-only", "--output", folder.path, "--poster-file",
            CommandRunner.fixture("exposition_universelle_1900.json"),
            "--items-file", CommandRunner.fixture("items.json"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.filter { $0.hasSuffix(".spoken.txt") }.count == 14)
        #expect(files.filter { $0.hasSuffix(".wav") }.isEmpty)
        #expect(files.contains("guide.txt") && files.contains("index.html") && files.contains("manifest.json"))
        let poster = try String(contentsOf: folder.appendingPathComponent("00-poster.txt"), encoding: .utf8)
        #expect(poster.contains("방문객: 사천팔백십삼만 삼백 명\n개최지: 프랑스 파리\n개최 기간: 1900년 4월 14일부터 11월 12일까지"))
    }

    @Test("without espeak-ng data the run falls back to text, says why, and exits 0")
    func fallback() throws {
        let folder = try CommandRunner.temporaryFolder()
        let empty = try CommandRunner.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: empty)
        }
        let result = try CommandRunner.run(["--poster", "--output", folder.path], environment: ["ESPEAK_DATA_PATH": empty.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("no audio"), "\(result.stderr)")
        #expect(result.stderr.contains("ESPEAK_DATA_PATH") && !result.stderr.contains(".."), "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.contains("00-poster.txt") && files.contains("00-poster.spoken.txt"))
        #expect(!files.contains { $0.hasSuffix(".wav") })
    }

    @Test("the poster becomes a WAV at espeak-ng's rate with a plausible duration")
    func posterAudio() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["--poster", "--output", folder.path, "--jobs", "1"] + CommandRunner.wavOnly)
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: folder.appendingPathComponent("00-poster.wav"))
        #expect(data.count > 44)
        #expect(String(decoding: data[0..<4], as: UTF8.self) == "RIFF")
        #expect(String(decoding: data[8..<12], as: UTF8.self) == "WAVE")
        let riffSize = data[4..<8].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        #expect(Int(riffSize) + 8 == data.count)
        let sampleRate = data[24..<28].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        #expect(sampleRate == 22050)
        let bits = data[34..<36].withUnsafeBytes { $0.loadUnaligned(as: UInt16.self) }
        #expect(bits == 16)
        let seconds = Double(data.count - 44) / 2 / Double(sampleRate)
        #expect(seconds > 20 && seconds < 600, "\(seconds) s")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!files.contains { $0.contains(".partial") || $0.hasPrefix(".expo-narrate-staging") })
    }

    @Test("normalize prints one spoken line per input line, in order")
    func normalize() throws {
        let input = "첫째 줄\n\n셋째 줄\n"
        let result = try CommandRunner.run(["normalize"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
        #expect(result.stdout.hasPrefix("첫째 줄\n\n셋째 줄\n"))
    }

    @Test("pronounce prints what the voice receives, one line per input line, in order")
    func pronounce() throws {
        let input = "국립중앙박물관에 있습니다.\n\n1900년에 신라\n"
        let result = try CommandRunner.run(["pronounce"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "궁닙쭝앙방물과네 읻씀니다.\n\n천구뱅 녀네 실라\n", "\(result.stdout)")
    }

    @Test("pronounce without hunspell-ko reads by the spelling rules and says so once")
    func pronounceWithoutTheKoreanDictionary() throws {
        let input = "숨지고\n찾을 사람\n"
        let without = try CommandRunner.run(
            ["pronounce"], input: input,
            environment: ["EXPO_NARRATE_HUNSPELL_FOLDERS": "/nonexistent"])
        #expect(without.status == 0, "\(without.stderr)")
        #expect(without.stdout == "숨찌고\n차즐 사람\n", "\(without.stdout)")
        #expect(without.stderr.components(separatedBy: "hunspell-ko").count == 3, "\(without.stderr)")  // one line names it twice
        #expect(without.stderr.split(separator: "\n").count == 1, "\(without.stderr)")
        let with = try CommandRunner.run(["pronounce"], input: input)
        #expect(with.stdout == "숨지고\n차즐 싸람\n", "\(with.stdout)")
        #expect(with.stderr.isEmpty, "\(with.stderr)")
    }

    @Test("an output folder that cannot be made is a clear error")
    func unwritable() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let result = try CommandRunner.run(["--poster", "--text-only", "--output", file.path + "/guide"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains(file.path), "\(result.stderr)")
    }
}

/// Parallel synthesis and the cache, run as a built binary.
@Suite("expo-narrate jobs and cache", .serialized, .tags(.endToEnd))
struct JobsAndCacheTests {
    func files(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    @Test("--jobs 2 makes the same files as --jobs 1, and a second run takes every track from the cache", .needsSharedFixtures)
    func jobsAndCache() throws {
        let one = try CommandRunner.temporaryFolder()
        let two = try CommandRunner.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: one)
            try? FileManager.default.removeItem(at: two)
        }
        let catalog = [
            "--poster-file", try CommandRunner.fixture("daejeon_expo.json"),
            "--items-file", try CommandRunner.fixture("items.json"),
        ]
        // WAV masters only: the subject is the workers and the cache; that other processes make
        // the same Opus files is ShardTests' and the Slurm test's.
        let selection = ["--poster", "--entry", "직지심체요절", "--entry", "해금", "--entry", "가야금"] + CommandRunner.wavOnly
        let first = try CommandRunner.run(selection + catalog + ["--jobs", "1", "--output", one.path])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try CommandRunner.run(selection + catalog + ["--jobs", "2", "--output", two.path])
        #expect(second.status == 0, "\(second.stderr)")
        let filesOne = try files(one)
        let filesTwo = try files(two)
        #expect(filesOne.keys.sorted() == filesTwo.keys.sorted())
        for (name, data) in filesOne where name != "manifest.json" {
            #expect(filesTwo[name] == data, "\(name) differs between --jobs 1 and --jobs 2")
        }
        let again = try CommandRunner.run(selection + catalog + ["--jobs", "2", "--output", two.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("4 from the cache"), "\(again.stderr)")
        #expect(try files(two) == filesTwo)
    }

    @Test("--no-cache leaves no cache behind and publishes no scratch folder")
    func noCache() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["--poster", "--no-cache", "--output", folder.path] + CommandRunner.wavOnly)
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        // The tool's record is not scratch.
        #expect(names.filter { $0.hasPrefix(".") } == [".expo-narrate"], "\(names)")
        #expect(names.contains("00-poster.wav"))
        #expect(!FileManager.default.fileExists(atPath: CommandRunner.cacheFolder(forOutput: folder).path))
    }
}
