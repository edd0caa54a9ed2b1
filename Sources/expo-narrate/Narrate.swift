import ArgumentParser
import Foundation
import ExpoModel
import ExpoSystem
import CatalogCheck
import CatalogLoading
import Pipeline
import Braille

/// `expo-narrate [--all | --poster | --entry NAME …]`: makes the guide. The other commands
/// (normalize, voices) are its subcommands.
@main
struct Narrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expo-narrate",
        abstract: "Turns exhibition data into an accessible audio guide and a screen-reader-friendly text.",
        discussion: """
        Without --poster-file and --items-file, narrates the bundled default catalog (the 1900 Paris \
        poster and its Korean entries). Output: one WAV, caption (.vtt) and script pair per track, \
        guide.wav, guide.m3u8, guide.txt, index.html and manifest.json; with pictures (--images, or \
        an images/ folder beside the catalog), each track's picture at 480 and 960 px as WebP and JPEG.

        --entry and --poster in a folder that holds a guide make only what they name and \
        publish the whole guide again, every other track taken from the cache; on an empty \
        folder they publish a guide of just those tracks.

        \(ExitStatus.help(for: .narrate))

        Resources (DefaultCatalog/ and Voices/) are looked for in $EXPO_NARRATE_DATA, beside the \
        binary, in ../share/expo-narrate from the binary (an installed copy), then in the source \
        checkout.

        More than one machine: run `--all --shard K/N --cache SHARED` on N workers (K from 0 to N-1), \
        then `--all --assemble-only --cache SHARED` once. --shard auto/N takes K from JOB_COMPLETION_INDEX \
        (a Kubernetes Indexed Job) or from SLURM_ARRAY_TASK_ID minus SLURM_ARRAY_TASK_MIN (a Slurm job \
        array); --shard auto also takes N from SLURM_ARRAY_TASK_COUNT.
        """,
        version: GuideBuilder.toolVersion,
        subcommands: [Check.self, Verify.self, Normalize.self, Pronounce.self, Voices.self, SpeechServerCommand.self, CheckSummaryCommand.self]
    )

    @Flag(name: .long, help: "Narrate the poster and every entry.")
    var all = false

    @Flag(name: .long, help: "Narrate the poster.")
    var poster = false

    @Option(name: .long, help: ArgumentHelp(
        "Narrate this entry (repeatable): its name (갓), its file stem as --list prints it, with or without the number (01-jikji, jikji), or its position among the entries, counted from 1 (1 is 01-…; the poster is --poster).",
        valueName: "name"))
    var entry: [String] = []

    @Flag(name: .long, help: "List the poster and the entries, then stop.")
    var list = false

    @Option(name: .long, help: ArgumentHelp("Where to write the guide: a new or empty folder, or one expo-narrate published before (it is replaced whole; your own files in it are kept).", valueName: "dir"))
    var output = "output"

    @OptionGroup var catalogFiles: CatalogFileOptions
    var posterFile: String? { catalogFiles.posterFile }
    var itemsFile: String? { catalogFiles.itemsFile }

    @OptionGroup var voiceChoice: VoiceChoice
    var voice: String { voiceChoice.voice }

    @OptionGroup var voiceOptions: VoiceOptions

    @Flag(name: .long, help: "Write the text only, without audio.")
    var textOnly = false

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp(
        "Formats besides the WAV master, repeatable or a list: opus, mp3, epub (an EPUB 3 talking book with read-along, which carries MP3); brf and pef (a braille edition: Braille Ready Format, Portable Embosser Format), labels (the apps' spoken labels: JSON, iOS String Catalogs, Android strings). Default: opus, also when only brf, pef or labels are named.",
        valueName: "formats"))
    var format: [String] = []

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Cells a braille line (brf, pef; default 40).", valueName: "n"))
    var brailleCells: Int = BraillePageSize.standard.cells

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Lines a braille page, its page number's line included (brf, pef; default 25).", valueName: "n"))
    var brailleLines: Int = BraillePageSize.standard.lines

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Opus bit rate in kb/s (default 24).", valueName: "kbps"))
    var opusBitrate: Int = 24

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Worker processes for speech synthesis (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Option(name: .long, help: ArgumentHelp("Cache folder for synthesised tracks (default: $XDG_CACHE_HOME/expo-narrate or ~/.cache/expo-narrate).", valueName: "dir"))
    var cache: String?

    @Flag(name: .long, help: "Neither read nor trust the cache: synthesise every track again.")
    var noCache = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The most entries a catalog may have (default 20000).", valueName: "n"))
    var maxEntries: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The most bytes one text field may have, as written in the JSON (default 16777216).", valueName: "n"))
    var maxFieldBytes: Int?

    @Flag(name: .long, help: "If another run is using the output or cache folder, stop at once (status 75) instead of waiting for it.")
    var noWait = false

    @Flag(name: .long, help: "Print nothing but errors and warnings.")
    var quiet = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "With --all: make only shard K of N (0 ≤ K < N) of the tracks into the --cache folder and publish nothing. 'auto/N' or 'auto' takes K (and N) from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT.",
        valueName: "K/N"))
    var shard: String?

    @Flag(name: .long, help: "With --all: publish the guide from the --cache folder that the shards filled, synthesising nothing (status 69 if tracks are missing).")
    var assembleOnly = false

    func validate() throws {
        if (posterFile == nil) != (itemsFile == nil) {
            throw ValidationError("--poster-file and --items-file go together: give both, or neither for the default catalog.")
        }
        if all && (poster || !entry.isEmpty) {
            throw ValidationError("--all already includes the poster and every entry; drop --poster and --entry.")
        }
        // Every number is checked against its range here, before any arithmetic is done with it.
        if let maxEntries, !(1...CatalogLimits.largestEntryCount).contains(maxEntries) {
            throw ValidationError("--max-entries must be from 1 to \(CatalogLimits.largestEntryCount).")
        }
        if let maxFieldBytes, !(1...CatalogLimits.largestFieldBytes).contains(maxFieldBytes) {
            throw ValidationError("--max-field-bytes must be from 1 to \(CatalogLimits.largestFieldBytes).")
        }
        if !(6...256).contains(opusBitrate) {
            throw ValidationError("--opus-bitrate must be from 6 to 256 (kb/s).")
        }
        if let jobs, !(1...64).contains(jobs) {
            throw ValidationError("--jobs must be from 1 to 64.")
        }
        do { try BraillePageSize(cells: brailleCells, lines: brailleLines).validate() } catch let error as ExpoError {
            throw ValidationError("--braille-cells takes 20 to 100 and --braille-lines 10 to 100: \(error.message).")
        }
        if shard != nil || assembleOnly {
            let option = shard != nil ? "--shard" : "--assemble-only"
            if shard != nil && assembleOnly { throw ValidationError("--shard makes tracks and --assemble-only publishes them: give one.") }
            if !all { throw ValidationError("\(option) works on the whole guide: add --all.") }
            if noCache { throw ValidationError("\(option) works through the cache shared by the shards: drop --no-cache.") }
            if textOnly { throw ValidationError("\(option) is about audio: drop --text-only.") }
        }
        _ = try deliveryFormats()
    }

    /// Parses and runs, like ArgumentParser's own `main`, but prints every usage error in the
    /// style of the tool's other errors: one line on stderr, exit status 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            // An exit status the command chose has had its message printed already.
            guard !(error is ExitCode), exitCode(for: error) == ExitCode(.usage) else { exit(withError: error) }
            printError(usageMessage(for: error))
            exit(withError: ExitCode(.usage))
        }
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

    func run() throws {
        // Checked here, not in validate(): validate() also runs before a subcommand.
        if !all && !poster && entry.isEmpty && !list {
            throw ValidationError("Say what to narrate: --all, --poster or --entry NAME (or --list to see the entries).")
        }
        // The engine's variables are read here, so that a wrong one is a usage error (64).
        let shard = try shard.map { try ShardOption.resolve($0, environment: ProcessInfo.processInfo.environment) }
        let sourceDate: Int?
        do {
            sourceDate = try GuideRequest.sourceDate(environment: ProcessInfo.processInfo.environment)
        } catch let error as ExpoError {
            throw ValidationError(error.message + "; unset it or give whole seconds.")
        }
        // Until the catalog is read (and for --list), nothing is written: a stop ends the process.
        Interruption.installExiting()
        do {
            try narrate(shard: shard, sourceDate: sourceDate)
        } catch let error as ExitCode {
            throw error
        } catch {
            printError("expo-narrate: \(describe(error))")
            throw exitStatus(for: error)
        }
    }

    private func narrate(shard: Shard?, sourceDate: Int?) throws {
        let source = catalogFiles.source(maxEntries: maxEntries, maxFieldBytes: maxFieldBytes)
        let (catalog, warnings) = try source.load()
        for warning in warnings { printError("warning: \(warning)") }
        if list {
            try printList(catalog)
            return
        }
        Interruption.install()
        // A system that refuses threads (a process limit) is an error now, not a hang later
        // inside a library that retries forever.
        try BackgroundWork {}.wait()
        let guideVoice = try GuideVoice(voices: voiceOptions.library(), voice: voice)
        noteMissingKoreanLexicon()
        let builder = guideVoice.builder
        let selection: GuideRequest.Selection = all ? .all
            : (entry.isEmpty ? .poster : .some(poster: poster, entryNames: entry))
        var request = GuideRequest(
            catalog: catalog, selection: selection,
            outputFolder: URL(fileURLWithPath: output), profile: guideVoice.profile, textOnly: textOnly,
            delivery: try delivery(),
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            cacheFolder: cache.map { URL(fileURLWithPath: $0) }, useCache: !noCache
        )
        request.waitForOtherRuns = !noWait
        if let notice = request.cacheNotice, !quiet { printError("warning: \(notice); give --cache DIR to keep them.") }
        request.assembleOnly = assembleOnly
        request.braillePage = BraillePageSize(cells: brailleCells, lines: brailleLines)
        request.brailleTable = guideVoice.brailleTable
        request.sourceDate = sourceDate
        request.pictureFolders = source.pictureFolders()
        let printer = ProgressPrinter(quiet: quiet)
        if let shard {
            request.shard = shard
            let report = try builder.makeShard(request, progress: printer.show)
            printer.finish(report)
            if !report.failedTracks.isEmpty { throw ExitCode(.tracksFellBack) }
            return
        }
        // The check line: from the report kept in the cache, or made by a helper started now,
        // held until the run leaves a core idle (`CheckHelper`).
        let check = all ? checkLine(catalog, warnings: warnings, request: request) : nil
        if case .helper(_, let helper) = check { helper.start() }
        let report: GuideReport
        do {
            report = try builder.build(request) { event in
                if case .helper(_, let helper) = check { helper.observe(event) }
                printer.show(event)
            }
        } catch {
            if case .helper(_, let helper) = check { helper.abandon() }
            throw error
        }
        printer.finish(report)
        switch check {
        case .stored(let summary, let stored): summary.print(stored)
        case .helper(let summary, let helper): summary.finish(helper)
        case nil: break
        }
        if !report.failedTracks.isEmpty { throw ExitCode(.tracksFellBack) }
    }

    /// Where `--all`'s check line comes from.
    private enum CheckLine {
        /// The report kept in the run's cache.
        case stored(CheckSummary, CheckReport)
        /// A short-lived helper process (`_check-summary`), so that the Korean spelling
        /// dictionary is never loaded into this process, and whatever happens to it
        /// (memory short) never changes this run's status or what it published.
        case helper(CheckSummary, CheckHelper)
    }

    private func checkLine(_ catalog: Catalog, warnings: [CatalogWarning], request: GuideRequest) -> CheckLine {
        let summary = CheckSummary(catalogFiles: catalogFiles, voice: voice, voiceOptions: voiceOptions)
        let cache = request.effectiveCacheFolder
        if let cache, let stored = summary.stored(in: cache, catalog: catalog, warnings: warnings) {
            return .stored(summary, stored)
        }
        var arguments = ["_check-summary", "--voice", voice]
        if let posterFile, let itemsFile { arguments += ["--poster-file", posterFile, "--items-file", itemsFile] }
        if let images = catalogFiles.images { arguments += ["--images", images] }
        if let voices = voiceOptions.voices { arguments += ["--voices", voices] }
        if let cache { arguments += ["--report-cache", cache.path] }
        if let maxEntries { arguments += ["--entry-limit", String(maxEntries)] }
        if let maxFieldBytes { arguments += ["--field-byte-limit", String(maxFieldBytes)] }
        return .helper(summary, CheckHelper(arguments: arguments, jobs: request.jobs))
    }

    /// The formats named with --format (each value may be a comma-separated list).
    private func deliveryFormats() throws -> Set<DeliveryFormat> {
        guard !format.isEmpty else { return Delivery.standard.formats }
        var formats: Set<DeliveryFormat> = []
        for name in format.flatMap({ $0.split(separator: ",") }) {
            let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard let value = DeliveryFormat(rawValue: trimmed) else {
                throw ValidationError("--format takes wav, opus, mp3, epub, brf, pef or labels; \"\(trimmed)\" is none of them.")
            }
            formats.insert(value)
        }
        // The text editions come besides the audio: naming only them keeps the default audio.
        let textEditions: Set<DeliveryFormat> = [.brf, .pef, .labels]
        if formats.isSubset(of: textEditions) { formats.formUnion(Delivery.standard.formats) }
        return formats
    }

    private func delivery() throws -> Delivery {
        let delivery = Delivery(formats: try deliveryFormats(), opusBitrate: opusBitrate * 1000)
        try delivery.validate()
        return delivery
    }

    /// Lists the tracks in blocks of 64 KB on stdout (see `writeOutput`); a stop signal ends it.
    private func printList(_ catalog: Catalog) throws {
        let tracks = EntryNames.listedTracks(of: catalog)
        var block = ""
        for track in tracks {
            try Interruption.check()
            let kind = track.kind == .poster ? "poster" : "entry "
            block += "\(kind)  \(track.fileStem)  \(singleLine(track.title))\n"
            if block.utf8.count >= 1 << 16 {
                try writeOutput(block)
                block.removeAll(keepingCapacity: true)
            }
        }
        try writeOutput(block)
    }
}

/// `text` as one word for a POSIX shell: as it is when it holds only safe characters, else in
/// single quotes.
func shellWord(_ text: String) -> String {
    let safe = !text.isEmpty && text.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || $0.properties.numericType != nil || "/._-+,:=@%".unicodeScalars.contains($0)
    }
    return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
