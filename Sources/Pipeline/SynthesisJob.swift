import Foundation
import ExpoModel
import ExpoSystem
import CatalogLoading
import KoreanSpeech
import Narration
import Speech
import Audio
import Export

/// One track to synthesise into the cache: what a worker process needs to know.
public struct SynthesisJob: Sendable, Equatable, Codable {
    /// The cache key (see `TrackCache.key`).
    public var key: String
    public var fileStem: String
    public var title: String
    /// The SSML document espeak-ng speaks.
    public var ssml: String
    /// The display text of every sentence, in order: one caption cue each.
    public var sentences: [String]

    /// A rough cost for sharing work out, longest first.
    public var estimatedCost: Int { ssml.utf8.count }
}

/// The work handed to worker processes: the jobs, the profile and the cache folder.
public struct SynthesisBatch: Sendable, Equatable, Codable {
    public var profile: VoiceProfile
    public var cacheFolder: String
    /// Longest first.
    public var jobs: [SynthesisJob]
}

/// Synthesises jobs in this process with one espeak-ng engine, and loudness-normalises each
/// track into the cache.
public final class TrackSynthesizer {
    private let engine: EspeakEngine
    private let profile: VoiceProfile
    private let cache: TrackCache

    public init(engine: EspeakEngine, profile: VoiceProfile, cache: TrackCache) {
        self.engine = engine
        self.profile = profile
        self.cache = cache
    }

    /// Makes the cache entry for `job`. Temporary files are removed on every exit path.
    /// `selectingVoice` false skips selecting the profile's voice first, for an engine whose
    /// voice was just selected and which has not spoken since (selecting a voice makes
    /// espeak-ng read every voice file it has).
    @discardableResult
    public func synthesize(_ job: SynthesisJob, selectingVoice: Bool = true) throws -> CachedTrack {
        if selectingVoice {
            try engine.select(voice: profile.espeakVoice, rate: profile.rate, pitch: profile.pitch,
                              volume: profile.volume, wordGap: profile.wordGap)
        }
        // The raw speech, read back once by the normalizer: in memory, or for a very long
        // track partly in a scratch file that is never flushed to the disk.
        let raw = SampleSpool(sampleRate: engine.sampleRate, scratchURL: cache.scratchURL(job.key + ".raw"))
        defer { raw.discard() }
        var timer = CaptionTimer()
        // Measured as it is made, which spares the normalizer a pass over the audio.
        var inputMeter = LoudnessMeter(sampleRate: engine.sampleRate)
        try engine.speak(
            job.ssml, isSSML: true,
            onSamples: { samples in
                inputMeter.process(samples)
                try raw.append(samples)
            },
            onEvent: { timer.record($0) },
            shouldStop: { Interruption.isRequested }
        )
        let sampleCount = Int(raw.frameCount)
        guard sampleCount > 0 else {
            throw ExpoError.synthesisFailed("espeak-ng produced no sound for \(job.title)")
        }

        let final = cache.audioURL(job.key)
        let report = try LoudnessNormalizer(
            targetLUFS: profile.targetLoudnessLUFS,
            peakCeilingDBFS: profile.peakCeilingDBFS,
            headSilenceSeconds: Double(profile.headSilenceMs) / 1000,
            tailSilenceSeconds: Double(profile.tailSilenceMs) / 1000
        ).normalize(source: raw, output: final, measuredInput: inputMeter)
        raw.discard()
        let speechDuration = Double(sampleCount) / Double(engine.sampleRate)
        let cues = timer.cues(sentences: job.sentences, speechDuration: speechDuration, offset: report.headSilenceSeconds)
        // stat(2), not FileManager, whose attributes look up the owner's name in /etc/passwd.
        var status = stat()
        let size = stat(final.path, &status) == 0 ? Int(status.st_size) : 0
        let entry = CachedTrack(
            key: job.key, durationSeconds: report.durationSeconds, sampleRate: report.sampleRate,
            loudnessLUFS: report.integratedLUFS.isFinite ? report.integratedLUFS : nil,
            peakDBFS: report.peakDBFS.isFinite ? report.peakDBFS : nil,
            sha256: try TrackCache.sha256(of: final), byteCount: size, cues: cues
        )
        try cache.store(entry)
        return entry
    }
}
