import ExpoModel
import Testing

@testable import Export

/// The page and the transcript with pictures and an audio description.
@Suite struct PicturePageTests {
    static func picture(_ stem: String, _ alternative: PictureAlternative) -> PublishedPicture {
        let variants = [480, 960].flatMap { width in
            [
                PictureVariant(file: "\(stem)-\(width).webp", width: width, height: width * 3 / 4, mediaType: "image/webp", byteCount: 1),
                PictureVariant(file: "\(stem)-\(width).jpg", width: width, height: width * 3 / 4, mediaType: "image/jpeg", byteCount: 1),
            ]
        }
        return PublishedPicture(fileStem: stem, alternative: alternative, variants: variants, bookVariant: variants[3])
    }

    @Test func figureWithSourcesAndTruthfulAlt() {
        let tracks = ExportSamples.tracks
        let pictures = [
            tracks[0].fileStem: Self.picture(tracks[0].fileStem, .text("포스터 \"그림\" <b>")),
            tracks[1].fileStem: Self.picture(tracks[1].fileStem, .decorative),
            tracks[2].fileStem: Self.picture(tracks[2].fileStem, .missing),
        ]
        let html = GuidePageWriter.render(tracks: tracks, summary: ExportSamples.summary(), pictures: pictures)
        #expect(html.components(separatedBy: "<figure class=\"picture\">").count - 1 == 3)
        let stem = tracks[1].fileStem
        #expect(html.contains("<source type=\"image/webp\" srcset=\"\(stem)-480.webp 480w, \(stem)-960.webp 960w\""))
        #expect(html.contains("<img src=\"\(stem)-480.jpg\" srcset=\"\(stem)-480.jpg 480w, \(stem)-960.jpg 960w\""))
        #expect(html.contains("alt=\"포스터 &quot;그림&quot; &lt;b&gt;\" loading=\"lazy\""))
        #expect(html.contains("width=\"480\" height=\"360\" alt=\"\" loading=\"lazy\" decoding=\"async\">"))
        // Never the file name: the missing alternative says what it is a picture of, and that it has none.
        let missing = GuidePageWriter.altText(.missing, title: tracks[2].title)
        #expect(missing.hasSuffix("그림 (대체 텍스트 없음)") && !missing.contains("evil"))
        #expect(GuidePageWriter.render(tracks: tracks, summary: ExportSamples.summary()).contains("<figure") == false)
    }

    @Test func appearancePartOnThePageAndInTheTranscript() {
        var tracks = ExportSamples.tracks
        let part = Block(role: .appearance, label: "생김새", sentences: [Sentence(display: "둥근 <흰> 항아리다.", spoken: [SpokenRun(text: "둥근 흰 항아리다.")])])
        tracks[1].blocks.insert(part, at: 1)
        let summary = ExportSamples.summary(for: tracks)
        let html = GuidePageWriter.render(tracks: tracks, summary: summary)
        #expect(html.contains("<h3>생김새</h3>\n<p class=\"appearance\"><span class=\"s\" data-s=\"1\">둥근 &lt;흰&gt; 항아리다.</span></p>"))
        let transcript = TranscriptWriter.render(tracks: tracks, summary: summary)
        #expect(transcript.contains("\n\n생김새\n둥근 <흰> 항아리다.\n\n"), "\(transcript)")
    }
}
