import ExpoModel
import Foundation
import Pipeline
import Synthesizer
import TestSupport
import Testing

/// `expo-narrate check` with the project's Voices folder names what the braille edition spells out
/// in words: the transcriber's answer, not a list of its own.
struct BrailleCheckTests {
    static let voices = VoiceLibrary(folder: SharedFixtures.projectRoot.appendingPathComponent("Voices"))

    /// The signs the check says the braille spells out in `description`.
    static func spelled(_ description: String) throws -> [String] {
        let poster = Poster(title: "시험", visitors: 1, location: "서울", duration: "2024", description: description)
        return try PreflightCheck.report(Catalog(poster: poster, entries: []), warnings: [], voices: voices, voice: "standard")
            .findings.filter { $0.kind.rawValue == "brailleSpelledOut" }.map(\.text)
    }

    @Test("a sign no braille table writes is named by the check; the signs of 제45항 are not")
    func spelledSigns() throws {
        #expect(try Self.spelled("관람 인원 ≤ 30명") == ["≤"])
        #expect(try Self.spelled("5개−3개=2개, 3·1 운동, 02-799-1000").isEmpty)
    }
}
