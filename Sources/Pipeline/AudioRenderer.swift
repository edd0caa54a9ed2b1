import Foundation
import ExpoModel
import ExpoSystem
import CatalogLoading
import KoreanSpeech
import Narration
import Speech
import Audio
import Export

/// A track's published audio, as the writers need it.
public struct RenderedAudio: Sendable, Equatable {
    public var durationSeconds: Double
    public var sampleRate: Int
    public var loudnessLUFS: Double?
    public var peakDBFS: Double?
    public var sha256: String
    public var cues: [CaptionCue]
}

/// The audio stage of a run: finds what the cache already has, synthesises the rest (in this
/// process or in worker processes, one espeak-ng each), and places each track's WAV in the
/// output's staging folder.
struct AudioRenderer {
    enum Outcome {
        case unavailable(String)
        /// `guide`, when not nil, is placing guide.wav (from the cache, or made there) in the
        /// staging folder on a thread of its own: wait for it before the folder is published
        /// or discarded.
        case rendered(made: [String: RenderedAudio], failed: [String: String], fromCache: Int, espeakVersion: String,
                      guide: BackgroundWork?)
    }

    let request: GuideRequest
    let output: OutputFolder
    /// The run's speech server (see `SpeechServerProcess`), started if it was not yet; nil
    /// when there is no executable to start it from (this process speaks then). The
    /// renderer asks for it only when a track needs synthesis, and stops it after use.
    let speechServer: () -> SpeechServerProcess?

    /// Throws `ExpoError` (interrupted, disk full, unwritable): those stop the run. Any other
    /// failure means there is no audio at all, and the run goes on with text.
    func render(_ tracks: [Track], progress: (GuideProgressEvent) -> Void) throws -> Outcome {
        do {
            return try renderThrowing(tracks, progress: progress)
        } catch let error as ExpoError where [.interrupted, .io, .cannotCreate].contains(error.category) {
            throw error
        } catch {
            return .unavailable(ExpoError.reason(of: error))
        }
    }

    private func renderThrowing(_ tracks: [Track], progress: (GuideProgressEvent) -> Void) throws -> Outcome {
        // The version decides cache keys; espeak-ng itself starts only if a track needs it.
        let version = EspeakEngine.libraryVersion

        let cacheFolder = request.useCache
            ? request.effectiveCacheFolder
            : output.staging.appendingPathComponent(".uncached")
        let cache = try TrackCache(folder: cacheFolder)
        let builder = SSMLBuilder(profile: request.profile)
        let jobs = tracks.map { track in
            let ssml = builder.document(for: track)
            return SynthesisJob(
                key: TrackCache.key(ssml: ssml, profile: request.profile, toolVersion: GuideBuilder.toolVersion, espeakVersion: version),
                fileStem: track.fileStem, title: track.title, ssml: ssml,
                sentences: track.sentences.map(\.display)
            )
        }
        var pending = jobs.filter { cache.entry($0.key) == nil }
        // Two tracks with the same content share one synthesis.
        var seenKeys = Set<String>()
        pending = pending.filter { seenKeys.insert($0.key).inserted }
        let pendingKeys = Set(pending.map(\.key))
        let fromCache = jobs.filter { !pendingKeys.contains($0.key) }.count
        pending.sort { $0.estimatedCost > $1.estimatedCost }

        var failed: [String: String] = [:]
        if pending.isEmpty {
            // Everything came from the cache: no batch to write, no worker to start.
        } else if let server = speechServer() {
            // Worker processes, even for --jobs 1: see WorkerPool for why.
            let pool = WorkerPool(server: server, cache: cache, profile: request.profile)
            failed = try pool.run(pending, workers: max(1, min(request.jobs, pending.count)), progress: progress)
        } else {
            let engine = try EspeakEngine.start()
            try engine.select(voice: request.profile.espeakVoice, rate: request.profile.rate,
                              pitch: request.profile.pitch, volume: request.profile.volume,
                              wordGap: request.profile.wordGap)
            let synthesizer = TrackSynthesizer(engine: engine, profile: request.profile, cache: cache)
            for (number, job) in pending.enumerated() {
                try Interruption.check()
                progress(.trackStarted(index: number + 1, count: pending.count, title: job.title))
                do {
                    try synthesizer.synthesize(job)
                    progress(.trackFinished(index: number + 1, count: pending.count, title: job.title, fromCache: false))
                } catch let error as ExpoError where [.interrupted, .io, .cannotCreate].contains(error.category) {
                    throw error
                } catch {
                    failed[job.key] = error.localizedDescription
                    progress(.trackFellBack(title: job.title, reason: error.localizedDescription))
                }
            }
        }

        var made: [String: RenderedAudio] = [:]
        var failedByStem: [String: String] = [:]
        for job in jobs {
            if let reason = failed[job.key] {
                failedByStem[job.fileStem] = reason
                continue
            }
            guard let entry = cache.entry(job.key) else {
                failedByStem[job.fileStem] = "its audio was not found in the cache after synthesis"
                continue
            }
            try place(cache.audioURL(job.key), as: job.fileStem + ".wav")
            made[job.fileStem] = RenderedAudio(
                durationSeconds: entry.durationSeconds, sampleRate: entry.sampleRate,
                loudnessLUFS: entry.loudnessLUFS, peakDBFS: entry.peakDBFS, sha256: entry.sha256, cues: entry.cues
            )
        }
        var guide: BackgroundWork?
        if request.useCache {
            let withAudio = jobs.filter { made[$0.fileStem] != nil }
            let (profile, staged) = (request.profile, output.stagedURL("guide.wav"))
            let made = made
            guide = BackgroundWork {
                Self.stageCachedGuide(withAudio, made: made, cache: cache, profile: profile, at: staged)
            }
        }
        return .rendered(made: made, failed: failedByStem, fromCache: fromCache, espeakVersion: version, guide: guide)
    }

