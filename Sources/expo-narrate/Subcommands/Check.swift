import ArgumentParser
import ExpoModel
import Foundation
import Pipeline

/// `expo-narrate check`: the pre-flight report, without synthesizing.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Report what the voice will probably get wrong in a catalog, and what looks like a data error.",
        discussion: """
            Nothing is synthesized or written. Each finding names the entry, the field and the text around it: \
            Latin-script names without a lexicon entry (and the voice that will read them), Hanja without a \
            reading, numbers and signs read by a fallback rule, words broken by a stray space (found with the \
            Korean spelling dictionary, Debian's hunspell-ko), empty and duplicate fields, and pictures (in \
            --images or the catalog's images/ folder) without a text alternative (image_alt).

            \(ExitStatus.help(for: .check))
            """
    )

    @OptionGroup var project: ProjectOption
    @OptionGroup var catalogFiles: CatalogFileOptions
    @OptionGroup var voiceChoice: VoiceChoice
    @OptionGroup var voiceOptions: VoiceOptions

    @Flag(name: .long, help: "Print the report as JSON (for a museum's own CI).")
    var json = false

    func run() throws {
        let run = try project.settings(given: catalogFiles.given.merging(voiceChoice.given) { $1 }.merging(voiceOptions.given) { $1 })
        let settings = run.settings
        CommandProcess.endAtOnceWhenStopped()
        let report: PreflightCheck.Report
        do {
            let source = CatalogSource(posterFile: settings.posterFile, itemsFile: settings.itemsFile, images: settings.picturesFolder)
            report = try PreflightCheck.report(
                of: source, voicesFolder: settings.voicesFolder.map { URL(fileURLWithPath: $0) },
                voice: settings.voiceProfile)
        } catch let error as ExitCode {
            throw error
        } catch {
            let projectWords = run.projectWords(quoting: shellWord)
            let options = RunOptions(catalog: projectWords + catalogFiles.commandWords, project: projectWords)
            printDescribed(error, run: options)
            throw exitStatus(for: error)
        }
        for notice in report.skipped { printError("expo-narrate check: \(singleLine(notice))") }
        try writeOutput(json ? Self.json(report) : Self.text(report))
        // A check that could not finish (memory short) is not a clean bill: 75, try again.
        if report.failure != nil { throw ExitCode(.resources) }
        if !report.isClean { throw ExitCode(.findings) }
    }

    /// The report for people: one block per finding, then the counts.
    static func text(_ report: PreflightCheck.Report) -> String {
        var text = ""
        // Every text of a finding may come from the catalog: each goes through singleLine, so
        // that a name with a line break cannot forge a finding, nor a control sequence the terminal.
        for finding in report.findings {
            let place = finding.position == 0 ? "poster" : "entry \(finding.position) (\(singleLine(finding.entry)))"
            text += "\(place), \(singleLine(finding.field)): \(finding.kind.label.one)"
            text += finding.text.isEmpty ? "\n" : ": \(singleLine(finding.text))\n"
            if !finding.context.isEmpty { text += "    \(singleLine(finding.context))\n" }
            text += "    \(singleLine(finding.detail))\n"
        }
        if !report.findings.isEmpty { text += "\n" }
        let total = report.findings.count
        text += report.isClean ? "Nothing found.\n" : "\(total) \(total == 1 ? "finding" : "findings"): \(report.summary).\n"
        return text
    }

    /// The report as one JSON object: findings, counts by kind, skipped checks.
    static func json(_ report: PreflightCheck.Report) -> String {
        struct Output: Encodable {
            var clean: Bool
            var counts: [String: Int]
            var findings: [PreflightCheck.Finding]
            var skipped: [String]
        }
        let output = Output(
            clean: report.isClean,
            counts: Dictionary(uniqueKeysWithValues: report.counts.map { ($0.kind.rawValue, $0.count) }),
            findings: report.findings, skipped: report.skipped)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(output)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
