import Foundation
import TestSupport
import Testing

@testable import TalkingBook

/// Pictures in the book: each carried once under images/ with its alt after the chapter's
/// heading, the appearance part under its own heading, and accessibility metadata that claims
/// alternative text only when every picture has one.
@Suite("Pictures and the appearance part")
struct PictureTests {
    static func book(alternatives: [Bool]) throws -> (StoredZip, [ScannedElement]) {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        var document = try SampleBook.withPlaceholderAudio(in: scratch)
        for (index, described) in alternatives.enumerated() {
            document.chapters[index].picture = PictureReference(
                data: Data([0xFF, 0xD8, 0xFF, 0xD9]), fileName: "\(document.chapters[index].id)-960.jpg", mediaType: "image/jpeg",
                width: 960, height: 720, alt: described ? "그림 \(index) & <설명>" : "", hasAlternative: described)
        }
        document.chapters[2].blocks.insert(BookBlock(role: .appearance, heading: "생김새", sentences: [BookSentence("둥근 흰 항아리다.")]), at: 1)
        let epub = scratch.file("guide.epub")
        try TalkingBookWriter.write(document, to: epub)
        let zip = try StoredZip(Data(contentsOf: epub))
        return (zip, try XMLScan.elements(try #require(zip["EPUB/package.opf"])))
    }

    static func values(_ opf: [ScannedElement], _ property: String) -> [String] {
        opf.filter { $0.name == "meta" && $0.attributes["property"] == property }.map(\.text)
    }

    @Test func everyPictureDescribed() throws {
        let (zip, opf) = try Self.book(alternatives: [true, true])
        #expect(zip["EPUB/images/00-poster-960.jpg"] == Data([0xFF, 0xD8, 0xFF, 0xD9]))
        #expect(opf.filter { $0.name == "item" && $0.attributes["media-type"] == "image/jpeg" }.count == 2)
        #expect(Self.values(opf, "schema:accessMode") == ["textual", "auditory", "visual"])
        #expect(Self.values(opf, "schema:accessModeSufficient").first == "textual")
        #expect(Self.values(opf, "schema:accessibilityFeature").contains("alternativeText"))
        let chapter = try #require(zip.text("EPUB/01-jikji.xhtml"))
        #expect(
            chapter.contains(
                "</h1>\n<figure class=\"picture\"><img src=\"images/01-jikji-960.jpg\" alt=\"그림 1 &#38; &#60;설명&#62;\" width=\"960\" height=\"720\"/></figure>")
        )
        let notes = try #require(zip.text("EPUB/02-notes.xhtml"))
        #expect(notes.contains("<h2>생김새</h2>\n<p id=\"b2\" class=\"appearance\"><span id=\"s2\" dir=\"auto\">둥근 흰 항아리다.</span></p>"), "\(notes)")
    }

    @Test func aPictureWithoutAlternativeIsNotHidden() throws {
        let (_, opf) = try Self.book(alternatives: [true, false])
        #expect(Self.values(opf, "schema:accessModeSufficient").first == "textual,visual")
        #expect(!Self.values(opf, "schema:accessibilityFeature").contains("alternativeText"))
    }
}
