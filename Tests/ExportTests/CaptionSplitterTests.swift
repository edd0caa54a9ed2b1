import Foundation
import Testing

@testable import Export

@Suite("CaptionSplitter")
struct CaptionSplitterTests {
    /// About as long as the standard voice takes to say `text`: 0.15 s a character.
    static func speakingTime(_ text: String) -> Double {
        Double(text.filter { !$0.isWhitespace }.count) * 0.15
    }

    /// Sentences of the original data and how they should be laid out: cues separated by
    /// " | ", lines inside a cue by " / ".
    @Test(
        "long sentences become cues of at most two short lines, broken at phrase ends",
        arguments: [
            ("개최지: 프랑스 파리", "개최지: 프랑스 파리"),
            (
                "파리 만국박람회 1900 (L'Exposition de Paris 1900)",
                "파리 만국박람회 1900 / (L'Exposition de Paris 1900)"
            ),
            (
                "박람회가 끝난 뒤 건물은 헐려 지금은 남아 있지 않다.",
                "박람회가 끝난 뒤 건물은 / 헐려 지금은 남아 있지 않다."
            ),
            (
                "전시장은 샹드마르스 공원과 트로카데로, 앵발리드 앞 광장, 그리고 그 사이의 센강 양쪽 기슭에 걸쳐 있었고, 넓이는 약 112헥타르(1.12㎢)였다고 한다.",
                "전시장은 샹드마르스 공원과 / 트로카데로, 앵발리드 앞 광장, | 그리고 그 사이의 / 센강 양쪽 기슭에 걸쳐 있었고, | 넓이는 / 약 112헥타르(1.12㎢)였다고 한다."
            ),
            (
                "조선이 참가했던 1893년 시카고 박람회에 이어, 대한제국은 파리에서 샹드마르스의 쉬프랑 거리(avenue de Suffren) 쪽에 경복궁 근정전을 본뜬 대한제국관을 세웠다.",
                "조선이 참가했던 1893년 / 시카고 박람회에 이어, | 대한제국은 파리에서 샹드마르스의 / 쉬프랑 거리(avenue de Suffren) | 쪽에 경복궁 근정전을 / 본뜬 대한제국관을 세웠다."
            ),
            // A list joined by "·" too long for a line breaks after a "·"; a short one stays whole.
            (
                "나막신은 지역에 따라 나막개·나모께·나무신·목신·남신·나막개짝·토막신·껏두기·미엉·남박신·나묵신·나묵개·나맥신·나목신·나목개 등으로 불렸다.",
                "나막신은 지역에 따라 나막개· / 나모께·나무신·목신·남신· | 나막개짝·토막신·껏두기· / 미엉·남박신·나묵신· | 나묵개·나맥신·나목신· / 나목개 등으로 불렸다."
            ),
            ("책은 본래 상·하 2권이었지만 지금은 하권 한 권만 남아 있다.", "책은 본래 상·하 2권이었지만 / 지금은 하권 한 권만 남아 있다."),
        ])
    func layout(text: String, expected: String) {
        let cues = CaptionSplitter.cues(text: text, start: 0, end: Self.speakingTime(text))
        let shown = cues.map { $0.text.replacingOccurrences(of: "\n", with: " / ") }.joined(separator: " | ")
        #expect(shown == expected)
    }

