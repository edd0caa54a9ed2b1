import ArgumentParser
import Pipeline

/// The option that chooses a voice profile.
struct VoiceChoice: ParsableArguments {
    @Option(name: .customLong("voice"), help: ArgumentHelp(
        "Voice profile from the Voices folder (see 'expo-narrate voices'; default: standard, or the published guide's in a run over some tracks).",
        valueName: "name"))
    var given: String?

    /// The profile named, or the default one.
    var voice: String { given ?? GivenSettings.defaultProfile }
}
