import Braille
import CatalogCheck
import CatalogLoading
import ExpoModel
import ExpoSystem
import Foundation
import GuideCache
import Normalization
import Synthesizer

/// The pre-flight check as the commands run it: with the lexicon of the Voices folder and the
/// voices of a profile, its report kept in a cache, or made by a helper process.
public enum PreflightCheck {
    /// The report on the catalog of `source` (`expo-narrate check`), with the profile `voice` of
    /// the Voices folder `voicesFolder` (nil: the one installed with the program).
    public static func report(of source: CatalogSource, voicesFolder: URL?, voice: String) throws -> CheckReport {
        let (catalog, warnings) = try source.load()
        return try report(
            catalog, warnings: warnings, voices: voices(voicesFolder), voice: voice,
            picturesFound: source.picturesFound(in: catalog))
    }

    /// The report behind `--all`'s summary line, made in the helper process: as `report(of:)`,
    /// kept in `cache` (when given) under its key, and taken from there when it is kept already.
    /// `beforeLoading` as in `report`.
    public static func summaryReport(
        of source: CatalogSource, voicesFolder: URL?, voice: String, cache: URL?,
        beforeLoading: @escaping @Sendable () -> Void = {}
    ) throws -> CheckReport {
        let (catalog, warnings) = try source.load()
        let pictures = source.picturesFound(in: catalog)
        let make = {
            try report(
                catalog, warnings: warnings, voices: voices(voicesFolder), voice: voice, picturesFound: pictures,
                beforeLoading: beforeLoading)
        }
        guard let cache else { return try make() }
        let key = try key(catalog, warnings: warnings, voices: voices(voicesFolder), voice: voice, picturesFound: pictures)
        return try CheckReportStore.report(in: cache, key: key, make: make)
    }

    /// The report on `catalog` kept in `cache`, if there is one: what `--all` prints without
    /// starting the helper.
    public static func storedReport(
        _ catalog: Catalog, warnings: [CatalogWarning], source: CatalogSource, voicesFolder: URL?,
        voice: String, cache: URL
    ) -> CheckReport? {
        guard
            let key = try? key(
                catalog, warnings: warnings, voices: voices(voicesFolder), voice: voice,
                picturesFound: source.picturesFound(in: catalog))
        else { return nil }
        return CheckReportStore.stored(in: cache, key: key)
    }

    /// The Voices folder `folder`, or the one installed with the program.
    private static func voices(_ folder: URL?) throws -> VoiceLibrary {
        try VoiceLibrary.locate(explicit: folder, executable: ChildProcess.currentExecutable)
    }

    /// What `catalog` will probably sound wrong or hold by mistake, checked with the lexicon of
    /// `voices` and the voices of its profile `voice`; `beforeLoading` is called before the
    /// spelling dictionary is loaded (see `CatalogChecker`).
    public static func report(
        _ catalog: Catalog, warnings: [CatalogWarning], voices: VoiceLibrary, voice: String,
        picturesFound: Set<String> = [], beforeLoading: @escaping @Sendable () -> Void = {}
    ) throws -> CheckReport {
        let profile = try voices.profile(named: voice)
        let normalizer = KoreanNormalizer(lexicon: try voices.lexicon())
        var checker = CatalogChecker(normalizer: normalizer, voices: checkVoices(profile), beforeLoading: beforeLoading)
        // The braille edition's signs spelled out in words, told before publishing; without
        // liblouis or the table there is no braille edition to tell of.
        if let transcriber = try? BrailleTranscriber(
            table: voices.folder.appendingPathComponent("braille/ko-expo-g2.ctb"),
            normalizer: normalizer)
        {
            checker.brailleSpelling = { text in
                ((try? transcriber.spelledSigns(text)) ?? []).map { ($0.sign, $0.words) }
            }
        }
        return checker.check(catalog, warnings: warnings, picturesFound: picturesFound)
    }

    /// The key the report on `catalog` is kept under in a cache (see `CheckReportStore`): the
    /// catalog, the lexicon, the voices, this program and the pictures found.
    public static func key(
        _ catalog: Catalog, warnings: [CatalogWarning], voices: VoiceLibrary, voice: String,
        picturesFound: Set<String>
    ) throws -> String {
        let profile = try voices.profile(named: voice)
        return CheckReportStore.key(
            catalog: catalog, warnings: warnings, lexiconFile: voices.lexiconFile, acronymsFile: voices.acronymsFile,
            voices: checkVoices(profile), program: ChildProcess.currentExecutable,
            picturesFound: picturesFound)
    }

