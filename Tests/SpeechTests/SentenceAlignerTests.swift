import Testing
import ExpoModel
@testable import Speech
import TestSupport

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

    @Test("every sound is inside a sentence, whatever the marks", arguments: [
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

    @Test("the timer's cues follow the audio, in seconds of the published WAV (after its head silence)")
    func timerCues() {
        var timer = CaptionTimer()
        for (index, ms) in [300, 4800, 5700].enumerated() {
            timer.record(SpeechEvent(kind: .mark("s\(index)"), audioMilliseconds: ms, textPosition: 0))
        }
        let sounds = Self.sounds.map { Double($0.lowerBound) / 1000 + 0.3..<Double($0.upperBound) / 1000 + 0.3 }
        let cues = timer.cues(sentences: ["가.", "나.", "다."], speechDuration: 8, offset: 0.3, sounds: sounds,
                              pauses: [0, 450, 450])
        #expect(cues.map(\.start) == [0.3, 3.9, 6.0])
        #expect(cues.map(\.end) == [3.3, 5.3, 8.3])
    }

    @Test("the pause before each sentence is read back from the SSML's breaks")
    func pauses() {
        let ssml = "<speak><p><s><mark name=\"s0\"/>가</s><break time=\"450ms\"/><s><mark name=\"s1\"/>나</s></p>"
            + "<break time=\"900ms\"/><p><s><mark name=\"s2\"/>다</s></p></speak>"
        #expect(SSMLBuilder.pausesBeforeSentences(in: ssml, count: 3) == [0, 450, 900])
    }
}
