import ArgumentParser
import Foundation
import ExpoModel
import ExpoSystem
import Pipeline

/// `expo-narrate normalize`: one spoken line per input line, in order.
struct Normalize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the spoken form of each line read from standard input.",
        discussion: "Editors use it to check how a text will be read: one output line per input line, in order."
    )

    @OptionGroup var voiceOptions: VoiceOptions

    func run() throws {
        let lines = SpokenLines(lexicon: try voiceOptions.lexiconOrEmpty())
        try transformLines(lines.spoken)
    }
}

/// `expo-narrate pronounce`: what the voice receives for each input line, in order.
struct Pronounce: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print what the voice receives for each line read from standard input.",
        discussion: """
        Each line is normalised (numbers, dates, units, Hanja … into words) and then turned into \
        its standard pronunciation (표준 발음법), spelled in Hangul: e.g. 국립중앙박물관에 있습니다 → \
        궁닙쭝앙방물과네 읻씀니다. One output line per input line, in order. A word the voice gets \
        wrong is corrected in Voices/lexicon.txt or Voices/pronunciation.txt.
        """
    )

    @OptionGroup var voiceOptions: VoiceOptions

    func run() throws {
        let lines = SpokenLines(lexicon: try voiceOptions.lexiconOrEmpty(), pronunciation: try voiceOptions.pronunciationOrEmpty())
        noteMissingKoreanLexicon()
        try transformLines(lines.voiced)
    }
}

/// Reads standard input line by line and writes `transform` of each line, in order, in
/// blocks of 64 KB. Errors the library throws are printed and turned into an exit status.
func transformLines(_ transform: (String) -> String) throws {
    // Writes nothing but stdout: a stop ends the process at once, whatever it is reading.
    Interruption.installExiting()
    var output = ""
    output.reserveCapacity(1 << 16)
    while let line = readLine(strippingNewline: true) {
        output += transform(line)
        output += "\n"
        if output.utf8.count >= 1 << 16 {
            try writeOutput(output)
            output.removeAll(keepingCapacity: true)
        }
    }
    // A stop signal makes readLine return nil (the read fails with EINTR): not the end of input.
    if Interruption.isRequested { throw exitStatus(for: ExpoError.interrupted) }
    try writeOutput(output)
}
