import Foundation
import TestSupport
import Testing

@testable import TalkingBook

/// Checks the documents inside a written book (placeholder audio: no external tools needed).
@Suite("Content, overlays and metadata")
struct StructureTests {
    let zip: StoredZip
    let document: TalkingBookDocument

    init() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        document = try SampleBook.withPlaceholderAudio(in: scratch)
        let epub = scratch.file("guide.epub")
        try TalkingBookWriter.write(document, to: epub)
        zip = try StoredZip(Data(contentsOf: epub))
    }

    private func elements(_ name: String) throws -> [ScannedElement] {
        try XMLScan.elements(try #require(zip[name], "missing \(name)"))
    }

    @Test func everySentenceHasOneParInReadingOrderWithinTheAudio() throws {
        for chapter in document.chapters where chapter.audio != nil {
            let spans = try elements("EPUB/\(chapter.id).xhtml").filter { $0.name == "span" }
            let sentenceIDs = spans.compactMap { $0.attributes["id"] }
            #expect(sentenceIDs.count == chapter.blocks.flatMap(\.sentences).count)
            let smil = try elements("EPUB/\(chapter.id).smil")
            let targets = smil.filter { $0.name == "text" }.compactMap { $0.attributes["src"] }
            #expect(targets == sentenceIDs.map { "\(chapter.id).xhtml#\($0)" })
            let audios = smil.filter { $0.name == "audio" }
            #expect(audios.count == smil.filter { $0.name == "par" }.count)
            var previousEnd = 0.0
            for audio in audios {
                #expect(audio.attributes["src"] == "audio/\(chapter.audio!.fileName)")
                let begin = try seconds(audio.attributes["clipBegin"])
                let end = try seconds(audio.attributes["clipEnd"])
                #expect(begin >= previousEnd && end > begin && end <= chapter.audio!.durationSeconds)
                previousEnd = end
            }
        }
    }

    private func seconds(_ value: String?) throws -> Double {
        let text = try #require(value)
        #expect(text.hasSuffix("s"))
        return try #require(Double(text.dropLast()))
    }

    @Test func frenchRunsCarryLangAndXmlLang() throws {
        let html = try elements("EPUB/00-poster.xhtml")
        #expect(html.first?.attributes["lang"] == "ko" && html.first?.attributes["xml:lang"] == "ko")
        let french = html.filter { $0.attributes["lang"] == "fr" }
        #expect(french.count == 2)
        #expect(french.allSatisfy { $0.attributes["xml:lang"] == "fr" && $0.text == SampleBook.frenchTitle })
        #expect(html.filter { $0.name == "h1" }.count == 1)
        #expect(
            html.filter { $0.attributes["class"] == "fact" }.map(\.text)
                == ["방문객: 사천팔백십삼만 삼백 명", "기간: 사월 십사일부터 십일월 십이일까지"])
    }

    @Test func hostileTextIsEscapedAndCleaned() throws {
        let text = try #require(zip.text("EPUB/02-notes.xhtml"))
        #expect(text.contains("A &#60; B &#38; C &#62; D &#34;q&#34; 'a' ]]&#62; "))
        let html = try elements("EPUB/02-notes.xhtml")
        let sentence = try #require(html.first { $0.attributes["id"] == "s2" })
        #expect(sentence.text == "A < B & C > D \"q\" 'a' ]]>  😀🇰🇷 evil שלום עולם 끝.")
        let hebrew = try #require(html.first { $0.attributes["lang"] == "he" })
        #expect(hebrew.attributes["dir"] == "rtl" && hebrew.attributes["xml:lang"] == "he")
        #expect(!text.unicodeScalars.contains { [0, 7, 0x1B, 0x85, 0xFFFE, 0xFDD0, 0x202E].contains($0.value) })
    }

    @Test func packageDocumentCarriesOverlayAndAccessibilityMetadata() throws {
        let opf = try elements("EPUB/package.opf")
        func values(_ property: String) -> [String] {
            opf.filter { $0.name == "meta" && $0.attributes["property"] == property && $0.attributes["refines"] == nil }
                .map(\.text)
        }
        #expect(values("media:active-class") == ["-epub-media-overlay-active"])
        #expect(values("media:narrator") == ["espeak-ng (ko)"])
        #expect(values("schema:accessMode") == ["textual", "auditory"])
        #expect(values("schema:accessModeSufficient") == ["textual", "textual,auditory"])
        #expect(values("schema:accessibilityFeature").contains("synchronizedAudioText"))
        #expect(values("schema:accessibilityHazard") == ["none"])
        #expect(values("dcterms:modified") == ["2026-01-01T00:00:00Z"])
        let refined = opf.filter { $0.attributes["property"] == "media:duration" && $0.attributes["refines"] != nil }
        #expect(refined.compactMap { $0.attributes["refines"] } == ["#mo-00-poster", "#mo-01-jikji"])
        // 7 clips of 1.25 s and 3 clips of 1.25 s.
        #expect(refined.map(\.text) == ["0:00:08.750", "0:00:03.750"])
        #expect(values("media:duration") == ["0:00:12.500"])
        let items = opf.filter { $0.name == "item" }
        #expect(items.first { $0.attributes["id"] == "ch-00-poster" }?.attributes["media-overlay"] == "mo-00-poster")
        #expect(items.first { $0.attributes["id"] == "ch-02-notes" }?.attributes["media-overlay"] == nil)
        #expect(
            opf.filter { $0.name == "itemref" }.compactMap { $0.attributes["idref"] }
                == ["ch-00-poster", "ch-01-jikji", "ch-02-notes"])
        let css = try #require(zip.text("EPUB/style.css"))
        #expect(css.contains(".-epub-media-overlay-active {") && css.contains("outline:") && css.contains("underline"))
    }

    @Test func navigationListsEveryChapter() throws {
        let nav = try elements("EPUB/nav.xhtml")
        let links = nav.filter { $0.name == "a" }.compactMap { $0.attributes["href"] }
        #expect(links == ["00-poster.xhtml", "01-jikji.xhtml", "02-notes.xhtml", "00-poster.xhtml"])
        #expect(nav.filter { $0.name == "nav" }.compactMap { $0.attributes["epub:type"] } == ["toc", "landmarks"])
    }
}

@Suite("Text cleaning")
struct TextCleaningTests {
    @Test func normalisesLineEndsAndKeepsEmojiAndScripts() {
        #expect(XMLText.clean("a\r\nb\rc\nd") == "a\nb\nc\nd")
        #expect(XMLText.escape("<&>\"'") == "&#60;&#38;&#62;&#34;'")
        let mixed = "한국 😀🇰🇷 עברית عربى 𝄞"
        #expect(XMLText.clean(mixed) == mixed)
        #expect(XMLText.singleLine(" a \n\t b ") == "a b")
    }
}
