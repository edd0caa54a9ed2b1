import ExpoSystem
import Foundation
import GuideCache
import Synthesizer

// The track cache's key is made here, beside the speech, so that the cache itself need not know
// what a voice profile is: it stores by key and keeps the record's format (`recordFormat`).
extension TrackCache {
    /// The key of a track: SHA-256 over the inputs that decide its audio and its recorded cues
    /// (`captions`: see `captionFingerprint`), and the record's format.
    public static func key(
        ssml: String, profile: VoiceProfile, toolVersion: String, espeakVersion: String,
        captions: String = ""
    ) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let profileJSON = (try? encoder.encode(profile)).map { String(decoding: $0, as: UTF8.self) } ?? profile.name
        return SHA256Digest.key([
            "expo-narrate " + toolVersion, "espeak-ng " + espeakVersion, recordFormat, profileJSON,
            ssml, captions,
        ])
    }

    /// What decides a track's recorded cues besides its audio: the display sentences and where
    /// each of their words is said in the SSML.
    public static func captionFingerprint(sentences: [String], wordSpans: [[ClosedRange<Int>?]]) -> String {
        let spans = wordSpans.map { sentence in
            sentence.map { $0.map { "\($0.lowerBound)-\($0.upperBound)" } ?? "-" }.joined(separator: ",")
        }
        return sentences.joined(separator: "\u{0}") + "\u{1}" + spans.joined(separator: ";")
    }
}
