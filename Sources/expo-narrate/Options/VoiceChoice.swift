import ArgumentParser
import Pipeline

/// The option that chooses a voice profile.
struct VoiceChoice: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Voice profile from the Voices folder (see 'expo-narrate voices'; default: standard).", valueName: "name"))
    var voice: String?

    /// The settings this option gives, by the project file's keys.
    var given: [ProjectKey: SettingValue] { voice.map { [.voice: .name($0)] } ?? [:] }
}
