import ArgumentParser
import CatalogCheck
import CatalogLoading
import ExpoModel
import ExpoSystem
import Foundation

/// `--all`'s last line: what `expo-narrate check` finds in the run's catalog.
struct CheckSummary {
    var catalogFiles: CatalogFileOptions
    var voice: String
    var voiceOptions: VoiceOptions

    /// The key the report is kept under in the cache (`CheckReportStore`).
    func key(catalog: Catalog, warnings: [CatalogWarning]) throws -> String {
        let library = try voiceOptions.library()
        let profile = try library.profile(named: voice)
        return CheckReportStore.key(
            catalog: catalog, warnings: warnings, lexiconFile: library.lexiconFile,
            voices: CheckVoices(profile: profile.name, korean: profile.espeakVoice, foreign: profile.foreignVoices),
            program: Executable.url, picturesFound: (try? catalogFiles.picturesFound(in: catalog)) ?? [])
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

    /// Runs `helper arguments` (this program's `_check-summary`), which prints the line itself,
    /// and waits for it. Whatever it ends with, this run's status stays as it is; an end other
    /// than 0 is said in one line.
    func run(helper: URL, arguments: [String]) {
        switch spawn(helper: helper, arguments: arguments, output: nil) {
        case .success(let pid): finish(Helper(pid: pid, output: nil))
        case .failure(let failure): notMade(failure.reason)
        }
    }

    /// The helper started by `start`, running beside the run.
    struct Helper {
        var pid: pid_t
        /// The unnamed file its stderr goes to, printed by `finish`.
        var output: Int32?
    }

    /// Starts the helper while the guide is still being made, so that its half second of loading
    /// the dictionary uses a core the run leaves idle (one changed track, the single-threaded
    /// end of a run) instead of following the run; what it prints is kept in an unnamed file
    /// until `finish`. nil when it cannot be started so (then `run` it at the end).
    func start(helper: URL, arguments: [String]) -> Helper? {
        var template = Array((NSTemporaryDirectory() + "/expo-narrate-check-XXXXXX").utf8CString)
        let output = mkstemp(&template)
        guard output >= 0 else { return nil }
        unlink(String(cString: template))
        _ = fcntl(output, F_SETFD, FD_CLOEXEC)
        guard case .success(let pid) = spawn(helper: helper, arguments: arguments, output: output) else {
            close(output)
            return nil
        }
        return Helper(pid: pid, output: output)
    }

    /// Waits for `helper` and prints what it printed; an end other than 0 is said in one line.
    func finish(_ helper: Helper) {
        let ending = ProcessStatus.reap(helper.pid, blocking: true)
        if let output = helper.output {
            defer { close(output) }
            var text = Data()
            var buffer = [UInt8](repeating: 0, count: 65536)
            var offset: off_t = 0
            while true {
                let count = pread(output, &buffer, buffer.count, offset)
                guard count > 0 else { break }
                text.append(contentsOf: buffer[..<count])
                offset += off_t(count)
            }
            if !text.isEmpty { StandardStream.writeError(String(decoding: text, as: UTF8.self)) }
        }
        guard let ending, ending.status == 0, !ending.bySignal else {
            notMade(ending.map { $0.bySignal ? "it was stopped by signal \($0.status)" : "it ended with status \($0.status)" }
                ?? "it could not be waited for")
            return
        }
    }

    /// Stops `helper` (the run failed: no check line), and reaps it.
    func abandon(_ helper: Helper) {
        kill(helper.pid, SIGTERM)
        _ = ProcessStatus.reap(helper.pid, blocking: true)
        if let output = helper.output { close(output) }
    }

    private func notMade(_ why: String) {
        printError("check: the pre-flight check was not made: \(why); the guide is published all the same. Run '\(command)' for the list.")
    }

    /// Starts the helper (its stderr into `output` when given); its pid, or why it did not start.
    private func spawn(helper: URL, arguments: [String], output: Int32?) -> Result<pid_t, SpawnFailure> {
        let argv = ([helper.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        // A helper that crashes (the dictionary under a memory limit) ends in one line of ours,
        // not in the Swift runtime's backtrace on the user's terminal.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let output { posix_spawn_file_actions_adddup2(&actions, output, 2) }
        let started = posix_spawn(&pid, helper.path, &actions, nil, argv, envp)
        guard started == 0 else { return .failure(SpawnFailure(reason: "it could not be started (\(String(cString: strerror(started))))")) }
        return .success(pid)
    }

    private struct SpawnFailure: Error { var reason: String }
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

    func run() throws {
        Interruption.installExiting()
        let summary = CheckSummary(catalogFiles: catalogFiles, voice: voiceChoice.voice, voiceOptions: voiceOptions)
        do {
            let (catalog, warnings) = try loadCatalog(posterFile: catalogFiles.posterFile, itemsFile: catalogFiles.itemsFile) { loader in
                if let maxEntries { loader.limits.maximumEntries = maxEntries }
                if let maxFieldBytes { loader.limits.maximumFieldBytes = maxFieldBytes }
            }
            let pictures = try catalogFiles.picturesFound(in: catalog)
            let make = { try checkCatalog(catalog, warnings: warnings, voice: voiceChoice.voice, voiceOptions: voiceOptions,
                                          picturesFound: pictures) }
            let report = try cache.map { folder in
                try CheckReportStore.report(in: URL(fileURLWithPath: folder), key: summary.key(catalog: catalog, warnings: warnings), make: make)
            } ?? make()
            summary.print(report)
        } catch {
            // Said here, once; the run that started this process keeps its own status.
            printError("check: the pre-flight check was not made: \(describe(error))")
        }
    }
}
