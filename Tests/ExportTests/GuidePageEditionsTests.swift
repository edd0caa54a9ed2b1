import ExpoModel
import Testing

@testable import Export

@Suite("the page's list of editions")
struct GuidePageEditionsTests {
    let tracks = ExportSamples.tracks

    static func sizes(_ files: [String: Int]) -> (String) -> Int? { { files[$0] } }

    @Test("only the editions published are linked, in the table's order, each with its size and what opens it")
    func publishedOnly() {
        let editions = PublishedEdition.published(
            size: Self.sizes([
                "guide.wav": 82_000_000, "guide.mp3": 12_400_000, "guide.opus": 3_512_000, "guide-opus.m3u8": 900,
                "guide-mp3.m3u8": 880, "guide.m3u8": 870, "guide.epub": 14_100_000, "guide.brf": 152_300, "guide.txt": 40_100,
            ]))
        #expect(
            editions.map(\.edition.file) == [
                "guide.opus", "guide-opus.m3u8", "guide.mp3", "guide-mp3.m3u8", "guide.epub",
                "guide.brf", "guide.txt", "guide.wav", "guide.m3u8",
            ])
        let page = GuidePageWriter.render(tracks: tracks, summary: ExportSamples.summary(), editions: editions)
        let links = [
            "<a href=\"guide.opus\" type=\"audio/ogg; codecs=opus\">가이드 전체 음성 (Opus), 3.5 MB</a>",
            "<a href=\"guide-opus.m3u8\" type=\"audio/x-mpegurl\">장별 재생 목록 (Opus), 1 KB</a>",
            "<a href=\"guide.mp3\" type=\"audio/mpeg\">가이드 전체 음성 (MP3), 12 MB</a>",
            "<a href=\"guide.epub\" type=\"application/epub+zip\">전자책 (EPUB 3, 글과 음성), 14 MB</a>",
            "<a href=\"guide.brf\">점자책 (BRF), 153 KB</a>",
            "<li class=\"original\"><a href=\"guide.wav\" type=\"audio/wav\">가이드 전체 원본 음성 (WAV, 압축하지 않은 큰 파일), 82 MB</a>",
        ]
        let places = links.map { page.range(of: $0)?.lowerBound }
        #expect(places.allSatisfy { $0 != nil }, "\(links.filter { !page.contains($0) })")
        #expect(places.compactMap { $0 } == places.compactMap { $0 }.sorted())
        #expect(page.contains("점자 프린터(엠보서)") && page.contains("EPUB 전자책 읽기 프로그램") && page.contains("팟캐스트 앱"))
        for absent in ["guide.pef", "labels.json", "strings.xml", ".xcstrings"] { #expect(!page.contains(absent), "\(absent)") }
        // The Opus playlist is the first playlist a visitor meets; the WAV one comes last, with the originals.
        #expect(page.range(of: "guide-opus.m3u8")!.lowerBound < page.range(of: "\"guide.m3u8\"")!.lowerBound)
    }

    @Test("each edition has a name, what opens it, one file name, and a media type safe in an attribute")
    func table() {
        let files = GuideEdition.all.map(\.file)
        #expect(Set(files).count == files.count)
        for edition in GuideEdition.all {
            #expect(!edition.name.isEmpty && edition.opensWith.hasSuffix("."), "\(edition.file)")
            #expect(GuidePageWriter.url(edition.file) == edition.file, "a plain file name: \(edition.file)")
        }
        #expect(GuideEdition.all.filter(\.isOriginal).map(\.file) == ["guide.wav", "guide.m3u8"])
    }

    @Test("sizes: kilobytes under a megabyte, rounded up; megabytes above")
    func sizes() {
        #expect(GuidePageWriter.fileSize(1) == "1 KB")
        #expect(GuidePageWriter.fileSize(152_300) == "153 KB")
        #expect(GuidePageWriter.fileSize(999_999) == "1000 KB")
        #expect(GuidePageWriter.fileSize(3_512_000) == "3.5 MB")
        #expect(GuidePageWriter.fileSize(82_000_000) == "82 MB")
    }

    @Test("no edition published, no list")
    func none() {
        let page = GuidePageWriter.render(tracks: tracks, summary: ExportSamples.summary())
        #expect(!page.contains("editions-heading"))
    }
}