    /// guide.wav depends only on its tracks' audio, their titles and the pause between them, so
    /// the cache keeps it too (`guide-KEY.wav`, the latest one only): a run that changed nothing
    /// links it into the staging folder instead of writing a hundred megabytes again. The
    /// tracks with audio, in order, are exactly the ones `writeGuide` is given, so the file is
    /// the one it would write; when anything here fails, `writeGuide` writes the guide itself.
    /// A stop request (SIGINT, SIGTERM) ends it early, leaving no guide staged.
    private static func stageCachedGuide(_ jobs: [SynthesisJob], made: [String: RenderedAudio], cache: TrackCache,
                                         profile: VoiceProfile, at staged: URL) {
        guard !jobs.isEmpty else { return }
        let key = SHA256Digest.key(["guide", String(profile.trackPauseMs)]
            + jobs.flatMap({ [made[$0.fileStem]?.sha256 ?? "", $0.title] }))
        let name = "guide-\(key).wav"
        let cached = cache.folder.appendingPathComponent(name)
        let manager = FileManager.default
        if !manager.fileExists(atPath: cached.path) {
            let tracks = jobs.map { GuideTrack(url: cache.audioURL($0.key), title: $0.title) }
            var concatenator = GuideConcatenator(gapSeconds: Double(profile.trackPauseMs) / 1000)
            concatenator.shouldStop = { Interruption.isRequested }
            guard (try? concatenator.concatenate(tracks, to: cached)) != nil else { return }
            let names = (try? manager.contentsOfDirectory(atPath: cache.folder.path)) ?? []
            for old in names where old.hasPrefix("guide-") && old.hasSuffix(".wav") && old != name {
                try? manager.removeItem(at: cache.folder.appendingPathComponent(old))
            }
        }
        // On failure nothing is staged, and writeGuide writes the guide itself.
        _ = try? place(cached, at: staged, shownAs: staged.path)
    }

    /// Puts a cached WAV into the staging folder: a hard link when the cache is on the same
    /// file system (no copy), else a copy.
    private func place(_ source: URL, as name: String) throws {
        try Self.place(source, at: output.stagedURL(name), shownAs: output.destination.appendingPathComponent(name).path)
    }

    /// Links `source` at `target`, or copies it there under a temporary name first (another
    /// file system), so that a failure or a stop leaves nothing at `target`.
    private static func place(_ source: URL, at target: URL, shownAs shown: String) throws {
        let manager = FileManager.default
        try? manager.removeItem(at: target)
        if link(source.path, target.path) == 0 { return }
        let partial = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).partial-\(getpid())")
        do {
            try? manager.removeItem(at: partial)
            try manager.copyItem(at: source, to: partial)
            guard rename(partial.path, target.path) == 0 else {
                throw ExpoError.system(file: shown, operation: "move the copy into place", code: errno)
            }
        } catch {
            try? manager.removeItem(at: partial)
            throw ExpoError.cannotWrite(path: shown, reason: ExpoError.reason(of: error))
        }
    }

    /// Writes guide.wav: every track with audio, in order, with a cue point and label at each.
    static func writeGuide(results: [TrackResult], output: OutputFolder, profile: VoiceProfile) throws {
        // Already there when the renderer linked it from the cache (see stageCachedGuide).
        if FileManager.default.fileExists(atPath: output.stagedURL("guide.wav").path) { return }
        let inputs = results.compactMap { result in
            result.audioFile.map { (url: output.stagedURL($0), label: result.title) }
        }
        var concatenator = GuideConcatenator(gapSeconds: Double(profile.trackPauseMs) / 1000)
        concatenator.shouldStop = { Interruption.isRequested }
        _ = try concatenator
            .concatenate(inputs.map { GuideTrack(url: $0.url, title: $0.label) },
                         to: output.stagedURL("guide.wav"))
    }
}
