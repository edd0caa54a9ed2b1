import Audio
import Export
import ExpoModel
import ExpoSystem
import Foundation
import Speech

/// guide.wav, which the synthesis stage owns: every track with audio, in order, with a cue
/// point and label at each. The cache keeps the latest one (`guide-KEY.wav`, keyed by its
/// tracks' audio, titles and the pause between them), so a run that changed nothing links it
/// into the staging folder on a thread of its own while the other files are written, instead of
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
        work = BackgroundWork {
            let key = SHA256Digest.key(["guide", String(profile.trackPauseMs)]
                + jobs.flatMap { [audio[$0.fileStem]?.sha256 ?? "", $0.title] })
            let cached = cache.folder.appendingPathComponent("guide-\(key).wav")
            let manager = FileManager.default
            if !manager.fileExists(atPath: cached.path) {
                let tracks = jobs.map { GuideTrack(url: cache.audioURL($0.key), title: $0.title) }
                guard (try? Self.concatenate(tracks, to: cached, profile: profile)) != nil else { return }
                let names = (try? manager.contentsOfDirectory(atPath: cache.folder.path)) ?? []
                for old in names where old.hasPrefix("guide-") && old.hasSuffix(".wav") && old != cached.lastPathComponent {
                    try? manager.removeItem(at: cache.folder.appendingPathComponent(old))
                }
            }
            _ = try? Self.place(cached, at: staged, shownAs: staged.path)
        }
    }

    /// Waits for the cached guide, then writes guide.wav from the staged tracks of `results`
    /// if it is not staged yet.
    func finish(_ results: [TrackResult], profile: VoiceProfile) throws {
        try work?.wait()
        let withAudio = results.filter { $0.audioFile != nil }
        guard !withAudio.isEmpty, !FileManager.default.fileExists(atPath: output.stagedURL("guide.wav").path) else { return }
        let tracks = withAudio.map { GuideTrack(url: output.stagedURL($0.audioFile!), title: $0.title) }
        try Self.concatenate(tracks, to: output.stagedURL("guide.wav"), profile: profile)
    }

    /// Waits for the background work on a path that is already failing.
    func waitQuietly() {
        work?.waitQuietly()
    }

    /// Stages a track's cached WAV as `name`.
    func place(_ source: URL, as name: String) throws {
        try Self.place(source, at: output.stagedURL(name), shownAs: output.destination.appendingPathComponent(name).path)
    }

    private static func concatenate(_ tracks: [GuideTrack], to url: URL, profile: VoiceProfile) throws {
        var concatenator = GuideConcatenator(gapSeconds: Double(profile.trackPauseMs) / 1000)
        concatenator.shouldStop = { Interruption.isRequested }
        _ = try concatenator.concatenate(tracks, to: url)
    }

    /// Links `source` at `target`, or copies it there under a temporary name first (another
    /// file system), so that a failure or a stop leaves nothing at `target`.
    private static func place(_ source: URL, at target: URL, shownAs shown: String) throws {
        let manager = FileManager.default
        try? manager.removeItem(at: target)
        if link(source.path, target.path) == 0 { return }
        let partial = AtomicFile.temporaryURL(for: target)
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
}
