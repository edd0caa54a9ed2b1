import ExpoModel
import Testing

@testable import Normalization

/// A Latin name that a catalog writes in brackets after the Korean name becomes a run of its
/// language when that is clear; otherwise it stays in the Korean run, as any Latin words.
@Suite("Bracketed names choose the voice")
struct ParenthesisedNamesTests {
    /// The runs in another language, as (text, language).
    static func foreign(_ text: String, lexicon: CuratorLexicon = .empty) -> [String] {
        KoreanNormalizer(lexicon: lexicon).spokenRuns(text).compactMap { run in
            run.language.map { "\(run.text)|\($0)" }
        }
    }

    static func korean(_ text: String, lexicon: CuratorLexicon = .empty) -> String {
        KoreanNormalizer(lexicon: lexicon).spokenRuns(text).filter { $0.language == nil }.map(\.text).joined(separator: " ")
    }

    @Test func frenchSpellingGivesTheFrenchVoice() {
        #expect(Self.foreign("잡지 ‘르 프티 주르날(Le Petit Journal)’은") == ["Le Petit Journal|fr"])
        #expect(Self.foreign("국립도서관(Bibliothèque nationale de France)에 있다") == ["Bibliothèque nationale de France|fr"])
        #expect(Self.korean("잡지 ‘르 프티 주르날(Le Petit Journal)’은").contains("Le") == false)
    }

    @Test func englishSpellingGivesTheEnglishVoice() {
        #expect(Self.foreign("세계 박람회[World’s Fair/Exposition/Expo]는") == ["World's Fair|en"])
        // The other items have no evidence of their own: they stay with the Korean voice.
        #expect(Self.korean("세계 박람회[World’s Fair/Exposition/Expo]는").contains("Exposition"))
    }

    @Test func aLabelDecides() {
        #expect(Self.foreign("불경(佛經, 영어: Buddhist texts)은") == ["Buddhist texts|en"])
        #expect(Self.foreign("불경(영어: Buddhist texts)은") == ["Buddhist texts|en"])
        #expect(Self.foreign("직지(영문 Jikji)라고") == ["Jikji|en"])
        #expect(Self.foreign("미술관(독일어: Haus der Kunst)에서") == ["Haus der Kunst|de"])
    }

    @Test func digitsInsideTheNameAreReadByItsVoice() {
        #expect(Self.foreign("파리 만국박람회 1900 (L'Exposition de Paris 1900)") == ["L'Exposition de Paris 1900|fr"])
        #expect(Self.foreign("만국박람회(Exposition Universelle de 1900)는") == ["Exposition Universelle de 1900|fr"])
        #expect(Self.korean("파리 만국박람회 1900 (L'Exposition de Paris 1900)").contains("천구백"))
        #expect(!Self.korean("만국박람회(Exposition Universelle de 1900)는").contains("천구백"))
    }

    @Test(
        "weak or mixed evidence leaves the name to the Korean voice",
        arguments: [
            "롱 지터(long zither)류의", "몽골의 야탁(yatag) 등", "고려대장경(高麗大藏經, Tripitaka Koreana 트리피타카 코레아나)은",
            "직지(直指, JUKJI)라고", "카스텔리(Benedetto Castelli)가", "경주(The Tour de France)는", "미술관(Museo del Prado)에",
        ])
    func weakOrMixedEvidenceStaysKorean(_ text: String) {
        #expect(Self.foreign(text).isEmpty, "\(Self.foreign(text))")
    }

    @Test(
        "a Latin run that is not a bracket's gloss of Korean text is not guessed",
        arguments: [
            "Le Petit Journal은 잡지다", "Expo (Le Petit Journal)", "신문(서울 소재, Le Petit Journal)", "신문(Le Petit Journal",
            "신문(Le Petit Journal. 1900)",
        ])
    func notAGloss(_ text: String) {
        #expect(Self.foreign(text).isEmpty, "\(Self.foreign(text))")
    }

    @Test func aLexiconEntryWins() {
        let korean = CuratorLexicon(entries: [.init(written: "Le Petit Journal", spoken: "르 프티 주르날")])
        #expect(Self.foreign("잡지(Le Petit Journal)는", lexicon: korean).isEmpty)
        let english = CuratorLexicon(entries: [.init(written: "Le Petit Journal", spoken: "Le Petit Journal", language: "en")])
        #expect(Self.foreign("잡지(Le Petit Journal)는", lexicon: english) == ["Le Petit Journal|en"])
        // An entry inside the name ends the guessed part there.
        let paris = CuratorLexicon(entries: [.init(written: "Paris", spoken: "파리")])
        #expect(Self.foreign("관람차(Grande Roue de Paris)가", lexicon: paris) == ["Grande Roue de|fr"])
        #expect(Self.korean("관람차(Grande Roue de Paris)가", lexicon: paris).contains("파리"))
    }

    @Test func theNoteNamesTheLanguageAndWhy() throws {
        let notes = KoreanNormalizer().spokenRunsWithNotes("외교관 콜랭 드 플랑시(Collin de Plancy)가").notes
        let note = try #require(notes.first { $0.kind == .latinWords })
        #expect(note.original == "Collin de Plancy" && note.language == "fr")
        #expect(note.action.contains("'de'"))
        let weak = KoreanNormalizer().spokenRunsWithNotes("롱 지터(long zither)류").notes
        #expect(weak.first?.language == nil)
    }
}
