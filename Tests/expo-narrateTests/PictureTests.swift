import Foundation
import TestSupport
import Testing

/// Pictures through the whole pipeline: the original apps' data with pictures the test makes
/// (and hostile files among them), and a small catalog whose audio description is heard.
@Suite("pictures and audio description", .serialized)
struct PictureTests {
    /// Unzips `epub` with Python's zipfile and returns its files' texts by name (no binary files).
    static func epubTexts(_ epub: URL) throws -> [String: String] {
        let script = """
            import json, sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            print(json.dumps({n: z.read(n).decode('utf-8') for n in z.namelist() if not n.endswith(('.mp3', '.jpg', '.png'))}))
            """
        let result = try CommandRunner.runTool("/usr/bin/python3", ["-c", script, epub.path])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String] ?? [:]
    }

    /// Every published picture file is within the size limit.
    static func pictureFiles(in folder: URL) throws -> [(String, Int)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".webp") || $0.hasSuffix(".jpg") }
        return try names.sorted().map { name in
            let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).resolvingSymlinksInPath().path)[.size] as? Int ?? 0
            return (name, size)
        }
    }

    static func epubCheck(_ epub: URL) throws {
        guard EPUBCheck.isInstalled else { return }
        let report = try EPUBCheck.check(epub)
        #expect(report.status == 0 && report.output.contains("Messages: 0 fatals / 0 errors / 0 warnings"), "\(report.output)")
    }

    @Test(
        "original data with generated pictures: shown, within limits, in the EPUB (EPUBCheck 0/0); hostile files each one line; check lists missing alt",
        .needsSharedFixtures)
    func originalData() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = folder.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let items = try CommandRunner.fixture("items.json")
        let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: items))) as? [[String: Any]] ?? []
        let names = entries.compactMap { $0["image_name"] as? String }
        #expect(names.count == 13)
        // The first four are hostile or missing; the others are pictures of several sizes.
        let png = TestPictures.png(width: 1200, height: 900, seed: 1)
        let hostile: [(String, Data?, String)] = [
            (names[0] + ".png", png.prefix(png.count / 3), "may be truncated or damaged"),
            (names[1] + ".png", TestPictures.declaredPNG(width: 20_000, height: 20_000), "20000 × 20000 pixels"),
            (names[2] + ".jpg", png, "is a PNG file named .jpg"),
            (names[3] + ".webp", nil, "no picture for"),
        ]
        for (name, data, _) in hostile { if let data { try data.write(to: images.appendingPathComponent(name)) } }
        for (index, name) in names.enumerated().dropFirst(4) {
            try TestPictures.png(width: 700 + 150 * index, height: 500 + 60 * index, seed: index)
                .write(to: images.appendingPathComponent(name + (index % 2 == 0 ? ".png" : ".PNG")))
        }
        let output = folder.appendingPathComponent("guide")
        let catalog = ["--poster-file", try CommandRunner.fixture("exposition_universelle_1900.json"), "--items-file", items]
        let run = try CommandRunner.run(["--all", "--text-only", "--format", "epub", "--images", images.path, "--output", output.path] + catalog)
        #expect(run.status == 0, "\(run.stderr)")
        for (name, _, reason) in hostile {
            let line = run.stderr.split(separator: "\n").filter { $0.contains(reason) }
            #expect(line.count == 1 && (line.first?.contains(name) == true || reason == "no picture for"), "\(name): \(run.stderr)")
        }
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "<figure class=\"picture\">").count - 1 == 9)
        #expect(page.components(separatedBy: "그림 (대체 텍스트 없음)\" loading=\"lazy\"").count - 1 == 9)
        let files = try Self.pictureFiles(in: output)
        #expect(files.count == 9 * 4)
        #expect(files.allSatisfy { $0.1 > 0 && $0.1 <= 150_000 }, "\(files)")
        // The EPUB: one JPEG per picture, its alt, and metadata that does not claim alternative text.
        let epub = output.appendingPathComponent("guide.epub")
        let texts = try Self.epubTexts(epub)
        let package = try #require(texts["EPUB/package.opf"])
        #expect(package.components(separatedBy: "media-type=\"image/jpeg\"").count - 1 == 9)
        #expect(package.contains("<meta property=\"schema:accessMode\">visual</meta>"))
        #expect(!package.contains("alternativeText") && package.contains(">textual,visual<"))
        try Self.epubCheck(epub)
        // Made again from the cache, one cached picture damaged: the same files, that one remade.
        let cache = CommandRunner.cacheFolder(forOutput: output)
        let cached = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("picture-") }.sorted()
        #expect(cached.count == 9)
        try Data("{".utf8).write(to: cache.appendingPathComponent(cached[0]))
        let before = try files.map { try Data(contentsOf: output.appendingPathComponent($0.0).resolvingSymlinksInPath()) }
        let again = try CommandRunner.run(["--all", "--text-only", "--format", "epub", "--images", images.path, "--output", output.path] + catalog)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try files.map { try Data(contentsOf: output.appendingPathComponent($0.0).resolvingSymlinksInPath()) } == before)
        #expect(try Data(contentsOf: cache.appendingPathComponent(cached[0])).count > 1000)
        // check names every picture file without a text alternative (it reads the folder, not the
        // pictures: the three hostile files are listed too, the missing one is not).
        let check = try CommandRunner.run(["check", "--images", images.path] + catalog)
        #expect(check.status == 1)
        #expect(check.stdout.components(separatedBy: "image_alt: picture without alt text").count - 1 == 12, "\(check.stdout)")
        #expect(!check.stdout.contains("(\(entries[3]["name"] as? String ?? "")), image_alt"))
    }

    /// A small poster and `items` in `folder`, with an empty images/ folder beside them.
    static func smallCatalog(in folder: URL, items: String) throws -> (poster: URL, items: URL, images: URL) {
        let poster = folder.appendingPathComponent("poster.json")
        let itemsFile = folder.appendingPathComponent("items.json")
        try Data(#"{"title": "작은 전시", "visitors": 1200, "location": "서울", "duration": "2024", "description": "작은 전시입니다."}"#.utf8)
            .write(to: poster)
        try Data(items.utf8).write(to: itemsFile)
        let images = folder.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        return (poster, itemsFile, images)
    }

    @Test("a run that made pictures keeps captions the next run finds: the cache's captions file is not written again")
    func captionsKeptAcrossPictures() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (poster, items, images) = try Self.smallCatalog(
            in: folder,
            items: #"""
                [{"name": "달항아리", "image_name": "moon", "short_desc": "둥근 흰 항아리", "desc": "조선 후기에 만들었다.", "image_alt": "흰 항아리"}]
                """#)
        try TestPictures.png(width: 320, height: 240, seed: 3).write(to: images.appendingPathComponent("moon.png"))
        let output = folder.appendingPathComponent("guide")
        let cache = folder.appendingPathComponent("cache")
        let arguments = [
            "--all", "--format", "wav", "--quiet", "--output", output.path, "--cache", cache.path,
            "--poster-file", poster.path, "--items-file", items.path,
        ]
        // The first run opens libvips for the picture; the second finds the picture in the cache
        // and opens no library: the captions' key must not depend on that.
        let first = try CommandRunner.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let memo = cache.appendingPathComponent("captions").path
        let written = try FileManager.default.attributesOfItem(atPath: memo)
        let second = try CommandRunner.run(arguments)
        #expect(second.status == 0, "\(second.stderr)")
        let after = try FileManager.default.attributesOfItem(atPath: memo)
        #expect(after[.modificationDate] as? Date == written[.modificationDate] as? Date)
        #expect(after[.systemFileNumber] as? Int == written[.systemFileNumber] as? Int)
    }

    @Test("the audio description is its own part: spoken words, caption cues and EPUB clip cover it, and it is heard")
    func audioDescription() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (poster, items, images) = try Self.smallCatalog(
            in: folder,
            items: """
                [{"name": "달항아리", "image_name": "moon", "short_desc": "둥근 흰 항아리", "desc": "조선 후기에 만들었다.",
                  "image_alt": "흰 바탕에 놓인 둥근 흰 항아리 사진", "image_description": "높이 42.4㎝의 둥근 흰 항아리다. 표면은 우윳빛이다."},
                 {"name": "갓", "image_name": "gat", "short_desc": "검은 모자", "desc": "말총으로 엮었다.", "image_alt": ""}]
                """)
        try TestPictures.png(width: 640, height: 480, seed: 2).write(to: images.appendingPathComponent("moon.png"))
        try TestPictures.png(width: 640, height: 480, seed: 5).write(to: images.appendingPathComponent("gat.png"))
        let output = folder.appendingPathComponent("guide")
        // The catalog's own images/ folder, without --images.
        let run = try CommandRunner.run([
            "--all", "--format", "wav,mp3,epub", "--quiet", "--output", output.path,
            "--poster-file", poster.path, "--items-file", items.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let stem = "01-moon"
        let spoken = try String(contentsOf: output.appendingPathComponent(stem + ".spoken.txt"), encoding: .utf8)
        #expect(spoken.contains("사십이 점 사 센티미터"), "\(spoken)")
        let transcript = try String(contentsOf: output.appendingPathComponent("guide.txt"), encoding: .utf8)
        #expect(transcript.contains("달항아리\n\n생김새\n높이 42.4㎝의 둥근 흰 항아리다. 표면은 우윳빛이다.\n"), "\(transcript)")
        #expect(!(try String(contentsOf: output.appendingPathComponent("02-gat.txt"), encoding: .utf8)).contains("생김새"))
        // Its cues: the description's two sentences, in order, after the name's.
        let vtt = try String(contentsOf: output.appendingPathComponent(stem + ".vtt"), encoding: .utf8)
        let cues = vtt.components(separatedBy: "\n\n").compactMap { block -> (Double, Double, String)? in
            let lines = block.split(separator: "\n")
            guard let timing = lines.first(where: { $0.contains("-->") }) else { return nil }
            let stamps = timing.components(separatedBy: " --> ").map { stamp in
                stamp.split(separator: " ")[0].split(separator: ":").reduce(0.0) { $0 * 60 + (Double($1) ?? 0) }
            }
            return (stamps[0], stamps[1], lines.drop { !$0.contains("-->") }.dropFirst().joined(separator: " "))
        }
        let described = cues.filter { $0.2.contains("42.4㎝") || $0.2.contains("우윳빛") }
        #expect(described.count >= 2, "\(vtt)")
        let name = try #require(cues.first { $0.2 == "달항아리" })
        #expect(described.allSatisfy { $0.0 >= name.1 && $0.1 > $0.0 })
        // Heard: the audio under the description's cues is speech, not silence.
        let wav = try Data(contentsOf: output.appendingPathComponent(stem + ".wav").resolvingSymlinksInPath())
        let rate = Int(wav[24]) | Int(wav[25]) << 8 | Int(wav[26]) << 16
        let dataStart = try #require(wav.range(of: Data("data".utf8))).upperBound + 4
        for cue in described {
            let first = dataStart + 2 * Int(cue.0 * Double(rate))
            let last = min(wav.count - 1, dataStart + 2 * Int(cue.1 * Double(rate)))
            var sum = 0.0
            var count = 0.0
            var offset = first
            while offset + 1 < last {
                let sample = Double(Int16(bitPattern: UInt16(wav[offset]) | UInt16(wav[offset + 1]) << 8))
                sum += sample * sample
                count += 1
                offset += 2
            }
            let rms = (sum / max(count, 1)).squareRoot()
            #expect(rms > 300, "cue \(cue) has RMS \(rms)")
        }
        // The EPUB: the part under its heading, each sentence a clip of the chapter's MP3, the
        // picture with its alt, the decorative one with an empty alt, and alternative text claimed.
        let epub = output.appendingPathComponent("guide.epub")
        let texts = try Self.epubTexts(epub)
        let chapter = try #require(texts["EPUB/\(stem).xhtml"])
        #expect(chapter.contains("alt=\"흰 바탕에 놓인 둥근 흰 항아리 사진\""))
        #expect(chapter.contains("<h2>생김새</h2>\n<p id=\"b2\" class=\"appearance\"><span id=\"s2\" dir=\"auto\">높이 42.4㎝의"), "\(chapter)")
        let smil = try #require(texts["EPUB/\(stem).smil"])
        for id in ["s2", "s3"] { #expect(smil.contains("\(stem).xhtml#\(id)\""), "\(smil)") }
        #expect(try #require(texts["EPUB/02-gat.xhtml"]).contains("alt=\"\""))
        let package = try #require(texts["EPUB/package.opf"])
        #expect(package.contains(">alternativeText<") && package.contains(">visual<"))
        try Self.epubCheck(epub)
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<h3>생김새</h3>\n<p class=\"appearance\"><span class=\"s\" data-s=\"1\">높이 42.4㎝의"))
        #expect(page.contains("alt=\"\" loading=\"lazy\""))
    }
}
