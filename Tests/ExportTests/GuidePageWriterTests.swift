import Foundation
import Testing
import ExpoModel
import ExpoSystem
import CatalogLoading
import KoreanSpeech
import Narration
@testable import Export
import TestSupport

@Suite("GuidePageWriter")
struct GuidePageWriterTests {
    let tracks = ExportSamples.tracks
    var page: String { GuidePageWriter.render(tracks: tracks, summary: ExportSamples.summary()) }

    /// The names of every start and end tag in `html`, in order ("p", "/p", "!DOCTYPE").
    static func tagNames(_ html: String) -> [String] {
        var names: [String] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            names.append(String(rest.prefix { !$0.isWhitespace && $0 != ">" }))
        }
        return names
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("document shell: Korean, UTF-8, viewport, title, one h1, a skip link to main")
    func shell() {
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"ko\">\n<head>\n<meta charset=\"utf-8\">\n"))
        #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(page.contains("<title>시험 박람회 1900 (L&#39;Exposition d&#39;essai 1900) 오디오 가이드</title>"))
        #expect(Self.count("<h1", in: page) == 1)
        #expect(page.contains("<a class=\"skip-link\" href=\"#main\">"))
        #expect(Self.count("<main id=\"main\"", in: page) == 1)
        #expect(page.hasSuffix("</html>\n"))
    }

    @Test("one h2 per track, headed and numbered as in the transcript")
    func headings() {
        #expect(Self.count("<h2 ", in: page) == tracks.count)
        #expect(page.contains(">항목 1 / 2: 시험 항목 하나</h2>"))
        let transcript = TranscriptWriter.render(tracks: tracks, summary: ExportSamples.summary())
        #expect(transcript.contains("\n항목 1 / 2: 시험 항목 하나\n"))
    }

    @Test("the French name in the title is marked lang=fr, in the h1 and the poster's heading")
    func foreignTitle() {
        let marked = "시험 박람회 1900 (<span lang=\"fr\">L&#39;Exposition d&#39;essai 1900</span>)"
        #expect(page.contains("<h1>\(marked)</h1>"))
        #expect(page.contains(">\(marked)</h2>"))
    }

    @Test("poster facts in a definition list")
    func facts() {
        let facts = tracks[0].blocks.filter { $0.role == .fact }
        #expect(Self.count("<dl class=\"facts\">", in: page) == 1)
        for fact in facts {
            #expect(page.contains("<dt>\(fact.label)</dt><dd>\(fact.value)</dd>"))
        }
    }

    @Test("players have captions, a download link, no autoplay and no preload")
    func players() {
        let summary = ExportSamples.summary()
        let withAudio = summary.tracks.filter { $0.audioFile != nil }
        #expect(withAudio.count == 2)
        #expect(Self.count("<audio ", in: page) == withAudio.count)
        for result in withAudio {
            let stem = result.fileStem
            #expect(page.contains("<audio controls preload=\"none\" src=\"\(stem).wav\" aria-labelledby=\"track-\(stem)\">\n<track kind=\"captions\" srclang=\"ko\" label=\"한국어\" src=\"\(stem).vtt\" default>\n<a href=\"\(stem).wav\">"))
        }
        #expect(!page.contains("autoplay"))
        #expect(page.contains("<a href=\"guide.wav\" type=\"audio/wav\">"))
        #expect(page.contains("<a href=\"guide.m3u8\" type=\"audio/x-mpegurl\">"))
        #expect(page.contains("<a href=\"guide.txt\" type=\"text/plain\">"))
        #expect(page.contains("(WAV, 18초)"))
    }

    @Test("each track's text is beside its player, one p per summary or paragraph")
    func transcriptBesidePlayer() {
        let entry = tracks[1]
        let section = page.components(separatedBy: "<section ")[2]
        for block in entry.blocks where block.role == .paragraph || block.role == .summary {
            #expect(section.contains(">\(block.displayText)</p>"))
        }
        #expect(section.range(of: "<audio")!.lowerBound < section.range(of: "짧은 설명입니다.")!.lowerBound)
    }

    @Test("catalog text is data: hostile names and paragraphs are escaped, never markup")
    func escapesCatalogText() {
        let tags = Set(Self.tagNames(page))
        let allowed: Set<String> = ["!DOCTYPE", "html", "/html", "head", "/head", "meta", "title", "/title", "style",
            "/style", "body", "/body", "a", "/a", "header", "/header", "h1", "/h1", "h2", "/h2", "p", "/p", "nav",
            "/nav", "ul", "/ul", "li", "/li", "main", "/main", "section", "/section", "dl", "/dl", "dt", "/dt", "dd",
            "/dd", "div", "/div", "audio", "/audio", "track", "span", "/span", "footer", "/footer"]
        #expect(tags.isSubset(of: allowed), "unexpected tags: \(tags.subtracting(allowed))")
        #expect(Self.count("<audio", in: page) == 2)
        #expect(page.contains("항목 2 / 2: &lt;audio src=x&gt; &amp; &quot;따옴표&quot; ]]&gt; --&gt;</h2>"))
        #expect(page.contains("<p>첫 문장입니다 &lt;script&gt;alert(1)&lt;/script&gt; &amp; 끝.</p>"))
        #expect(page.contains("이유: 음성 합성기가 &lt;응답&gt; &amp; 하지 않았습니다."))
        #expect(!page.contains("<script") && !page.contains("<b>") && !page.contains("<i>"))
    }

    @Test("file names from the results are percent-encoded and stay relative")
    func hostileFileNames() {
        var summary = ExportSamples.summary()
        var tracks = self.tracks
        for (index, stem) in ["a\" onerror=\"alert(1)<x>", "//evil.example/c"].enumerated() {
            tracks[index].fileStem = stem
            summary.tracks[index].fileStem = stem
        }
        summary.guideAudioFile = "javascript:alert(1)"
        let html = GuidePageWriter.render(tracks: tracks, summary: summary)
        #expect(html.contains("src=\"a%22%20onerror%3D%22alert%281%29%3Cx%3E.wav\""))
        #expect(html.contains("src=\".//evil.example/c.vtt\""))
        #expect(html.contains("href=\"javascript%3Aalert%281%29\""))
        #expect(!html.contains("onerror=\""))
    }

    @Test("a text-only guide has no players, says once why, and links only to what exists")
    func textOnly() {
        let html = GuidePageWriter.render(tracks: tracks, summary: ExportSamples.textOnlySummary())
        #expect(!html.contains("<audio") && !html.contains("<track"))
        #expect(!html.contains("guide.wav") && !html.contains("guide.m3u8"))
        #expect(html.contains("<a href=\"guide.txt\""))
        #expect(html.contains("<p class=\"notice\">이 가이드의 음성은 만들지 못해 글로만 제공합니다. 이유: espeak-ng를 시작할 수 없습니다.</p>"))
        #expect(Self.count("class=\"notice\"", in: html) == 1)
        #expect(Self.count("<h2 ", in: html) == tracks.count)
        #expect(html.contains("<p>둘째 문단입니다.</p>"))
    }

    @Test("a track that fell back among others gets its own note")
    func partialFallback() {
        #expect(page.contains("일부 항목의 음성은 만들지 못해 글로만 제공합니다."))
        let lastSection = page.components(separatedBy: "<section ").last!
        #expect(lastSection.contains("<p class=\"notice\">이 항목의 음성은 만들지 못했습니다. 이유: "))
        #expect(!lastSection.contains("<audio"))
    }

    @Test("self-contained and zoomable: no script, no external URL, sizes in rem/em only")
    func selfContained() {
        #expect(!page.contains("<script"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src=\"//"))
        #expect(!page.contains("<link"))
        let style = GuidePageWriter.styleSheet
        #expect(style.range(of: #"\d(px|pt)\b"#, options: .regularExpression) == nil)
        #expect(style.contains(":focus-visible"))
    }

    @Test("markUp wraps only runs found in the text, with a well-formed language tag", arguments: [
        ("Paris (Ville) 끝", [SpokenRun(text: "Ville", language: "fr")], "Paris (<span lang=\"fr\">Ville</span>) 끝"),
        ("없음 <b>", [SpokenRun(text: "Ville", language: "fr")], "없음 &lt;b&gt;"),
        ("A & B", [SpokenRun(text: "A & B", language: "en\" onclick=\"x")], "A &amp; B"),
        ("x y x", [SpokenRun(text: "x", language: "en"), SpokenRun(text: "x", language: "de")],
         "<span lang=\"en\">x</span> y <span lang=\"de\">x</span>"),
    ])
    func markUp(text: String, runs: [SpokenRun], expected: String) {
        #expect(GuidePageWriter.markUp(text, foreign: runs) == expected)
    }

    @Test("durations read as minutes and seconds", arguments: [
        (0.4, "1초"), (59.4, "59초"), (60.0, "1분"), (192.2, "3분 12초"),
    ])
    func spokenDuration(seconds: Double, expected: String) {
        #expect(GuidePageWriter.spokenDuration(seconds) == expected)
    }
}
