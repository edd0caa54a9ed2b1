import CatalogLoading
import ExpoModel
import Export
import Foundation
import TestSupport
import Testing

@testable import Pipeline

/// The DAISY 2.02 and DAISY 3 books of a whole guide, made with tones for speech: checked
/// against the specifications' rules (TestSupport's `DaisyRules`, which reads the files, not
/// the plan), broken on purpose to see each rule fail, and opened in Debian's daisy-player.
@Suite("the DAISY books")
struct DaisyBookTests {
    static let editions: [(DeliveryFormat, DaisyRules.Edition)] = [(.daisy202, .daisy202), (.daisy3, .daisy3)]

    /// A guide of `catalog` with both DAISY books, the EPUB and the MP3 edition beside them.
    struct Guide {
        let folder: URL
        let manifest: GuideManifest

        /// Each MP3's decoded length, as the run measured it, by file name.
        var audioSeconds: [String: Double] {
            var seconds: [String: Double] = [:]
            for track in manifest.tracks {
                if let mp3 = track.encodings?["mp3"] { seconds[mp3.file] = mp3.durationSeconds }
            }
            return seconds
        }

        /// Every run of text marked with a language (`xml:lang`) in the files of `book` whose
        /// names end with `suffix`: the language and the text, sorted.
        static func foreignRuns(in book: URL, filesEndingWith suffix: String) throws -> [String] {
            let names = try FileManager.default.subpathsOfDirectory(atPath: book.path).filter { $0.hasSuffix(suffix) }
            let span = try NSRegularExpression(pattern: #"<span[^>]* xml:lang="([^"]+)"[^>]*>([^<]*)</span>"#)
            return try names.flatMap { name in
                let text = try String(contentsOf: book.appendingPathComponent(name), encoding: .utf8)
                return span.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                    (1...2).map { String(text[Range(match.range(at: $0), in: text)!]) }.joined(separator: ": ")
                }
            }.sorted()
        }

        /// The edition's ZIP unpacked (by `unzip`, not by our code) into a new folder.
        func unpacked(_ format: DeliveryFormat, in scratch: TemporaryFolder) throws -> URL {
            let target = scratch.file(format.rawValue + "-" + UUID().uuidString)
            let unzip = try #require(ExternalTool.find("unzip"), "unzip is needed to unpack the books")
            let archive = format == .epub ? "guide.epub" : "guide.\(format.rawValue).zip"
            let result = try ExternalTool.run(
                unzip,
                [
                    "-q", folder.appendingPathComponent(archive).path,
                    "-d", target.path,
                ])
            try #require(result.status == 0, "unzip: \(result.output)")
            return target
        }
    }

    static func guide(_ catalog: Catalog, in scratch: TemporaryFolder) throws -> Guide {
        let folder = scratch.file("guide")
        _ = try GuideBuilderTests.build(into: folder, catalog: catalog, delivery: Delivery(formats: [.mp3, .epub, .daisy202, .daisy3]))
        return Guide(folder: folder, manifest: try GuideBuilderTests.manifest(in: folder))
    }

    static func defaultCatalog() throws -> Catalog {
        try DefaultCatalog.load(executable: nil).0
    }

    static func originalCatalog() throws -> Catalog {
        var loader = CatalogLoader()
        return try loader.load(
            posterFile: SharedFixtures.url("exposition_universelle_1900.json"),
            itemsFile: SharedFixtures.url("items.json"))
    }

