import Audio
import ExpoModel
import ExpoSystem
import Foundation
import GuideCache
import Synthesizer

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
        var audio = try cached ?? TrackSynthesizer(engine: engine, profile: profile, cache: cache).synthesize(job)
        if audio.tagsFingerprint != job.wavTags.fingerprint { audio = try Self.retag(audio, job: job, cache: cache) }
        var complete = try TrackEncoder(cache: cache, delivery: delivery).encodeMissing(audio, job: job)
        if cached == nil || complete != cached {
            if let shard = cache.shard {
                complete.origin = TrackOrigin(
                    shard: shard, host: ProcessInfo.processInfo.hostName,
                    seconds: (Date().timeIntervalSince(started) * 1000).rounded() / 1000)
            }
            try cache.store(complete, key: job.key)
        }
        return complete
    }

    /// Whether the cache lacks anything of `job`: its audio, its WAV's tags, or a compressed copy.
    public static func needsWork(_ job: SynthesisJob, cache: TrackCache, delivery: Delivery) -> Bool {
        guard let audio = cache.entry(job.key), audio.tagsFingerprint == job.wavTags.fingerprint else { return true }
        return !TrackEncoder(cache: cache, delivery: delivery).missing(in: audio, job: job).isEmpty
    }

    /// `audio`'s WAV in the cache with `job`'s tags instead of the ones it has (the track moved,
    /// or the guide's title changed): its samples copied (inside the kernel where it can be) into
    /// a new file that replaces it whole; returns the entry with the new file's size and SHA-256.
    static func retag(_ audio: TrackAudio, job: SynthesisJob, cache: TrackCache) throws -> TrackAudio {
        let url = cache.audioURL(job.key)
        let reader = try WAVReader(url: url)
        defer { reader.close() }
        let writer = try WAVWriter(url: url, sampleRate: reader.format.sampleRate)
        try writer.appendAudio(of: reader, shouldStop: { Interruption.isRequested })
        try writer.finish(tags: job.wavTags)
        var updated = audio
        updated.sha256 = try SHA256Digest.ofFile(url.path)
        updated.byteCount = FileStatus.of(url.path, followingLinks: true).map { Int($0.size) } ?? 0
        updated.tagsFingerprint = job.wavTags.fingerprint
        return updated
    }
}
