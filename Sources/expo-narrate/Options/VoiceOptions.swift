import ArgumentParser
import Foundation
import Pipeline

/// Options that say where the voice profiles are.
struct VoiceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder of voice profiles and the lexicon.", valueName: "dir"))
    var voices: String?

    /// The settings this option gives, by the project file's keys.
    var given: [ProjectKey: SettingValue] { voices.map { [.voices: .path($0)] } ?? [:] }

    /// The folder named, if any.
    var folder: URL? { voices.map { URL(fileURLWithPath: $0) } }

    /// The line tools' words from the Voices folder (see `VoiceFolder.spokenLines`); errors are
    /// printed and become the exit status.
    func spokenLines(pronouncing: Bool) throws -> SpokenLines {
        do {
            return try VoiceFolder.spokenLines(in: folder, pronouncing: pronouncing)
        } catch {
            printError("expo-narrate: \(describe(error))")
            throw exitStatus(for: error)
        }
    }
}

/// Says once, on stderr, that hunspell-ko is missing and the pronunciation follows the spelling
/// rules alone (nothing when it is installed). Called where a pronouncer is made.
func noteMissingPartsOfSpeech() {
    if let note = GuideVoice.analysisUnavailableNote { printError("expo-narrate: \(note).") }
}
