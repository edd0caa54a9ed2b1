import ArgumentParser

/// `expo-narrate normalize`: one spoken line per input line, in order.
struct Normalize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the spoken form of each line read from standard input.",
        discussion: "Editors use it to check how a text will be read: one output line per input line, in order."
    )

    @OptionGroup var voiceOptions: VoiceOptions

    func run() throws {
        let lines = try voiceOptions.spokenLines(pronouncing: false)
        try transformLines(lines.spoken)
    }
}
