import ExpoModel
import Foundation
import Testing

@testable import Export

@Suite("TrackCaptions kept as text")
struct TrackCaptionsTests {
    static let track = GuidePageDataTests.track
    static let cues = [
        CaptionCue(start: 0.3, end: 1, text: "제목"), CaptionCue(start: 1, end: 2, text: "하나.", wordStarts: [1.05]),
        CaptionCue(start: 2, end: 3, text: "둘."), CaptionCue(start: 3, end: 6.123456789, text: "셋은 조금 더 긴 문장입니다."),
    ]

    @Test("the encoded cues read back to the very same cues: times bit for bit, text with line breaks and backslashes")
    func roundTrip() throws {
        let split = TrackCaptions(track: Self.track, result: GuidePageDataTests.result(Self.cues))
        let back = try #require(TrackCaptions(encoded: Substring(split.encoded)))
        #expect(back == split)
        let awkward = TrackCaptions(cues: [
            GuidePageCues.Cue(start: 0.1 + 0.2, end: .nan, text: "둘째 줄\n\\n 그리고 \r 끝 \\", sentence: 3),
            GuidePageCues.Cue(start: -0.0, end: 1e-300, text: "", sentence: 0),
        ])
        let read = try #require(TrackCaptions(encoded: Substring(awkward.encoded)))
        #expect(read.cues.map(\.text) == awkward.cues.map(\.text))
        #expect(read.cues.map(\.start.bitPattern) == awkward.cues.map(\.start.bitPattern))
        #expect(read.cues.map(\.end.bitPattern) == awkward.cues.map(\.end.bitPattern))
        #expect(read.cues.map(\.sentence) == [3, 0])
        #expect(TrackCaptions(encoded: "")?.cues == [])
    }

    @Test(
        "text that is not encoded cues is refused",
        arguments: [
            "0 0 0 x", "zz 0 0 x\n", "0 0 -1 x\n", "0 0 0 ends in a lone backslash \\\n", "0 0 0 bad \\t escape\n", "0 0\n",
        ])
    func refused(_ text: String) {
        #expect(TrackCaptions(encoded: Substring(text)) == nil)
    }

    @Test("the inputs change with every sentence, cue time, cue text, word time and the length; not with the title")
    func inputs() {
        let base = TrackCaptions.inputs(track: Self.track, result: GuidePageDataTests.result(Self.cues))
        var changedTrack = Self.track
        changedTrack.blocks[1].sentences[0].display = "하나!"
        var retitled = Self.track
        retitled.title = "다른 제목"
        var variants: [[CaptionCue]] = []
        for index in Self.cues.indices {
            var cues = Self.cues
            cues[index].start = cues[index].start.nextUp
            variants.append(cues)
            cues = Self.cues
            cues[index].end = cues[index].end.nextDown
            variants.append(cues)
            cues = Self.cues
            cues[index].text += " "
            variants.append(cues)
            cues = Self.cues
            cues[index].wordStarts = cues[index].wordStarts == nil ? [] : nil
            variants.append(cues)
        }
        var later = Self.cues
        later[1].wordStarts = [1.06]
        variants.append(later)
        variants.append(Array(Self.cues.dropLast()))
        var all = [base, TrackCaptions.inputs(track: changedTrack, result: GuidePageDataTests.result(Self.cues))]
        all += variants.map { TrackCaptions.inputs(track: Self.track, result: GuidePageDataTests.result($0)) }
        var longer = GuidePageDataTests.result(Self.cues)
        longer.audio?.durationSeconds = 6.5
        all.append(TrackCaptions.inputs(track: Self.track, result: longer))
        #expect(Set(all).count == all.count)
        #expect(TrackCaptions.inputs(track: retitled, result: GuidePageDataTests.result(Self.cues)) == base)
    }
}
