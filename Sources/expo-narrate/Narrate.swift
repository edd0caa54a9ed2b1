import ArgumentParser
import ExpoModel
import Pipeline

/// `expo-narrate [--all | --poster | --entry NAME …]`: makes the guide. The other commands
/// (normalize, voices) are its subcommands.
@main
struct Narrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expo-narrate",
        abstract: "Turns exhibition data into an accessible audio guide and a screen-reader-friendly text.",
        discussion: """
            Without --poster-file and --items-file, narrates the bundled default catalog (the 1900 Paris \
            poster and its Korean entries). Output: per track a WAV master, its Opus copy (the default \
            format; --format adds MP3, an EPUB talking book, braille and the apps' labels), captions \
            (.vtt) and its scripts; the whole guide as guide.wav and guide.opus with chapter marks, \
            playlists (guide.m3u8 …), guide.txt, index.html and manifest.json; with pictures (--images, \
            or an images/ folder beside the catalog), each track's picture at 480 and 960 px as WebP \
            and JPEG.

            --entry and --poster in a folder that holds a guide make only what they name and \
            publish the whole guide again, every other track taken from the cache, with the settings \
            the guide records (formats, voices, profile, braille page, catalog, pictures); a setting \
            given that differs is refused (64) with the two commands that would work. On an empty \
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
        subcommands: [Init.self, Check.self, Verify.self, Normalize.self, Pronounce.self, Voices.self, SpeechServerCommand.self, CheckSummaryCommand.self]
    )

    @Flag(name: .long, help: "Narrate the poster and every entry.")
    var all = false

    @Flag(name: .long, help: "Narrate the poster.")
    var poster = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Narrate this entry (repeatable): its name (갓), its file stem as --list prints it, with or without the number (01-jikji, jikji), or its position among the entries, counted from 1 (1 is 01-…; the poster is --poster).",
            valueName: "name"))
    var entry: [String] = []

    @Flag(name: .long, help: "List the poster and the entries, then stop.")
    var list = false

    @OptionGroup var project: ProjectOption

    @OptionGroup var catalogFiles: CatalogFileOptions

    @OptionGroup var voiceChoice: VoiceChoice

    @OptionGroup var voiceOptions: VoiceOptions

    @OptionGroup var publishing: PublishingOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Worker processes for speech synthesis (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Flag(name: .long, help: "Neither read nor trust the cache: synthesize every track again.")
    var noCache = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The most entries a catalog may have (default 20000).", valueName: "n"))
    var maxEntries: Int?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The most bytes one text field may have, as written in the JSON (default 16777216).", valueName: "n"))
    var maxFieldBytes: Int?

    @Flag(name: .long, help: "If another run is using the output or cache folder, stop at once (status 75) instead of waiting for it.")
    var noWait = false

    @Flag(name: .long, help: "Print nothing but errors, warnings and --all's one check line (what 'expo-narrate check' finds, when it finds anything).")
    var quiet = false

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "With --all: make only shard K of N (0 ≤ K < N) of the tracks into the --cache folder and publish nothing. 'auto/N' or 'auto' takes K (and N) from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT.",
            valueName: "K/N"))
    var shard: String?

    @Flag(
        name: .long,
        help: "With --all: publish the guide from the --cache folder that the shards filled, synthesizing nothing (status 69 if tracks are missing).")
    var assembleOnly = false

    func validate() throws {
        if all && (poster || !entry.isEmpty) {
            throw ValidationError("--all already includes the poster and every entry; drop --poster and --entry.")
        }
        // Every number is checked against its range here, before any arithmetic is done with it.
        if let maxEntries, !(1...CatalogSource.Limits.largestEntryCount).contains(maxEntries) {
            throw ValidationError("--max-entries must be from 1 to \(CatalogSource.Limits.largestEntryCount).")
        }
        if let maxFieldBytes, !(1...CatalogSource.Limits.largestFieldBytes).contains(maxFieldBytes) {
            throw ValidationError("--max-field-bytes must be from 1 to \(CatalogSource.Limits.largestFieldBytes).")
        }
        if let jobs, !(1...64).contains(jobs) {
            throw ValidationError("--jobs must be from 1 to 64.")
        }
        if shard != nil || assembleOnly {
            let option = shard != nil ? "--shard" : "--assemble-only"
            if shard != nil && assembleOnly { throw ValidationError("--shard makes tracks and --assemble-only publishes them: give one.") }
            if !all { throw ValidationError("\(option) works on the whole guide: add --all.") }
            if noCache { throw ValidationError("\(option) works through the cache shared by the shards: drop --no-cache.") }
        }
    }
}
