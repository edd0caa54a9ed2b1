import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Export

@Suite("Word-timed caption parts")
struct WordTimedCaptionTests {
    /// A sentence long enough for three caption parts.
    static let sentence =
        "대한제국은 1900년 파리 만국박람회에 처음으로 독립된 전시관을 세웠고, 그곳에서 비단과 도자기와 "
        + "나전칠기와 책을 선보였으며, 많은 관람객이 조선의 물건을 처음으로 보고 놀라워하며 오래 머물렀다."

    static func track(_ sentences: [String]) -> Track {
        Track(
            fileStem: "01-x", title: sentences[0], kind: .entry, position: 2,
            blocks: [
                Block(role: .paragraph, sentences: sentences.map { Sentence(display: $0, spoken: []) })
            ])
    }

    static func result(_ cues: [CaptionCue]) -> TrackResult {
        TrackResult(
            fileStem: "01-x", title: "x", kind: .entry, position: 2,
            audio: TrackAudio(
                durationSeconds: 30, sampleRate: 22050, loudnessLUFS: -19, peakDBFS: -1, sha256: "", byteCount: 0, cues: cues))
    }

    /// Word times that crowd the first words together: far from proportional.
    static func wordStarts(_ text: String, start: Double, end: Double) -> [Double?] {
        let count = Sentence.words(text).count
        return (0..<count).map { start + (end - start) * pow(Double($0) / Double(count), 2) }
    }

    @Test("each part of a long sentence starts when its first word is heard; the .vtt has the same cues")
    func threeParts() throws {
        let words = Self.wordStarts(Self.sentence, start: 1, end: 20)
        let track = Self.track([Self.sentence])
        let result = Self.result([CaptionCue(start: 1, end: 20, text: Self.sentence, wordStarts: words)])
        let cues = GuidePageCues.cues(for: track, result: result)
        let proportional = CaptionSplitter.cues(text: Self.sentence, start: 1, end: 20)
        try #require(cues.count >= 3 && cues.count == proportional.count, "\(cues.map(\.text))")
        #expect(cues.allSatisfy { $0.end - $0.start <= CaptionSplitter.maxDuration })
        var firstWord = 0
        for (index, cue) in cues.enumerated() {
            #expect(abs(cue.start - words[firstWord]!) < 1e-9, "part \(index) starts at \(cue.start)")
            firstWord += Sentence.words(cue.text.replacingOccurrences(of: "\n", with: " ")).count
        }
        #expect(zip(cues, proportional).contains { abs($0.start - $1.start) > 0.5 })
        #expect(cues.first?.start == 1 && cues.last?.end == 20)
        for (previous, next) in zip(cues, cues.dropFirst()) { #expect(previous.end == next.start) }
        let vtt = try WebVTTParser.parse(WebVTTWriter.render(track: track, result: result))
        #expect(vtt.map { $0.lines.map(WebVTTParser.unescape).joined(separator: "\n") } == cues.map(\.text))
        #expect(vtt.map(\.startMilliseconds) == cues.map { Int(($0.start * 1000).rounded()) })
        #expect(vtt.map(\.endMilliseconds) == cues.map { Int(($0.end * 1000).rounded()) })
    }

    @Test("a word without a time is timed by length between its heard neighbours; with none, or times outside, by the sentence")
    func fallback() throws {
        var words = Self.wordStarts(Self.sentence, start: 1, end: 20)
        let proportional = CaptionSplitter.cues(text: Self.sentence, start: 1, end: 20)
        let secondFirst = Sentence.words(proportional[0].text.replacingOccurrences(of: "\n", with: " ")).count
        words[secondFirst] = nil
        let cues = GuidePageCues.cues(
            for: Self.track([Self.sentence]),
            result: Self.result([
                CaptionCue(start: 1, end: 20, text: Self.sentence, wordStarts: words)
            ]))
        try #require(cues.count == proportional.count)
        // Timed by length between the words heard just before and after it.
        let shown = Sentence.words(Self.sentence).map { Double($0.count) }
        let before = secondFirst - 1
        let after = secondFirst + 1
        let expected = words[before]! + (words[after]! - words[before]!) * shown[before] / (shown[before] + shown[secondFirst])
        #expect(abs(cues[1].start - expected) < 1e-9)
        #expect(abs(cues[1].start - proportional[1].start) > 0.5)
        // No word time at all: the whole sentence is shared out by length.
        let none = GuidePageCues.cues(
            for: Self.track([Self.sentence]),
            result: Self.result([
                CaptionCue(start: 1, end: 20, text: Self.sentence, wordStarts: words.map { _ in nil })
            ]))
        #expect(none.map(\.start) == proportional.map(\.start))
        let late = GuidePageCues.cues(
            for: Self.track([Self.sentence]),
            result: Self.result([
                CaptionCue(start: 1, end: 20, text: Self.sentence, wordStarts: words.map { _ in 25 })
            ]))
        #expect(late.map(\.start) == proportional.map(\.start))
    }

    @Test("a cue holding two sentences gives each its own words' times")
    func joined() throws {
        let first = "짧은 문장."
        let track = Self.track([first, Self.sentence])
        let words = Self.wordStarts(first + " " + Self.sentence, start: 0, end: 20)
        let cues = GuidePageCues.cues(
            for: track,
            result: Self.result([
                CaptionCue(start: 0, end: 20, text: first + " " + Self.sentence, wordStarts: words)
            ]))
        try #require(cues.count >= 4 && cues[0].sentence == 0 && cues[1].sentence == 1)
        let secondPart = 2 + Sentence.words(cues[1].text.replacingOccurrences(of: "\n", with: " ")).count
        #expect(abs(cues[2].start - words[secondPart]!) < 1e-9)
    }
}
