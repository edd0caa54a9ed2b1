import ExpoModel
import Foundation
import FoundationXML
import Narration
import Normalization
import TestSupport
import Testing

@testable import Synthesizer

@Suite("SSML builder")
struct SSMLBuilderTests {
    static let profile = TestProfiles.standard

    func track(_ runs: [[SpokenRun]]) -> Track {
        Track(
            fileStem: "00-poster", title: "t", kind: .poster, position: 1,
            blocks: [
                Block(role: .title, sentences: [Sentence(display: "t", spoken: runs[0])]),
                Block(role: .paragraph, sentences: runs.dropFirst().map { Sentence(display: "s", spoken: $0) }),
            ])
    }

    @Test("every sentence gets a mark, in order, and pauses come from the profile")
    func marks() {
        let ssml = SSMLBuilder(profile: Self.profile).document(
            for: track([
                [SpokenRun(text: "제목")], [SpokenRun(text: "하나.")], [SpokenRun(text: "둘.")],
            ]))
        #expect(ssml.hasPrefix("<speak"))
        #expect(ssml.hasSuffix("</speak>"))
        let marks = ["s0", "s1", "s2"].map { ssml.range(of: "<mark name=\"\($0)\"/>")?.lowerBound }
        #expect(marks.allSatisfy { $0 != nil })
        #expect(marks[0]! < marks[1]! && marks[1]! < marks[2]!)
        #expect(ssml.contains("<break time=\"800ms\"/>"))
        #expect(ssml.contains("<break time=\"400ms\"/>"))
    }

    @Test(
        "text is data: markup in the catalog is escaped",
        arguments: [
            "<audio src=\"x.wav\"/>", "<voice name=\"en\">hi</voice>", "a & b", "]]>", "'quoted'", "\u{0007}bell",
        ])
    func escaping(text: String) throws {
        let ssml = SSMLBuilder(profile: Self.profile).document(for: track([[SpokenRun(text: text)]]))
        #expect(!ssml.contains("<audio"))
        #expect(!ssml.contains("<voice name"))
        #expect(!ssml.contains("\u{0007}"))
        // The document stays well-formed XML.
        let parser = XMLParser(data: Data(ssml.utf8))
        #expect(parser.parse(), "\(ssml)")
    }

    @Test("a run in another language is wrapped in a voice switch")
    func foreignRun() {
        let ssml = SSMLBuilder(profile: Self.profile).document(
            for: track([
                [SpokenRun(text: "파리 만국박람회"), SpokenRun(text: "L'Exposition", language: "fr")]
            ]))
        #expect(ssml.contains("<voice xml:lang=\"fr\">L&apos;Exposition</voice>"))
    }

    @Test("the voice switch names the profile's voice for the language: en read by en-us is en-us; a language without one stays Korean")
    func foreignVoiceValue() {
        var profile = Self.profile
        profile.foreignVoices = ["en": "en-us"]
        let ssml = SSMLBuilder(profile: profile).document(
            for: track([
                [SpokenRun(text: "물"), SpokenRun(text: "water", language: "en"), SpokenRun(text: "eau", language: "fr")]
            ]))
        #expect(ssml.contains("<voice xml:lang=\"en-us\">water</voice>") && !ssml.contains("xml:lang=\"fr\""), "\(ssml)")
    }

    @Test("mark names map back to sentence indexes")
    func markNames() {
        #expect(SSMLBuilder.sentenceIndex(forMark: SSMLBuilder.markName(forSentence: 17)) == 17)
        #expect(SSMLBuilder.sentenceIndex(forMark: "other") == nil)
    }
}

@Suite("Caption timer")
struct CaptionTimerTests {
    func event(_ kind: SpeechEvent.Kind, _ ms: Int) -> SpeechEvent {
        SpeechEvent(kind: kind, audioMilliseconds: ms, textPosition: 0)
    }

    @Test("cues start at marks, end at the last clause end before the next mark, shifted by the head silence")
    func timing() {
        var timer = CaptionTimer()
        for event in [
            event(.mark("s0"), 0), event(.clauseEnd, 900), event(.mark("s1"), 1300),
            event(.clauseEnd, 2000), event(.clauseEnd, 2600), event(.mark("s2"), 3000),
            event(.messageEnd, 4200),
        ] {
            timer.record(event)
        }
        let cues = timer.cues(sentences: ["a", "b", "c"], speechDuration: 4.5, offset: 0.3)
        #expect(cues.map(\.start) == [0.3, 1.6, 3.3])
        #expect(cues.map(\.end) == [1.2, 2.9, 4.5])
        #expect(cues.map(\.text) == ["a", "b", "c"])
    }

    @Test("a sentence without a mark gets a cue after the previous one, never overlapping")
    func missingMark() {
        var timer = CaptionTimer()
        timer.record(event(.mark("s0"), 100))
        timer.record(event(.mark("s2"), 2000))
        let cues = timer.cues(sentences: ["a", "b", "c"], speechDuration: 3, offset: 0)
        for (previous, next) in zip(cues, cues.dropFirst()) {
            #expect(previous.end <= next.start + 0.0001)
        }
        #expect(cues.allSatisfy { $0.end > $0.start })
    }
}
