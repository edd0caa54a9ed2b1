import Synthesizer

/// A voice profile for tests: the standard profile's voice with round, fixed pauses, so that
/// tests do not depend on the Voices folder.
public enum TestProfiles {
    public static let standard = VoiceProfile(
        name: "test", purpose: "", espeakVoice: "ko", foreignVoices: ["fr": "fr"], rate: 160, pitch: 50,
        volume: 100, wordGap: 0, sentencePauseMs: 400, paragraphPauseMs: 800, trackPauseMs: 2000,
        headSilenceMs: 300, tailSilenceMs: 500, targetLoudnessLUFS: -19, peakCeilingDBFS: -1
    )
}
