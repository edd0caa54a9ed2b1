import ExpoModel
import ExpoSystem
import Foundation
import GuideCache
import KoreanPronunciation
import Publication
import Synthesis
import Synthesizer

/// Synthesize: tracks → their audio, from the track cache or made now by the speech source,
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
        /// The whole guide in each compressed format, with its chapters.
        var guideEncodings: [String: GuideEncoding] = [:]
        /// Each track's MP3 in the cache, by file stem, for the EPUB.
        var mp3Sources: [String: URL] = [:]
    }

    let request: GuideRequest
    let output: OutputFolder
    let speech: any SpeechSource
    /// What the voice gets is the standard pronunciation of the spoken text.
    let pronouncer: StandardPronouncer

    /// Throws `ExpoError` for what stops the run (an interruption, a full or unwritable disk,
    /// a speech server that cannot start). When speech cannot be made at all, the output
    /// says why and the run goes on with text. With `chosen` (file stems), only those tracks
    /// may be synthesized: another track whose audio the cache lacks stops the run first.
    func run(_ tracks: [Track], chosen: Set<String>? = nil, progress: (GuideProgressEvent) -> Void) throws -> Output {
        let cache = try TrackCache(
            folder: request.effectiveCacheFolder ?? output.scratch.appendingPathComponent("uncached"),
            sharedWithOtherHosts: request.assembleOnly, digests: output.digests)
        let version = speech.engineVersion
        let jobs = Self.jobs(
            for: tracks, profile: request.profile, pronouncer: pronouncer, engineVersion: version,
            album: request.catalog.poster.title, trackCount: request.catalog.entries.count + 1)
        let delivery = request.delivery
        if let chosen {
            let missing = jobs.filter { !chosen.contains($0.fileStem) && cache.entry($0.key) == nil }
            if !missing.isEmpty { throw ExpoError.tracksNotCached(missing.map(\.title), folder: output.destination) }
        }
        var pending = jobs.filter { TrackMaker.needsWork($0, cache: cache, delivery: delivery) }
        // Two tracks with the same content share one synthesis.
        var seenKeys = Set<String>()
        pending = pending.filter { seenKeys.insert($0.key).inserted }
        let pendingKeys = Set(pending.map(\.key))
        pending.sort { $0.estimatedCost > $1.estimatedCost }
        if request.assembleOnly && !pending.isEmpty {
            throw ExpoError.tracksNotInCache(pending, of: jobs, cache: cache)
        }

        var result = Output(fromCache: jobs.filter { !pendingKeys.contains($0.key) }.count, guide: GuideAudio(output: output))
        var failedByKey: [String: String] = [:]
        let stager = TrackStager(jobs: jobs, madeNow: pendingKeys, cache: cache, delivery: delivery, output: output)
        if !pending.isEmpty {
            // Each track made is checked and staged beside the others being made, not all after the last.
            defer { stager.waitQuietly() }
            do {
                failedByKey = try speech.synthesize(
                    pending, profile: request.profile, delivery: delivery, cache: cache,
                    parallelism: request.jobs
                ) { event in
                    if case .trackFinished(_, _, let title, _, false) = event { stager.stage(title: title) }
                    progress(event)
                }
            } catch let error as ExpoError where error.category == .unavailable && error.subject == .speech {
                result.unavailableReason = error.message
                progress(.audioUnavailable(reason: error.message))
                return result
            }
            try stager.wait()
        }
        result.engineVersion = version
        for job in jobs {
            if let reason = failedByKey[job.key] {
                result.failures[job.fileStem] = reason
            } else if let audio = cache.entry(job.key), !TrackMaker.needsWork(job, cache: cache, delivery: delivery) {
                if !stager.staged(job.fileStem) { try GuideAudio.place(job, audio: audio, cache: cache, delivery: delivery, into: output) }
                if audio.encoded[DeliveryFormat.mp3.rawValue] != nil {
                    result.mp3Sources[job.fileStem] = cache.encodedURL(job.key, .mp3)
                }
                result.audio[job.fileStem] = audio
            } else {
                result.failures[job.fileStem] = "its audio was not found in the cache after synthesis"
            }
        }
        let withAudio = jobs.filter { result.audio[$0.fileStem] != nil }
        for note in cache.takeDamageNotes() { progress(.warning(note)) }
        if request.effectiveCacheFolder != nil {
            result.guide.startFromCache(withAudio, audio: result.audio, cache: cache, profile: request.profile)
        }
        result.guideEncodings = try result.guide.assembleEncoded(
            withAudio, audio: result.audio, cache: cache,
            request: request)
        return result
    }

    /// Checks and stages each track's files as soon as its worker has made it (see `run`), each
    /// on a thread of its own, so that the copying and hashing overlap the tracks still being
    /// made instead of all following the last one (when one core has nothing else to do). A
    /// track whose entry is not complete yet, or whose thread the system refused, is left to
    /// `run`'s own pass; a failure to copy (a full disk) is thrown by `wait`.
    final class TrackStager: @unchecked Sendable {
        // @unchecked Sendable: `works`, `claimed`, `done` and `started` are touched only while
        // holding `lock`; the rest is immutable or thread-safe (TrackCache, OutputFolder).
        private let jobsByTitle: [String: [SynthesisJob]]
        /// The keys this run's workers make: their entries are taken as the workers recorded
        /// them (see `TrackCache.entryMadeByThisRun`).
        private let madeNow: Set<String>
        private let cache: TrackCache
        private let delivery: Delivery
        private let output: OutputFolder
        private let lock = NSLock()
        private var works: [BackgroundWork] = []
        /// File stems handed to a thread, and those it staged.
        private var claimed: Set<String> = [], done: Set<String> = []
        /// The threads that ran (by their place in `works`).
        private var started: Set<Int> = []

        /// Starts a thread for a body (tests give one that fails as a refused thread does).
        private let startThread: (@escaping @Sendable () throws -> Void) -> BackgroundWork

        init(
            jobs: [SynthesisJob], madeNow: Set<String>, cache: TrackCache, delivery: Delivery, output: OutputFolder,
            startThread: @escaping (@escaping @Sendable () throws -> Void) -> BackgroundWork = { BackgroundWork($0) }
        ) {
            jobsByTitle = Dictionary(grouping: jobs, by: \.title)
            self.madeNow = madeNow
            self.cache = cache
            self.delivery = delivery
            self.output = output
            self.startThread = startThread
        }

        /// Starts staging the complete tracks titled `title` not handed to a thread yet.
        func stage(title: String) {
            let (jobs, number) = lock.withLock {
                let jobs = (jobsByTitle[title] ?? []).filter { !claimed.contains($0.fileStem) }
                claimed.formUnion(jobs.map(\.fileStem))
                return (jobs, works.count)
            }
            guard !jobs.isEmpty else { return }
            let (cache, delivery, output, madeNow) = (cache, delivery, output, madeNow)
            let work = startThread { [self] in
                _ = lock.withLock { started.insert(number) }
                for job in jobs {
                    let entry = madeNow.contains(job.key) ? cache.entryMadeByThisRun(job.key) : cache.entry(job.key)
                    guard let audio = entry, !TrackMaker.needsWork(job, cache: cache, delivery: delivery) else {
                        _ = lock.withLock { claimed.remove(job.fileStem) }  // its title's next report tries again
                        continue
                    }
                    try GuideAudio.place(job, audio: audio, cache: cache, delivery: delivery, into: output)
                    _ = lock.withLock { done.insert(job.fileStem) }
                }
            }
            lock.withLock { works.append(work) }
        }

        /// Whether the track `fileStem` was staged.
        func staged(_ fileStem: String) -> Bool {
            lock.withLock { done.contains(fileStem) }
        }

        /// Waits for every staging started; throws the first failure of a thread that ran.
        func wait() throws {
            for (number, work) in lock.withLock({ works }).enumerated() {
                do {
                    try work.wait()
                } catch {
                    // A thread the system refused staged nothing: `run` stages its tracks.
                    if lock.withLock({ started.contains(number) }) { throw error }
                }
            }
        }

        /// `wait` on a path that is already failing.
        func waitQuietly() {
            for work in lock.withLock({ works }) { work.waitQuietly() }
        }
    }

    /// One job per track: its SSML, its sentences and its content key.
    static func jobs(
        for tracks: [Track], profile: VoiceProfile, pronouncer: StandardPronouncer,
        engineVersion: String, album: String, trackCount: Int
    ) -> [SynthesisJob] {
        let builder = SSMLBuilder(profile: profile, pronouncer: pronouncer)
        var jobs = tracks.map { track in
            let timed = builder.timedDocument(for: track)
            let sentences = track.sentences.map(\.display)
            return SynthesisJob(
                key: TrackCache.key(
                    ssml: timed.ssml, profile: profile, toolVersion: GuideBuilder.toolVersion,
                    espeakVersion: engineVersion,
                    captions: TrackCache.captionFingerprint(sentences: sentences, wordSpans: timed.wordSpans)),
                fileStem: track.fileStem, title: track.title, ssml: timed.ssml, sentences: sentences,
                wordSpans: timed.wordSpans,
                album: singleLineTitle(album), trackNumber: "\(track.position)/\(trackCount)")
        }
        // Identical entries (a record duplicated in an export) are separate tracks, each with
        // its own audio: its Opus and MP3 copies carry its own title and track number, and a
        // cache entry holds one copy per format. The second and later get a key of their own,
        // decided from the tracks alone like every key (so every shard computes the same).
        var seen: [String: Int] = [:]
        for index in jobs.indices {
            let earlier = seen[jobs[index].key, default: 0]
            seen[jobs[index].key] = earlier + 1
            if earlier > 0 { jobs[index].key = SHA256Digest.key([jobs[index].key, "copy \(earlier)"]) }
        }
        return jobs
    }

    /// A title on one line, for tags: line breaks become spaces.
    static func singleLineTitle(_ title: String) -> String {
        title.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

extension ExpoError {
    /// The assembling run found tracks missing (or incomplete) in the cache: each named with the
    /// shard that should have made it, for the shard count the cache's other entries record.
    static func tracksNotInCache(_ missing: [SynthesisJob], of jobs: [SynthesisJob], cache: TrackCache) -> ExpoError {
        let counts = jobs.compactMap { cache.entry($0.key)?.origin.flatMap { Shard($0.shard)?.count } }
        let count = Dictionary(grouping: counts, by: { $0 }).max {
            $0.value.count != $1.value.count
                ? $0.value.count < $1.value.count : $0.key > $1.key
        }?.key
        let plan = count.map { ShardPlan.assign(jobs, count: $0) }
        let named = missing.prefix(20).map { job in
            "\(job.title) (" + (plan?[job.key].map { "shard \($0)/\(count!)" } ?? "no shard recorded") + ")"
        }
        let shards = count.map { count in
            Set(missing.compactMap { plan?[$0.key] }).sorted().map { "\($0)/\(count)" }.joined(separator: ", ")
        }
        return ExpoError(
            .unavailable,
            "\(missing.count) of \(jobs.count) tracks are not complete in the cache \(cache.folder.path): "
                + named.joined(separator: ", ") + (missing.count > 20 ? ", …" : "")
                + "; nothing was published and the published guide is left as it is",
            advice: shards.map { "Run shard \($0) again with the same catalog, voice and formats, then assemble again." }
                ?? "No shard has recorded a track in this cache: run the shards into it first, then assemble.")
    }
}
