import ArgumentParser

/// The option that chooses a voice profile.
struct VoiceChoice: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Voice profile from the Voices folder (see 'expo-narrate voices').", valueName: "name"))
    var voice = "standard"
}
