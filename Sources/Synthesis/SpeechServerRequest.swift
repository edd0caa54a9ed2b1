import ExpoModel
import Synthesizer

/// What a run asks of its speech server (`expo-narrate _speech-server`, see `SpeechServer`):
/// the voice profile to load.
public struct SpeechServerRequest: HelperRequest, Equatable {
    public static let command = "_speech-server"

    /// The profile the server loads before its first batch.
    public var profile: VoiceProfile

    public init(profile: VoiceProfile) {
        self.profile = profile
    }
}
