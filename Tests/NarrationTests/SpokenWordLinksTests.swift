import ExpoModel
import Normalization
import Testing

@testable import Narration

@Suite("Spoken word links")
struct SpokenWordLinksTests {
    static let normalizer = KoreanNormalizer()

    /// The sentence as the narrator makes it, and the spoken word each display word starts at.
    static func linked(_ display: String) throws -> (Sentence, [String]) {
        let sentence = Narrator(normalizer: normalizer).entryTrack(
            Entry(name: display, imageName: "", shortDescription: "", description: ""), index: 0, count: 1
        ).sentences[0]
        let links = try #require(sentence.wordLinks, "no link for \(display): \(sentence.spokenWords)")
        let spoken = sentence.spokenWords
        #expect(links.count == sentence.displayWords.count)
        #expect(zip(links, links.dropFirst()).allSatisfy { $0 <= $1 }, "links go back: \(links)")
        return (sentence, links.map { $0 < spoken.count ? String(spoken[$0]) : "" })
    }

    @Test("a number that becomes several spoken words moves the words after it along")
    func numbers() throws {
        let (sentence, heardAs) = try Self.linked("1900년 4월 14일 파리에서 열린 박람회")
        #expect(sentence.spokenWords.count > sentence.displayWords.count, "\(sentence.spokenWords)")
        #expect(Array(heardAs.suffix(3)) == ["파리에서", "열린", "박람회"])
        #expect(heardAs[0] != "1900년" && !heardAs[0].contains("1"))
    }

    @Test("Hanja is linked to its Hangul reading, and the words after it stay in step")
    func hanja() throws {
        let (_, heardAs) = try Self.linked("高麗 청자는 매우 아름답다")
        #expect(heardAs == ["고려", "청자는", "매우", "아름답다"])
    }

    @Test("Latin words are linked to how they are read")
    func latin() throws {
        let (sentence, heardAs) = try Self.linked("UNESCO 세계기록유산인 직지는 1377년에 찍었다")
        #expect(heardAs[1] == "세계기록유산인" && heardAs[2] == "직지는")
        #expect(sentence.spokenWords.count >= sentence.displayWords.count)
    }

    @Test("without as many spoken words as the runs hold there is no link")
    func mismatch() {
        let words = Sentence.words("가 나 다")
        #expect(SpokenWordLinks.links(displayWords: words, spokenWordCount: 5, spoken: { $0 }) == nil)
        #expect(SpokenWordLinks.links(displayWords: words, spokenWordCount: 3, spoken: { $0 }) == [0, 1, 2])
        // A word said as nothing points at the next spoken word.
        let dropped = SpokenWordLinks.links(displayWords: Sentence.words("가 — 나"), spokenWordCount: 2) {
            $0.replacingOccurrences(of: "—", with: "")
        }
        #expect(dropped == [0, 1, 1])
    }

    @Test("the poster's facts and title carry links")
    func poster() throws {
        let track = Narrator(normalizer: Self.normalizer).posterTrack(
            Poster(
                title: "파리 만국박람회 1900\n(L'Exposition de Paris 1900)", visitors: 48_130_300, location: "파리",
                duration: "1900-04-14 ~ 1900-11-12", description: "대한제국이 참가했다."))
        for sentence in track.sentences {
            #expect(sentence.wordLinks?.count == sentence.displayWords.count, "\(sentence.display)")
        }
    }
}
