import ExpoModel
import Testing

@testable import Export

/// The talking books' clips: one per sentence, gapless over the chapter's audio, so the pauses
/// between sentences are played and the clips add up to the audio's length.
@Suite("SentenceClips")
struct SentenceClipsTests {
    static let cues = [
        CaptionCue(start: 0.25, end: 1.5, text: "제목"),
        CaptionCue(start: 2.4, end: 5.0, text: "첫 문장. 둘째 문장."),
        CaptionCue(start: 6.6, end: 9.0, text: "셋째 문장."),
    ]

    @Test("each clip runs to the next one's start, the first from 0, the last to the audio's end")
    func gapless() {
        let clips = SentenceClips.gapless(sentences: ["제목", "첫 문장.", "둘째 문장.", "셋째 문장."], cues: Self.cues, audioEnd: 9.75)
        #expect(clips.count == 4)
        #expect(clips[0]! == (0, 2.4))
        #expect(clips[1] == nil)  // heard within the next sentence's cue
        #expect(clips[2]! == (2.4, 6.6))
        #expect(clips[3]! == (6.6, 9.75))
        let narrated = clips.compactMap { $0 }
        #expect(abs(narrated.reduce(0) { $0 + $1.end - $1.start } - 9.75) < 1e-9)
    }

    @Test("the cues as they are matched: pauses left out")
    func matched() {
        let clips = SentenceClips.matched(sentences: ["제목", "첫 문장.", "둘째 문장.", "셋째 문장."], cues: Self.cues)
        #expect(clips.compactMap { $0?.start } == [0.25, 2.4, 6.6])
        #expect(clips.compactMap { $0?.end } == [1.5, 5.0, 9.0])
    }

    @Test("a chapter without cues has no clips; the last clip ends at the audio's end, or at its cue's when the audio ends before it starts")
    func edges() {
        #expect(SentenceClips.gapless(sentences: ["가"], cues: [], audioEnd: 3).map { $0 == nil } == [true])
        #expect(SentenceClips.gapless(sentences: ["제목"], cues: [Self.cues[0]], audioEnd: 1.49)[0]! == (0, 1.49))
        let lastAfterEnd = SentenceClips.gapless(sentences: ["제목", "셋째 문장."], cues: [Self.cues[0], Self.cues[2]], audioEnd: 5)
        #expect(lastAfterEnd[1]! == (6.6, 9.0))  // refused by the book, as any clip past its audio
    }
}
