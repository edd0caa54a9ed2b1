import Testing

@testable import Normalization

/// The rule that tells a bracketed Latin name's language: a label decides, else clear spelling
/// evidence of French or English; weak or mixed evidence decides nothing.
@Suite("LatinNameLanguage")
struct LatinNameLanguageTests {
    static let decided: [(name: String, label: String?, language: String)] = [
        ("Buddhist texts", "영어", "en"),
        ("Jikji", "영문명", "en"),
        ("Maison Blanche", "프랑스어", "fr"),
        ("Maison Blanche", "불어", "fr"),
        ("Haus der Kunst", "독일어", "de"),  // a label wins over another language's words
        ("Teatro alla Scala", "이탈리아어", "it"),
        ("Le Petit Journal", nil, "fr"),
        ("L'Exposition de Paris 1900", nil, "fr"),
        ("Bibliothèque nationale", nil, "fr"),
        ("Musée d’Orsay", nil, "fr"),
        ("World's Fair", nil, "en"),
        ("World’s Fair", nil, "en"),
        ("Museum of Modern Art", nil, "en"),
        ("The Great Exhibition", nil, "en"),
    ]

    @Test(arguments: 0..<decided.count)
    func decides(_ index: Int) throws {
        let row = Self.decided[index]
        let decision = try #require(LatinNameLanguage.decide(row.name, label: row.label), "\(row.name)")
        #expect(decision.language == row.language, "\(row.name)")
        if let label = row.label { #expect(decision.evidence == .label(label)) }
    }

    /// No evidence, evidence of both, or evidence of a third language: no decision.
    @Test(arguments: [
        "long zither", "yatag", "Tripitaka Koreana", "Benedetto Castelli", "Expo", "Exposition", "JUKJI",
        "The Tour de France",  // English and French words
        "Museo del Prado", "Haus der Kunst", "Señora", "Müller", "Vincent van Gogh",  // another language
    ])
    func weakOrMixedEvidenceDecidesNothing(_ name: String) {
        #expect(LatinNameLanguage.decide(name) == nil)
    }

    @Test func aWordThatIsNotALabelIsNoLabel() {
        #expect(LatinNameLanguage.language(ofLabel: "서울") == nil)
        #expect(LatinNameLanguage.decide("long zither", label: "서울") == nil)
        #expect(LatinNameLanguage.language(ofLabel: "영어") == "en")
        #expect(LatinNameLanguage.language(ofLabel: "프랑스어명") == "fr")
    }

    @Test func theEvidenceIsNamed() throws {
        let decision = try #require(LatinNameLanguage.decide("Collin de Plancy"))
        #expect(decision.evidence == .spelling("de"))
        #expect(decision.evidence.description.contains("'de'"))
    }
}
