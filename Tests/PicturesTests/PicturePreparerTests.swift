import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Pictures

/// The pictures' way in and out: sizes for phones within the byte limit, no metadata, the same
/// bytes each time, and every hostile file refused with one line naming it.
@Suite("pictures: sizes, metadata, hostile files")
struct PicturePreparerTests {
    static func folder() throws -> URL {
        try TemporaryFolder().url
    }

    static func write(_ data: Data, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    /// The problem `prepare` gives for `url`, or nil when it succeeded.
    static func problem(_ url: URL, preparer: PicturePreparer = PicturePreparer()) -> PictureProblem? {
        do {
            _ = try preparer.prepare(url, stem: "01-test")
            return nil
        } catch {
            return error
        }
    }

    @Test("a 1600 × 1200 PNG: 480 and 960 px, WebP and JPEG, each within 150 KB, the same bytes twice")
    func variants() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try Self.write(TestPictures.png(width: 1600, height: 1200, seed: 3), "jikji.png", in: folder)
        let files = try PicturePreparer().prepare(source, stem: "01-jikji")
        #expect(files.map(\.variant.file) == ["01-jikji-480.webp", "01-jikji-480.jpg", "01-jikji-960.webp", "01-jikji-960.jpg"])
        for file in files {
            #expect(file.bytes.count <= 150_000 && file.bytes.count == file.variant.byteCount)
            #expect(file.variant.height * 4 == file.variant.width * 3, "\(file.variant)")
        }
        #expect(files[0].bytes.starts(with: Array("RIFF".utf8)) && files[1].bytes.starts(with: [0xFF, 0xD8, 0xFF]))
        let again = try PicturePreparer().prepare(source, stem: "01-jikji")
        #expect(again.map(\.bytes) == files.map(\.bytes))
        // Read back by the formats' own tools (Debian's webp and libjpeg-turbo-progs).
        for file in files {
            let url = try Self.write(file.bytes, file.variant.file, in: folder)
            let webp = file.variant.mediaType == "image/webp"
            guard let tool = ExternalTool.find(webp ? "webpinfo" : "djpeg") else { continue }
            let result = try ExternalTool.run(tool, webp ? [url.path] : ["-outfile", "/dev/null", url.path])
            #expect(result.status == 0 && (!webp || result.output.contains("No error detected")), "\(file.variant.file): \(result.output)")
            if webp {
                #expect(
                    !result.output.contains("Chunk EXIF") && !result.output.contains("EXIF: 1") && !result.output.contains("Chunk ICCP"), "\(result.output)")
            }
        }
    }

    @Test("EXIF and GPS are stripped; a JPEG and a WebP in are read as well")
    func metadataStripped() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try Self.write(TestPictures.png(width: 1000, height: 800), "a.png", in: folder)
        let made = try PicturePreparer().prepare(png, stem: "a")
        let jpeg = try #require(made.first { $0.variant.file == "a-960.jpg" }).bytes
        let tagged = TestPictures.withEXIF(jpeg)
        #expect(tagged.range(of: Data("GPS secret place".utf8)) != nil)
        let source = try Self.write(tagged, "b.jpg", in: folder)
        for file in try PicturePreparer().prepare(source, stem: "b") {
            #expect(
                file.bytes.range(of: Data("Exif".utf8)) == nil && file.bytes.range(of: Data("GPS secret".utf8)) == nil,
                "\(file.variant.file)")
            #expect(file.bytes.range(of: Data("EXIF".utf8)) == nil && file.bytes.range(of: Data("XMP ".utf8)) == nil)
        }
        // A phone's picture taken sideways (EXIF orientation 6) comes out upright, its tag gone.
        let sideways = try Self.write(TestPictures.withEXIF(jpeg, orientation: 6), "d.jpg", in: folder)
        let upright = try PicturePreparer().prepare(sideways, stem: "d")
        // 960 × 768 turned is 768 × 960: 480 wide, and its own 768.
        #expect(upright.map(\.variant.file) == ["d-480.webp", "d-480.jpg", "d-768.webp", "d-768.jpg"], "\(upright.map(\.variant))")
        #expect(upright.allSatisfy { $0.variant.height * 4 == $0.variant.width * 5 }, "\(upright.map(\.variant))")
        let webp = try Self.write(try #require(made.first { $0.variant.file == "a-960.webp" }).bytes, "c.webp", in: folder)
        #expect(try PicturePreparer().prepare(webp, stem: "c").map(\.variant.width) == [480, 480, 960, 960])
        // 1000 wide has pixels for both widths; 700 wide for 480 and its own.
        let narrower = try Self.write(TestPictures.png(width: 700, height: 500), "e.png", in: folder)
        #expect(try PicturePreparer().prepare(narrower, stem: "e").map(\.variant.width) == [480, 480, 700, 700])
    }

    @Test("a narrow picture keeps its own width; a tall one is fitted to twice its width")
    func sizes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = try Self.write(TestPictures.png(width: 300, height: 200), "small.png", in: folder)
        #expect(try PicturePreparer().prepare(small, stem: "s").map(\.variant.file) == ["s-300.webp", "s-300.jpg"])
        let tall = try Self.write(TestPictures.png(width: 600, height: 3000), "tall.png", in: folder)
        let files = try PicturePreparer().prepare(tall, stem: "t")
        #expect(files.map(\.variant.height) == [960, 960, 1200, 1200] && files.allSatisfy { $0.variant.width * 5 == $0.variant.height })
        // Fitted by height, 480 and its own 481 come out 92 or 93 wide: never two files of one name.
        let needle = try Self.write(TestPictures.png(width: 481, height: 5000), "needle.png", in: folder)
        let names = try PicturePreparer().prepare(needle, stem: "n").map(\.variant.file)
        #expect(Set(names).count == names.count && names.allSatisfy { $0.hasPrefix("n-92.") || $0.hasPrefix("n-93.") }, "\(names)")
    }

    @Test("hostile files: each refused with one line naming it")
    func hostile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = TestPictures.png(width: 800, height: 600)
        let jpeg = try #require(try PicturePreparer().prepare(try Self.write(png, "ok.png", in: folder), stem: "ok").last).bytes
        let cases: [(String, Data?, String)] = [
            ("truncated.jpg", jpeg.prefix(jpeg.count / 2), "truncated or damaged"),
            ("bomb.png", TestPictures.declaredPNG(width: 20_000, height: 20_000), "20000 × 20000 pixels"),
            ("wide.png", TestPictures.declaredPNG(width: 60_000, height: 100), "60000 × 100 pixels"),
            ("named.jpg", png, "is a PNG file named .jpg; rename it to .png"),
            ("drawing.png", Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), "not a JPEG, PNG or WebP"),
            ("empty.webp", Data(), "it is empty"),
            ("folder.jpg", nil, "not a regular file"),
        ]
        for (name, data, reason) in cases {
            let url: URL
            if let data {
                url = try Self.write(data, name, in: folder)
            } else {
                url = folder.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            }
            let problem = try #require(Self.problem(url), "\(name) was accepted")
            #expect(problem.description.contains(url.path) && problem.description.contains(reason), "\(problem)")
            #expect(!problem.description.contains("\n"), "\(problem)")
        }
        var strict = PicturePreparer()
        strict.limits.maximumFileBytes = 1000
        let big = try Self.write(png, "big.png", in: folder)
        #expect(Self.problem(big, preparer: strict)?.reason.contains("a picture may be") == true)
    }

    @Test("folders: image name with any usual extension, first folder first, never a path")
    func folders() throws {
        let first = try Self.folder()
        let second = try Self.folder()
        defer { for folder in [first, second] { try? FileManager.default.removeItem(at: folder) } }
        for (name, folder) in [("gat.JPG", first), ("gat.png", second), ("jikji.webp", second), ("notes.txt", first)] {
            _ = try Self.write(Data([1]), name, in: folder)
        }
        let folders = PictureFolders([first, second, first.appendingPathComponent("missing")])
        #expect(folders.file(for: "gat")?.lastPathComponent == "gat.JPG")
        #expect(folders.file(for: "gat")?.deletingLastPathComponent().path == first.path)
        #expect(folders.file(for: "jikji")?.lastPathComponent == "jikji.webp")
        #expect(folders.file(for: "jikji.webp")?.lastPathComponent == "jikji.webp")
        #expect(folders.file(for: "notes") == nil && folders.file(for: "") == nil)
        #expect(folders.file(for: "../\(second.lastPathComponent)/gat") == nil)
        #expect(PictureFolders([first.appendingPathComponent("missing")]).isEmpty)
    }
}
