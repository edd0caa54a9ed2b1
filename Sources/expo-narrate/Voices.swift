import ArgumentParser
import Foundation
import ExpoModel
import ExpoSystem
import CatalogLoading
import KoreanSpeech
import Narration
import Speech
import Pipeline

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
        print("Voice profiles in \(library.folder.path):")
        for (name, result) in library.allProfiles() {
            switch result {
            case let .success(profile):
                print("  \(name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(profile.rate) wpm, pauses \(profile.sentencePauseMs)/\(profile.paragraphPauseMs) ms. \(profile.purpose)")
            case let .failure(error):
                print("  \(name.padding(toLength: 10, withPad: " ", startingAt: 0)) unusable: \(error.localizedDescription)")
            }
        }
        print("Choose one with --voice NAME (default: standard).")
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
