import ExpoModel
import Foundation
import GuideCache
import Synthesizer

/// Speech from espeak-ng in worker processes: one `expo-narrate _speech-server` (started from
/// `executable`) loads espeak-ng and the voice once and forks a fresh worker per track (see
/// `SpeechServer` for why). A server that cannot be started is an error with its reason; a
/// server that starts but finds no espeak-ng data or voice reports it, and the run falls back
/// to text.
public final class SpeechServerSource: SpeechSource {
    private let executable: URL
    private var server: SpeechServerProcess?
    private var startError: Error?
    private var started = false

    /// `executable` is the expo-narrate binary (it serves as the speech server).
    public init(executable: URL) {
        self.executable = executable
    }

    public var engineVersion: String { EspeakSynthesizer.libraryVersion }

    public func prepare(profile: VoiceProfile) {
        guard !started else { return }
        started = true
        do {
            server = try SpeechServerProcess.start(executable, profile: profile)
        } catch {
            startError = error
        }
    }

    public func synthesize(
        _ jobs: [SynthesisJob], profile: VoiceProfile, delivery: Delivery, cache: TrackCache,
        parallelism: Int, progress: (GuideProgressEvent) -> Void
    ) throws -> [String: String] {
        prepare(profile: profile)
        if let startError { throw startError }
        guard let server else { throw ExpoError(.internal, "the speech server was not started") }
        // Worker processes even for --jobs 1: see WorkerPool for why.
        let pool = WorkerPool(server: server, cache: cache, profile: profile, delivery: delivery)
        return try pool.run(jobs, workers: max(1, min(parallelism, jobs.count)), progress: progress)
    }

    public func close() {
        server?.dismiss()
        server = nil
    }
}
