import CatalogLoading
import ExpoModel
import Foundation
import Normalization
import TestSupport
import Testing

@testable import Narration

@Suite("Narrator")
struct NarratorTests {
    let narrator = Narrator(normalizer: KoreanNormalizer())

    @Test("the 1900 poster's display script reads title, visitors, place, period, then paragraphs", .needsSharedFixtures)
    func posterDisplayLines() throws {
        var loader = CatalogLoader()
        let poster = try loader.loadPoster(from: SharedFixtures.url("exposition_universelle_1900.json"))
        let lines = narrator.posterTrack(poster).displayScript.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines[0] == "파리 만국박람회 1900 (L'Exposition de Paris 1900)")
        #expect(lines[1] == "방문객: 사천팔백십삼만 삼백 명")
        #expect(lines[2] == "개최지: 프랑스 파리")
        #expect(lines[3] == "개최 기간: 1900년 4월 14일부터 11월 12일까지")
        #expect(lines[4].hasPrefix("1900년 파리 만국박람회"))
    }

    @Test("the title on one line and with a line break read the same", .needsSharedFixtures)
    func titleForms() throws {
        var loader = CatalogLoader()
        let broken = try loader.loadPoster(from: SharedFixtures.url("exposition_universelle_1900.json"))
        let oneLine = try loader.loadPoster(from: SharedFixtures.url("exposition_universelle_1900.title-one-line.json"))
        #expect(narrator.posterTrack(broken).title == narrator.posterTrack(oneLine).title)
    }

    @Test("the French name of the title is spoken with the French voice")
    func foreignTitle() {
        let poster = Poster(
            title: "파리 만국박람회 1900\n(L'Exposition de Paris 1900)", visitors: 1, location: "파리",
            duration: "1900", description: "설명.")
        let title = narrator.posterTrack(poster).blocks[0].sentences[0]
        #expect(title.spoken.last == SpokenRun(text: "L'Exposition de Paris 1900", language: "fr"))
    }

    @Test(
        "a bare year or free text is kept as written",
        arguments: [
            ("1993", "1993"),
            ("  1993 ", "1993"),
            ("여름 내내", "여름 내내"),
            ("1900. 13. 01 - 1900. 11. 12", "1900. 13. 01 - 1900. 11. 12"),
        ])
    func durationKept(duration: String, expected: String) {
        #expect(ExhibitionPeriod.display(duration) == expected)
    }

    @Test(
        "periods are written as a Korean reader says them",
        arguments: [
            ("1900. 04. 14 - 1900. 11. 12", "1900년 4월 14일부터 11월 12일까지"),
            ("1900.04.14-1900.11.12", "1900년 4월 14일부터 11월 12일까지"),
            ("1900-04-14 ~ 1900-11-12", "1900년 4월 14일부터 11월 12일까지"),
            ("1993. 08. 07 - 1993. 11. 07", "1993년 8월 7일부터 11월 7일까지"),
            ("1900. 12. 01 - 1901. 01. 15", "1900년 12월 1일부터 1901년 1월 15일까지"),
        ])
    func periods(duration: String, expected: String) {
        #expect(ExhibitionPeriod.display(duration) == expected)
    }

    @Test("an end before the start is not a period")
    func reversedPeriod() {
        #expect(ExhibitionPeriod("1900. 11. 12 - 1900. 04. 14") == nil)
    }

    @Test("an entry reads name, short description, then paragraphs")
    func entryTrack() {
        let entry = Entry(
            name: "갓", imageName: "gat", shortDescription: "조선의 모자",
            description: "첫 문단이다. 두 번째 문장이다.\n\n둘째 문단이다.")
        let track = narrator.entryTrack(entry, index: 0, count: 1)
        #expect(track.displayScript == "갓\n조선의 모자\n\n첫 문단이다. 두 번째 문장이다.\n\n둘째 문단이다.\n")
        #expect(track.sentences.count == 5)
        #expect(track.fileStem == "01-gat")
        #expect(track.position == 2)
    }

    @Test("a nameless entry gets a readable title")
    func namelessEntry() {
        let track = narrator.entryTrack(Entry(name: "  ", imageName: "", shortDescription: "", description: ""), index: 4, count: 9)
        #expect(track.title == "항목 5")
        #expect(track.fileStem == "05-entry")
    }

    @Test(
        "visitors are written in words grouped by 만",
        arguments: [
            (48_130_300, "사천팔백십삼만 삼백"),
            (10_000, "만"),
            (100_000_000, "일억"),
            (50_000_000, "오천만"),
            (1_000_000_000_000, "일조"),
            (0, "영"),
            (11, "십일"),
        ])
    func visitorWords(count: Int, words: String) {
        #expect(KoreanNumerals.sino(count, spacedByGroups: true) == words)
    }
}

