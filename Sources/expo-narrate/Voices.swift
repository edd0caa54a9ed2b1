import ArgumentParser
import Foundation
import ExpoModel
import ExpoSystem
import Speech
import Synthesis

/// `expo-narrate voices`: the voice profiles and what each is for.
struct Voices: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the voice profiles and what each is for.")

    @OptionGroup var voiceOptions: VoiceOptions

    func run() throws {
        let library: VoiceLibrary
        do { library = try voiceOptions.library() } catch {
            printError("expo-narrate: \(describe(error))")
            throw exitStatus(for: error)
        }
        // Names, purposes and errors come from the profiles' files: each goes through
        // singleLine, so that a profile cannot clear the screen, retitle the terminal or forge a line.
        try writeOutput("Voice profiles in \(singleLine(library.folder.path)):" + "\n")
        for (name, result) in library.allProfiles() {
            let shownName = singleLine(name).padding(toLength: 10, withPad: " ", startingAt: 0)
            switch result {
            case let .success(profile):
                try writeOutput("  \(shownName) \(profile.rate) wpm, pauses \(profile.sentencePauseMs)/\(profile.paragraphPauseMs) ms. \(singleLine(profile.purpose))" + "\n")
            case let .failure(error):
                try writeOutput("  \(shownName) unusable: \(singleLine(error.localizedDescription))" + "\n")
            }
        }
        try writeOutput("Choose one with --voice NAME (default: standard)." + "\n")
    }
}

/// `expo-narrate _speech-server`: the speech server that expo-narrate starts itself (see
/// `SpeechServer`); it talks over its standard input and output.
struct SpeechServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "_speech-server", shouldDisplay: false)

    /// The voice profile as JSON.
    @Argument var profile: String

    func run() throws {
        Interruption.install()
        let status = SpeechServer.serve(profileJSON: profile)
        if status != 0 { throw ExitCode(status) }
    }
}
