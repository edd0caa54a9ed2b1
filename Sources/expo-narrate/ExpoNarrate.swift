import ArgumentParser
import ExpoNarration

@main
struct ExpoNarrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expo-narrate",
        abstract: "Turns exhibition data into an accessible audio guide and text.",
        subcommands: [Narrate.self, Normalize.self],
        defaultSubcommand: Narrate.self
    )
}

struct Narrate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Narrate the catalog (default).")
    func run() throws {}
}

/// `expo-narrate normalize`: one spoken line per input line, in order.
struct Normalize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the spoken form of each line read from standard input."
    )

    func run() throws {
        let normalizer = KoreanSpeechNormalizer()
        while let line = readLine(strippingNewline: true) {
            print(normalizer.spoken(line))
        }
    }
}
