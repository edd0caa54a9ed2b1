import ArgumentParser
import ExpoNarration

@main
struct ExpoNarrate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "expo-narrate")
    func run() throws {}
}
