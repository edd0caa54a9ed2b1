import Audio
import ExpoModel
import Export
import Foundation
import TestSupport
import Testing

/// A run over some tracks (--entry, --poster) re-publishes the whole guide that the folder
/// holds, and entries can be named by every name the tool shows.
@Suite("partial runs and entry names", .serialized, .tags(.endToEnd))
struct PartialRunTests {
    // MARK: the whole guide after a partial run

    @Test("--all, then one changed entry: exactly one track is synthesized and every file of the guide agrees")
    func oneChangedEntryWithAudio() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var catalog = SmallCatalog()
        try catalog.write(in: folder)
        let output = folder.appendingPathComponent("guide")
        // The curator's own notes, beside the guide (where a user's files belong).
        let notes = folder.appendingPathComponent("curator-notes.txt")
        let formats = ["--format", "opus,mp3,epub"]
        let first = try CommandRunner.run(["--all", "--jobs", "1", "--output", output.path] + formats + catalog.arguments(in: folder))
        #expect(first.status == 0, "\(first.stderr)")
        try Data("mine".utf8).write(to: notes)
        let bookBefore = try Data(contentsOf: output.appendingPathComponent("guide.epub"))
        let before = try Self.manifest(output)
        let cachedBefore = try Self.cachedWAVs(output)
        #expect(cachedBefore == 4)

        catalog.entries[1].desc += " 새로 덧붙인 문장입니다."
        try catalog.write(in: folder)
        let second = try CommandRunner.run(
            ["--entry", "beta", "--jobs", "1", "--output", output.path] + formats
                + catalog.arguments(in: folder))
        #expect(second.status == 0, "\(second.stderr)")
        // One track made, numbered by its place in the guide (the count says how many are made), three from the cache.
        #expect(second.stderr.contains("[3/4] 둘째 done, 1 of 1 made"), "\(second.stderr)")
        #expect(second.stderr.components(separatedBy: " done, ").count == 2, "\(second.stderr)")
        #expect(second.stderr.contains("4 tracks") && second.stderr.contains("3 from the cache"), "\(second.stderr)")
        #expect(try Self.cachedWAVs(output) == cachedBefore + 1)

