import ExpoModel
import ExpoSystem
import Foundation
import GuideCache
import KoreanPronunciation
import Normalization
import Publication
import Synthesis

/// Runs the whole pipeline — narrate → synthesize → export → publish — into a staging folder
/// that is published only when everything is written.
public struct GuideBuilder {
    public static let toolVersion = "0.1.0"

    /// How the catalog's text becomes words (numbers, dates, Hanja …).
    public let normalizer: KoreanNormalizer
    /// How those words become what the voice is given (the standard pronunciation).
    public let pronouncer: StandardPronouncer
    /// Makes the speech source of a request that wants audio.
    private let speechSource: @Sendable (GuideRequest) -> any SpeechSource

    /// A builder whose speech comes from `speechSource` (by default: espeak-ng in worker
    /// processes started from the request's executable).
    public init(
        normalizer: KoreanNormalizer, pronouncer: StandardPronouncer = StandardPronouncer(dictionary: .empty),
        speechSource: @escaping @Sendable (GuideRequest) -> any SpeechSource = GuideBuilder.speechServer
    ) {
        self.normalizer = normalizer
        self.pronouncer = pronouncer
        self.speechSource = speechSource
    }

    /// espeak-ng through `expo-narrate _speech-server`, started from the request's executable.
    public static let speechServer: @Sendable (GuideRequest) -> any SpeechSource = { request in
        SpeechServerSource(executable: request.executable ?? ChildProcess.currentExecutable)
    }

    /// Makes the guide, in four stages: narration, synthesis (the scripts and pictures written
    /// beside it), export, publication. What overlaps what, and when memory is given back, is
    /// `RunSchedule`'s. `progress` is called from this thread.
    public func build(_ request: GuideRequest, progress: (GuideProgressEvent) -> Void = { _ in }) throws -> GuideReport {
        // Folders a run may never use are refused before anything is made.
        try RunFolders.check(request)
        let speech = request.textOnly ? nil : speechSource(request)
        defer { speech?.close() }
        let schedule = RunSchedule(request: request, speech: speech)
        defer { schedule.finish() }

        // 1. Narration: the catalog into tracks.
        let narrate = NarrationStage(request: request, normalizer: normalizer)
        schedule.beforeNarration(cached: narrate.isCached, pronouncer: pronouncer)
        let narration = try narrate.run()
        if let damage = narration.cacheDamage { progress(.warning(damage)) }
        let destination = try RunOutput(request, progress: progress)
        defer { destination.close() }
        let (tracks, chosen) = try destination.guideTracks(narration, request: request, progress: progress)

        // 2. Synthesis, with the scripts and the pictures written beside it.
        let export = ExportStage(request: request, output: destination.output, normalizer: normalizer)
        let scripts = try schedule.writeScripts { try export.writeScripts(tracks) }
        defer { scripts?.waitQuietly() }
        let pictures = try export.writePictures(tracks) { progress(.warning($0)) }
        try Interruption.check()
        let synthesis =
            try speech.map {
                try SynthesisStage(request: request, output: destination.output, speech: $0, pronouncer: pronouncer)
                    .run(tracks, chosen: chosen, progress: progress)
            }
            ?? SynthesisStage.Output(guide: GuideAudio(output: destination.output))
        defer { synthesis.guide.waitQuietly() }
        try Self.refuseTextOverAudio(synthesis, in: destination.output)
        try scripts?.wait()
        schedule.afterSynthesis()
        try Interruption.check()

        // 3. Export: captions, transcript, page, playlist, manifest, guide.wav.
        progress(.assembling(withAudio: !synthesis.audio.isEmpty))
        let summary = try export.run(tracks, synthesis: synthesis, pictures: pictures)
        try synthesis.guide.finish(summary.tracks, profile: request.profile, title: SynthesisStage.singleLineTitle(request.catalog.poster.title))
        try Interruption.check()

        // 4. Publication: the staged guide swapped in whole.
        try destination.publish(progress: progress)
        narrate.remember(narration)
        return GuideReport(
            summary: summary, outputFolder: destination.output.destination,
            audioMissingReason: request.textOnly ? GuideRequest.textOnlyReason : synthesis.unavailableReason,
            failedTracks: tracks.filter { synthesis.failures[$0.fileStem] != nil }.map(\.title),
            cachedTracks: synthesis.fromCache,
            shardTimings: ShardTiming.from(synthesis.audio.values.compactMap(\.origin)),
            editions: GuideReport.editions(delivery: request.delivery, summary: summary)
        )
    }

