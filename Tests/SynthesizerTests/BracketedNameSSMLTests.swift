import ExpoModel
import Foundation
import Narration
import Normalization
import TestSupport
import Testing

@testable import Synthesizer

/// What espeak-ng gets for the original poster's bracketed names, without a lexicon: the
/// French ones inside the French voice, digits and all; a language the profile has no voice
/// for (English, in the test profile) gets no voice element.
@Suite("Bracketed names in the SSML", .needsSharedFixtures)
struct BracketedNameSSMLTests {
    @Test func frenchNamesGetTheFrenchVoice() throws {
        let url = try SharedFixtures.url("exposition_universelle_1900.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let poster = Poster(
            title: try #require(json["title"] as? String), visitors: 1, location: "파리", duration: "1900",
            description: try #require(json["description"] as? String))
        let track = Narrator(normalizer: KoreanNormalizer()).posterTrack(poster)
        let ssml = SSMLBuilder(profile: TestProfiles.standard).document(for: track)
        #expect(ssml.contains("<voice xml:lang=\"fr\">Le Petit Journal</voice>"))
        #expect(ssml.contains("<voice xml:lang=\"fr\">L&apos;Exposition de Paris 1900</voice>"))
        #expect(TestProfiles.standard.foreignVoices["en"] == nil)
        #expect(!ssml.contains("<voice xml:lang=\"en\">"))
        #expect(ssml.contains("World&apos;s Fair"))
    }
}
