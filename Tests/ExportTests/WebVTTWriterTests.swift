import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Export

@Suite("WebVTTWriter")
struct WebVTTWriterTests {
    @Test("header, numbered cues and blank lines between them survive a round trip")
    func roundTrip() throws {
        let cues = [
            CaptionCue(start: 0, end: 1.5, text: "첫 문장입니다."),
            CaptionCue(start: 1.5, end: 3.25, text: "두 번째 문장입니다."),
            CaptionCue(start: 3.5, end: 3661.001, text: "마지막."),
        ]
        let text = WebVTTWriter.render(cues: cues)
        #expect(text.hasPrefix("WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\n첫 문장입니다.\n\n2\n"))
        #expect(text.hasSuffix("\n"))
        let parsed = try WebVTTParser.parse(text)
        #expect(parsed.map(\.identifier) == ["1", "2", "3"])
        #expect(parsed.map(\.plainText) == cues.map(\.text))
        #expect(parsed.map(\.startMilliseconds) == [0, 1500, 3500])
        #expect(parsed.map(\.endMilliseconds) == [1500, 3250, 3_661_001])
        #expect(try WebVTTParser.captionCues(text) == cues)
    }

    @Test(
        "timestamps are HH:MM:SS.mmm",
        arguments: [
            (0, "00:00:00.000"), (999, "00:00:00.999"), (61_001, "00:01:01.001"),
            (3_600_000, "01:00:00.000"), (360_000_000, "100:00:00.000"),
        ])
    func timestamp(milliseconds: Int, expected: String) {
        #expect(WebVTTWriter.timestamp(milliseconds) == expected)
        #expect(WebVTTParser.milliseconds(expected) == milliseconds)
    }

    @Test("overlapping, reversed, empty and non-finite cues come out ordered with positive durations")
    func repairsTiming() throws {
        let cues = [
            CaptionCue(start: 2, end: 4, text: "하나"),
            CaptionCue(start: 3, end: 5, text: "겹침"),
            CaptionCue(start: 6, end: 6, text: "길이 없음"),
            CaptionCue(start: 7, end: 6.5, text: "거꾸로"),
            CaptionCue(start: 8, end: 9, text: " \n "),
            CaptionCue(start: .nan, end: .infinity, text: "숫자 아님"),
            CaptionCue(start: -1, end: 0.5, text: "음수"),
        ]
        let parsed = try WebVTTParser.parse(WebVTTWriter.render(cues: cues))
        #expect(parsed.map(\.plainText) == ["하나", "겹침", "길이 없음", "거꾸로", "숫자 아님", "음수"])
        #expect(parsed.map(\.identifier) == ["1", "2", "3", "4", "5", "6"])
        var previousEnd = 0
        for cue in parsed {
            #expect(cue.startMilliseconds >= previousEnd)
            #expect(cue.endMilliseconds > cue.startMilliseconds)
            previousEnd = cue.endMilliseconds
        }
        #expect(parsed[1].startMilliseconds == 4000)
    }

    @Test("markup characters are escaped, and no cue text holds --> or a blank line")
    func escapesHostileText() throws {
        let hostile = "a < b && c > d --> <c.yellow>색</c>\n\n다음 줄 -- > 끝"
        let text = WebVTTWriter.render(cues: [CaptionCue(start: 0, end: 1, text: hostile)])
        let body = text.components(separatedBy: "\n").dropFirst(4)
        #expect(!body.joined().contains("-->"))
        #expect(!body.joined().contains("<"))
        #expect(text.contains("a &lt; b &amp;&amp; c &gt; d --&gt; &lt;c.yellow&gt;색&lt;/c&gt;"))
        let parsed = try WebVTTParser.parse(text)
        #expect(parsed.count == 1)
        #expect(parsed[0].plainText == "a < b && c > d --> <c.yellow>색</c> 다음 줄 -- > 끝")
    }

    @Test("long sentences wrap at spaces to lines of at most 42 columns, Hangul counting two")
    func wrapsLongSentences() throws {
        let sentence = ExportSamples.tracks[1].sentences.map(\.display).max { $0.count < $1.count }!
        let parsed = try WebVTTParser.parse(WebVTTWriter.render(cues: [CaptionCue(start: 0, end: 5, text: sentence)]))
        #expect(parsed[0].lines.count > 1)
        for line in parsed[0].lines {
            #expect(WebVTTWriter.displayWidth(Substring(line)) <= WebVTTWriter.lineWidthColumns)
        }
        #expect(parsed[0].plainText == sentence)
        let latin = String(repeating: "word ", count: 20).trimmingCharacters(in: .whitespaces)
        let latinLines = WebVTTWriter.wrap(latin, columns: 42)
        #expect(latinLines.allSatisfy { $0.count <= 42 })
        #expect(latinLines[0].count > 35)
    }

    @Test("a word wider than a line stays whole")
    func keepsLongWords() {
        let word = String(repeating: "가", count: 30)
        #expect(WebVTTWriter.wrap("앞 \(word) 뒤", columns: 42) == ["앞", word, "뒤"])
    }
}

@Suite("WebVTTParser")
struct WebVTTParserTests {
    @Test(
        "malformed files are refused",
        arguments: [
            "WEBVT\n\n1\n00:00:00.000 --> 00:00:01.000\n글\n",
            "WEBVTT\n1\n00:00:00.000 --> 00:00:01.000\n글\n",
            "WEBVTT\n\n1\n00:00:00.000 -> 00:00:01.000\n글\n",
            "WEBVTT\n\n1\n00:00:0.000 --> 00:00:01.000\n글\n",
            "WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\n",
            "WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\n글 --> 글\n",
            "WEBVTT\n\n1\n00:61:00.000 --> 00:00:01.000\n글\n",
        ])
    func refusesMalformed(text: String) {
        #expect(throws: WebVTTParser.ParseError.self) { try WebVTTParser.parse(text) }
    }

    @Test("cue settings, NOTE blocks, CRLF and short timestamps are read")
    func readsSpecFeatures() throws {
        let text = "\u{FEFF}WEBVTT - 설명\r\n\r\nNOTE 메모\r\n\r\n00:01.000 --> 00:02.500 line:0 align:start\r\n&lt;글&gt; &amp;\r\n둘째 줄\r\n"
        let cues = try WebVTTParser.parse(text)
        #expect(cues == [WebVTTParser.Cue(identifier: nil, startMilliseconds: 1000, endMilliseconds: 2500, lines: ["&lt;글&gt; &amp;", "둘째 줄"])])
        #expect(cues[0].plainText == "<글> & 둘째 줄")
    }

    @Test("a caption line with right-to-left text or a direction control is isolated; Korean is left as it is")
    func directionIsolation() {
        #expect(WebVTTWriter.isolated("갓은 모자다.") == "갓은 모자다.")
        #expect(WebVTTWriter.isolated("빈 \u{202E}문장.") == "\u{2068}빈 \u{202E}문장.\u{2069}")
        #expect(WebVTTWriter.isolated("שלום 갓") == "\u{2068}שלום 갓\u{2069}")
        let vtt = WebVTTWriter.render(cues: [CaptionCue(start: 0, end: 1, text: "가 \u{202E}나"), CaptionCue(start: 1, end: 2, text: "다")])
        #expect(vtt.contains("\u{2068}가 \u{202E}나\u{2069}\n") && vtt.contains("\n다\n"))
    }
}