        let after = try Self.checkWhole(output, stems: catalog.stems, audio: true, book: true)
        #expect(Set((after.guideEncodings ?? [:]).keys) == ["opus", "mp3"])
        #expect(try Data(contentsOf: output.appendingPathComponent("guide.epub")) != bookBefore)
        for (old, new) in zip(before.tracks, after.tracks) {
            #expect((old.sha256 == new.sha256) == (new.fileStem != "02-beta"), "\(new.fileStem)")
        }
        #expect(try String(contentsOf: notes, encoding: .utf8) == "mine")
    }

    @Test(
        "original data (its three shortest entries): --all, then one changed entry by its name; one track synthesized",
        .needsSharedFixtures)
    func originalDataWithAudio() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try Data(contentsOf: URL(fileURLWithPath: try CommandRunner.fixture("items.json")))
        let items = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let length = { (item: [String: Any]) in (item["desc"] as? String)?.count ?? 0 }
        var chosen = items.indices.sorted { length(items[$0]) < length(items[$1]) }.prefix(3).sorted().map { items[$0] }
        let poster = try CommandRunner.fixture("exposition_universelle_1900.json")
        let itemsFile = folder.appendingPathComponent("items.json")
        let catalog = ["--poster-file", poster, "--items-file", itemsFile.path]
        try JSONSerialization.data(withJSONObject: chosen).write(to: itemsFile)
        let output = folder.appendingPathComponent("guide")
        let first = try CommandRunner.run(["--all", "--quiet", "--output", output.path] + CommandRunner.wavOnly + catalog)
        #expect(first.status == 0, "\(first.stderr)")
        let stems = try Self.manifest(output).tracks.map(\.fileStem)
        #expect(stems.count == 4)
        let cachedBefore = try Self.cachedWAVs(output)

        chosen[1]["desc"] = (chosen[1]["desc"] as? String ?? "") + " 새로 덧붙인 문장입니다."
        try JSONSerialization.data(withJSONObject: chosen).write(to: itemsFile)
        let name = try #require(chosen[1]["name"] as? String)
        let second = try CommandRunner.run(["--entry", name, "--output", output.path] + CommandRunner.wavOnly + catalog)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            second.stderr.contains("[3/4] \(name) done, 1 of 1 made") && second.stderr.components(separatedBy: " done, ").count == 2,
            "\(second.stderr)")
        #expect(second.stderr.contains("3 from the cache"), "\(second.stderr)")
        #expect(try Self.cachedWAVs(output) == cachedBefore + 1)
        _ = try Self.checkWhole(output, stems: stems, audio: true, encoded: false)
    }

    @Test("a partial run that would need another track's audio the cache lacks changes nothing and names it")
    func otherTrackNotCached() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var catalog = SmallCatalog()
        try catalog.write(in: folder)
        let output = folder.appendingPathComponent("guide")
        let first = try CommandRunner.run(["--all", "--jobs", "1", "--quiet", "--output", output.path] + CommandRunner.wavOnly + catalog.arguments(in: folder))
        #expect(first.status == 0, "\(first.stderr)")
        let manifestBefore = try Data(contentsOf: output.appendingPathComponent("manifest.json"))
        let folderBefore = try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int
        let cachedBefore = try Self.cachedWAVs(output)

        catalog.entries[0].desc += " 첫째를 고쳤습니다."
        catalog.entries[2].desc += " 셋째도 고쳤습니다."
        try catalog.write(in: folder)
        let result = try CommandRunner.run(["--entry", "3", "--jobs", "1", "--output", output.path] + CommandRunner.wavOnly + catalog.arguments(in: folder))
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("첫째") && !result.stderr.contains("\"셋째\""), "\(result.stderr)")
        #expect(result.stderr.contains("--all"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try Data(contentsOf: output.appendingPathComponent("manifest.json")) == manifestBefore)
        #expect(
            try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int == folderBefore,
            "the output folder was not swapped")
        #expect(try Self.cachedWAVs(output) == cachedBefore, "nothing may be synthesized")
        _ = try Self.checkWhole(output, stems: catalog.stems, audio: true, encoded: false)
    }

    /// The default catalog's text-only guide, shared by the tests that each change a copy of it.
    static let defaultTextOnly = ["--all", "--text-only", "--quiet"]

    @Test("--all, then --entry on the default catalog: the page, manifest and files hold every track")
    func defaultCatalogTextOnly() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let all = try SharedGuide.published(Self.defaultTextOnly)
        #expect(all.result.status == 0, "\(all.result.stderr)")
        let output = try all.copy(into: folder)
        let stems = try Self.manifest(output).tracks.map(\.fileStem)
        #expect(stems.count >= 14)
        let one = try CommandRunner.run(["--entry", "갓", "--text-only", "--output", output.path])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stderr.contains("\(stems.count) tracks"), "\(one.stderr)")
        _ = try Self.checkWhole(output, stems: stems, audio: false)
    }

    @Test(
        "--all, then --entry by position on the original data: the whole guide is published again",
        .needsSharedFixtures)
    func originalDataTextOnly() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = [
            "--poster-file", try CommandRunner.fixture("exposition_universelle_1900.json"),
            "--items-file", try CommandRunner.fixture("items.json"),
        ]
        // The original data's text-only guide, shared with CheckCommandTests; this test changes a copy.
        let all = try SharedGuide.published(["--all", "--text-only", "--quiet"] + catalog)
        #expect(all.result.status == 0, "\(all.result.stderr)")
        let output = try all.copy(into: folder)
        let stems = try Self.manifest(output).tracks.map(\.fileStem)
        #expect(stems.count > 2)
        let one = try CommandRunner.run(["--entry", "2", "--poster", "--text-only", "--quiet", "--output", output.path] + catalog)
        #expect(one.status == 0, "\(one.stderr)")
        _ = try Self.checkWhole(output, stems: stems, audio: false)
    }

    @Test("a partial run into a guide whose manifest is missing refuses with 65, names --all and changes nothing")
    func manifestMissing() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let all = try SharedGuide.published(Self.defaultTextOnly)
        #expect(all.result.status == 0, "\(all.result.stderr)")
        let output = try all.copy(into: folder)
        let manifest = output.appendingPathComponent("manifest.json")
        let copy = URL(fileURLWithPath: output.path + ".manifest-copy.json")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.moveItem(at: manifest, to: copy)
        let before = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        let one = try CommandRunner.run(["--entry", "갓", "--text-only", "--output", output.path])
        #expect(one.status == 65, "\(one.status) \(one.stderr)")
        #expect(
            one.stderr.contains("manifest.json") && one.stderr.contains("--all") && one.stderr.contains("nothing was changed"),
            "\(one.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() == before, "the guide changed")
    }

    @Test("a manifest number no Int or Double holds: verify (1) and a partial run (65) say so in words, no decoder text")
    func manifestNumberTooLarge() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let all = try SharedGuide.published(Self.defaultTextOnly)
        #expect(all.result.status == 0, "\(all.result.stderr)")
        let output = try all.copy(into: folder)
        let manifest = output.appendingPathComponent("manifest.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let changed = text.replacingOccurrences(of: #""byteCount" : \d+"#, with: #""byteCount" : 1e400"#, options: .regularExpression)
        #expect(changed != text, "no byteCount in: \(text.prefix(300))")
        try Data(changed.utf8).write(to: manifest)
        let verified = try CommandRunner.run(["verify", output.path])
        #expect(verified.status == 1 && verified.stdout.contains("too large or too small"), "\(verified.status) \(verified.stdout)")
        let one = try CommandRunner.run(["--entry", "갓", "--text-only", "--output", output.path])
        #expect(one.status == 65 && one.stderr.contains("too large or too small"), "\(one.status) \(one.stderr)")
        for result in [verified.stdout, one.stderr] { #expect(!result.contains("DecodingError"), "\(result)") }
    }

    @Test("a partial run on an empty folder publishes a guide of just those tracks")
    func emptyFolder() throws {
        let output = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try CommandRunner.run(["--entry", "2", "--text-only", "--output", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("1 track,") && !result.stderr.contains("1 tracks"), "\(result.stderr)")
        _ = try Self.checkWhole(output, stems: ["02-tripitaka-koreana"], audio: false)
        // A second partial run adds its track to that guide.
        let poster = try CommandRunner.run(["--poster", "--text-only", "--quiet", "--output", output.path])
        #expect(poster.status == 0, "\(poster.stderr)")
        _ = try Self.checkWhole(output, stems: ["00-poster", "02-tripitaka-koreana"], audio: false)
    }

    // MARK: entry names

    @Test(
        "--entry takes the name, the stem with or without its number and the position",
        arguments: [
            "갓", "gat", "12-gat", "GAT", "12",
        ])
    func entryByAnyName(name: String) throws {
        let list = try CommandRunner.run(["--list"])
        let line = try #require(list.stdout.split(separator: "\n").first { $0.contains("  갓") }, "\(list.stdout)")
        let stem = try #require(line.split(separator: " ").first { $0.hasSuffix("-gat") }.map(String.init))
        #expect(stem == "12-gat")
        let output = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try CommandRunner.run(["--entry", name, "--text-only", "--quiet", "--output", output.path])
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(try Self.manifest(output).tracks.map(\.fileStem) == [stem])
    }

    @Test(
        "an unknown entry gets the closest names of every form, exit 64, and nothing is written",
        arguments: [
            ("jikj", "jikji"), ("03-hunminjeongum", "03-hunminjeongeum"), ("헤금", "해금"), ("직지심체", "직지심체요절"),
        ])
    func unknownEntry(name: String, suggestion: String) throws {
        let output = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try CommandRunner.run(["--entry", name, "--text-only", "--output", output.path])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("expo-narrate: No entry is named \"\(name)\""), "\(result.stderr)")
        #expect(result.stderr.contains("Did you mean \"\(suggestion)\""), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).isEmpty)
    }

    @Test("a position outside the entries is unknown")
    func positionOutOfRange() throws {
        let result = try CommandRunner.run(["--entry", "99", "--text-only", "--output", "/nonexistent/never"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("positions are 1 to"), "\(result.stderr)")
    }

    // MARK: messages

    @Test(
        "usage errors are one line in one style with exit 64",
        arguments: [
            ["--bogus"], [], ["--all", "--poster"], ["--jobs", "0", "--all"], ["--entry"], ["--poster", "extra"],
            ["normalize", "--bogus"], ["voices", "extra"],
        ])
    func usageStyle(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 64)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(arguments): \(result.stderr)")
        let help = ["normalize", "voices"].contains(arguments.first) ? "'expo-narrate \(arguments[0]) --help'" : "'expo-narrate --help'"
        #expect(result.stderr.hasPrefix("expo-narrate: ") && result.stderr.contains(help + " for the options."), "\(result.stderr)")
        #expect(!result.stderr.contains("?.") && !result.stderr.contains(".."), "\(result.stderr)")
    }

    @Test("--help lists every exit status and says how entries are named")
    func helpListsExitStatuses() throws {
        let result = try CommandRunner.run(["--help"])
        #expect(result.status == 0)
        let help = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for status in [
            "0 done", "3 some", "64 usage", "65 bad", "69 something", "70 internal", "73 the output",
            "74 a file", "75 a resource", "128+N", "130 SIGINT",
        ] {
            #expect(help.contains(status), "\(status)")
        }
        #expect(help.contains("01-jikji") && help.contains("counted from 1"))
    }

    // MARK: helpers

    static func manifest(_ folder: URL) throws -> GuideManifest {
        try ManifestReader.read(try Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    }

    static func cachedWAVs(_ folder: URL) throws -> Int {
        let names = try FileManager.default.contentsOfDirectory(atPath: CommandRunner.cacheFolder(forOutput: folder).path)
        return names.filter { $0.hasSuffix(".wav") && !$0.hasPrefix("guide-") }.count
    }

    /// Checks that the manifest, page, transcript, playlist, guide audio and the files on disk all
    /// describe the tracks `stems`, in order, and that the folder holds no file of expo-narrate's
    /// that the manifest does not list; `encoded`: whether the guide has compressed copies (not
    /// with `--format wav`). Returns the manifest.
    @discardableResult
    static func checkWhole(_ folder: URL, stems: [String], audio: Bool, book: Bool = false, encoded: Bool = true) throws -> GuideManifest {
        let manifest = try manifest(folder)
        #expect(manifest.tracks.map(\.fileStem) == stems)
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let headings = page.components(separatedBy: "<h2 id=\"track-").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(headings == stems)
        let transcript = try String(contentsOf: folder.appendingPathComponent("guide.txt"), encoding: .utf8)
        for track in manifest.tracks { #expect(transcript.contains(track.title.split(separator: "\n")[0])) }

        var expected: Set<String> = ["guide.txt", "index.html", "manifest.json"]
        if book { expected.insert("guide.epub") }
        // The pictures (the default catalog has one for every track), listed in the manifest.
        expected.formUnion((manifest.extra["pictures.files"] ?? "").split(separator: " ").map(String.init))
        for track in manifest.tracks {
            expected.formUnion([track.files.txt, track.files.spokenTxt])
            expected.formUnion([track.files.wav, track.files.vtt].compactMap { $0 })
            expected.formUnion((track.encodings ?? [:]).values.map(\.file))
            #expect((track.files.wav != nil) == audio, "\(track.fileStem)")
        }
        if audio {
            expected.formUnion(["guide.wav", "guide.m3u8"])
            expected.formUnion((manifest.guideEncodings ?? [:]).values.map(\.file))
            // A playlist per compressed format besides the masters'.
            expected.formUnion((manifest.guideEncodings ?? [:]).keys.map { "guide-\($0).m3u8" })
            let playlist = try String(contentsOf: folder.appendingPathComponent("guide.m3u8"), encoding: .utf8)
            let entries = playlist.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
            #expect(entries.count == stems.count)
            for (entry, stem) in zip(entries, stems) { #expect(entry.hasPrefix(stem + "."), "\(entry)") }
            let guide = try WAVReader(url: folder.appendingPathComponent("guide.wav"))
            #expect(guide.cuePoints.map(\.label) == manifest.tracks.map(\.title))
            let total = manifest.tracks.compactMap(\.durationSeconds).reduce(0, +)
            #expect(guide.durationSeconds >= total)
            for encoding in (manifest.guideEncodings ?? [:]).values {
                #expect(encoding.chapters.map(\.title) == manifest.tracks.map(\.title), "\(encoding.file)")
            }
            #expect((manifest.guideEncodings ?? [:]).isEmpty == !encoded)
        }
        // The folder: the guide's files, plain files that the tool's record lists, and the
        // record; no link, no hidden folder of the tool's.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(ownNames(folder)) == expected)
        for name in expected {
            var status = stat()
            #expect(lstat(folder.appendingPathComponent(name).path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG, "\(name)")
        }
        #expect(names.filter { $0.hasPrefix(".") } == [".expo-narrate"], "\(names)")
        // The manifest lists every other file of the guide, with its size and hash.
        #expect(Set((manifest.files ?? []).map(\.path)) == expected.subtracting(["manifest.json"]))
        return manifest
    }

    /// The names the tool's record in `folder` lists as its own.
    static func ownNames(_ folder: URL) -> [String] {
        let text = (try? String(contentsOf: folder.appendingPathComponent(".expo-narrate"), encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n")
        guard lines.first == "expo-narrate guide folder, format 2" else { return [] }
        // "SHA256  NAME", as sha256sum writes it.
        return lines.dropFirst().filter { !$0.hasPrefix("#") }.map { String($0.count > 66 ? $0.dropFirst(66) : $0) }
    }
}

/// A catalog of a poster and three short entries, written by the test, fast to speak.
struct SmallCatalog {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The properties are named as items.json's keys, which the encoder writes as they are.
    struct Entry: Codable {
        var name: String
        var image_name: String
        var short_desc: String
        var desc: String
    }

    var entries = [
        Entry(name: "첫째", image_name: "alpha", short_desc: "첫 항목입니다.", desc: "첫 번째 유물은 종이로 만든 책입니다."),
        Entry(name: "둘째", image_name: "beta", short_desc: "둘째 항목입니다.", desc: "두 번째 유물은 나무로 만든 악기입니다."),
        Entry(name: "셋째", image_name: "gamma", short_desc: "셋째 항목입니다.", desc: "세 번째 유물은 흙으로 빚은 그릇입니다."),
    ]

    var stems: [String] { ["00-poster", "01-alpha", "02-beta", "03-gamma"] }

    func write(in folder: URL) throws {
        let poster: [String: Any] = [
            "title": "작은 전시", "visitors": 120, "location": "서울",
            "duration": "2020. 01. 02 - 2020. 02. 03", "description": "작은 전시의 안내입니다.",
        ]
        try JSONSerialization.data(withJSONObject: poster).write(to: folder.appendingPathComponent("poster.json"))
        try JSONEncoder().encode(entries).write(to: folder.appendingPathComponent("items.json"))
    }

    func arguments(in folder: URL) -> [String] {
        [
            "--poster-file", folder.appendingPathComponent("poster.json").path,
            "--items-file", folder.appendingPathComponent("items.json").path,
        ]
    }
}
