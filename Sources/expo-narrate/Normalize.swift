import ArgumentParser
import Foundation
import ExpoModel
import ExpoSystem
import CatalogLoading
import KoreanSpeech
import Narration
import Speech
import Pipeline

/// `expo-narrate normalize`: one spoken line per input line, in order.
struct Normalize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the spoken form of each line read from standard input.",
        discussion: "Editors use it to check how a text will be read: one output line per input line, in order."
    )

    @OptionGroup var voiceOptions: VoiceOptions

    func run() throws {
        let lexicon: PronunciationLexicon
        do {
            lexicon = try voiceOptions.library().lexicon()
        } catch let error as ExpoError where error.isVoicesFolderMissing {
            lexicon = .empty
        } catch {
            printError("expo-narrate: \(describe(error))")
            throw exitStatus(for: error)
        }
        let normalizer = KoreanSpeechNormalizer(lexicon: lexicon)
        var output = ""
        output.reserveCapacity(1 << 16)
        while let line = readLine(strippingNewline: true) {
            output += normalizer.spoken(line)
            output += "\n"
            if output.utf8.count >= 1 << 16 {
                FileHandle.standardOutput.write(Data(output.utf8))
                output.removeAll(keepingCapacity: true)
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}
