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
            _ = try? output.stageCopy(of: cached, as: staged.lastPathComponent)
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
    /// codec frame of guide.wav's cue points. With a cache, each joined file is kept there
    /// (`guide-KEY.opus`, its description in `guide-KEY.json`, keyed by what it is joined from),
    /// so a run that changed nothing stages the published file again instead of writing it.
    func assembleEncoded(_ jobs: [SynthesisJob], audio: [String: TrackAudio], cache: TrackCache,
                         request: GuideRequest) throws -> [String: GuideEncoding] {
        guard !jobs.isEmpty else { return [:] }
        let title = SynthesisStage.singleLineTitle(request.catalog.poster.title)
        let metadata = TrackMetadata(title: title, artist: nil, album: title, trackNumber: nil)
        let gap = Double(request.profile.trackPauseMs) / 1000
        var result: [String: GuideEncoding] = [:]
        for format in request.delivery.publishedEncodings {
            try Interruption.check()
            let folder = cache.folder
            let tracks = jobs.map { job in
                EncodedTrackFile(path: cache.encodedURL(job.key, format).path, title: job.title,
                                 sourceFrames: audio[job.fileStem]!.frameCount,
                                 sourceSampleRate: audio[job.fileStem]!.sampleRate)
            }
            let name = "guide." + format.fileExtension
            let peaks = jobs.compactMap { audio[$0.fileStem]?.encoded[format.rawValue]?.truePeakDBTP }
            let key = SHA256Digest.key(["guide", format.rawValue, String(gap), title, String(request.delivery.opusBitrate),
                                        String(request.delivery.opusComplexity)]
                + jobs.flatMap { [audio[$0.fileStem]?.encoded[format.rawValue]?.sha256 ?? "", $0.title,
                                  String(audio[$0.fileStem]!.frameCount), String(audio[$0.fileStem]!.sampleRate)] })
            let kept = folder.appendingPathComponent("guide-\(key).\(format.fileExtension)")
            let record = folder.appendingPathComponent("guide-\(key).json")
            if let encoding = Self.keptEncoding(kept, record: record) {
                try output.stageCopy(of: kept, as: name)
                result[format.rawValue] = encoding
                continue
            }
            let temporary = AtomicFile.temporaryURL(for: kept)
            let assembly: GuideAssembly
            do {
                assembly = try Self.assemble(format, tracks: tracks, gap: gap, metadata: metadata,
                                             delivery: request.delivery, to: temporary.path)
            } catch {
                unlink(temporary.path)
                throw error.expoError
            }
            let encoding = GuideEncoding(
                file: name, byteCount: Int(assembly.file.bytes), sha256: try SHA256Digest.ofFile(temporary.path),
                durationSeconds: assembly.file.durationSeconds, truePeakDBTP: peaks.max(),
                chapters: assembly.chapters.map { ChapterMark(title: $0.title, startSeconds: $0.startSeconds) })
            Self.removeOtherGuides(in: folder, format: format)
            guard rename(temporary.path, kept.path) == 0 else {
                throw ExpoError.cannotWrite(path: kept.path, reason: String(cString: strerror(errno)), code: errno)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try AtomicFile.write(try encoder.encode(encoding), to: record)
            try output.stageCopy(of: kept, as: name)
            result[format.rawValue] = encoding
        }
        return result
    }

    /// The description of a kept joined guide when the file is whole (its size and SHA-256 as
    /// recorded); else nil, and the damaged pair is removed.
    private static func keptEncoding(_ file: URL, record: URL) -> GuideEncoding? {
        guard let data = GuideFolder.readSmallFile(record.path),
              let encoding = try? JSONDecoder().decode(GuideEncoding.self, from: data) else { return nil }
        var status = stat()
        if lstat(file.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == encoding.byteCount,
           (try? SHA256Digest.ofFile(file.path)) == encoding.sha256 {
            return encoding
        }
        unlink(file.path)
        unlink(record.path)
        return nil
    }

    /// Removes the kept joined guides of `format` (and their records) of other keys: only the
    /// latest is kept, like guide.wav's.
    private static func removeOtherGuides(in folder: URL, format: DeliveryFormat) {
        for name in GuideFolder.names(in: folder.path) where name.hasPrefix("guide-") && name.hasSuffix("." + format.fileExtension) {
            let stem = String(name.dropLast(format.fileExtension.count + 1))
            guard CacheFolder.isGuideStem(stem) else { continue }
            unlink(folder.appendingPathComponent(name).path)
            unlink(folder.appendingPathComponent(stem + ".json").path)
        }
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
