import Audio
import Encoding
import Export
import ExpoModel
import ExpoSystem
import Foundation
import Speech

/// guide.wav, which the synthesis stage owns: every track with audio, in order, with a cue
/// point and label at each. The cache keeps the latest one (`guide-KEY.wav`, keyed by its
/// tracks' audio, titles and the pause between them, with its SHA-256 beside it), so a run that
/// changed nothing copies it, checked, into the staging folder on a thread of its own while the other files are written, instead of
/// writing a hundred megabytes again; otherwise `finish` writes it from the staged tracks.
final class GuideAudio {
    private let output: OutputFolder
    private var work: BackgroundWork?
    /// guide.wav's SHA-256 when it was placed from the cache, whose record gives it (read once
    /// `finish` has waited for the placing).
    private let placed = PlacedDigest()

    /// The SHA-256 of the guide.wav this run publishes, when it came from the cache (the
    /// manifest then need not hash a hundred megabytes again); nil otherwise.
    var cachedDigest: String? { placed.value }

    init(output: OutputFolder) {
        self.output = output
    }

    /// Starts placing the cached guide of `jobs` (the tracks with audio, in order), making it in
    /// the cache first if it is not there. A stop request (SIGINT, SIGTERM) ends it early,
    /// leaving no guide staged; any failure leaves `finish` to write it.
    func startFromCache(_ jobs: [SynthesisJob], audio: [String: TrackAudio], cache: TrackCache, profile: VoiceProfile) {
        guard !jobs.isEmpty else { return }
        let staged = output.stagedURL("guide.wav")
        let output = output
        let placed = placed
        work = BackgroundWork {
            let key = SHA256Digest.key(["guide", String(profile.trackPauseMs)]
                + jobs.flatMap { [audio[$0.fileStem]?.sha256 ?? "", $0.title] })
            let cached = cache.folder.appendingPathComponent("guide-\(key).wav")
            let manager = FileManager.default
            if !cache.guideIsIntact(cached) {
                let tracks = jobs.map { GuideTrack(url: cache.audioURL($0.key), title: $0.title) }
                guard (try? Self.concatenate(tracks, to: cached, profile: profile)) != nil,
                      (try? cache.recordGuide(cached)) != nil else { return }
                let names = (try? manager.contentsOfDirectory(atPath: cache.folder.path)) ?? []
                for old in names where CacheFolder.isGuideName(old) && old != cached.lastPathComponent {
                    try? manager.removeItem(at: cache.folder.appendingPathComponent(old))
                    try? manager.removeItem(at: cache.folder.appendingPathComponent(String(old.dropLast(4)) + ".sha256"))
                }
            }
            guard (try? output.stageCopy(of: cached, as: staged.lastPathComponent)) != nil else { return }
            let record = cached.deletingPathExtension().appendingPathExtension("sha256")
            placed.value = (try? String(contentsOf: record, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// Waits for the cached guide, then writes guide.wav from the staged tracks of `results`
    /// if it is not staged yet.
    func finish(_ results: [TrackResult], profile: VoiceProfile) throws {
        try work?.wait()
        let withAudio = results.filter { $0.audioFile != nil }
        guard !withAudio.isEmpty, !output.hasFile("guide.wav") else { return }
        let tracks = withAudio.map { GuideTrack(url: output.currentURL($0.audioFile!), title: $0.title) }
        try Self.concatenate(tracks, to: output.stagedURL("guide.wav"), profile: profile)
    }

    /// Joins the tracks' compressed copies into `guide.opus` / `guide.mp3` (the formats the
    /// request publishes), without decoding them, each with a chapter per track within one
    /// codec frame of guide.wav's cue points.
    func assembleEncoded(_ jobs: [SynthesisJob], audio: [String: TrackAudio], cache: TrackCache,
                         request: GuideRequest) throws -> [String: GuideEncoding] {
        guard !jobs.isEmpty else { return [:] }
        let title = SynthesisStage.singleLineTitle(request.catalog.poster.title)
        let metadata = TrackMetadata(title: title, artist: nil, album: title, trackNumber: nil)
        let gap = Double(request.profile.trackPauseMs) / 1000
        var result: [String: GuideEncoding] = [:]
        for format in request.delivery.publishedEncodings {
            try Interruption.check()
            let tracks = jobs.map { job in
                EncodedTrackFile(path: cache.encodedURL(job.key, format).path, title: job.title,
                                 sourceFrames: audio[job.fileStem]!.frameCount,
                                 sourceSampleRate: audio[job.fileStem]!.sampleRate)
            }
            let name = "guide." + format.fileExtension
            let staged = output.stagedURL(name).path
            let assembly: GuideAssembly
            do {
                assembly = try Self.assemble(format, tracks: tracks, gap: gap, metadata: metadata,
                                             delivery: request.delivery, to: staged)
            } catch {
                throw error.expoError
            }
            let peaks = jobs.compactMap { audio[$0.fileStem]?.encoded[format.rawValue]?.truePeakDBTP }
            result[format.rawValue] = GuideEncoding(
                file: name, byteCount: Int(assembly.file.bytes), sha256: try SHA256Digest.ofFile(staged),
                durationSeconds: assembly.file.durationSeconds, truePeakDBTP: peaks.max(),
                chapters: assembly.chapters.map { ChapterMark(title: $0.title, startSeconds: $0.startSeconds) })
        }
        return result
    }

    private static func assemble(_ format: DeliveryFormat, tracks: [EncodedTrackFile], gap: Double,
                                 metadata: TrackMetadata, delivery: Delivery, to path: String) throws(EncodingError)
        -> GuideAssembly {
        if format == .opus {
            let settings = OpusSettings(bitrate: delivery.opusBitrate, complexity: delivery.opusComplexity)
            return try GuideAssembler.opus(tracks: tracks, gapSeconds: gap, metadata: metadata, settings: settings,
                                           shouldStop: { Interruption.isRequested }, to: path)
        }
        return try GuideAssembler.mp3(tracks: tracks, gapSeconds: gap, metadata: metadata,
                                      shouldStop: { Interruption.isRequested }, to: path)
    }

    /// Waits for the background work on a path that is already failing.
    func waitQuietly() {
        work?.waitQuietly()
    }

    /// Stages a copy of a track's checked cached WAV as `name` (see `OutputFolder.stageCopy`).
    func place(_ source: URL, as name: String) throws {
        try output.stageCopy(of: source, as: name)
    }

    private static func concatenate(_ tracks: [GuideTrack], to url: URL, profile: VoiceProfile) throws {
        var concatenator = GuideConcatenator(gapSeconds: Double(profile.trackPauseMs) / 1000)
        concatenator.shouldStop = { Interruption.isRequested }
        _ = try concatenator.concatenate(tracks, to: url)
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
