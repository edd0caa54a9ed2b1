import Foundation
import Pipeline

/// `--all`'s last line: what `expo-narrate check` finds in the run's catalog.
struct CheckSummary {
    /// The catalog, voices and cache of the run, as the check helper is given them.
    var request: CheckSummaryRequest

    /// Prints the line for `report` on stderr, when something was found or skipped.
    func print(_ report: PreflightCheck.Report) {
        guard !report.isClean || !report.skipped.isEmpty else { return }
        let total = report.findings.count
        let found = report.isClean ? "nothing found" : "\(total) \(total == 1 ? "finding" : "findings") (\(report.summary))"
        let skipped = report.skipped.isEmpty ? "" : "; some checks skipped"
        printError("check: \(found)\(skipped); run '\(command)' for the list.")
    }

    /// `expo-narrate check` with the same catalog and voices as this run, so that check reports
    /// what this run heard.
    var command: String {
        var command = "expo-narrate check"
        if let posterFile = request.posterFile, let itemsFile = request.itemsFile {
            command += " --poster-file \(shellWord(posterFile)) --items-file \(shellWord(itemsFile))"
        }
        if let images = request.images { command += " --images \(shellWord(images))" }
        if let voices = request.voices { command += " --voices \(shellWord(voices))" }
        if request.voice != "standard" { command += " --voice \(shellWord(request.voice))" }
        return command
    }

    /// Prints the line of `check`, once the run is done: the report kept in the cache, or what
    /// the helper started beside the run printed (an end other than 0 is said in one line).
    func finish(_ check: CheckLine) {
        switch check {
        case .stored(let report):
            print(report)
        case .helper(let helper):
            let (printed, failure) = helper.finish()
            if !printed.isEmpty { CommandProcess.writeError(printed) }
            if let failure { notMade(failure) }
        }
    }

    private func notMade(_ why: String) {
        printError("check: the pre-flight check was not made: \(why); the guide is published all the same. Run '\(command)' for the list.")
    }
}

/// `text` as one word for a POSIX shell: as it is when it holds only safe characters, else in
/// single quotes.
func shellWord(_ text: String) -> String {
    let safe =
        !text.isEmpty
        && text.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || "/._-+,:=@%".unicodeScalars.contains($0)
        }
    return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