    /// Published audio is never replaced by text without being asked: when no speech can be
    /// made now and the guide in the folder has audio, the run stops and leaves it as it is.
    private static func refuseTextOverAudio(_ synthesis: SynthesisStage.Output, in output: OutputFolder) throws {
        guard let reason = synthesis.unavailableReason, output.publishedNames.contains(where: { $0.hasSuffix(".wav") }) else { return }
        throw ExpoError(
            .unavailable,
            "No speech can be made (\(withoutFinalFullStop(reason))), and the guide in \(output.destination.path) has audio; it is left as it is",
            advice: "Install what is missing, or ask for the text only to replace it.", subject: .speech)
    }

    /// Makes the share of `request.shard` of the selected tracks (speech and the compressed
    /// copies the request asks for) into the request's cache, and publishes nothing: the
    /// assembling run (`request.assembleOnly`) publishes the guide once every shard is done.
    /// Tracks already in the cache are not made again, so a failed shard is simply run again.
    /// The narration is not stored in the cache (every shard would write the same file).
    public func makeShard(_ request: GuideRequest, progress: (GuideProgressEvent) -> Void = { _ in }) throws -> ShardReport {
        guard let shard = request.shard, !request.textOnly else {
            throw ExpoError(.internal, "a shard needs a shard number and audio")
        }
        if let refusal = request.cacheRefusal { throw refusal }
        guard let cacheFolder = request.effectiveCacheFolder else {
            throw ExpoError(
                .cannotCreate, "A shard makes its tracks into the cache, and this run has none (\(request.cacheNotice ?? "no cache folder"))",
                advice: "Give the shared cache folder.", subject: .cacheFolder)
        }
        let started = Date()
        try RunFolders.check(request)
        let speech = speechSource(request)
        defer { speech.close() }
        let narrate = NarrationStage(request: request, normalizer: normalizer)
        if !narrate.isCached { speech.prepare(profile: request.profile) }
        let narration = try narrate.run()
        if let damage = narration.cacheDamage { progress(.warning(damage)) }
        let tracks = narration.selected
        let folders = try RunFolders(
            request,
            onWait: { folder in
                progress(.warning("A whole expo-narrate run is using \(folder); waiting for it to finish"))
            }, onNotice: { progress(.warning($0)) })
        defer { withExtendedLifetime(folders) {} }
        let cache = try TrackCache(folder: cacheFolder, shard: shard.description)
        let jobs = SynthesisStage.jobs(
            for: tracks, profile: request.profile, pronouncer: pronouncer,
            engineVersion: speech.engineVersion, album: request.catalog.poster.title,
            trackCount: request.catalog.entries.count + 1)
        let share = ShardPlan.share(of: shard, in: jobs)
        let pending = share.filter { TrackMaker.needsWork($0, cache: cache, delivery: request.delivery) }
            .sorted { $0.estimatedCost > $1.estimatedCost }
        try Interruption.check()
        let failed =
            pending.isEmpty
            ? [:]
            : try speech.synthesize(
                pending, profile: request.profile, delivery: request.delivery, cache: cache,
                parallelism: request.jobs, progress: progress)
        for note in cache.takeDamageNotes() { progress(.warning(note)) }
        return ShardReport(
            shard: shard, tracks: share.count, made: pending.count - failed.count,
            fromCache: share.count - pending.count,
            failedTracks: pending.filter { failed[$0.key] != nil }.map(\.title),
            seconds: Date().timeIntervalSince(started))
    }
}
