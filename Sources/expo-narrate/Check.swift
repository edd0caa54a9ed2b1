import ArgumentParser
import CatalogCheck
import CatalogLoading
import ExpoModel
import ExpoSystem
import Foundation
import Pipeline

/// `expo-narrate check`: the pre-flight report, without synthesising.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Report what the voice will probably get wrong in a catalog, and what looks like a data error.",
        discussion: """
        Nothing is synthesised or written. Each finding names the entry, the field and the text around it: \
        Latin-script names without a lexicon entry (and the voice that will read them), Hanja without a \
        reading, numbers and signs read by a fallback rule, words broken by a stray space (found with the \
        Korean spelling dictionary, Debian's hunspell-ko), empty and duplicate fields, and pictures (in \
        --images or the catalog's images/ folder) without a text alternative (image_alt).

        \(ExitStatus.help(for: .check))
        """
    )

    @OptionGroup var catalogFiles: CatalogFileOptions
    @OptionGroup var voiceChoice: VoiceChoice
    @OptionGroup var voiceOptions: VoiceOptions

    @Flag(name: .long, help: "Print the report as JSON (for a museum's own CI).")
    var json = false

    func run() throws {
        Interruption.installExiting()
        let report: CheckReport
        do {
            report = try PreflightCheck.report(of: catalogFiles.source(), voicesFolder: voiceOptions.folder, voice: voiceChoice.voice)
        } catch let error as ExitCode {
            throw error
        } catch {
            printError("expo-narrate: \(describe(error))")
            throw exitStatus(for: error)
        }
        for notice in report.skipped { printError("expo-narrate check: \(singleLine(notice))") }
        try writeOutput(json ? Self.json(report) : Self.text(report))
        // A check that could not finish (memory short) is not a clean bill: 75, try again.
        if report.failure != nil { throw ExitCode(.resources) }
        if !report.isClean { throw ExitCode(.findings) }
    }

    /// The report for people: one block per finding, then the counts.
    static func text(_ report: CheckReport) -> String {
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
    static func json(_ report: CheckReport) -> String {
        struct Output: Encodable {
            var clean: Bool
            var counts: [String: Int]
            var findings: [CheckFinding]
            var skipped: [String]
        }
        let output = Output(clean: report.isClean,
                            counts: Dictionary(uniqueKeysWithValues: report.counts.map { ($0.kind.rawValue, $0.count) }),
                            findings: report.findings, skipped: report.skipped)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(output)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// Options that name another catalog than the default one.
struct CatalogFileOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Poster JSON of another catalog (with --items-file).", valueName: "file"))
    var posterFile: String?

    @Option(name: .long, help: ArgumentHelp("Entries JSON of another catalog (with --poster-file).", valueName: "file"))
    var itemsFile: String?

    @Option(name: .long, help: ArgumentHelp(
        "Folder of the entries' pictures, matched by image_name with .jpg, .jpeg, .png or .webp (the catalog's own images/ folder is searched after it).",
        valueName: "dir"))
    var images: String?

    func validate() throws {
        if (posterFile == nil) != (itemsFile == nil) {
            throw ValidationError("--poster-file and --items-file go together: give both, or neither for the default catalog.")
        }
        if let images {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: images, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--images: \(images) is not a folder; give the folder that holds the pictures.")
            }
        }
    }

    /// The catalog these options name, held to the limits given (the loader's own otherwise).
    func source(maxEntries: Int? = nil, maxFieldBytes: Int? = nil) -> CatalogSource {
        var limits = CatalogLimits()
        if let maxEntries { limits.maximumEntries = maxEntries }
        if let maxFieldBytes { limits.maximumFieldBytes = maxFieldBytes }
        return CatalogSource(posterFile: posterFile.map { URL(fileURLWithPath: $0) }, itemsFile: itemsFile.map { URL(fileURLWithPath: $0) },
                             pictures: images.map { URL(fileURLWithPath: $0) }, limits: limits)
    }
}

/// The option that chooses a voice profile.
struct VoiceChoice: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Voice profile from the Voices folder (see 'expo-narrate voices').", valueName: "name"))
    var voice = "standard"
}
