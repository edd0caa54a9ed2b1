import ExpoModel
import KoreanPronunciation
import TestSupport
import Testing

@testable import Synthesizer

/// What the voice is given: the standard pronunciation of the Korean runs, a curator's fixed
/// pronunciation as written, and runs in another language untouched.
@Suite("SSML with the pronunciation stage")
struct PronouncedSSMLTests {
    let builder = SSMLBuilder(profile: TestProfiles.standard, pronouncer: StandardPronouncer(dictionary: .empty))

    @Test("Korean runs get their standard pronunciation; the display text is not the voice's")
    func koreanRuns() {
        let runs = builder.voiced([SpokenRun(text: "국립중앙박물관에 있습니다.")])
        #expect(runs == [SpokenRun(text: "궁닙쭝앙방물과네 읻씀니다.")])
    }

    @Test("a fixed pronunciation is kept as written and acts as a pause for the rules around it")
    func fixedRun() {
        let runs = builder.voiced([
            SpokenRun(text: "신라"), SpokenRun(text: "국립", isPronunciation: true), SpokenRun(text: "박물관"),
        ])
        #expect(runs.count == 1)
        #expect(runs[0].text.contains("국립"), "the curator's form is kept: \(runs[0].text)")
        #expect(runs[0].text.hasPrefix("실라"), "the rules still apply around it: \(runs[0].text)")
    }

    @Test("a run in another language is left as it is and splits the Korean around it")
    func foreignRun() {
        let runs = builder.voiced([
            SpokenRun(text: "독립"), SpokenRun(text: "Exposition Universelle", language: "fr"), SpokenRun(text: "종로"),
        ])
        #expect(
            runs == [
                SpokenRun(text: "동닙"), SpokenRun(text: "Exposition Universelle", language: "fr"),
                SpokenRun(text: "종노"),
            ])
    }

    @Test("the document carries the pronunciation; without a pronouncer it carries the spelling")
    func document() {
        let track = Track(
            fileStem: "00-poster", title: "t", kind: .poster, position: 1,
            blocks: [
                Block(role: .paragraph, sentences: [Sentence(display: "국물", spoken: [SpokenRun(text: "국물")])])
            ])
        #expect(builder.document(for: track).contains("궁물"))
        #expect(SSMLBuilder(profile: TestProfiles.standard).document(for: track).contains("국물"))
    }
}
