import ExpoModel
import Foundation
import KoreanPronunciation
import Narration
import Normalization
import Synthesizer
import TestSupport
import Testing

@testable import Export

/// Speaks a real sentence with espeak-ng and checks that its caption parts are timed from the
/// word events, through every link: display word → spoken word → SSML place → word event.
@Suite("Word-timed captions from espeak-ng")
struct WordTimedSpeechTests {
    static let text =
        "대한제국은 1900년 파리 만국박람회에 처음으로 독립된 전시관(展示館)을 세웠고, 그곳에서 비단과 "
        + "도자기와 나전칠기와 책 27권을 선보였으며, 많은 관람객이 조선의 물건을 처음으로 보고 놀라워하며 오래 머물렀다."

    @Test("each part of a long sentence starts at the word event of its first word, and .vtt and page agree")
    func realSpeech() throws {
        let profile = TestProfiles.standard
        let normalizer = KoreanNormalizer()
        let track = Narrator(normalizer: normalizer).entryTrack(
            Entry(name: "전시관", imageName: "", shortDescription: "", description: Self.text), index: 0, count: 1)
        let sentence = track.sentences[1]
        let links = try #require(sentence.wordLinks, "the sentence has no word links")
        let timed = SSMLBuilder(profile: profile, pronouncer: StandardPronouncer(dictionary: .empty))
            .timedDocument(for: track)
        let spans = timed.wordSpans[1]
        #expect(spans.allSatisfy { $0 != nil }, "a display word has no place in the SSML: \(spans)")

        let engine = try EspeakSynthesizer.start()
        try engine.select(
            voice: profile.espeakVoice, rate: profile.rate, pitch: profile.pitch,
            volume: profile.volume, wordGap: profile.wordGap)
        var timer = CaptionTimer()
        var words: [SpeechEvent] = []
        var samples = 0
        try engine.speak(
            timed.ssml, isSSML: true, onSamples: { samples += $0.count },
            onEvent: { event in
                timer.record(event)
                if event.kind == .word { words.append(event) }
            })
        let offset = 0.3
        let cues = timer.cues(
            sentences: track.sentences.map(\.display), wordSpans: timed.wordSpans,
            speechDuration: Double(samples) / Double(engine.sampleRate), offset: offset)
        let result = TrackResult(
            fileStem: track.fileStem, title: track.title, kind: .entry, position: 2,
            audio: TrackAudio(
                durationSeconds: Double(samples) / Double(engine.sampleRate) + offset, sampleRate: engine.sampleRate,
                loudnessLUFS: nil, peakDBFS: nil, sha256: "", byteCount: 0, cues: cues))
        let page = GuidePageCues.cues(for: track, result: result)
        let parts = page.filter { $0.sentence == 1 }
        try #require(parts.count >= 3, "\(parts.map(\.text))")
        let sentenceCue = try #require(cues.first { $0.text == sentence.display })
        let proportional = CaptionSplitter.cues(text: sentence.display, start: sentenceCue.start, end: sentenceCue.end)
        try #require(proportional.map(\.text) == parts.map(\.text))

        // espeak-ng reports no word event for some long Korean words: a part starting with
        // one is timed by length between the nearest heard words, so it lies between them.
        func heard(_ word: Int) -> Double? {
            guard let span = spans[word] else { return nil }
            return words.filter { span.contains($0.textPosition) }.map { offset + Double($0.audioMilliseconds) / 1000 }.min()
        }
        var firstWord = 0
        var moved = 0.0
        var fromEvents = 0
        for (index, part) in parts.enumerated() {
            defer { firstWord += Sentence.words(part.text).count }
            guard index > 0 else {
                #expect(part.start == sentenceCue.start)
                continue
            }
            if let time = heard(firstWord) {
                fromEvents += 1
                #expect(
                    abs(part.start - time) < 1e-9,
                    "part \(index) \"\(part.text)\" starts at \(part.start), its first word (spoken word \(links[firstWord])) at \(time)")
                moved = max(moved, abs(part.start - proportional[index].start))
            } else {
                let before = (0..<firstWord).reversed().lazy.compactMap(heard).first ?? sentenceCue.start
                let after = ((firstWord + 1)..<spans.count).lazy.compactMap(heard).first ?? sentenceCue.end
                #expect(part.start > before && part.start < after, "part \(index) at \(part.start), not in \(before)…\(after)")
            }
        }
        try #require(fromEvents >= 1, "no part's first word had a word event")
        #expect(moved > 0.01, "the parts start where length alone would put them")
        for (previous, next) in zip(page, page.dropFirst()) { #expect(previous.end <= next.start + 1e-9) }

        let vtt = try WebVTTParser.parse(WebVTTWriter.render(track: track, result: result))
        #expect(vtt.map { $0.lines.map(WebVTTParser.unescape).joined(separator: "\n") } == page.map(\.text))
        #expect(vtt.map(\.startMilliseconds) == page.map { Int(($0.start * 1000).rounded()) })
    }
}
