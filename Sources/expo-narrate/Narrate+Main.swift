import ArgumentParser
import ExpoModel
import Pipeline

extension Narrate {
    /// Parses and runs, like ArgumentParser's own `main`, but prints every usage error in the
    /// style of the tool's other errors: one line on stderr, exit status 64.
    /// Help and the version go through `writeOutput` too, never argument-parser's unchecked print.
    static func main() {
        CommandProcess.ignoreBrokenPipes()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if !(error is ExitCode), exitCode(for: error) == ExitCode(.success) { printHelp(for: error) }
            // An exit status the command chose has had its message printed already.
            guard !(error is ExitCode), exitCode(for: error) == ExitCode(.usage) else { exit(withError: error) }
            printError(usageMessage(for: error))
            exit(withError: ExitCode(.usage))
        }
    }

    /// Writes what argument-parser would print for a clean exit (`--help`, `help`, `--version`)
    /// through `writeOutput`, so that a closed or full stdout is status 74, then ends with 0.
    static func printHelp(for request: Error) -> Never {
        let text = fullMessage(for: request)
        if !text.isEmpty {
            do { try writeOutput(text + "\n") } catch { exit(withError: error) }
        }
        exit(withError: nil)
    }

    /// "expo-narrate: what is wrong. Run 'expo-narrate --help' for the options." (the
    /// subcommand's help for an error in a subcommand's options).
    static func usageMessage(for error: Error) -> String {
        let first = CommandLine.arguments.dropFirst().first
        let command = configuration.subcommands.map { $0._commandName }.first { $0 == first }
        let help = "expo-narrate " + (command.map { $0 + " " } ?? "") + "--help"
        var text = message(for: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "invalid usage"
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        text = text.trimmingCharacters(in: .whitespaces)
        if !(text.hasSuffix(".") || text.hasSuffix("?") || text.hasSuffix("!")) { text += "." }
        let end = " Run '\(help)' for the options."
        return "expo-narrate: " + messageLine(text, limit: messageLengthLimit - "expo-narrate: ".count - end.count) + end
    }
}
