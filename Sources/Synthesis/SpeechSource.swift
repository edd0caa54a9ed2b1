import ExpoModel
import GuideCache
import Synthesizer

/// Where a run's speech comes from: it makes the audio of synthesis jobs into the track cache.
/// The real one is `SpeechServerSource` (espeak-ng in worker processes); tests use one that
/// makes tones in this process, so the whole pipeline runs in milliseconds.
public protocol SpeechSource: AnyObject {
    /// The engine's version: part of every cache key.
    var engineVersion: String { get }

    /// Starts what takes time (loading the engine and the voice) ahead of use. A source that
    /// is never asked to synthesize is closed without having done more.
    func prepare(profile: VoiceProfile)

    /// Makes the audio of `jobs` (longest first) into `cache` with the compressed copies
    /// `delivery` asks for (see `TrackMaker`), `parallelism` at a time, and
    /// returns the reason of each job that failed, by key. Throws `ExpoError`: `.unavailable`
    /// when no speech can be made at all (then the run falls back to text), `.interrupted`,
    /// `.io` or `.cannotCreate` when the run must stop.
    func synthesize(
        _ jobs: [SynthesisJob], profile: VoiceProfile, delivery: Delivery, cache: TrackCache,
        parallelism: Int, progress: (GuideProgressEvent) -> Void
    ) throws -> [String: String]

    /// Ends whatever `prepare` or `synthesize` started. Called once, on every path.
    func close()
}
