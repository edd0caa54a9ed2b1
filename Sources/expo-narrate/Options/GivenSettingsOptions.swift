import ArgumentParser
import ExpoModel
import Foundation
import Pipeline

extension Narrate {
    /// The settings these options give (nil where none is given), settled against the guide
    /// in the output folder (`GivenSettings.settle`); says in one line what it took from it.
    func settledSettings() throws -> SettledSettings {
        var given = GivenSettings()
        (given.posterFile, given.itemsFile, given.picturesFolder) = (posterFile, itemsFile, catalogFiles.images)
        (given.voicesFolder, given.voiceProfile) = (voiceOptions.voices, voiceChoice.given)
        given.formats = format.isEmpty ? nil : try deliveryFormats()
        (given.textOnly, given.brailleCells, given.brailleLines, given.opusBitrateKbps) = (textOnly, brailleCells, brailleLines, opusBitrate)
        let settled = try given.settle(output: URL(fileURLWithPath: output), partial: !all, command: commandWords) { explicit in
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
    private var commandWords: CommandWords {
        let selection = (poster ? ["--poster"] : []) + entry.flatMap { ["--entry", $0] }
        var options: [String] = []
        if let maxEntries { options += ["--max-entries", String(maxEntries)] }
        if let maxFieldBytes { options += ["--max-field-bytes", String(maxFieldBytes)] }
        if let cache { options += ["--cache", cache] }
        if noCache { options.append("--no-cache") }
        return CommandWords(selection: selection, output: output, runOptions: options)
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
