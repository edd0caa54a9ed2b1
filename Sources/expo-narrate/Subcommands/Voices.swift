import ArgumentParser
import ExpoModel
import Foundation
import Pipeline

/// `expo-narrate voices`: the voice profiles and what each is for.
struct Voices: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the voice profiles and what each is for.")

    @OptionGroup var voiceOptions: VoiceOptions
    @OptionGroup var project: ProjectOption

    func run() throws {
        let folder = try project.settings(given: voiceOptions.given).settings.voicesFolder.map { URL(fileURLWithPath: $0) }
        let listing: (folder: URL, profiles: [(name: String, result: Result<VoiceFolder.Profile, Error>)])
        do { listing = try VoiceFolder.profiles(in: folder) } catch {
            printError("expo-narrate: \(describe(error))")
            throw exitStatus(for: error)
        }
        // Names, purposes and errors come from the profiles' files: each goes through
        // singleLine, so that a profile cannot clear the screen, retitle the terminal or forge a line.
        try writeOutput("Voice profiles in \(singleLine(listing.folder.path)):" + "\n")
        for (name, result) in listing.profiles {
            let shownName = singleLine(name).padding(toLength: 10, withPad: " ", startingAt: 0)
            switch result {
            case .success(let profile):
                try writeOutput(
                    "  \(shownName) \(profile.rate) wpm, pauses \(profile.sentencePauseMs)/\(profile.paragraphPauseMs) ms. \(singleLine(profile.purpose))"
                        + "\n")
            case .failure(let error):
                try writeOutput("  \(shownName) unusable: \(singleLine(error.localizedDescription))" + "\n")
            }
        }
        try writeOutput("Choose one with --voice NAME (default: standard)." + "\n")
    }
}