    /// Runs this program's check helper with `request` (it says what it found itself) and waits
    /// for it; nil when it ended well, else why not ("it ended with status 3").
    public static func runHelper(_ request: CheckSummaryRequest) -> String? {
        do {
            return failure(
                of: try ChildProcess.run(
                    ChildProcess.currentExecutable, arguments: request.arguments(),
                    environment: helperEnvironment))
        } catch {
            return notStarted(error)
        }
    }

    /// Without the Swift runtime's backtracer, a helper that crashes (the dictionary under a
    /// memory limit) ends in one line of ours.
    static let helperEnvironment = ["SWIFT_BACKTRACE": "enable=no"]

    static func failure(of ending: (status: Int32, bySignal: Bool)?) -> String? {
        guard let ending else { return "it could not be waited for" }
        if ending.bySignal { return "it was stopped by signal \(ending.status)" }
        return ending.status == 0 ? nil : "it ended with status \(ending.status)"
    }

    static func notStarted(_ error: any Error) -> String {
        if let error = error as? ExpoError {
            return "it could not be started (\(error.code.map(ExpoError.systemReason) ?? error.message))"
        }
        return "it could not be started (\(ExpoError.reason(of: error)))"
    }

    private static func checkVoices(_ profile: VoiceProfile) -> CheckVoices {
        CheckVoices(profile: profile.name, korean: profile.espeakVoice, foreign: profile.foreignVoices)
    }
}

/// `--all`'s check helper run beside the guide, in two steps. `start` starts it as the run
/// begins, held: it reads the catalog and cuts the spelling dictionary down to the catalog's
/// words while the run narrates (CPU, little memory), then waits. `observe` lets it go on once
/// the run leaves a core idle and no speech worker is left beside it — fewer tracks to make
/// than workers (one entry changed: a short track), the last track done (the speech server ends
/// with it), or the guide assembled from the cache — and only then does it load the dictionary
/// and the Hanja table (24 MB) and check. So its loading overlaps the run instead of following
/// it, and its memory never meets the workers' (the moments were chosen by the run's peak
/// memory: Benchmarks/README.md). A helper never started, or refused its start, is started
/// (unheld) by `observe` or run by `finish`. What it prints is kept until `finish`, after the
/// run's own lines.
public final class CheckHelper: @unchecked Sendable {
    private let request: CheckSummaryRequest
    private let jobs: Int
    private let lock = NSLock()
    private var child: ChildProcess.BackgroundChild?
    private var startFailed = false

    /// The helper for `request`, for a run of `jobs` workers.
    public init(request: CheckSummaryRequest, jobs: Int) {
        // The run's cache is made the tool's before the helper is told to keep its report there:
        // a helper writes only into a claimed cache, and the run would claim it only later.
        var request = request
        if let cache = request.reportCache, (try? CacheFolder.claim(URL(fileURLWithPath: cache))) == nil { request.reportCache = nil }
        self.request = request
        self.jobs = jobs
    }

    /// Starts the helper held (see the type), once.
    public func start() {
        lock.lock()
        defer { lock.unlock() }
        guard child == nil, !startFailed else { return }
        var held = request
        held.held = true
        child = try? ChildProcess.startCapturingErrors(
            ChildProcess.currentExecutable, arguments: held.arguments(),
            environment: PreflightCheck.helperEnvironment, held: true)
    }

    /// Lets the helper go on, or starts it, when `event` shows a core left idle (once).
    public func observe(_ event: GuideProgressEvent) {
        let coreIdle =
            switch event {
            case .trackStarted(_, let count, _, _): count < jobs
            case .trackFinished(let index, let count, _, _, _): index == count
            case .assembling: true
            default: false
            }
        guard coreIdle else { return }
        lock.lock()
        defer { lock.unlock() }
        if var held = child {
            ChildProcess.release(&held)
            child = held
            return
        }
        guard !startFailed else { return }
        do {
            child = try ChildProcess.startCapturingErrors(
                ChildProcess.currentExecutable, arguments: request.arguments(),
                environment: PreflightCheck.helperEnvironment)
        } catch {
            startFailed = true  // `finish` runs it then, the usual way
        }
    }

    /// The helper's result once the run is done: what it printed (to be written to stderr) and,
    /// when it did not end well, why. A helper never started is run now, printing directly.
    public func finish() -> (printed: String, failure: String?) {
        lock.lock()
        let started = child
        child = nil
        lock.unlock()
        guard let started else { return ("", PreflightCheck.runHelper(request)) }
        let (ending, printed) = ChildProcess.finish(started)
        return (printed, PreflightCheck.failure(of: ending))
    }

    /// Stops the helper (the run failed: no check line).
    public func abandon() {
        lock.lock()
        let started = child
        child = nil
        lock.unlock()
        if let started { ChildProcess.stop(started) }
    }
}
