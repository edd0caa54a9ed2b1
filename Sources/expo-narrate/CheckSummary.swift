import ArgumentParser
import CatalogCheck
import CatalogLoading
import ExpoModel
import ExpoSystem
import Foundation
import Pipeline

/// `--all`'s last line: what `expo-narrate check` finds in the run's catalog.
struct CheckSummary {
    var catalogFiles: CatalogFileOptions
    var voice: String
    var voiceOptions: VoiceOptions

    /// The report kept in `cache` for this run's catalog, if any.
    func stored(in cache: URL, catalog: Catalog, warnings: [CatalogWarning]) -> CheckReport? {
        PreflightCheck.storedReport(catalog, warnings: warnings, source: catalogFiles.source(), voicesFolder: voiceOptions.folder,
                                    voice: voice, cache: cache)
    }

    /// Prints the line for `report` on stderr, when something was found or skipped.
    func print(_ report: CheckReport) {
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
        if let posterFile = catalogFiles.posterFile, let itemsFile = catalogFiles.itemsFile {
            command += " --poster-file \(shellWord(posterFile)) --items-file \(shellWord(itemsFile))"
        }
        if let images = catalogFiles.images { command += " --images \(shellWord(images))" }
        if let voices = voiceOptions.voices { command += " --voices \(shellWord(voices))" }
        if voice != "standard" { command += " --voice \(shellWord(voice))" }
        return command
    }

    /// Prints what the helper started beside the run printed, once the run is done; an end other
    /// than 0 is said in one line.
    func finish(_ helper: CheckHelper) {
        let (printed, failure) = helper.finish()
        if !printed.isEmpty { StandardStream.writeError(printed) }
        if let failure { notMade(failure) }
    }

    private func notMade(_ why: String) {
        printError("check: the pre-flight check was not made: \(why); the guide is published all the same. Run '\(command)' for the list.")
    }
}

/// `expo-narrate _check-summary`: `--all`'s check line, made in a process of its own (see
/// `CheckSummary`); the report is kept in `--cache` when given.
struct CheckSummaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "_check-summary", shouldDisplay: false)

    @OptionGroup var catalogFiles: CatalogFileOptions
    @OptionGroup var voiceChoice: VoiceChoice
    @OptionGroup var voiceOptions: VoiceOptions
    // Named apart from the main command's --cache, --max-entries and --max-field-bytes, which
    // ArgumentParser would otherwise give to the main command.
    @Option(name: .customLong("report-cache")) var cache: String?
    @Option(name: .customLong("entry-limit")) var maxEntries: Int?
    @Option(name: .customLong("field-byte-limit")) var maxFieldBytes: Int?
    /// Started held (`CheckHelper.start`): waits for the run's go-ahead on standard input
    /// before loading the spelling dictionary, and ends quietly when the run went away instead.
    @Flag(name: .customLong("held")) var held = false

    func run() throws {
        Interruption.installExiting()
        let summary = CheckSummary(catalogFiles: catalogFiles, voice: voiceChoice.voice, voiceOptions: voiceOptions)
        do {
            let report = try PreflightCheck.summaryReport(of: catalogFiles.source(maxEntries: maxEntries, maxFieldBytes: maxFieldBytes),
                                                          voicesFolder: voiceOptions.folder, voice: voiceChoice.voice,
                                                          cache: cache.map { URL(fileURLWithPath: $0) },
                                                          beforeLoading: { [held] in
                if held, !ChildProcess.waitUntilReleased() { Foundation.exit(ExitStatus.success.code) }
            })
            summary.print(report)
        } catch {
            // Said here, once; the run that started this process keeps its own status.
            printError("check: the pre-flight check was not made: \(describe(error))")
        }
    }
}
