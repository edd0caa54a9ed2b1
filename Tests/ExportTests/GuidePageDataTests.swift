import ExpoModel
import Foundation
import Testing

@testable import Export

@Suite("GuidePageCues")
struct GuidePageDataTests {
    static let track = Track(
        fileStem: "01-x", title: "제목", kind: .entry, position: 2,
        blocks: [
            Block(role: .title, sentences: [Sentence(display: "제목", spoken: [])]),
            Block(
                role: .paragraph,
                sentences: [
                    Sentence(display: "하나.", spoken: []), Sentence(display: "둘.", spoken: []),
                    Sentence(display: "셋은 조금 더 긴 문장입니다.", spoken: []),
                ]),
        ])

    static func result(_ cues: [CaptionCue]) -> TrackResult {
        TrackResult(
            fileStem: "01-x", title: "제목", kind: .entry, position: 2,
            audio: TrackAudio(
                durationSeconds: 6, sampleRate: 22050, loudnessLUFS: -19, peakDBFS: -1, sha256: "", byteCount: 0, cues: cues))
    }

    @Test("one cue per sentence keeps its sentence index and time; one under 5/6 s comes up earlier, into the silence before it")
    func oneToOne() {
        let cues = GuidePageCues.cues(
            for: Self.track,
            result: Self.result([
                CaptionCue(start: 0.3, end: 1, text: "제목"), CaptionCue(start: 1, end: 2, text: "하나."),
                CaptionCue(start: 2, end: 3, text: "둘."), CaptionCue(start: 3, end: 6, text: "셋은 조금 더 긴 문장입니다."),
            ]))
        #expect(cues.map(\.sentence) == [0, 1, 2, 3])
        #expect(zip(cues.map(\.start), [1 - CaptionSplitter.minDuration, 1, 2, 3]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(cues.last?.end == 6)
    }

    @Test("a cue that holds two sentences (one heard in no time) is shared between them by length")
    func joinedSentences() {
        let cues = GuidePageCues.cues(
            for: Self.track,
            result: Self.result([
                CaptionCue(start: 0, end: 1, text: "제목"), CaptionCue(start: 1, end: 4, text: "하나. 둘."),
                CaptionCue(start: 4, end: 6, text: "셋은 조금 더 긴 문장입니다."),
            ]))
        #expect(cues.map(\.sentence) == [0, 1, 2, 3])
        #expect(cues.map(\.text) == ["제목", "하나.", "둘.", "셋은 조금 더 긴 문장입니다."])
        #expect(abs(cues[1].end - (1 + 3 * 3.0 / 5)) < 0.001 && cues[2].start == cues[1].end && cues[2].end == 4)
    }

    @Test("a cue under 5/6 s stays up into the silence after it, else takes time from a neighbour that can spare it")
    func shortCues() {
        let cue = { (start: Double, end: Double, sentence: Int) in
            GuidePageCues.Cue(start: start, end: end, text: "가", sentence: sentence)
        }
        let later = CaptionSplitter.lengthenShortCues([cue(0, 0.2, 0), cue(2, 4, 1)], trackEnd: 5)
        #expect(later.map(\.start) == [0, 2] && later[0].end == CaptionSplitter.minDuration)
        let squeezed = CaptionSplitter.lengthenShortCues([cue(1, 3, 0), cue(3, 3.5, 1), cue(3.5, 6, 2)], trackEnd: 6)
        #expect(squeezed.allSatisfy { $0.end - $0.start >= CaptionSplitter.minDuration - 1e-9 }, "\(squeezed)")
        #expect(squeezed.first?.start == 1 && squeezed.last?.end == 6)
        for (previous, next) in zip(squeezed, squeezed.dropFirst()) { #expect(previous.end == next.start) }
        let last = CaptionSplitter.lengthenShortCues([cue(1, 3, 0), cue(3, 3.2, 1)], trackEnd: 10)
        #expect(last[1].end - last[1].start >= CaptionSplitter.minDuration - 1e-9 && last[1].start == 3)
    }

    @Test("a cue that matches no sentence goes to the next one in order")
    func unmatched() {
        let cues = GuidePageCues.cues(
            for: Self.track,
            result: Self.result([
                CaptionCue(start: 0, end: 1, text: "다른 제목"), CaptionCue(start: 1, end: 2, text: "하나."),
            ]))
        #expect(cues.map(\.sentence) == [0, 1])
        #expect(cues[0].text == "다른 제목")
    }

    @Test(
        "JSON strings cannot close the script element",
        arguments: [
            ("</script><!--", "\"\\u003c/script\\u003e\\u003c!--\""),
            ("a\"b\\c\nd", "\"a\\\"b\\\\c\\nd\""),
            ("\u{2028}&\u{7}", "\"\\u2028\\u0026\\u0007\""),
        ])
    func jsonString(text: String, expected: String) throws {
        #expect(GuidePageCues.string(text) == expected)
        let decoded = try JSONDecoder().decode(String.self, from: Data(GuidePageCues.string(text).utf8))
        #expect(decoded == text)
    }

    @Test("times are written with milliseconds", arguments: [(0.0, "0.000"), (1.5, "1.500"), (61.0004, "61.000"), (.nan, "0")])
    func numbers(seconds: Double, expected: String) {
        #expect(GuidePageCues.number(seconds) == expected)
    }

    @Test("the whole JSON parses back")
    func wholeJSON() throws {
        let cue = GuidePageCues.Cue(start: 1, end: 2.25, text: "줄 하나\n줄 둘", sentence: 3)
        let json = GuidePageCues.json([(id: "track-01-x", cues: [cue])])
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let tracks = try #require(object?["tracks"] as? [[String: Any]])
        #expect(tracks.first?["id"] as? String == "track-01-x")
        let first = try #require((tracks.first?["cues"] as? [[Any]])?.first)
        #expect(first[2] as? String == "줄 하나\n줄 둘" && first[3] as? Int == 3)
    }
}