@Suite("Sentence splitter")
struct SentenceSplitterTests {
    @Test(
        "sentences end at final punctuation followed by a space",
        arguments: [
            ("하나다. 둘이다.", ["하나다.", "둘이다."]),
            ("무엇인가? 그렇다!", ["무엇인가?", "그렇다!"]),
            ("길이는 42.4㎝이다. 끝.", ["길이는 42.4㎝이다.", "끝."]),
            ("1900. 04. 14에 열렸다. 다음.", ["1900. 04. 14에 열렸다.", "다음."]),
            ("‘좋다.’ 그가 말했다.", ["‘좋다.’", "그가 말했다."]),
            ("마침표 없이 끝난다", ["마침표 없이 끝난다"]),
            ("붙어있다.다음 문장", ["붙어있다.다음 문장"]),
        ])
    func sentences(paragraph: String, expected: [String]) {
        #expect(SentenceSplitter.sentences(paragraph) == expected)
    }

    @Test("paragraphs are separated by blank lines; single breaks join")
    func paragraphs() {
        #expect(SentenceSplitter.paragraphs("가\n나\n\n\n다 \n\n") == ["가 나", "다"])
    }
}

@Suite("Narrator on every core")
struct ParallelNarrationTests {
    @Test("tracks made on every core at once equal the tracks made one by one, in order", .needsSharedFixtures)
    func parallelEqualsSequential() throws {
        let narrator = Narrator(normalizer: KoreanNormalizer())
        var loader = CatalogLoader()
        let poster = try loader.loadPoster(from: SharedFixtures.url("exposition_universelle_1900.json"))
        let fixtureEntries = try loader.loadEntries(from: SharedFixtures.url("items.json"))
        // The fixture's entries many times over, with the Hanja, numbers and units they hold,
        // so that the threads really do meet in the shared dictionary and memo.
        let entries = (0..<40).flatMap { copy in
            fixtureEntries.map {
                Entry(
                    name: "\($0.name) \(copy)", imageName: "\($0.imageName)_\(copy)",
                    shortDescription: $0.shortDescription, description: $0.description)
            }
        }
        let catalog = Catalog(poster: poster, entries: entries)
        let parallel = narrator.tracks(for: catalog)
        var sequential = [narrator.posterTrack(poster)]
        for (index, entry) in entries.enumerated() {
            sequential.append(narrator.entryTrack(entry, index: index, count: entries.count))
        }
        #expect(parallel.count == entries.count + 1)
        #expect(parallel == sequential)
    }
}

/// The audio description (`image_description`): its own part after the name, normalised like any
/// text; nothing added without one.
@Suite("Narrator: audio description")
struct AppearanceNarrationTests {
    @Test func ownPartAfterTheName() {
        let narrator = Narrator(normalizer: KoreanNormalizer())
        var entry = Entry(
            name: "달항아리", imageName: "moon", shortDescription: "흰 항아리", description: "조선 후기.",
            imageDescription: "높이 42.4㎝의 둥근 항아리다.\n\n표면은 우윳빛이다.")
        let track = narrator.entryTrack(entry, index: 0, count: 1)
        #expect(track.blocks.map(\.role) == [.title, .appearance, .summary, .paragraph])
        let appearance = track.blocks[1]
        #expect(appearance.label == Narrator.appearanceLabel)
        #expect(appearance.sentences.map(\.display) == ["높이 42.4㎝의 둥근 항아리다.", "표면은 우윳빛이다."])
        #expect(appearance.spokenText.contains("사십이 점 사 센티미터"), "\(appearance.spokenText)")
        #expect(appearance.sentences[0].wordLinks != nil)
        entry.imageDescription = "  \n "
        #expect(!narrator.entryTrack(entry, index: 0, count: 1).blocks.contains { $0.role == .appearance })
        entry.imageDescription = nil
        #expect(narrator.entryTrack(entry, index: 0, count: 1).blocks.map(\.role) == [.title, .summary, .paragraph])
        let poster = Poster(
            title: "전시", visitors: 10, location: "서울", duration: "2024", description: "설명.",
            imageName: "poster", imageDescription: "붉은 포스터다.")
        let roles = narrator.posterTrack(poster).blocks.map(\.role)
        #expect(roles == [.title, .fact, .fact, .fact, .appearance, .paragraph])
    }
}
