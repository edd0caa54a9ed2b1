import ArgumentParser
import ExpoNarration
import Foundation

/// Options that say where the voice profiles are.
struct VoiceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder of voice profiles and the lexicon.", valueName: "dir"))
    var voices: String?

    func library() throws -> VoiceLibrary {
        try VoiceLibrary.locate(explicit: voices.map { URL(fileURLWithPath: $0) }, executable: Executable.url)
    }
}

enum Executable {
    /// This program's own file, for finding its resources and starting workers.
    static var url: URL {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: path)
    }
}

/// Prints a message on stderr.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// The exit status for an error the library threw.
func exitStatus(for error: Error) -> ExitCode {
    switch error {
    case is CatalogError: return ExitCode(65)
    case is AudioFileError: return ExitCode(74)
    case OutputError.interrupted: return ExitCode(128 + (Interruption.signal == 0 ? SIGINT : Interruption.signal))
    case OutputError.cannotCreate, OutputError.cannotCreateCache: return ExitCode(73)
    case is OutputError: return ExitCode(74)
    case is VoiceProfileError, is SelectionError, is PronunciationLexiconError: return ExitCode(64)
    default: return ExitCode(70)
    }
}
