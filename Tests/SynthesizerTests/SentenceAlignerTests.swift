import ExpoModel
import TestSupport
import Testing

@testable import Synthesizer

@Suite("Sentences placed where the audio has them")
struct SentenceAlignerTests {
    /// Three sentences with 450 ms breaks between them, as the audio has them (ms): sound
    /// 0–900, a clause pause 900–1100, sound 1100–3000, the break 3000–3600, sound 3600–5000,
    /// the break 5000–5700, sound 5700–8000.
    static let sounds = [0..<900, 1100..<3000, 3600..<5000, 5700..<8000]

    @Test("a late mark is moved to the end of the break before its sentence; the first and last sentences reach the sound's ends")
    func lateMark() {
        // The second mark is heard 1.2 s late, inside its sentence; the third is right.
        let placed = SentenceAligner.align(marks: [300, 4800, 5700], pauses: [0, 450, 450], sounds: Self.sounds, total: 8000)
        #expect(placed.map(\.start) == [0, 3600, 5700])
        #expect(placed.map(\.end) == [3000, 5000, 8000])
    }

    @Test("a clause pause shorter than the break is never taken for it")
    func clausePause() {
        let placed = SentenceAligner.align(marks: [0, 1100, 5700], pauses: [0, 450, 450], sounds: Self.sounds, total: 8000)
        #expect(placed.map(\.start) == [0, 3600, 5700])
    }

    @Test("a boundary with no break stays at its mark, the sentences meeting there, so no sound is left out")
    func noBreak() {
        let placed = SentenceAligner.align(marks: [0, 2000, 5700], pauses: [0, 0, 450], sounds: Self.sounds, total: 8000)
        #expect(placed.map(\.start) == [0, 2000, 5700])
        #expect(placed.map(\.end) == [2000, 5000, 8000])
    }

    @Test(
        "every sound is inside a sentence, whatever the marks",
        arguments: [
            [0, 0, 0], [7000, 7500, 7900], [200, 4000, 4100], [8000, 8000, 8000],
        ])
    func coverage(marks: [Int]) {
        let placed = SentenceAligner.align(marks: marks, pauses: [0, 450, 450], sounds: Self.sounds, total: 8000)
        for sound in Self.sounds {
            for ms in stride(from: sound.lowerBound, to: sound.upperBound, by: 10) {
                #expect(placed.contains { $0.start <= ms && ms + 10 <= $0.end }, "\(ms) ms is outside every sentence: \(placed)")
            }
        }
        for (previous, next) in zip(placed, placed.dropFirst()) { #expect(previous.end <= next.start) }
    }

    @Test(
        "the path is the same whether every boundary's choices are held at once or a stretch at a time",
        arguments: [2, 3, 10, 17, 50])
    func stretches(sentences: Int) {
        // Deterministic pseudo-random sounds, breaks and marks (some boundaries without a
        // break), so that the paths take and skip silences.
        var seed: UInt64 = UInt64(sentences) &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var sounds: [Range<Int>] = []
        var time = 0
        for _ in 0..<(sentences * 4) {
            let length = 200 + next(2_000)
            sounds.append(time..<(time + length))
            time += length + [150, 300, 500, 700][next(4)]
        }
        // Marks anywhere (not near their breaks), so that the best path trades one boundary's
        // distance against another's and the costs carried from stretch to stretch matter.
        let marks = (0..<sentences).map { _ in next(time) }.sorted()
        let pauses = (0..<sentences).map { $0 == 0 || next(5) == 0 ? 0 : 450 }
        let silences = zip(sounds, sounds.dropFirst()).map { $0.upperBound..<$1.lowerBound }
        let whole = SentenceAligner.match(marks: marks, pauses: pauses, silences: silences, stretch: sentences)
        #expect(whole.contains { $0 != nil })
        for stretch in [1, 2, 3, 7] {
            #expect(
                SentenceAligner.match(marks: marks, pauses: pauses, silences: silences, stretch: stretch) == whole,
                "stretch \(stretch)")
        }
        #expect(SentenceAligner.match(marks: marks, pauses: pauses, silences: silences) == whole)
    }

    @Test("the timer's cues follow the audio, in seconds of the published WAV (after its head silence)")
    func timerCues() {
        var timer = CaptionTimer()
        for (index, ms) in [300, 4800, 5700].enumerated() {
            timer.record(SpeechEvent(kind: .mark("s\(index)"), audioMilliseconds: ms, textPosition: 0))
        }
        let sounds = Self.sounds.map { Double($0.lowerBound) / 1000 + 0.3..<Double($0.upperBound) / 1000 + 0.3 }
        let cues = timer.cues(
            sentences: ["가.", "나.", "다."], speechDuration: 8, offset: 0.3, sounds: sounds,
            pauses: [0, 450, 450])
        #expect(cues.map(\.start) == [0.3, 3.9, 6.0])
        #expect(cues.map(\.end) == [3.3, 5.3, 8.3])
    }

    @Test("the pause before each sentence is read back from the SSML's breaks")
    func pauses() {
        let ssml =
            "<speak><p><s><mark name=\"s0\"/>가</s><break time=\"450ms\"/><s><mark name=\"s1\"/>나</s></p>"
            + "<break time=\"900ms\"/><p><s><mark name=\"s2\"/>다</s></p></speak>"
        #expect(SSMLBuilder.pausesBeforeSentences(in: ssml, count: 3) == [0, 450, 900])
    }
}
