import Foundation
import Testing

@testable import ExpoModel

/// A track's two scripts are laid out alike: the title, the fact lines together, then every
/// paragraph after a blank line.
@Suite("Track layout")
struct TrackLayoutTests {
    static func sentence(_ display: String, _ spoken: String? = nil, language: String? = nil) -> Sentence {
        Sentence(display: display, spoken: [SpokenRun(text: spoken ?? display, language: language)])
    }

    static let poster = Track(
        fileStem: "00-poster", title: "박람회", kind: .poster, position: 1,
        blocks: [
            Block(role: .title, sentences: [sentence("박람회 1900", "박람회 천구백")]),
            Block(role: .fact, label: "방문객", value: "만 명", sentences: [sentence("방문객: 만 명")]),
            Block(role: .fact, label: "개최지", value: "파리", sentences: [sentence("개최지: 파리")]),
            Block(role: .paragraph, sentences: [sentence("첫 문장.", "첫 문장."), sentence("둘째 2.", "둘째 이.")]),
            Block(role: .paragraph, sentences: [sentence("끝.")]),
        ])

    @Test("display script: title and facts together, a blank line before each paragraph")
    func displayScript() {
        #expect(Self.poster.displayScript == "박람회 1900\n방문객: 만 명\n개최지: 파리\n\n첫 문장. 둘째 2.\n\n끝.\n")
    }

    @Test("spoken script: the same layout with the spoken words")
    func spokenScript() {
        #expect(Self.poster.spokenScript == "박람회 천구백\n방문객: 만 명\n개최지: 파리\n\n첫 문장. 둘째 이.\n\n끝.\n")
    }

    @Test("an entry's summary follows its title directly; paragraphs start a group")
    func entryLayout() {
        let entry = Track(
            fileStem: "01-gat", title: "갓", kind: .entry, position: 2,
            blocks: [
                Block(role: .title, sentences: [Self.sentence("갓")]),
                Block(role: .summary, sentences: [Self.sentence("조선의 모자")]),
                Block(role: .paragraph, sentences: [Self.sentence("설명.")]),
            ])
        #expect(entry.displayScript == "갓\n조선의 모자\n\n설명.\n")
    }

    @Test("sentences are every block's, in reading order; runs of several languages join with spaces")
    func sentences() {
        #expect(Self.poster.sentences.map(\.display) == ["박람회 1900", "방문객: 만 명", "개최지: 파리", "첫 문장.", "둘째 2.", "끝."])
        let mixed = Sentence(display: "파리 (Paris)", spoken: [SpokenRun(text: "파리 "), SpokenRun(text: "Paris", language: "fr")])
        #expect(mixed.spokenText == "파리  Paris")
        #expect(Sentence(display: "", spoken: [SpokenRun(text: " 가 ")]).spokenText == "가")
    }

    @Test("a track survives a JSON round trip (the narration cache stores them)")
    func codable() throws {
        let data = try JSONEncoder().encode(Self.poster)
        #expect(try JSONDecoder().decode(Track.self, from: data) == Self.poster)
    }
}
