import Foundation
import TestSupport
import Testing

/// Names and texts from the data, run through the built binary: file names stay inside the
/// output folder, unique and stable; text is never markup.
@Suite("expo-narrate on hostile names and texts", .serialized, .tags(.endToEnd))
struct HostileNameTests {
    static let hostileNames = [
        "../../etc/passwd", "a/b", "CON", "", ".hidden", String(repeating: "긴", count: 300),
        "같은 이름", "같은 이름", "..", "/", "nul.txt", "x\\y",
    ]
    static let hostileImages = [
        "../../img", "../../etc/passwd", "CON", "", ".hidden", String(repeating: "a", count: 300),
        "same", "same", "..", "/", "-", "~/x",
    ]

    private func hostileCatalog(in folder: URL) throws -> (poster: String, items: String) {
        let entries = zip(Self.hostileNames, Self.hostileImages).map { name, image in
            ["name": name, "image_name": image, "short_desc": "짧은 설명", "desc": "설명입니다."]
        }
        return try writeCatalog(poster: samplePoster, entries: entries, in: folder)
    }

    @Test("hostile entry and image names yield safe, unique, stable file names inside the output folder")
    func safeStems() throws {
        let root = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let work = root.appendingPathComponent("a/b/c")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let catalog = try hostileCatalog(in: work)
        let output = work.appendingPathComponent("out")
        let before = snapshot(of: root).keys.sorted()

        let first = try CommandRunner.run([
            "--all", "--text-only", "--quiet", "--output", output.path,
            "--poster-file", catalog.poster, "--items-file", catalog.items,
        ])
        #expect(first.status == 0, "\(first.stderr)")
        // The run's cache is beside the output folder (the tests' XDG_CACHE_HOME), not written by the data.
        let outside = snapshot(of: root).keys.filter { !$0.hasPrefix("a/b/c/out/") && !$0.hasPrefix("a/b/c/out.xdg-cache/") }.sorted()
        #expect(outside == before, "files written outside the output folder")
        #expect(!FileManager.default.fileExists(atPath: "/etc/passwd.txt"))

        let names = try FileManager.default.contentsOfDirectory(atPath: output.path)
        let scripts = names.filter { $0.hasSuffix(".spoken.txt") }.sorted()
        #expect(scripts.count == Self.hostileNames.count + 1)
        let stems = scripts.map { String($0.dropLast(".spoken.txt".count)) }
        #expect(Set(stems).count == stems.count)
        for stem in stems {
            #expect(stem.wholeMatch(of: /[0-9]{2,}-[a-z0-9]+(-[a-z0-9]+)*/) != nil, "unsafe stem \(stem)")
            #expect(stem.utf8.count <= 60)
        }

        // The same catalog gives the same names.
        let list = try CommandRunner.run(["--list", "--poster-file", catalog.poster, "--items-file", catalog.items])
        let listed = list.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] }
        #expect(listed.map(String.init).sorted() == stems)
    }

    @Test("--entry with a name used twice narrates both entries, under different files")
    func duplicateSelection() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try hostileCatalog(in: folder)
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run([
            "--entry", "같은 이름", "--text-only", "--quiet", "--output", output.path,
            "--poster-file", catalog.poster, "--items-file", catalog.items,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".spoken.txt") }
        #expect(scripts.sorted() == ["07-same.spoken.txt", "08-same.spoken.txt"])
    }

    @Test("an unknown --entry is one line even when the catalog's names hold line breaks; exit 64")
    func unknownEntryOneLine() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try writeCatalog(
            poster: samplePoster,
            entries: [
                ["name": "첫째\n줄", "image_name": "a"],
                ["name": "\u{1B}[2J지움", "image_name": "b"],
            ], in: folder)
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run([
            "--entry", "없음\n", "--text-only", "--output", output.path,
            "--poster-file", catalog.poster, "--items-file", catalog.items,
        ])
        #expect(result.status == 64, "\(result.stderr)")
        // The message is one line; a command it names that does not fit follows on its own, indented.
        let errors = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("warning:") && !$0.hasPrefix("  expo-narrate --list ") }
        #expect(errors.count == 1, "\(result.stderr)")
        #expect(errors.first?.contains(#"첫째\n줄"#) == true && !result.stderr.contains("\u{1B}"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("markup in the data is shown as text in the page, the transcript and the manifest")
    func textIsData() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = #"<script>alert(1)</script> A & B ]]> <audio src="file:///etc/passwd"/> <voice name="en">x</voice> "quoted" 'single'"#
        var poster = samplePoster
        poster["title"] = "<b>굵은</b> 제목 & 표"
        let catalog = try writeCatalog(
            poster: poster,
            entries: [
                [
                    "name": "<img src=x onerror=alert(1)>", "image_name": "x",
                    "short_desc": hostile, "desc": hostile,
                ]
            ], in: folder)
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run([
            "--all", "--text-only", "--quiet", "--output", output.path,
            "--poster-file", catalog.poster, "--items-file", catalog.items,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        for raw in ["<script>alert", "<img src=x", "<audio src", "<voice name", "<b>굵은"] {
            #expect(!page.contains(raw), "the page contains \(raw)")
        }
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(page.contains("A &amp; B ]]&gt;"))

        let manifest = try Data(contentsOf: output.appendingPathComponent("manifest.json"))
        let object = try JSONSerialization.jsonObject(with: manifest) as? [String: Any]
        let tracks = object?["tracks"] as? [[String: Any]]
        #expect(tracks?.last?["title"] as? String == "<img src=x onerror=alert(1)>")
        let transcript = try String(contentsOf: output.appendingPathComponent("guide.txt"), encoding: .utf8)
        #expect(transcript.contains("<img src=x onerror=alert(1)>"))
    }

    @Test("caption text from the data cannot forge cues, tags or entities in the WebVTT file")
    func captionsAreText() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try writeCatalog(
            poster: samplePoster,
            entries: [
                [
                    "name": "A --> B <b>굵게</b> & C", "image_name": "vtt",
                    "short_desc": "첫 문장 --> 둘째.\n\n셋째 문단 <c.red>빨강</c> &amp; 끝.",
                    "desc": "NOTE 이것은\n\n00:00:01.000 --> 00:00:02.000 가짜 큐.",
                ]
            ], in: folder)
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run(
            ["--all", "--quiet"] + CommandRunner.wavOnly + [
                "--output", output.path,
                "--poster-file", catalog.poster, "--items-file", catalog.items,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let vtt = try String(contentsOf: output.appendingPathComponent("01-vtt.vtt"), encoding: .utf8)
        let arrows = vtt.split(separator: "\n").filter { $0.contains("-->") }
        #expect(arrows.allSatisfy { $0.wholeMatch(of: /\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}/) != nil }, "\(vtt)")
        #expect(arrows.count == 5, "one timing line per sentence: \(vtt)")
        // Every block after the header is a numbered cue: no forged NOTE block or cue.
        let blocks = vtt.components(separatedBy: "\n\n").dropFirst().filter { !$0.isEmpty }
        for block in blocks {
            let lines = block.split(separator: "\n")
            #expect(lines.count >= 3 && Int(lines[0]) != nil && lines[1].contains(" --> "), "\(block)")
        }
        #expect(!vtt.contains("<b>") && !vtt.contains("<c.red>"), "\(vtt)")
        #expect(vtt.contains("&amp;amp;"), "an entity in the data is shown as written: \(vtt)")
    }

    @Test("markup in the data is spoken as text: the track is made, as long as its words")
    func markupIsSpoken() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = #"]]> <audio src="/etc/passwd"/> <voice name="en">hello</voice> <break time="30s"/> & <!-- x --> <?xml?>"#
        let catalog = try writeCatalog(
            poster: samplePoster,
            entries: [
                [
                    "name": hostile, "image_name": "markup",
                    "short_desc": "", "desc": hostile,
                ]
            ], in: folder)
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run(
            ["--entry", hostile, "--quiet", "--jobs", "1"] + CommandRunner.wavOnly + [
                "--output", output.path,
                "--poster-file", catalog.poster, "--items-file", catalog.items,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try Data(contentsOf: output.appendingPathComponent("manifest.json"))
        let object = try JSONSerialization.jsonObject(with: manifest) as? [String: Any]
        let track = (object?["tracks"] as? [[String: Any]])?.first
        let duration = (track?["durationSeconds"] as? Double) ?? (track?["duration"] as? Double) ?? 0
        // A 30-second break obeyed as markup would make the track far longer than its words.
        #expect(duration > 1 && duration < 25, "duration \(duration): \(String(describing: track))")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("01-markup.wav").path))
    }
}
