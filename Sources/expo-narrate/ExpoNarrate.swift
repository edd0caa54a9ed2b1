import ArgumentParser
import ExpoNarration
import Foundation

@main
struct ExpoNarrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expo-narrate",
        abstract: "Turns exhibition data into an accessible audio guide and a screen-reader-friendly text.",
        discussion: """
        With no catalog files, narrates the bundled default catalog (the 1900 Paris poster and its Korean entries).
        Exit status: 0 done; 3 some tracks fell back to text; 64 usage error; 65 bad catalog data;
        73 output folder cannot be created; 74 a file could not be written; 130 interrupted.
        """,
        version: GuideBuilder.toolVersion,
        subcommands: [Narrate.self, Normalize.self, Voices.self, Worker.self],
        defaultSubcommand: Narrate.self
    )
}

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
func exitCode(for error: Error) -> ExitCode {
    switch error {
    case is CatalogError: return ExitCode(65)
    case OutputError.interrupted: return ExitCode(130)
    case OutputError.cannotCreate: return ExitCode(73)
    case is OutputError: return ExitCode(74)
    case is VoiceProfileError, is SelectionError, is LexiconError: return ExitCode(64)
    default: return ExitCode(70)
    }
}