    @Test(
        "limits hold (16 a line, 2 lines, 7 s) and no word is cut but after a list's \"·\" or one longer than a line",
        arguments: [
            "짧다.",
            "가나다라마바사아자차카타파하 가나다라마바사아자차카타파하 가나다라마바사아자차카타파하 끝.",
            "아주아주아주아주아주아주아주아주아주아주아주긴낱말하나가 들어 있는 문장입니다.",
            String(repeating: "낱말 ", count: 60) + "끝.",
            "Exposition Universelle de 1900 and a rather long English clause that goes on and on.",
            "가가가가가·나나나나나·다다다다다·라라라라라·마마마마마·바바바바바·사사사사사·아아아아아·자자자자자 끝.",
        ])
    func limits(text: String) {
        let cues = CaptionSplitter.cues(text: text, start: 1, end: 31)
        let words = GuideOutline.oneLine(text).split(separator: " ")
        #expect(cues.map(\.text).joined().filter { !$0.isWhitespace } == text.filter { !$0.isWhitespace })
        for piece in cues.flatMap({ $0.text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }) {
            let overlong = words.contains { $0.contains(piece) && WebVTTWriter.displayWidth($0) > CaptionSplitter.maxColumns }
            #expect(
                words.contains(piece) || words.contains { $0.contains(piece) && piece.last == "·" }
                    || words.contains { $0.hasSuffix(piece) && $0.contains("·") } || overlong, "\(piece) is a cut word")
        }
        for cue in cues {
            let lines = cue.text.split(separator: "\n")
            #expect(lines.count <= CaptionSplitter.maxLines)
            for line in lines {
                #expect(WebVTTWriter.displayWidth(line) <= CaptionSplitter.maxColumns, "\(line)")
            }
            #expect(cue.end - cue.start <= CaptionSplitter.maxDuration + 1e-9 || !cue.text.contains(where: \.isWhitespace))
        }
    }

    @Test("times are shared out by length, contiguous, from start to end")
    func proportionalTiming() throws {
        let text = "가나다라마바사아자차 가나다라마바사아자차, 가나다라마바사아자차 가나다라마바사아자차."
        let cues = CaptionSplitter.cues(text: text, start: 2, end: 12)
        try #require(cues.count == 2)
        #expect(cues[0].start == 2 && cues[1].end == 12)
        #expect(cues[0].end == cues[1].start)
        #expect(abs(cues[0].end - 7) < 0.2)
    }

    @Test(
        "word start times snap the cue starts; a wrong count or times outside are ignored",
        arguments: [
            ([0.0, 1, 2, 9, 10, 11], 9.0),
            ([0.0, 1, 2], 7.0),
            ([0.0, 1, 2, 30, 31, 32], 7.0),
        ])
    func wordTimes(wordStarts: [Double], expectedSecondStart: Double) throws {
        let text = "가나다라마바 가나다라마바 가나다라마바, 가나다라마바 가나다라마바 가나다라마바."
        let cues = CaptionSplitter.cues(text: text, start: 2, end: 12, wordStarts: wordStarts)
        try #require(cues.count == 2)
        #expect(abs(cues[1].start - expectedSecondStart) < 0.01)
        #expect(cues[0].end == cues[1].start && cues[0].start == 2 && cues[1].end == 12)
    }

    @Test(
        "empty text has no cue; a reversed or non-finite time does not go backwards",
        arguments: [
            (0.0, -1.0), (3.0, .nan), (3.0, .infinity),
        ])
    func degenerate(start: Double, end: Double) {
        #expect(CaptionSplitter.cues(text: " \n ", start: 0, end: 1).isEmpty)
        let cues = CaptionSplitter.cues(text: String(repeating: "낱말이 ", count: 30), start: start, end: end)
        #expect(!cues.isEmpty)
        #expect(cues.allSatisfy { $0.end >= $0.start && $0.start == start })
    }

    @Test("the width of every run of words from prefix sums is the width summed word by word (glued pieces, wide and narrow characters)")
    func lineWidths() {
        let words =
            CaptionSplitter.listPieces("나막개·나모께·나무신·목신·남신·나막개짝·토막신·껏두기")
            + ["(L'Exposition", "1900)", "만국박람회", "漢字", "e\u{301}"]
            + CaptionSplitter.listPieces(String(repeating: "가", count: 40))
        #expect(words.contains { $0.first == CaptionSplitter.glue })
        let widths = CaptionSplitter.LineWidths(words)
        for lower in 0...words.count {
            for upper in lower...words.count {
                #expect(widths.length(lower..<upper) == CaptionSplitter.length(words[lower..<upper]), "\(lower)..<\(upper)")
            }
        }
    }
}
