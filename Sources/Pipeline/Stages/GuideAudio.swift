import Audio
import Encoding
import ExpoModel
import ExpoSystem
import Export
import Foundation
import GuideCache
import Publication
import Synthesis
import Synthesizer

/// guide.wav, which the synthesis stage owns: every track with audio, in order, with a cue
/// point and label at each. The cache keeps the SHA-256 of the latest one (`guide-KEY.sha256`,
/// keyed by its tracks' audio, titles and the pause between them), so a run that changed
/// nothing finds the published guide.wav to be that file and stages it as a link, on a thread of
/// its own while the other files are written, instead of writing a hundred megabytes again;
/// otherwise the guide is joined from the cached tracks straight into the staging folder (the
/// guide itself is not kept in the cache: it would be written twice).
final class GuideAudio {
    private let output: OutputFolder
    private var work: BackgroundWork?
    /// guide.wav's SHA-256 when it was staged here (the published one, found to be the file the
    /// cache's record describes, or joined now); read once `finish` has waited for it.
    private let placed = PlacedDigest()

    /// The SHA-256 of the guide.wav this run publishes, when it was staged from the cache's tracks
    /// (the manifest then need not hash a hundred megabytes again); nil otherwise.
    var cachedDigest: String? { placed.value }

    init(output: OutputFolder) {
        self.output = output
    }

    /// Starts staging the guide of `jobs` (the tracks with audio, in order): the published one
    /// when it is the guide the cache records for them, else joined from the cached tracks. A
    /// stop request (SIGINT, SIGTERM) ends it early, leaving no guide staged; any failure leaves
    /// `finish` to write it.
    func startFromCache(_ jobs: [SynthesisJob], audio: [String: TrackAudio], cache: TrackCache, profile: VoiceProfile) {
        guard !jobs.isEmpty else { return }
        let staged = output.stagedURL("guide.wav")
        let output = output
        let placed = placed
        work = BackgroundWork {
            let key = SHA256Digest.key(
                ["guide", String(profile.trackPauseMs)]
                    + jobs.flatMap { [audio[$0.fileStem]?.sha256 ?? "", $0.title] })
            let record = CacheEntryKind.guideDigest.url(in: cache.folder, key: key)
            if let digest = FileTree.readSmallFile(record.path)
                .map({ String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }),
                output.carry("guide.wav", ifSHA256: digest)
            {
                placed.value = digest
                return
            }
            let tracks = jobs.map { GuideTrack(url: cache.audioURL($0.key), title: $0.title) }
            guard let layout = try? Self.concatenate(tracks, to: staged, profile: profile, title: jobs[0].album),
                let digest = try? layout.sha256 ?? SHA256Digest.ofFile(staged.path)
            else {
                FileTree.removeFileIfPresent(staged.path)
                return
            }
            // Only the latest guide is recorded; older records (and guides older caches kept) go.
            for old in FileTree.names(in: cache.folder.path)
            where old != record.lastPathComponent
                && (CacheEntryKind.guideAudio.matches(old) || CacheEntryKind.guideDigest.matches(old))
            {
                FileTree.removeFileIfPresent(cache.folder.appendingPathComponent(old).path)
            }
            try? AtomicFile.write(Data((digest + "\n").utf8), to: record)
            output.staged("guide.wav", sha256: digest)
            placed.value = digest
        }
    }

    /// Waits for the cached guide, then writes guide.wav from the staged tracks of `results`
    /// if it is not staged yet.
    func finish(_ results: [TrackResult], profile: VoiceProfile, title: String) throws {
        try work?.wait()
        let withAudio = results.filter { $0.audioFile != nil }
        guard !withAudio.isEmpty, !output.hasFile("guide.wav") else { return }
        let tracks = withAudio.map { GuideTrack(url: output.currentURL($0.audioFile!), title: $0.title) }
        try Self.concatenate(tracks, to: output.stagedURL("guide.wav"), profile: profile, title: title)
    }