    @Test(
        "both books of the default catalog keep every rule, mark the foreign names as the EPUB does, and the manifest lists them; each folder of the guide holds its ZIP's very files"
    )
    func defaultCatalogKeepsTheRules() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let guide = try Self.guide(try Self.defaultCatalog(), in: scratch)
        for (format, edition) in Self.editions {
            let book = try guide.unpacked(format, in: scratch)
            #expect(DaisyRules.problems(in: book, edition: edition, audioSeconds: guide.audioSeconds) == [])
            #expect(guide.manifest.files?.contains { $0.path == "guide.\(format.rawValue).zip" } == true)
            try Self.expectFolder(of: format, in: guide, sameAs: book, edition: edition)
        }
        // The foreign names carry their language, the same runs as in the EPUB.
        let epub = try Guide.foreignRuns(in: try guide.unpacked(.epub, in: scratch), filesEndingWith: ".xhtml")
        #expect(!epub.isEmpty, "the default catalog has foreign names")
        #expect(try Guide.foreignRuns(in: try guide.unpacked(.daisy202, in: scratch), filesEndingWith: ".html") == epub)
        #expect(try Guide.foreignRuns(in: try guide.unpacked(.daisy3, in: scratch), filesEndingWith: "book.xml") == epub)
    }

    @Test("both books of the original apps' data keep every rule, as ZIPs and as folders", .needsSharedFixtures)
    func originalDataKeepsTheRules() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let guide = try Self.guide(try Self.originalCatalog(), in: scratch)
        for (format, edition) in Self.editions {
            let book = try guide.unpacked(format, in: scratch)
            #expect(DaisyRules.problems(in: book, edition: edition, audioSeconds: guide.audioSeconds) == [])
            try Self.expectFolder(of: format, in: guide, sameAs: book, edition: edition)
        }
    }

    /// The book's folder of the guide (`daisy202/`) holds the very files of its ZIP (`book`,
    /// unpacked), keeps every rule as the ZIP does, each MP3 the MP3 edition's bytes, and the
    /// manifest lists each of its files by its relative path.
    static func expectFolder(of format: DeliveryFormat, in guide: Guide, sameAs book: URL, edition: DaisyRules.Edition) throws {
        let folder = guide.folder.appendingPathComponent(format.rawValue)
        let manager = FileManager.default
        let names = try manager.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == (try manager.contentsOfDirectory(atPath: book.path).sorted()), "\(format.rawValue)/ is not the ZIP's book")
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(data == (try Data(contentsOf: book.appendingPathComponent(name))), "\(format.rawValue)/\(name) differs from the ZIP's")
            if name.hasSuffix(".mp3") {
                #expect(data == (try Data(contentsOf: guide.folder.appendingPathComponent(name))), "\(name) is not the MP3 edition's")
            }
            #expect(guide.manifest.files?.contains { $0.path == format.rawValue + "/" + name } == true, "the manifest lacks \(format.rawValue)/\(name)")
        }
        #expect(names.contains(edition == .daisy202 ? "ncc.html" : "book.opf"))
        #expect(DaisyRules.problems(in: folder, edition: edition, audioSeconds: guide.audioSeconds) == [])
    }

    /// Replaces the first match of `pattern` (a template: `$1` is its first group) in the first
    /// file of `book` whose name ends with `suffix`.
    static func breakBook(_ book: URL, fileEndingWith suffix: String, _ pattern: String, with replacement: String) throws {
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: book.path).sorted().first { $0.hasSuffix(suffix) })
        let url = book.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let range = try #require(text.range(of: pattern, options: .regularExpression), "\(pattern) is not in \(name)")
        let broken = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression, range: range)
        try broken.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test("a missing clip breaks a rule", arguments: [0, 1])
    func missingClip(edition index: Int) throws {
        let (format, edition) = Self.editions[index]
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let guide = try Self.guide(GuideBuilderTests.catalog, in: scratch)
        let book = try guide.unpacked(format, in: scratch)
        try Self.breakBook(book, fileEndingWith: ".smil", #"<audio [^>]*/>"#, with: "")
        let problems = DaisyRules.problems(in: book, edition: edition, audioSeconds: guide.audioSeconds)
        #expect(problems.contains { $0.contains("has no audio clip") }, "\(problems)")
    }

    @Test("a wrong total breaks a rule", arguments: [0, 1])
    func wrongTotal(edition index: Int) throws {
        let (format, edition) = Self.editions[index]
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let guide = try Self.guide(GuideBuilderTests.catalog, in: scratch)
        let book = try guide.unpacked(format, in: scratch)
        if format == .daisy202 {
            try Self.breakBook(
                book, fileEndingWith: "ncc.html", #"name="ncc:totalTime" content="[^"]*""#,
                with: #"name="ncc:totalTime" content="01:00:00""#)
        } else {
            try Self.breakBook(
                book, fileEndingWith: ".opf", #"name="dtb:totalTime" content="[^"]*""#,
                with: #"name="dtb:totalTime" content="1:00:00.000""#)
        }
        let problems = DaisyRules.problems(in: book, edition: edition, audioSeconds: guide.audioSeconds)
        #expect(problems.contains { $0.contains("totalTime is") && $0.contains("but the clips add up to") }, "\(problems)")
    }

    @Test("an id that does not resolve breaks a rule", arguments: [0, 1])
    func unresolvedID(edition index: Int) throws {
        let (format, edition) = Self.editions[index]
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let guide = try Self.guide(GuideBuilderTests.catalog, in: scratch)
        let book = try guide.unpacked(format, in: scratch)
        try Self.breakBook(book, fileEndingWith: ".smil", ##"<text ([^>]*)src="([^"#]*)#[^"]*""##, with: ##"<text $1src="$2#nowhere""##)
        let problems = DaisyRules.problems(in: book, edition: edition, audioSeconds: guide.audioSeconds)
        #expect(problems.contains { $0.contains("names an id that") }, "\(problems)")
    }
}
