import ExpoModel
import ExpoSystem
import Foundation
import KoreanPronunciation
import KoreanSpeech
import Publication
import Synthesis
import GuideCache

/// Runs the whole pipeline — narrate → synthesise → export → publish — into a staging folder
/// that is published only when everything is written.
public struct GuideBuilder {
    public static let toolVersion = "0.1.0"

    /// How the catalog's text becomes words (numbers, dates, Hanja …).
    public let normalizer: KoreanSpeechNormalizer
    /// How those words become what the voice is given (the standard pronunciation).
    public let pronouncer: StandardPronouncer
    /// Makes the speech source of a request that wants audio.
    private let speechSource: @Sendable (GuideRequest) -> any SpeechSource

    /// A builder whose speech comes from `speechSource` (by default: espeak-ng in worker
    /// processes started from the request's executable).
    public init(normalizer: KoreanSpeechNormalizer, pronouncer: StandardPronouncer = StandardPronouncer(dictionary: .empty),
                speechSource: @escaping @Sendable (GuideRequest) -> any SpeechSource = GuideBuilder.speechServer) {
        self.normalizer = normalizer
        self.pronouncer = pronouncer
        self.speechSource = speechSource
    }

    /// espeak-ng through `expo-narrate _speech-server`, started from the request's executable.
    public static let speechServer: @Sendable (GuideRequest) -> any SpeechSource = { request in
        SpeechServerSource(executable: request.executable ?? ChildProcess.currentExecutable)
    }