    /// Joins the tracks' compressed copies into `guide.opus` / `guide.mp3` (the formats the
    /// request publishes), without decoding them, each with a chapter per track within one
    /// codec frame of guide.wav's cue points. The cache keeps each joined file's description
    /// (`guide-KEY.json`, keyed by what it is joined from, with its size and SHA-256), so a run
    /// that changed nothing stages the published file, found to be that file, instead of
    /// writing it again.
    func assembleEncoded(
        _ jobs: [SynthesisJob], audio: [String: TrackAudio], cache: TrackCache,
        request: GuideRequest
    ) throws -> [String: GuideEncoding] {
        guard !jobs.isEmpty else { return [:] }
        let title = SynthesisStage.singleLineTitle(request.catalog.poster.title)
        let metadata = TrackMetadata(title: title, artist: nil, album: title, trackNumber: nil)
        let gap = Double(request.profile.trackPauseMs) / 1000
        var result: [String: GuideEncoding] = [:]
        for format in request.delivery.publishedEncodings {
            try Interruption.check()
            let name = "guide." + format.fileExtension
            let key = SHA256Digest.key(
                [
                    "guide", format.rawValue, String(gap), title, String(request.delivery.opusBitrate),
                    String(request.delivery.opusComplexity),
                ]
                    + jobs.flatMap {
                        [
                            audio[$0.fileStem]?.encoded[format.rawValue]?.sha256 ?? "", $0.title,
                            String(audio[$0.fileStem]!.frameCount), String(audio[$0.fileStem]!.sampleRate),
                        ]
                    })
            let record = CacheEntryKind.guideEncoding.url(in: cache.folder, key: key)
            if let data = FileTree.readSmallFile(record.path),
                let encoding = try? JSONDecoder().decode(GuideEncoding.self, from: data), encoding.file == name,
                output.carry(name, ifSHA256: encoding.sha256)
            {
                result[format.rawValue] = encoding
                continue
            }
            let tracks = jobs.map { job in
                EncodedTrackFile(
                    path: cache.encodedURL(job.key, format).path, title: job.title,
                    sourceFrames: audio[job.fileStem]!.frameCount,
                    sourceSampleRate: audio[job.fileStem]!.sampleRate)
            }
            let staged = output.stagedURL(name).path
            let assembly: GuideAssembly
            assembly = try Self.assemble(
                format, tracks: tracks, gap: gap, metadata: metadata,
                delivery: request.delivery, to: staged)
            let peaks = jobs.compactMap { audio[$0.fileStem]?.encoded[format.rawValue]?.truePeakDBTP }
            let encoding = GuideEncoding(
                file: name, byteCount: Int(assembly.file.bytes), sha256: try SHA256Digest.ofFile(staged),
                durationSeconds: assembly.file.durationSeconds, truePeakDBTP: peaks.max(),
                chapters: assembly.chapters)
            // Only the latest description of each format is kept.
            for old in FileTree.names(in: cache.folder.path)
            where old != record.lastPathComponent
                && CacheEntryKind.guideEncoding.matches(old)
            {
                let url = cache.folder.appendingPathComponent(old)
                if let data = FileTree.readSmallFile(url.path),
                    (try? JSONDecoder().decode(GuideEncoding.self, from: data))?.file == name
                {
                    FileTree.removeFileIfPresent(url.path)
                }
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try? AtomicFile.write(try encoder.encode(encoding), to: record)
            output.staged(name, sha256: encoding.sha256)
            result[format.rawValue] = encoding
        }
        return result
    }

    private static func assemble(
        _ format: DeliveryFormat, tracks: [EncodedTrackFile], gap: Double,
        metadata: TrackMetadata, delivery: Delivery, to path: String
    ) throws(ExpoError)
        -> GuideAssembly
    {
        if format == .opus {
            let settings = OpusSettings(bitrate: delivery.opusBitrate, complexity: delivery.opusComplexity)
            return try GuideAssembler.opus(
                tracks: tracks, gapSeconds: gap, metadata: metadata, settings: settings,
                shouldStop: { Interruption.isRequested }, to: path)
        }
        return try GuideAssembler.mp3(
            tracks: tracks, gapSeconds: gap, metadata: metadata,
            shouldStop: { Interruption.isRequested }, to: path)
    }

    /// Waits for the background work on a path that is already failing.
    func waitQuietly() {
        work?.waitQuietly()
    }

    /// Stages into `output` copies of the checked cached files of `job` (its WAV and the
    /// compressed copies `delivery` publishes), `audio` being its cache entry (see
    /// `OutputFolder.stageCopy`).
    static func place(
        _ job: SynthesisJob, audio: TrackAudio, cache: TrackCache, delivery: Delivery,
        into output: OutputFolder
    ) throws {
        try output.stageCopy(of: cache.audioURL(job.key), as: job.fileStem + ".wav", sha256: audio.sha256)
        for format in delivery.publishedEncodings {
            guard let copy = audio.encoded[format.rawValue] else { continue }
            try output.stageCopy(
                of: cache.encodedURL(job.key, format), as: job.fileStem + "." + format.fileExtension,
                sha256: copy.sha256)
        }
    }

    @discardableResult
    private static func concatenate(_ tracks: [GuideTrack], to url: URL, profile: VoiceProfile, title: String) throws -> GuideLayout {
        var concatenator = GuideConcatenator(gapSeconds: Double(profile.trackPauseMs) / 1000)
        // Tagged as the tracks are: the guide's title, as the track and as the album.
        concatenator.tags = WAVInfoTags(title: title, album: title, software: "expo-narrate")
        concatenator.shouldStop = { Interruption.isRequested }
        return try concatenator.concatenate(tracks, to: url)
    }

}

/// A digest set by the thread that places the cached guide and read after it is done.
private final class PlacedDigest: @unchecked Sendable {
    // @unchecked Sendable: `stored` is touched only while holding `lock`.
    private let lock = NSLock()
    private var stored: String?

    var value: String? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
