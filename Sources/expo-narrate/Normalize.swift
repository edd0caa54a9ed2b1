import ArgumentParser
import ExpoNarration
import Foundation

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
        } catch VoiceProfileError.voicesFolderMissing {
            lexicon = .empty
        } catch {
            printError("expo-narrate: \(error.localizedDescription)")
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
