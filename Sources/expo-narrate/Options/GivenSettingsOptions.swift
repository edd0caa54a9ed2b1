import ArgumentParser
import ExpoModel
import Foundation
import Pipeline

extension Narrate {
    /// The settings this run gives — by its project file or its options; nil where neither
    /// names one — settled against the guide in the output folder (`GivenSettings.settle`); says
    /// in one line what it took from it.
    func settledSettings(_ run: RunSettings) throws -> SettledSettings {
        let named = Set(run.project?.values.keys.map { $0 } ?? []).union(try commandLineGiven().keys)
        let settings = run.settings
        var given = GivenSettings()
        if named.contains(.posterFile) || named.contains(.itemsFile) { (given.posterFile, given.itemsFile) = (settings.posterFile, settings.itemsFile) }
        if named.contains(.images) { given.picturesFolder = settings.picturesFolder }
        if named.contains(.voices) { given.voicesFolder = settings.voicesFolder }
        if named.contains(.voice) { given.voiceProfile = settings.voiceProfile }
        if named.contains(.format) { given.formats = settings.formats }
        if named.contains(.textOnly) { given.textOnly = settings.textOnly }
        if named.contains(.brailleCells) { given.brailleCells = settings.brailleCells }
        if named.contains(.brailleLines) { given.brailleLines = settings.brailleLines }
        if named.contains(.opusBitrate) { given.opusBitrateKbps = settings.opusBitrateKbps }
        let command = commandWords(run)
        let settled = try given.settle(output: URL(fileURLWithPath: settings.outputFolder), partial: !all, command: command) { explicit in
            try VoiceFolder.folder(explicit)
        }
        let taken = settled.takenFromGuideWords
        if !taken.isEmpty, !quiet {
            printError("expo-narrate: using the published guide's settings: " + taken.map(shellWord).joined(separator: " "))
        }
        return settled
    }

    /// How this run's refusal names it in the commands it prints: its selection, output folder
    /// and the options that are not settings of the guide.
    private func commandWords(_ run: RunSettings) -> CommandWords {
        let selection = (poster ? ["--poster"] : []) + entry.flatMap { ["--entry", $0] }
        var options: [String] = run.projectNamed ? ["--project", run.project?.path ?? ""] : []
        if let maxEntries { options += ["--max-entries", String(maxEntries)] }
        if let maxFieldBytes { options += ["--max-field-bytes", String(maxFieldBytes)] }
        if let cache = run.settings.cacheFolder { options += ["--cache", cache] }
        if noCache { options.append("--no-cache") }
        return CommandWords(selection: selection, output: run.settings.outputFolder, runOptions: options)
    }
}

/// Prints a refused run's reason, then each command that would work on a line of its own,
/// under what it does, quoted so that it runs as printed.
func printRefusal(_ refusal: SettingsRefusal) {
    printError("expo-narrate: \(refusal.message).")
    for (purpose, words) in refusal.commands {
        printError(purpose)
        printError("  expo-narrate " + words.map(shellWord).joined(separator: " "))
    }
}
