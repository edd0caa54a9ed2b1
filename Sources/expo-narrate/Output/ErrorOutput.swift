import ArgumentParser
import ExpoModel
import Foundation
import Pipeline

// How the command says what happened: its lines on stderr and stdout, the exit status of an
// error, and the advice about its own options.

/// Prints a message on stderr with write(2); a closed or full stderr drops it (never a crash).
/// Every line on stderr goes through here: it is made one line with its control and direction
/// characters visible (`singleLine`), whatever file or catalog its text came from.
func printError(_ message: String) {
    CommandProcess.writeError(singleLine(message) + "\n")
}

/// Writes `text` on stdout with write(2). Any failure (a reader that went away, as with
/// `| head -c1`, a full disk, a descriptor that cannot be written) is one line on stderr and
/// status 74: what the command had to say was not all delivered, and a script must not take
/// it for a whole answer. SIGPIPE is ignored (`Narrate.main`), so the process never dies of it.
func writeOutput(_ text: String) throws {
    do {
        try CommandProcess.writeOutput(text)
    } catch {
        printError("expo-narrate: cannot write to standard output (\(CommandProcess.systemReason(error.code ?? EIO))).")
        throw ExitCode(.io)
    }
}

/// The exit status for an error the library threw (`ExitStatus(of:signal:)`, the one mapping).
func exitStatus(for error: Error) -> ExitCode {
    ExitCode(CommandProcess.exitStatus(for: error))
}

extension ExitCode {
    /// The status `status` names.
    init(_ status: ExitStatus) {
        self.init(status.code)
    }
}

/// The options of the run that prints a hint, as command-line words (" --poster-file P
/// --items-file I"), so that a command the hint names works as printed: it reads the same catalog.
struct RunOptions {
    /// The catalog's options and limits; empty for the default catalog.
    var catalog = ""
    /// " --project FILE" when the run was given its project file by name; empty otherwise (a
    /// project file in the working folder is found again by the command named).
    var project = ""
}

/// The error as the command line says it, for a command that reads no catalog (`described`).
func describe(_ error: Error) -> String {
    described(error, run: RunOptions()).line
}

/// The error as the command line says it: the library's message and advice, then what to do
/// with this program's options (a command named carries `run`'s catalog options), and that
/// command apart when it does not fit the line (a command cut short would not work as printed).
/// An error about bad input (usage, data) quotes that input: its line is kept to 300 characters
/// with "expo-narrate: " before it (`messageLine`), however long the input was.
func described(_ error: Error, run: RunOptions) -> (line: String, command: String?) {
    let limit = messageLengthLimit - "expo-narrate: ".count
    guard let error = error as? ExpoError else { return (messageLine(CommandProcess.reason(of: error) + ".", limit: limit), nil) }
    var text = error.description
    let advice = optionAdvice(for: error, run: run)
    let quotesInput = error.category == .usage || error.category == .data
    if let full = advice, text.count + 1 + full.count > limit, let command = adviceCommand(for: error, run: run) {
        let lead = text + " To see them all, run:"
        return (quotesInput ? messageLine(lead, limit: limit) : lead, command)
    }
    if let advice { text += " " + advice }
    return (quotesInput ? messageLine(text, limit: limit) : text, nil)
}

/// Prints `error` as `described` says it, after `prefix`: one line, and the command on the next.
func printDescribed(_ error: Error, run: RunOptions, prefix: String = "expo-narrate: ") {
    let said = described(error, run: run)
    printError(prefix + said.line)
    if let command = said.command { printError("  " + command) }
}

/// The command an error's advice names, when its advice is to run one.
private func adviceCommand(for error: ExpoError, run: RunOptions) -> String? {
    error.subject == .entrySelection ? "expo-narrate --list\(run.catalog)" : nil
}

/// Advice that names this program's options, by what the error is about.
private func optionAdvice(for error: ExpoError, run: RunOptions) -> String? {
    switch error.subject {
    case .outputFolder: return "(--output DIR chooses the output folder.)"
    case .cacheFolder: return "(--cache DIR chooses the cache folder; --no-cache runs without it.)"
    case .voiceProfile: return "(--voice NAME chooses a profile; 'expo-narrate voices\(run.project)' lists them.)"
    case .voicesFolder: return "(--voices DIR names the folder.)"
    case .defaultCatalog: return "(--poster-file and --items-file name another catalog.)"
    case .entrySelection: return "Run 'expo-narrate --list\(run.catalog)' to see them all."
    case .publishedGuide: return "(--all makes every track; --entry NAME and --poster make only those named.)"
    case .speech where error.category == .unavailable: return "(--text-only writes the guide without audio.)"
    case .catalog, .lexicon, .speech, nil: return nil
    }
}
