import ExpoModel
import Foundation
import Synthesizer
import GuideCache

/// What a worker does for one job: speak the track if the cache lacks it, then make the
/// compressed copies it lacks. The speech server's workers run it; so do tests, in-process.
public struct TrackMaker {
    let engine: any SpeechSynthesizer
    let profile: VoiceProfile
    let delivery: Delivery
    let cache: TrackCache

    public init(engine: any SpeechSynthesizer, profile: VoiceProfile, delivery: Delivery, cache: TrackCache) {
        self.engine = engine
        self.profile = profile
        self.delivery = delivery
        self.cache = cache
    }

    /// Makes everything `job` needs in the cache and records the entry, only once it is
    /// complete: a track stopped while being encoded leaves no entry, so no run takes it for
    /// finished. Returns the entry.
    @discardableResult
    public func make(_ job: SynthesisJob) throws -> TrackAudio {
        let started = Date()
        let cached = cache.entry(job.key)
        let audio = try cached ?? TrackSynthesizer(engine: engine, profile: profile, cache: cache).synthesize(job)
        var complete = try TrackEncoder(cache: cache, delivery: delivery).encodeMissing(audio, job: job)
        if cached == nil || complete != audio {
            if let shard = cache.shard {
                complete.origin = TrackOrigin(shard: shard, host: ProcessInfo.processInfo.hostName,
                                              seconds: (Date().timeIntervalSince(started) * 1000).rounded() / 1000)
            }
            try cache.store(complete, key: job.key)
        }
        return complete
    }

    /// Whether the cache lacks anything of `job`: its audio, or a compressed copy.
    public static func needsWork(_ job: SynthesisJob, cache: TrackCache, delivery: Delivery) -> Bool {
        guard let audio = cache.entry(job.key) else { return true }
        return !TrackEncoder(cache: cache, delivery: delivery).missing(in: audio, job: job).isEmpty
    }
}
