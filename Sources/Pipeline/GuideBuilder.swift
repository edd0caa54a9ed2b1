import Foundation
import ExpoModel
import ExpoSystem
import CatalogLoading
import KoreanSpeech
import Narration
import Speech
import Audio
import Export

/// What the builder tells its caller while it works (the CLI prints these).
public enum GuideProgressEvent: Sendable {
    /// Audio could not be made at all; the run goes on with text.
    case audioUnavailable(reason: String)
    /// A track's audio is being made (`index` is 1-based among `count`).
    case trackStarted(index: Int, count: Int, title: String)
    /// A track is done; `fromCache` when it was not synthesised again.
    case trackFinished(index: Int, count: Int, title: String, fromCache: Bool)
    /// A track's audio failed; it falls back to text.
    case trackFellBack(title: String, reason: String)
    /// Writing the guide-level files (guide.wav, page, transcript, …).
    case assembling
}

/// The outcome of a run.
public struct GuideReport: Sendable {
    public var summary: GuideSummary
    public var outputFolder: URL
    /// Why there is no audio at all (text-only run or espeak-ng unavailable), else nil.
    public var audioMissingReason: String?
    /// Titles of tracks whose audio failed while others were made.
    public var failedTracks: [String]
    /// Tracks reused from the cache.
    public var cachedTracks: Int

    /// Total audio duration in seconds.
    public var totalDuration: Double { summary.tracks.compactMap(\.durationSeconds).reduce(0, +) }
}

/// Runs the whole pipeline: catalog → tracks → scripts → audio → captions → guide files,
/// into a staging folder that is published only when everything is written.
public struct GuideBuilder {
    public static let toolVersion = "0.1.0"

    public let normalizer: KoreanSpeechNormalizer

    public init(normalizer: KoreanSpeechNormalizer) {
        self.normalizer = normalizer
    }

    /// The tracks a request selects, in guide order.
    public func tracks(for request: GuideRequest) throws -> [Track] {
        try select(request, from: narration(for: request).tracks)
    }

    private func narrationCache(for request: GuideRequest) -> NarrationCache {
        NarrationCache(folder: request.useCache ? NarrationCache.folder(in: request.effectiveCacheFolder) : nil)
    }

    private func narration(for request: GuideRequest) -> (tracks: [Track], fromCache: Bool) {
        narrationCache(for: request).tracks(for: request.catalog, normalizer: normalizer, toolVersion: Self.toolVersion)
    }

    private func select(_ request: GuideRequest, from all: [Track]) throws -> [Track] {
        switch request.selection {
        case .all:
            return all
        case .poster:
            return [all[0]]
        case let .some(poster, names):
            let available = request.catalog.entries.map(\.name)
            let unknown = names.filter { name in !available.contains(name) }
            guard unknown.isEmpty else { throw ExpoError.unknownEntries(unknown, available: available) }
            let wanted = Set(names)
            var selected: [Track] = poster ? [all[0]] : []
            for (index, entry) in request.catalog.entries.enumerated() where wanted.contains(entry.name) {
                selected.append(all[index + 1])
            }
            return selected
        }
    }

