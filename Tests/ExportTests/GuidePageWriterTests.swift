import ExpoModel
import Foundation
import Testing

@testable import Export

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
        #expect(Self.count("<h2 id=\"track-", in: page) == tracks.count)
        #expect(page.contains(">항목 1 / 2: <span class=\"s\" data-s=\"0\">시험 항목 하나</span></h2>"))
        let transcript = TranscriptWriter.render(tracks: tracks, summary: ExportSamples.summary())
        #expect(transcript.contains("\n항목 1 / 2: 시험 항목 하나\n"))
    }

    @Test("the French name in the title is marked lang=fr, in the h1 and the poster's heading")
    func foreignTitle() {
        let marked = "시험 박람회 1900 (<span lang=\"fr\">L&#39;Exposition d&#39;essai 1900</span>)"
        #expect(page.contains("<h1>\(marked)</h1>"))
        #expect(page.contains("><span class=\"s\" data-s=\"0\">\(marked)</span></h2>"))
    }

    @Test("poster facts in a definition list")
    func facts() {
        let facts = tracks[0].blocks.filter { $0.role == .fact }
        #expect(Self.count("<dl class=\"facts\">", in: page) == 1)
        for (index, fact) in facts.enumerated() {
            #expect(page.contains("<dt>\(fact.label)</dt><dd><span class=\"s\" data-s=\"\(index + 1)\">\(fact.value)</span></dd>"))
        }
    }

    @Test("each track has a native player with its sources, download links, no autoplay and no preload")
    func players() {
        let summary = ExportSamples.summary()
        let withAudio = summary.tracks.filter { $0.audioFile != nil }
        #expect(withAudio.count == 2)
        #expect(Self.count("<audio ", in: page) == withAudio.count + 1, "one per track and the guide's player")
        for result in withAudio {
            let stem = result.fileStem
            #expect(
                page.contains(
                    "<audio controls preload=\"none\" aria-labelledby=\"track-\(stem)\">\n<source src=\"\(stem).wav\" type=\"audio/wav\">\n<a href=\"\(stem).wav\">"
                ))
            #expect(page.contains("<a href=\"\(stem).vtt\" type=\"text/vtt\">자막 (WebVTT)</a>"))
        }
        #expect(!page.contains("autoplay") && !page.contains("<track"))
        #expect(page.contains("<audio id=\"guide-audio\" controls preload=\"none\"></audio>"))
        #expect(page.contains("(WAV, <time datetime=\"PT0M18"), "the first track's length, to the millisecond in its <time>")
        #expect(page.contains("18초</time>)"))
    }

    @Test("the player bar comes right after the header, before every list of links, and names its key")
    func playerBarFirst() {
        let html = GuidePageWriter.render(
            tracks: tracks, summary: ExportSamples.summary(),
            editions: PublishedEdition.published { $0 == "guide.txt" ? 100 : nil })
        let places = [
            "</header>", "<section id=\"guide-player\" class=\"player-bar\"", "<section id=\"player-settings\"",
            "<main id=\"main\"", "<nav class=\"editions\"", "<nav class=\"chapters\"",
        ].map { html.range(of: $0)?.lowerBound }
        #expect(places.allSatisfy { $0 != nil } && places.map { $0! } == places.map { $0! }.sorted(), "\(places)")
        #expect(html.contains("<button type=\"button\" id=\"play-button\" aria-keyshortcuts=\"Alt+P\" aria-describedby=\"key-hint\">재생</button>"))
        #expect(html.contains("id=\"key-hint\"") && html.contains("Alt+P(Mac은 Option+P)"))
        #expect(Self.count(" hidden>", in: html.components(separatedBy: "<main")[0]) == 2, "bar and settings wait for the script")
    }

    @Test("compressed sources are played first and the WAV offered as a download only")
    func compressedSources() {
        let stem = tracks[0].fileStem
        let sources = [
            GuidePageAudioSource(file: "\(stem).opus", mediaType: "audio/ogg; codecs=opus", label: "Opus"),
            GuidePageAudioSource(file: "\(stem).mp3", mediaType: "audio/mpeg", label: "MP3"),
            GuidePageAudioSource(file: "\(stem).wav", mediaType: "audio/wav", label: "WAV", inPlayer: false),
        ]
        let html = GuidePageWriter.render(tracks: tracks, summary: ExportSamples.summary(), audioSources: [stem: sources])
        #expect(
            html.contains(
                "<source src=\"\(stem).opus\" type=\"audio/ogg; codecs=opus\">\n<source src=\"\(stem).mp3\" type=\"audio/mpeg\">\n<a href=\"\(stem).opus\">"))
        #expect(!html.contains("<source src=\"\(stem).wav\""))
        #expect(
            html.contains(
                "<a href=\"\(stem).opus\" type=\"audio/ogg; codecs=opus\">음성 내려받기 (Opus, \(GuidePageWriter.durationElement(ExportSamples.summary().tracks[0].durationSeconds!)))</a> <a href=\"\(stem).mp3\" type=\"audio/mpeg\">음성 내려받기 (MP3)</a> <a href=\"\(stem).wav\" type=\"audio/wav\">음성 내려받기 (WAV)</a>"
            ))
    }

    @Test("each track's text is beside its player, one p per summary or paragraph, a span per sentence")
    func transcriptBesidePlayer() {
        let entry = tracks[1]
        let section = page.components(separatedBy: "<section aria-labelledby=\"track-")[2]
        for block in entry.blocks where block.role == .paragraph || block.role == .summary {
            #expect(Self.withoutTags(section).contains("\n\(block.displayText)\n"))
        }
        #expect(section.contains("<span class=\"s\" data-s=\"2\">첫 항목의 설명입니다.</span> <span class=\"s\" data-s=\"3\">"))
        #expect(section.range(of: "<audio")!.lowerBound < section.range(of: "짧은 설명입니다.")!.lowerBound)
    }

    /// `html` with every tag removed.
    static func withoutTags(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    }

    @Test("catalog text is data: hostile names and paragraphs are escaped, never markup")
    func escapesCatalogText() {
        // The player's script is code, not markup: its comparisons are not tags.
        let markup = page.replacingOccurrences(of: "<script>[\\s\\S]*?</script>", with: "<script></script>", options: .regularExpression)
        let tags = Set(Self.tagNames(markup))
        let allowed: Set<String> = [
            "!DOCTYPE", "html", "/html", "head", "/head", "meta", "title", "/title", "style", "time", "/time",
            "/style", "body", "/body", "a", "/a", "header", "/header", "h1", "/h1", "h2", "/h2", "p", "/p", "nav",
            "/nav", "ul", "/ul", "li", "/li", "main", "/main", "section", "/section", "dl", "/dl", "dt", "/dt", "dd",
            "/dd", "div", "/div", "audio", "/audio", "source", "span", "/span", "footer", "/footer", "ol", "/ol", "button",
            "/button", "label", "/label", "select", "/select", "option", "/option", "input", "script", "/script",
        ]
        #expect(tags.isSubset(of: allowed), "unexpected tags: \(tags.subtracting(allowed))")
        #expect(Self.count("<audio", in: page) == 3)
        #expect(page.contains("항목 2 / 2: <span class=\"s\" data-s=\"0\">&lt;audio src=x&gt; &amp; &quot;따옴표&quot; ]]&gt; --&gt;</span></h2>"))
        #expect(page.contains("<p><span class=\"s\" data-s=\"2\">첫 문장입니다 &lt;script&gt;alert(1)&lt;/script&gt; &amp; 끝.</span></p>"))
        #expect(page.contains("이유: 음성 합성기가 &lt;응답&gt; &amp; 하지 않았습니다."))
        #expect(Self.count("<script", in: page) == 2 && !page.contains("<b>") && !page.contains("<i>"))
        // In the embedded cues too the text cannot end the script element or open a comment.
        let withCues = GuidePageWriter.render(tracks: tracks, summary: ExportSamples.summary(lastFallsBack: false))
        #expect(Self.count("<script", in: withCues) == 2 && Self.count("</script>", in: withCues) == 2)
        #expect(withCues.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"))
        #expect(withCues.contains("\\u0026 끝.\",2]"))
        #expect(!withCues.contains("<!--"))
    }

    @Test("file names from the results are percent-encoded and stay relative")
    func hostileFileNames() {
        var summary = ExportSamples.summary()
        var tracks = self.tracks
        for (index, stem) in ["a\" onerror=\"alert(1)<x>", "//evil.example/c"].enumerated() {
            tracks[index].fileStem = stem
            summary.tracks[index].fileStem = stem
        }
        let html = GuidePageWriter.render(tracks: tracks, summary: summary)
        #expect(html.contains("src=\"a%22%20onerror%3D%22alert%281%29%3Cx%3E.wav\""))
        #expect(html.contains("href=\".//evil.example/c.vtt\""))
        #expect(!html.contains("onerror=\""))
    }

    @Test("a text-only guide has no players, says once why, and links only to what exists")
    func textOnly() {
        let html = GuidePageWriter.render(tracks: tracks, summary: ExportSamples.textOnlySummary())
        #expect(!html.contains("<audio") && !html.contains("<track") && !html.contains("<script"))
        #expect(!html.contains("guide.wav") && !html.contains("guide.m3u8"))
        #expect(html.contains("<p class=\"notice\">이 가이드의 음성은 만들지 못해 글로만 제공합니다. 이유: espeak-ng를 시작할 수 없습니다.</p>"))
        #expect(Self.count("class=\"notice\"", in: html) == 1)
        #expect(Self.count("<h2 id=\"track-", in: html) == tracks.count)
        #expect(html.contains("<p><span class=\"s\" data-s=\"6\">둘째 문단입니다.</span></p>"))
    }

    @Test("a track that fell back among others gets its own note")
    func partialFallback() {
        #expect(page.contains("일부 항목의 음성은 만들지 못해 글로만 제공합니다."))
        let lastSection = page.components(separatedBy: "<section ").last!
        #expect(lastSection.contains("<p class=\"notice\">이 항목의 음성은 만들지 못했습니다. 이유: "))
        #expect(!lastSection.contains("<audio"))
    }

    @Test("self-contained and zoomable: inline script only, no external URL, sizes in rem/em only")
    func selfContained() {
        #expect(!page.contains("<script src") && page.contains("<script type=\"application/json\" id=\"guide-data\">"))
        #expect(!page.contains("fetch(") && !page.contains("XMLHttpRequest") && !page.contains(".vtt'"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src=\"//"))
        #expect(!page.contains("<link"))
        let style = GuidePageWriter.styleSheet
        #expect(style.range(of: #"\d(px|pt)\b"#, options: .regularExpression) == nil)
        #expect(style.contains(":focus-visible"))
    }

    @Test(
        "markUp wraps only runs found in the text, with a well-formed language tag",
        arguments: [
            ("Paris (Ville) 끝", [SpokenRun(text: "Ville", language: "fr")], "Paris (<span lang=\"fr\">Ville</span>) 끝"),
            ("없음 <b>", [SpokenRun(text: "Ville", language: "fr")], "없음 &lt;b&gt;"),
            ("A & B", [SpokenRun(text: "A & B", language: "en\" onclick=\"x")], "A &amp; B"),
            (
                "x y x", [SpokenRun(text: "x", language: "en"), SpokenRun(text: "x", language: "de")],
                "<span lang=\"en\">x</span> y <span lang=\"de\">x</span>"
            ),
            // The spoken form differs from the displayed one: the Latin stretch that shares its words.
            (
                "파리 만국박람회 1900 (L'Exposition de Paris 1900)",
                [SpokenRun(text: "파리 만국박람회 천구백"), SpokenRun(text: "L'Exposition de Paris mille neuf cents", language: "fr")],
                "파리 만국박람회 1900 (<span lang=\"fr\">L&#39;Exposition de Paris 1900</span>)"
            ),
            (
                "박람회(Exposition Universelle de 1900)는 Grande Roue",
                [SpokenRun(text: "Exposition Universelle de mille neuf cents", language: "fr")],
                "박람회(<span lang=\"fr\">Exposition Universelle de 1900</span>)는 Grande Roue"
            ),
            ("Tripitaka Koreana (Le Monde)", [SpokenRun(text: "Buddhist texts", language: "en")], "Tripitaka Koreana (Le Monde)"),
        ])
    func markUp(text: String, runs: [SpokenRun], expected: String) {
        #expect(GuidePageWriter.markUp(text, foreign: runs) == expected)
    }

    @Test(
        "durations read as minutes and seconds",
        arguments: [
            (0.4, "1초"), (59.4, "59초"), (60.0, "1분"), (192.2, "3분 12초"),
        ])
    func spokenDuration(seconds: Double, expected: String) {
        #expect(GuidePageWriter.spokenDuration(seconds) == expected)
    }

    @Test(
        "a duration is shown in words and kept to the millisecond in <time datetime>",
        arguments: [
            (192.2, "<time datetime=\"PT3M12.200S\">3분 12초</time>"), (2562.7, "<time datetime=\"PT42M42.700S\">42분 43초</time>"),
            (60.0, "<time datetime=\"PT1M0S\">1분</time>"),
        ])
    func durationElement(seconds: Double, expected: String) {
        #expect(GuidePageWriter.durationElement(seconds) == expected)
    }

    @Test("the chapter list's total is the whole guide's length, pauses between tracks included, not the tracks added up")
    func guideTotal() {
        var summary = ExportSamples.summary(lastFallsBack: false)
        let added = summary.tracks.compactMap(\.durationSeconds).reduce(0, +)
        summary.guideDurationSeconds = added + 4
        let html = GuidePageWriter.render(tracks: ExportSamples.tracks, summary: summary)
        #expect(html.contains("(모두 \(GuidePageWriter.durationElement(added + 4)))"))
        summary.guideDurationSeconds = nil
        #expect(!GuidePageWriter.render(tracks: ExportSamples.tracks, summary: summary).contains("(모두 "))
    }
}
