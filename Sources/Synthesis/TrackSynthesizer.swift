import Audio
import ExpoModel
import ExpoSystem
import Foundation
import GuideCache
import Synthesizer

/// Speaks one job with an engine, and loudness-normalises it into the cache: the body of every
/// worker process, and of the test speech source.
public struct TrackSynthesizer {
    private let engine: any SpeechSynthesizer
    private let profile: VoiceProfile
    private let cache: TrackCache

    public init(engine: any SpeechSynthesizer, profile: VoiceProfile, cache: TrackCache) {
        self.engine = engine
        self.profile = profile
        self.cache = cache
    }

    /// Speaks `job` into its WAV in the cache (`KEY.wav`) and returns what it measured; the
    /// caller records the entry once the track is complete (see `TrackMaker`). Temporary
    /// files are removed on every exit path.
    @discardableResult
    public func synthesize(_ job: SynthesisJob) throws -> TrackAudio {
        // The raw speech, read back by the normalizer: its first 12 seconds in memory, the rest
        // in an unnamed scratch file, gone within seconds (so seldom written to the disk). Workers run
        // beside the run, so a long track held whole would add to the peak memory of each.
        let raw = SampleSpool(
            sampleRate: engine.sampleRate, memoryLimitFrames: SampleSpool.chunkFrames,
            scratchFolder: cache.folder)
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
            throw ExpoError.synthesisFailed("the engine produced no sound for \(job.title)")
        }

        let final = cache.audioURL(job.key)
        let report = try LoudnessNormalizer(
            targetLUFS: profile.targetLoudnessLUFS,
            peakCeilingDBFS: profile.peakCeilingDBFS,
            headSilenceSeconds: Double(profile.headSilenceMs) / 1000,
            tailSilenceSeconds: Double(profile.tailSilenceMs) / 1000,
            truePeakCeilingDBTP: profile.truePeakCeilingDBTP
        ).normalize(source: raw, output: final, tags: job.wavTags, measuredInput: inputMeter)
        raw.discard()
        let speechDuration = Double(sampleCount) / Double(engine.sampleRate)
        // The sentences are placed where the published audio has sound, read back from it.
        let cues = timer.cues(
            sentences: job.sentences, wordSpans: job.wordSpans.isEmpty ? nil : job.wordSpans,
            speechDuration: speechDuration, offset: report.headSilenceSeconds,
            sounds: try SoundSpans.spans(ofWAV: final),
            pauses: SSMLBuilder.pausesBeforeSentences(in: job.ssml, count: job.sentences.count))
        // What speaking, normalising and aligning freed is given back before the track is encoded:
        // freed under what the encoders allocate next, it stayed in the worker while it encoded.
        HeapMemory.releaseFreePages()
        // The file's status, not FileManager's attributes, which look up the owner's name in /etc/passwd.
        let size = FileStatus.of(final.path, followingLinks: true).map { Int($0.size) } ?? 0
        let audio = TrackAudio(
            durationSeconds: report.durationSeconds, sampleRate: report.sampleRate,
            loudnessLUFS: report.integratedLUFS.isFinite ? report.integratedLUFS : nil,
            peakDBFS: report.peakDBFS.isFinite ? report.peakDBFS : nil,
            truePeakDBTP: report.truePeakDBTP.isFinite ? report.truePeakDBTP : nil,
            sha256: try report.sha256 ?? SHA256Digest.ofFile(final.path), byteCount: size, cues: cues,
            tagsFingerprint: job.wavTags.fingerprint
        )
        return audio
    }
}
