import CatalogCheck
import CatalogLoading
import ExpoModel
import ExpoSystem
import Foundation
import KoreanSpeech
import Speech

/// The pre-flight check as the commands run it: with the lexicon of the Voices folder and the
/// voices of a profile, its report kept in a cache, or made by a helper process.
public enum PreflightCheck {
    /// The report on the catalog of `source` (`expo-narrate check`), with the profile `voice` of
    /// the Voices folder `voicesFolder` (nil: the one installed with the program).
    public static func report(of source: CatalogSource, voicesFolder: URL?, voice: String) throws -> CheckReport {
        let (catalog, warnings) = try source.load()
        return try report(catalog, warnings: warnings, voices: voices(voicesFolder), voice: voice,
                          picturesFound: source.picturesFound(in: catalog))
    }

    /// The report behind `--all`'s summary line, made in the helper process: as `report(of:)`,
    /// kept in `cache` (when given) under its key, and taken from there when it is kept already.
    public static func summaryReport(of source: CatalogSource, voicesFolder: URL?, voice: String, cache: URL?) throws -> CheckReport {
        let (catalog, warnings) = try source.load()
        let pictures = source.picturesFound(in: catalog)
        let make = { try report(catalog, warnings: warnings, voices: voices(voicesFolder), voice: voice, picturesFound: pictures) }
        guard let cache else { return try make() }
        let key = try key(catalog, warnings: warnings, voices: voices(voicesFolder), voice: voice, picturesFound: pictures)
        return try CheckReportStore.report(in: cache, key: key, make: make)
    }

    /// The report on `catalog` kept in `cache`, if there is one: what `--all` prints without
    /// starting the helper.
    public static func storedReport(_ catalog: Catalog, warnings: [CatalogWarning], source: CatalogSource, voicesFolder: URL?,
                                    voice: String, cache: URL) -> CheckReport? {
        guard let key = try? key(catalog, warnings: warnings, voices: voices(voicesFolder), voice: voice,
                                 picturesFound: source.picturesFound(in: catalog)) else { return nil }
        return CheckReportStore.stored(in: cache, key: key)
    }

    /// The Voices folder `folder`, or the one installed with the program.
    private static func voices(_ folder: URL?) throws -> VoiceLibrary {
        try VoiceLibrary.locate(explicit: folder, executable: ChildProcess.currentExecutable)
    }

    /// What `catalog` will probably sound wrong or hold by mistake, checked with the lexicon of
    /// `voices` and the voices of its profile `voice`.
    public static func report(_ catalog: Catalog, warnings: [CatalogWarning], voices: VoiceLibrary, voice: String,
                              picturesFound: Set<String> = []) throws -> CheckReport {
        let profile = try voices.profile(named: voice)
        let checker = CatalogChecker(normalizer: KoreanSpeechNormalizer(lexicon: try voices.lexicon()),
                                     voices: checkVoices(profile))
        return checker.check(catalog, warnings: warnings, picturesFound: picturesFound)
    }

    /// The key the report on `catalog` is kept under in a cache (see `CheckReportStore`): the
    /// catalog, the lexicon, the voices, this program and the pictures found.
    public static func key(_ catalog: Catalog, warnings: [CatalogWarning], voices: VoiceLibrary, voice: String,
                           picturesFound: Set<String>) throws -> String {
        let profile = try voices.profile(named: voice)
        return CheckReportStore.key(catalog: catalog, warnings: warnings, lexiconFile: voices.lexiconFile,
                                    voices: checkVoices(profile), program: ChildProcess.currentExecutable,
                                    picturesFound: picturesFound)
    }

    /// Runs this program with `arguments` (its check helper, which says what it found itself)
    /// without the Swift runtime's backtracer, so that a helper that crashes (the dictionary under
    /// a memory limit) ends in one line of ours, and waits for it. Returns nil when it ended
    /// well, else why not ("it ended with status 3").
    public static func runHelper(arguments: [String]) -> String? {
        do {
            let ending = try ChildProcess.run(ChildProcess.currentExecutable, arguments: arguments,
                                              environment: ["SWIFT_BACKTRACE": "enable=no"])
            if ending.bySignal { return "it was stopped by signal \(ending.status)" }
            return ending.status == 0 ? nil : "it ended with status \(ending.status)"
        } catch let error as ExpoError {
            return "it could not be started (\(error.code.map(ExpoError.systemReason) ?? error.message))"
        } catch {
            return "it could not be started (\(ExpoError.reason(of: error)))"
        }
    }

    private static func checkVoices(_ profile: VoiceProfile) -> CheckVoices {
        CheckVoices(profile: profile.name, korean: profile.espeakVoice, foreign: profile.foreignVoices)
    }
}
