import ExpoModel
import KoreanPronunciation
import TestSupport
import Testing

@testable import Synthesizer

@Suite("Word timing in SSML and captions")
struct WordTimingTests {
    static let profile = TestProfiles.standard

    /// A track of one sentence with the given display words, spoken runs and links.
    static func track(display: String, spoken: [SpokenRun], links: [Int]?) -> Track {
        Track(
            fileStem: "01-x", title: "x", kind: .entry, position: 2,
            blocks: [
                Block(role: .paragraph, sentences: [Sentence(display: display, spoken: spoken, wordLinks: links)])
            ])
    }

    /// The text of `ssml` at 1-based scalar positions `span`.
    static func text(_ ssml: String, _ span: ClosedRange<Int>) -> String {
        let scalars = Array(ssml.unicodeScalars)
        return String(String.UnicodeScalarView(scalars[(span.lowerBound - 1)...(span.upperBound - 1)]))
    }

    @Test("each display word's span is its first spoken word as written in the SSML, entities and voices counted")
    func spans() throws {
        let track = Self.track(
            display: "1900년 R&D 高麗 (Paris) 끝.",
            spoken: [SpokenRun(text: "천구백 년 알앤디 & 고려"), SpokenRun(text: "Paris", language: "fr"), SpokenRun(text: "끝.")],
            links: [0, 2, 4, 5, 6])
        let timed = SSMLBuilder(profile: Self.profile).timedDocument(for: track)
        #expect(timed.ssml == SSMLBuilder(profile: Self.profile).document(for: track))
        let spans = try #require(timed.wordSpans.first)
        #expect(spans.count == 5)
        let words = spans.map { $0.map { Self.text(timed.ssml, $0) } }
        #expect(words == ["천구백", "알앤디", "고려", "Paris", "끝."])
        // The entity is one spoken word spanning "&amp;".
        #expect(timed.ssml.contains("알앤디 &amp; 고려"))
    }

    @Test("no links, links of another count, or a link past the spoken words give no span")
    func noSpans() {
        let builder = SSMLBuilder(profile: Self.profile)
        let unlinked = Self.track(display: "가 나", spoken: [SpokenRun(text: "가 나")], links: nil)
        #expect(builder.timedDocument(for: unlinked).wordSpans == [[nil, nil]])
        let short = Self.track(display: "가 나", spoken: [SpokenRun(text: "가 나")], links: [0])
        #expect(builder.timedDocument(for: short).wordSpans == [[nil, nil]])
        let past = Self.track(display: "가 나", spoken: [SpokenRun(text: "가 나")], links: [0, 2])
        let spans = builder.timedDocument(for: past).wordSpans[0]
        #expect(spans[1] == nil && spans[0] != nil)
    }

    @Test("words the pronunciation joins are matched by character offset: a word inside a joined one has no span")
    func joinedByPronunciation() {
        // Spoken "정식 이름은 백운이다." is said "정시기르믄 배구니다.": three words as two.
        let sentence = Sentence(
            display: "정식 이름은 《백운》이다.",
            spoken: [SpokenRun(text: "정식 이름은 백운이다.")], wordLinks: [0, 1, 2])
        let voiced = [SSMLBuilder.VoicedWord(span: 10...14, length: 5), SSMLBuilder.VoicedWord(span: 16...20, length: 5)]
        #expect(SSMLBuilder.displaySpans(sentence, voiced: voiced) == [10...14, nil, 16...20])
        // Characters that do not add up: nothing can be trusted.
        let shorter = [SSMLBuilder.VoicedWord(span: 10...14, length: 5), SSMLBuilder.VoicedWord(span: 16...19, length: 4)]
        #expect(SSMLBuilder.displaySpans(sentence, voiced: shorter) == [nil, nil, nil])
    }

    @Test("with the standard pronunciation, every linked word that starts a voiced word keeps its place")
    func pronounced() throws {
        let track = Self.track(
            display: "정식 이름은 백운이다.", spoken: [SpokenRun(text: "정식 이름은 백운이다.")],
            links: [0, 1, 2])
        let timed = SSMLBuilder(profile: Self.profile, pronouncer: StandardPronouncer(dictionary: .empty))
            .timedDocument(for: track)
        let spans = timed.wordSpans[0]
        #expect(spans[0].map { Self.text(timed.ssml, $0) } == "정시기르믄")
        #expect(spans[1] == nil)
        #expect(spans[2].map { Self.text(timed.ssml, $0) }?.hasPrefix("배") == true)
    }

    @Test("a word is timed from the earliest word event inside its span (an entity reported at its end)")
    func timer() throws {
        let spans: [[ClosedRange<Int>?]] = [[10...12, 20...24, nil], [40...41]]
        var timer = CaptionTimer()
        let events: [SpeechEvent] = [
            SpeechEvent(kind: .mark("s0"), audioMilliseconds: 0, textPosition: 9),
            SpeechEvent(kind: .word, audioMilliseconds: 0, textPosition: 10),
            SpeechEvent(kind: .word, audioMilliseconds: 300, textPosition: 11),
            SpeechEvent(kind: .word, audioMilliseconds: 700, textPosition: 24),
            SpeechEvent(kind: .clauseEnd, audioMilliseconds: 1500, textPosition: 30),
            SpeechEvent(kind: .mark("s1"), audioMilliseconds: 1600, textPosition: 39),
            SpeechEvent(kind: .word, audioMilliseconds: 1600, textPosition: 40),
        ]
        for event in events { timer.record(event) }
        let cues = timer.cues(sentences: ["하나 둘 셋", "넷"], wordSpans: spans, speechDuration: 2, offset: 0.5)
        try #require(cues.count == 2)
        #expect(cues[0].wordStarts == [0.5, 1.2, nil])
        #expect(cues[1].wordStarts == [2.1])
        let untimed = timer.cues(sentences: ["하나 둘 셋", "넷"], speechDuration: 2, offset: 0.5)
        #expect(untimed.allSatisfy { $0.wordStarts == nil })
    }

    @Test("a word heard after its sentence's cue ends gets no time")
    func outside() throws {
        var timer = CaptionTimer()
        for event in [
            SpeechEvent(kind: .mark("s0"), audioMilliseconds: 0, textPosition: 1),
            SpeechEvent(kind: .word, audioMilliseconds: 100, textPosition: 2),
            SpeechEvent(kind: .mark("s1"), audioMilliseconds: 1000, textPosition: 9),
            SpeechEvent(kind: .word, audioMilliseconds: 1900, textPosition: 4),
        ] {
            timer.record(event)
        }
        let cues = timer.cues(sentences: ["가 나", "다"], wordSpans: [[2...2, 4...4], [nil]], speechDuration: 2, offset: 0)
        #expect(cues[0].wordStarts == [0.1, nil])
    }
}
