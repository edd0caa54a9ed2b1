import Audio
import Export
import ExpoModel
import ExpoSystem
import Foundation
import KoreanPronunciation
import Speech

/// Synthesise: tracks → their audio, from the track cache or made now by the speech source,
/// each WAV staged in the output folder; and guide.wav (see `GuideAudio`).
struct SynthesisStage {
    /// What synthesis gave.
    struct Output {
        /// The audio of every track that has it, by file stem.
        var audio: [String: TrackAudio] = [:]
        /// Why a track has no audio, by file stem, when others have.
        var failures: [String: String] = [:]
        /// Why there is no audio at all (no espeak-ng data or voice), else nil.
        var unavailableReason: String?
        /// Tracks reused from the cache.
        var fromCache = 0
        /// The engine's version, when speech could be made.
        var engineVersion: String?
        /// guide.wav, being placed or still to write.
        var guide: GuideAudio
    }

    let request: GuideRequest
    let output: OutputFolder
    let speech: any SpeechSource
    /// What the voice gets is the standard pronunciation of the spoken text.
    let pronouncer: StandardPronouncer

    /// Throws `ExpoError` for what stops the run (an interruption, a full or unwritable disk,
    /// a speech server that cannot start). When speech cannot be made at all, the output
    /// says why and the run goes on with text.
    func run(_ tracks: [Track], progress: (GuideProgressEvent) -> Void) throws -> Output {
        let cache = try TrackCache(folder: request.useCache
            ? request.effectiveCacheFolder : output.staging.appendingPathComponent(".uncached"))
        let version = speech.engineVersion
        let jobs = Self.jobs(for: tracks, profile: request.profile, pronouncer: pronouncer, engineVersion: version)
        var pending = jobs.filter { cache.entry($0.key) == nil }
        // Two tracks with the same content share one synthesis.
        var seenKeys = Set<String>()
        pending = pending.filter { seenKeys.insert($0.key).inserted }
        let pendingKeys = Set(pending.map(\.key))
        pending.sort { $0.estimatedCost > $1.estimatedCost }

        var result = Output(fromCache: jobs.filter { !pendingKeys.contains($0.key) }.count, guide: GuideAudio(output: output))
        var failedByKey: [String: String] = [:]
        if !pending.isEmpty {
            do {
                failedByKey = try speech.synthesize(pending, profile: request.profile, cache: cache,
                                                    parallelism: request.jobs, progress: progress)
            } catch let error as ExpoError where error.category == .unavailable && error.subject == .speech {
                result.unavailableReason = error.message
                progress(.audioUnavailable(reason: error.message))
                return result
            }
        }
        result.engineVersion = version
        for job in jobs {
            if let reason = failedByKey[job.key] {
                result.failures[job.fileStem] = reason
            } else if let audio = cache.entry(job.key) {
                try result.guide.place(cache.audioURL(job.key), as: job.fileStem + ".wav")
                result.audio[job.fileStem] = audio
            } else {
                result.failures[job.fileStem] = "its audio was not found in the cache after synthesis"
            }
        }
        for note in cache.takeDamageNotes() { progress(.warning(note)) }
        if request.useCache {
            result.guide.startFromCache(jobs.filter { result.audio[$0.fileStem] != nil }, audio: result.audio,
                                        cache: cache, profile: request.profile)
        }
        return result
    }

    /// One job per track: its SSML, its sentences and its content key.
    static func jobs(for tracks: [Track], profile: VoiceProfile, pronouncer: StandardPronouncer,
                     engineVersion: String) -> [SynthesisJob] {
        let builder = SSMLBuilder(profile: profile, pronouncer: pronouncer)
        return tracks.map { track in
            let ssml = builder.document(for: track)
            return SynthesisJob(
                key: TrackCache.key(ssml: ssml, profile: profile, toolVersion: GuideBuilder.toolVersion,
                                    espeakVersion: engineVersion),
                fileStem: track.fileStem, title: track.title, ssml: ssml, sentences: track.sentences.map(\.display))
        }
    }
}
