import CatalogLoading
import ExpoModel
import Foundation
import FoundationXML
import Narration
import Normalization
import TestSupport
import Testing

@testable import Braille

/// The braille book of the default catalog and of the original data: page size, BRF's
/// characters, PEF's structure (PEF 1.0, checked with Foundation's XML parser against the
/// spec's rules: no PEF schema is available on this machine to validate against).
@Suite("BrailleEdition")
struct BrailleEditionTests {
    static func book(_ catalog: Catalog, size: BraillePageSize = .standard) throws -> (BrailleBook, [Track]) {
        let normalizer = KoreanNormalizer()
        let tracks = Narrator(normalizer: normalizer).tracks(for: catalog)
        let transcriber = try BrailleTranscriber(table: KoreanBrailleSuiteTests.table, normalizer: normalizer)
        return (try BrailleEdition.book(tracks: tracks, transcriber: transcriber, size: size), tracks)
    }

    static func defaultCatalog() throws -> Catalog { try DefaultCatalog.load().0 }

    @Test("a Korean table a curator broke is a data error about that table, not advice to install liblouis-data")
    func editedTableIsTheCurators() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let table = folder.file("ko-expo-g2.ctb")
        let shipped = try String(contentsOf: KoreanBrailleSuiteTests.table, encoding: .utf8)
        try (shipped + "\nthisisnotanopcode 가 1234\n").write(to: table, atomically: true, encoding: .utf8)
        #expect {
            _ = try BrailleTranscriber(table: table, normalizer: KoreanNormalizer())
        } throws: { error in
            guard let error = error as? ExpoError else { return false }
            return error.category == .data && error.message.contains(table.path) && !(error.advice ?? "").contains("liblouis-data")
        }
    }

    static func originalData() throws -> Catalog {
        var loader = CatalogLoader()
        return try loader.load(
            posterFile: SharedFixtures.url("exposition_universelle_1900.json"),
            itemsFile: SharedFixtures.url("items.json"))
    }

    /// What every BRF must be: lines of at most `cells` braille ASCII characters ended by CR LF,
    /// pages of at most `lines` lines ended by a form feed.
    static func checkBRF(_ brf: String, size: BraillePageSize, pages: Int) {
        let allowed = Set(BRFWriter.asciiCells)
        let pageTexts = brf.split(separator: "\u{0C}", omittingEmptySubsequences: false)
        #expect(pageTexts.last == "")
        #expect(pageTexts.count - 1 == pages)
        for page in pageTexts.dropLast() {
            #expect(page.hasSuffix("\r\n"))
            let lines = page.components(separatedBy: "\r\n").dropLast()
            #expect(lines.count <= size.lines)
            for line in lines {
                #expect(line.count <= size.cells, "\(line)")
                #expect(line.allSatisfy(allowed.contains), "\(line)")
            }
        }
    }

    @Test("default catalog: 40 × 25 pages, BRF characters only, a title and a contents page, page numbers")
    func defaultCatalogBook() throws {
        let (book, tracks) = try Self.book(try Self.defaultCatalog())
        for page in book.pages {
            #expect(page.count <= 25)
            for line in page { #expect(line.count <= 40 && line.unicodeScalars.allSatisfy { (0x2800...0x283F).contains($0.value) }) }
        }
        Self.checkBRF(BRFWriter.render(book), size: .standard, pages: book.pages.count)
        // The title page has no number; the contents page lists every chapter; page 2's number
        // (⠼⠃) ends its last line.
        #expect(book.pages[1].first?.contains("⠰⠣⠐⠌") == true)  // 차례
        #expect(book.pages[1].last?.hasSuffix("⠼⠃") == true)
        let contents = book.pages[1].joined()
        for track in tracks.prefix(3) {
            let heading = try KoreanBrailleSuiteTests.transcriber().braille(track.title)
            #expect(contents.contains(String(heading.prefix(10))))
        }
        // The poster's dates stay digits with the number sign.
        #expect(book.pages.joined().joined().contains("⠼⠁⠊⠚⠚"))
    }

    @Test("other page sizes: 32 cells × 20 lines")
    func otherSize() throws {
        let size = BraillePageSize(cells: 32, lines: 20)
        let (book, _) = try Self.book(try Self.defaultCatalog(), size: size)
        for page in book.pages {
            #expect(page.count <= 20)
            for line in page { #expect(line.count <= 32) }
        }
        Self.checkBRF(BRFWriter.render(book), size: size, pages: book.pages.count)
        #expect(throws: Error.self) { try BraillePageSize(cells: 5, lines: 25).validate() }
    }

    @Test("original data: BRF within the page, PEF well-formed and following PEF 1.0's rules", .needsSharedFixtures)
    func originalDataBook() throws {
        let (book, tracks) = try Self.book(try Self.originalData())
        Self.checkBRF(BRFWriter.render(book), size: .standard, pages: book.pages.count)
        let pef = PEFWriter.render(book, title: tracks[0].title, identifier: "urn:uuid:0", date: "2026-11-26")
        try PEFCheck.check(pef, size: .standard, pages: book.pages.count)
        // No Hanja, kana or Latin letters reach the braille: all of it is cells.
        #expect(book.pages.joined().joined().unicodeScalars.allSatisfy { (0x2800...0x283F).contains($0.value) })
    }

    @Test("Hanja: a gloss of the word before it is left out, other Hanja read; quotes paired; units spelled")
    func preparedText() throws {
        let transcriber = try KoreanBrailleSuiteTests.transcriber()
        #expect(transcriber.prepared("민영찬(閔泳瓚)이 맡았다") == "민영찬이 맡았다")
        #expect(transcriber.prepared("老人과 男女") == "노인과 남녀")
        #expect(transcriber.prepared("\"네\"와 'L'Exposition'") == "“네”와 ‘L'Exposition’")
        #expect(transcriber.prepared("1.12㎢, 42.4㎝") == "1.12km², 42.4cm")
        #expect(transcriber.prepared("섭씨 20℃") == "섭씨 20°C")
        #expect(BrailleTranscriber.segments("1.12km²)") == [.korean("1.12"), .latin("km²", terminated: false), .korean(")")])
        #expect(BrailleTranscriber.segments("20°C의") == [.korean("20"), .latin("°C", terminated: true), .korean("의")])
        #expect(try transcriber.unwritable("가の나") == ["の"])
        #expect(
            BrailleTranscriber.segments("(Grande Roue de Paris)가") == [
                .korean("("), .latin("Grande Roue de Paris", terminated: false), .korean(")가"),
            ])
    }
}

