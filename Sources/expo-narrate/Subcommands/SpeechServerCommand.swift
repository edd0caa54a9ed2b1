import ArgumentParser
import ExpoModel
import Pipeline

/// `expo-narrate _speech-server REQUEST`: the speech server that expo-narrate starts itself
/// (see `SpeechServer`); it talks over its standard input and output.
struct SpeechServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: Helpers.speechServerCommand, shouldDisplay: false)

    /// The `SpeechServerRequest`, in JSON.
    @Argument var request: String

    func run() throws {
        let status = Helpers.serveSpeech(request: request)
        if status != .success { throw ExitCode(status) }
    }
}