    /// Makes the guide. `progress` is called from this thread.
    public func build(_ request: GuideRequest, progress: (GuideProgressEvent) -> Void = { _ in }) throws -> GuideReport {
        // Folders a run may never use are refused before anything is made.
        try RunFolders.check(request)
        let speech = request.textOnly ? nil : speechSource(request)
        defer { speech?.close() }
        let narrate = NarrationStage(request: request, normalizer: normalizer)
        // Loading espeak-ng and the voice overlaps with narrating a catalog that is not cached.
        // Assembling synthesises nothing, so it starts no speech server.
        if !narrate.isCached && !request.assembleOnly { speech?.prepare(profile: request.profile) }
        // Every track's SSML (its cache key, even in a run that makes nothing) is pronounced with
        // hunspell-ko's word classes: they are loaded on a thread of their own beside the narration,
        // when a second thread may be had (under an address-space limit, its malloc arena is not).
        let lexiconLoad = speech == nil || ParallelWork.defaultThreads < 2 ? nil
            : BackgroundWork { [pronouncer] in pronouncer.loadLexicon() }
        defer { lexiconLoad?.waitQuietly() }
        let narration = try narrate.run()
        if let damage = narration.cacheDamage { progress(.warning(damage)) }
        // Created, claimed and locked once the selection is known to be good; held to the end.
        let folders = try RunFolders(request, onWait: { folder in
            progress(.warning("Another expo-narrate run is using \(folder); waiting for it to finish"))
        }, onNotice: { progress(.warning($0)) })
        defer { withExtendedLifetime(folders) {} }

        // The cache remembers its files' and the published guide's digests, so a run reads only
        // what changed; not in a cache other hosts write (their file systems' times and inodes
        // are not this one's to vouch for).
        let digests = FileDigests(ledger: request.assembleOnly ? nil : request.effectiveCacheFolder.map(TrackCache.digestLedger(in:)))
        let output = try OutputFolder(destination: request.outputFolder, digests: digests)
        defer { output.discard() }
        for note in output.notes { progress(.warning(note)) }
        // An entry of the user's at a name this run would publish stops it now, before anything
        // is made (and before a named pipe there could be opened).
        try output.refuseConflicts(with: ExportStage.fileNames(of: narration.all))
        let export = ExportStage(request: request, output: output, normalizer: normalizer)
        // A run over some tracks in a folder that holds a guide re-publishes that whole guide:
        // the chosen tracks made now, the others from the cache, never synthesised again.
        let published = request.selection == .all ? nil : try PublishedGuide.read(in: output)
        let (tracks, dropped) = PublishedGuide.guideTracks(all: narration.all, selected: narration.selected, published: published)
        if !dropped.isEmpty {
            progress(.warning("The published guide's \(dropped.joined(separator: ", ")) \(dropped.count == 1 ? "is" : "are") not in this catalog; left out"))
        }
        let chosen = request.selection == .all ? nil : Set(narration.selected.map(\.fileStem))
        // With audio to make, the scripts are written while it is synthesised; what writing them
        // freed is given back at once (the run's memory counts beside the speech workers').
        let scripts = speech == nil ? nil : BackgroundWork {
            try export.writeScripts(tracks)
            HeapMemory.releaseFreePages()
        }
        defer { scripts?.waitQuietly() }
        if speech == nil { try export.writeScripts(tracks) }
        let pictures = try export.writePictures(tracks) { progress(.warning($0)) }
        try Interruption.check()

        let synthesis = try speech.map { try SynthesisStage(request: request, output: output, speech: $0, pronouncer: pronouncer)
            .run(tracks, chosen: chosen, progress: progress) }
            ?? SynthesisStage.Output(guide: GuideAudio(output: output))
        defer { synthesis.guide.waitQuietly() }
        // Published audio is never replaced by text without being asked: when no speech can be
        // made now and the guide in the folder has audio, the run stops and leaves it as it is.
        if let reason = synthesis.unavailableReason, output.publishedNames.contains(where: { $0.hasSuffix(".wav") }) {
            throw ExpoError(
                .unavailable,
                "No speech can be made (\(withoutFinalFullStop(reason))), and the guide in \(output.destination.path) has audio; it is left as it is",
                advice: "Install what is missing, or ask for the text only to replace it.", subject: .speech)
        }
        try scripts?.wait()
        // The speech server's memory, and what synthesis freed in this process, are given back
        // before the guide is assembled, when the check helper starts beside the run.
        speech?.close()
        HeapMemory.releaseFreePages()
        try Interruption.check()
        progress(.assembling)

        let summary = try export.run(tracks, synthesis: synthesis, pictures: pictures)
        try synthesis.guide.finish(summary.tracks, profile: request.profile)
        try Interruption.check()
        try output.publish()
        digests.save()
        for note in output.notes { progress(.warning(note)) }
        narrate.remember(narration)
        return GuideReport(
            summary: summary, outputFolder: output.destination,
            audioMissingReason: request.textOnly ? GuideRequest.textOnlyReason : synthesis.unavailableReason,
            failedTracks: tracks.filter { synthesis.failures[$0.fileStem] != nil }.map(\.title),
            cachedTracks: synthesis.fromCache,
            shardTimings: ShardTiming.from(synthesis.audio.values.compactMap(\.origin))
        )
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
        guard let cacheFolder = request.effectiveCacheFolder else {
            throw ExpoError(.cannotCreate, "A shard makes its tracks into the cache, and this run has none (\(request.cacheNotice ?? "no cache folder"))",
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
        let folders = try RunFolders(request, onWait: { folder in
            progress(.warning("A whole expo-narrate run is using \(folder); waiting for it to finish"))
        }, onNotice: { progress(.warning($0)) })
        defer { withExtendedLifetime(folders) {} }
        let cache = try TrackCache(folder: cacheFolder, shard: shard.description)
        let jobs = SynthesisStage.jobs(for: tracks, profile: request.profile, pronouncer: pronouncer,
                                       engineVersion: speech.engineVersion, album: request.catalog.poster.title,
                                       trackCount: request.catalog.entries.count + 1)
        let share = ShardPlan.share(of: shard, in: jobs)
        let pending = share.filter { TrackMaker.needsWork($0, cache: cache, delivery: request.delivery) }
            .sorted { $0.estimatedCost > $1.estimatedCost }
        try Interruption.check()
        let failed = pending.isEmpty ? [:]
            : try speech.synthesize(pending, profile: request.profile, delivery: request.delivery, cache: cache,
                                    parallelism: request.jobs, progress: progress)
        for note in cache.takeDamageNotes() { progress(.warning(note)) }
        return ShardReport(shard: shard, tracks: share.count, made: pending.count - failed.count,
                           fromCache: share.count - pending.count,
                           failedTracks: pending.filter { failed[$0.key] != nil }.map(\.title),
                           seconds: Date().timeIntervalSince(started))
    }
}