/// PEF 1.0's structure, read with Foundation's XML parser: the root `pef` of version 2008-1 in
/// the PEF namespace, `head/meta` with `dc:format` application/x-pef+xml and `dc:identifier`,
/// `body` of volumes with cols, rows, rowgap and duplex, sections of pages of rows, and every
/// row of braille (U+2800–U+28FF) within the volume's cols, every page within its rows.
enum PEFCheck {
    final class Reader: NSObject, XMLParserDelegate {
        var path: [String] = []
        var errors: [String] = []
        var text = ""
        var format = ""
        var identifier = ""
        var cols = 0, rows = 0
        var pages = 0
        var rowsInPage = 0

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let parent = path.last
            path.append(name)
            text = ""
            switch name {
            case "pef":
                if parent != nil { errors.append("pef inside \(parent!)") }
                if namespaceURI != "http://www.daisy.org/ns/2008/pef" { errors.append("pef namespace \(namespaceURI ?? "none")") }
                if attributes["version"] != "2008-1" { errors.append("version \(attributes["version"] ?? "none")") }
            case "volume":
                if parent != "body" { errors.append("volume inside \(parent ?? "nothing")") }
                cols = Int(attributes["cols"] ?? "") ?? 0
                rows = Int(attributes["rows"] ?? "") ?? 0
                if cols < 1 || rows < 1 || Int(attributes["rowgap"] ?? "") == nil || !["true", "false"].contains(attributes["duplex"] ?? "") {
                    errors.append("volume attributes \(attributes)")
                }
            case "section": if parent != "volume" { errors.append("section inside \(parent ?? "nothing")") }
            case "page":
                if parent != "section" { errors.append("page inside \(parent ?? "nothing")") }
                pages += 1
                rowsInPage = 0
            case "row":
                if parent != "page" { errors.append("row inside \(parent ?? "nothing")") }
                rowsInPage += 1
                if rowsInPage > rows { errors.append("page \(pages) has more than \(rows) rows") }
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch qualifiedName ?? name {
            case "dc:format": format = text
            case "dc:identifier": identifier = text
            case "row":
                if text.count > cols { errors.append("row of \(text.count) cells") }
                if !text.unicodeScalars.allSatisfy({ (0x2800...0x28FF).contains($0.value) }) { errors.append("row not braille: \(text)") }
            default: break
            }
            path.removeLast()
            text = ""
        }
    }

    static func check(_ pef: String, size: BraillePageSize, pages: Int) throws {
        let parser = XMLParser(data: Data(pef.utf8))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        let reader = Reader()
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(reader.errors.isEmpty, "\(reader.errors.prefix(5))")
        #expect(reader.format == "application/x-pef+xml")
        #expect(!reader.identifier.isEmpty)
        #expect(reader.cols == size.cells && reader.rows == size.lines)
        #expect(reader.pages == pages)
    }
}