    /// Makes the guide. `progress` is called from this thread.
    public func build(_ request: GuideRequest, progress: (GuideProgressEvent) -> Void = { _ in }) throws -> GuideReport {
        // The speech server, when this run has an executable to start it from (else this
        // process speaks). Started before narrating a catalog that is not cached, so that it
        // loads espeak-ng and the voice meanwhile; otherwise only once a track needs speech.
        var server: SpeechServerProcess?
        var serverStarted = false
        func speechServer() -> SpeechServerProcess? {
            if !serverStarted, !request.textOnly, let executable = request.executable {
                serverStarted = true
                server = try? SpeechServerProcess.start(executable, profile: request.profile)
            }
            return server
        }
        defer { server?.dismiss() }
        if narrationCache(for: request).cachedTracks(for: request.catalog, normalizer: normalizer,
                                                     toolVersion: Self.toolVersion) == nil {
            _ = speechServer()
        }
        let hanjaMemo = request.useCache ? NarrationCache.folder(in: request.effectiveCacheFolder).appendingPathComponent("hanja-readings.json") : nil
        if let hanjaMemo { HanjaReadingMemo.shared.load(from: hanjaMemo, toolVersion: Self.toolVersion) }
        let narration = narration(for: request)
        let tracks = try select(request, from: narration.tracks)
        let output = try OutputFolder(destination: request.outputFolder)
        defer { output.discard() }
        // guide.wav may be being written into the staging folder on another thread: wait for
        // it before the folder is discarded (defers run last first).
        var guideWork: BackgroundWork?
        defer { guideWork?.waitQuietly() }
        let previous = Self.filesOfPreviousRun(in: output.destination)

        let writeScripts: @Sendable () throws -> Void = {
            for track in tracks {
                // Each file is synced to disk: thousands of tracks take seconds, so check for a stop.
                try Interruption.check()
                try output.write(track.displayScript, to: track.fileStem + ".txt")
                try output.write(track.spokenScript, to: track.fileStem + ".spoken.txt")
            }
        }
        // With audio to make, the scripts are written while it is synthesised (this thread
        // mostly waits for the workers then); text alone is written here and now.
        var scriptWork: BackgroundWork?
        defer { scriptWork?.waitQuietly() }
        if request.textOnly {
            try writeScripts()
        } else {
            scriptWork = BackgroundWork(writeScripts)
        }
        try Interruption.check()

        var audioMissingReason: String? = request.textOnly ? "--text-only was given" : nil
        var audio: [String: RenderedAudio] = [:]
        var failures: [String: String] = [:]
        var cachedTracks = 0
        var espeakVersion: String?
        if !request.textOnly {
            let renderer = AudioRenderer(request: request, output: output, speechServer: speechServer)
            switch try renderer.render(tracks, progress: progress) {
            case let .unavailable(reason):
                audioMissingReason = reason
                progress(.audioUnavailable(reason: reason))
            case let .rendered(made, failed, fromCache, version, guide):
                guideWork = guide
                audio = made
                failures = failed
                cachedTracks = fromCache
                espeakVersion = version
            }
        }
        try scriptWork?.wait()
        try Interruption.check()
        progress(.assembling)

        var results: [TrackResult] = []
        for track in tracks {
            try Interruption.check()
            var result = TrackResult(
                fileStem: track.fileStem, title: track.title, kind: track.kind, position: track.position,
                displayScriptFile: track.fileStem + ".txt", spokenScriptFile: track.fileStem + ".spoken.txt",
                fellBackToText: true, fallbackReason: failures[track.fileStem] ?? audioMissingReason
            )
            if let rendered = audio[track.fileStem] {
                result.audioFile = track.fileStem + ".wav"
                result.captionsFile = track.fileStem + ".vtt"
                result.durationSeconds = rendered.durationSeconds
                result.sampleRate = rendered.sampleRate
                result.loudnessLUFS = rendered.loudnessLUFS
                result.peakDBFS = rendered.peakDBFS
                result.sha256 = rendered.sha256
                result.cues = rendered.cues
                result.fellBackToText = false
                result.fallbackReason = nil
                try output.write(WebVTTWriter.render(cues: rendered.cues), to: track.fileStem + ".vtt")
            }
            results.append(result)
        }

        var summary = GuideSummary(
            title: tracks.first?.title ?? request.catalog.poster.title,
            toolVersion: Self.toolVersion, voiceProfile: request.profile.name,
            espeakVersion: espeakVersion, guideAudioFile: nil, tracks: results
        )
        let withAudio = results.filter { $0.audioFile != nil }
        if !withAudio.isEmpty {
            summary.guideAudioFile = "guide.wav"
            try output.write(PlaylistWriter.render(summary: summary), to: "guide.m3u8")
        }
        try output.write(TranscriptWriter.render(tracks: tracks, summary: summary), to: "guide.txt")
        try output.write(GuidePageWriter.render(tracks: tracks, summary: summary), to: "index.html")
        try output.write(ManifestWriter.render(summary: summary, extra: Self.profileSettings(request.profile)),
                         to: "manifest.json")
        // guide.wav last: the other files were written while it was being placed.
        try guideWork?.wait()
        try Interruption.check()
        if !withAudio.isEmpty {
            try AudioRenderer.writeGuide(results: withAudio, output: output, profile: request.profile)
        }

        let stale = request.selection == .all ? previous : []
        try output.publish(removing: stale)
        if !narration.fromCache {
            narrationCache(for: request).store(narration.tracks, catalog: request.catalog, normalizer: normalizer,
                                               toolVersion: Self.toolVersion)
            // After the narration is stored, which made its folder.
            if let hanjaMemo { HanjaReadingMemo.shared.save(to: hanjaMemo, toolVersion: Self.toolVersion) }
        }
        return GuideReport(
            summary: summary, outputFolder: output.destination, audioMissingReason: audioMissingReason,
            failedTracks: tracks.filter { failures[$0.fileStem] != nil }.map(\.title), cachedTracks: cachedTracks
        )
    }

    /// The voice profile's settings as the manifest records them, so that a guide says how it
    /// was made and not only with which profile name.
    static func profileSettings(_ profile: VoiceProfile) -> [String: String] {
        [
            "voice.espeakVoice": profile.espeakVoice,
            "voice.rate": String(profile.rate),
            "voice.pitch": String(profile.pitch),
            "voice.volume": String(profile.volume),
            "voice.wordGap": String(profile.wordGap),
            "voice.sentencePauseMs": String(profile.sentencePauseMs),
            "voice.paragraphPauseMs": String(profile.paragraphPauseMs),
            "voice.trackPauseMs": String(profile.trackPauseMs),
            "voice.targetLoudnessLUFS": String(profile.targetLoudnessLUFS),
            "voice.peakCeilingDBFS": String(profile.peakCeilingDBFS),
        ]
    }

    /// The files the previous run's manifest names, so that a new run can remove those it
    /// no longer makes (an entry taken out of the catalog). Empty when there is no manifest.
    static func filesOfPreviousRun(in folder: URL) -> [String] {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")),
              let manifest = try? ManifestReader.read(data) else { return [] }
        var files = ["guide.wav", "guide.m3u8", "guide.txt", "index.html"]
        for track in manifest.tracks {
            files += [track.files.wav, track.files.vtt, track.files.txt, track.files.spokenTxt].compactMap { $0 }
        }
        return files
    }
}
