import ArgumentParser
import ExpoModel
import ExpoSystem
import Foundation
import KoreanPronunciation
import KoreanSpeech
import Pipeline
import Speech

/// Options that say where the voice profiles are.
struct VoiceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder of voice profiles and the lexicon.", valueName: "dir"))
    var voices: String?

    /// The folder named, if any.
    var folder: URL? { voices.map { URL(fileURLWithPath: $0) } }

    func library() throws -> VoiceLibrary {
        try VoiceLibrary.locate(explicit: folder, executable: ChildProcess.currentExecutable)
    }

    /// The lexicon of the Voices folder; empty when no Voices folder is found (the line tools
    /// work without one). Other errors are printed and become the exit status.
    func lexiconOrEmpty() throws -> PronunciationLexicon {
        try orEmpty(.empty) { try $0.lexicon() }
    }

    /// The pronunciation dictionary of the Voices folder, likewise.
    func pronunciationOrEmpty() throws -> PronunciationDictionary {
        try orEmpty(.empty) { try $0.pronunciationDictionary() }
    }

    private func orEmpty<Value>(_ empty: Value, _ load: (VoiceLibrary) throws -> Value) throws -> Value {
        do {
            return try load(library())
        } catch let error as ExpoError where error.isVoicesFolderMissing && voices == nil {
            return empty
        } catch {
            printError("expo-narrate: \(describe(error))")
            throw exitStatus(for: error)
        }
    }
}

/// Says once, on stderr, that hunspell-ko is missing and the pronunciation follows the spelling
/// rules alone (nothing when it is installed). Called where a pronouncer is made.
func noteMissingKoreanLexicon() {
    if let note = GuideVoice.analysisUnavailableNote { printError("expo-narrate: \(note).") }
}
