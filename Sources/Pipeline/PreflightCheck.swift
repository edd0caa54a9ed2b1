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
