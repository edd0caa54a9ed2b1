import Audio
import ExpoModel
import ExpoSystem
import Export
import Foundation
import Normalization
import Publication
import Synthesizer
import TalkingBook

/// Export: tracks and their audio → the files a reader and a player use, staged in the output
/// folder: each track's scripts and captions, then the transcript, page, playlist and manifest.
struct ExportStage {
    let request: GuideRequest
    let output: OutputFolder
    /// The guide's normaliser: the apps' labels are its words, and braille reads Hanja with it.
    var normalizer = KoreanNormalizer()

    /// Writes every track's display and spoken scripts. Each file is synced to the disk, so
    /// thousands of tracks take seconds: it checks for a stop between files.
    func writeScripts(_ tracks: [Track]) throws {
        for track in tracks {
            try Interruption.check()
            try output.write(track.displayScript, to: track.fileStem + ".txt")
            try output.write(track.spokenScript, to: track.fileStem + ".spoken.txt")
        }
    }

    /// Writes the captions and the guide-level files; returns what they describe.
    func run(_ tracks: [Track], synthesis: SynthesisStage.Output, pictures: GuidePictures = GuidePictures()) throws -> GuideSummary {
        let missingReason = request.textOnly ? GuideRequest.textOnlyReason : synthesis.unavailableReason
        var results: [TrackResult] = []
        var captions: [String: TrackCaptions] = [:]
        let memo = CaptionMemo(cacheFolder: request.effectiveCacheFolder)
        for track in tracks {
            try Interruption.check()
            var result = TrackResult(
                track, audio: synthesis.audio[track.fileStem],
                fallbackReason: synthesis.failures[track.fileStem] ?? missingReason)
            for format in request.delivery.publishedEncodings where result.audio?.encoded[format.rawValue] != nil {
                result.compressedFiles[format.rawValue] = track.fileStem + "." + format.fileExtension
            }
            if let file = result.captionsFile {
                // Split once, for this file and the page.
                let cues = memo.captions(track: track, result: result)
                captions[track.fileStem] = cues
                try output.write(WebVTTWriter.render(cues), to: file)
            }
            results.append(result)
        }
        memo.save()
        var summary = GuideSummary(
            title: tracks.first?.title ?? request.catalog.poster.title,
            toolVersion: GuideBuilder.toolVersion, voiceProfile: request.profile.name,
            espeakVersion: synthesis.engineVersion, guideAudioFile: nil, tracks: results
        )
        summary.guideEncodings = synthesis.guideEncodings
        let withAudio = results.compactMap(\.audio)
        if let rate = withAudio.first?.sampleRate {
            // guide.wav's length as GuideAudio joins it: the tracks and the pauses between them.
            summary.guideDurationSeconds = GuideConcatenator(gapSeconds: Double(request.profile.trackPauseMs) / 1000)
                .durationSeconds(trackFrames: withAudio.map(\.frameCount), sampleRate: rate)
        }
        var playlists: [String] = []
        if results.contains(where: { $0.audioFile != nil }) {
            summary.guideAudioFile = "guide.wav"
            // One playlist per format a listener's app opens: the masters, then each compressed copy.
            for format in ["wav"] + request.delivery.publishedEncodings.map(\.rawValue)
            where format == "wav" || results.contains(where: { $0.compressedFiles[format] != nil }) {
                let name = PlaylistWriter.fileName(format: format)
                try output.write(PlaylistWriter.render(summary: summary, format: format), to: name)
                playlists.append(name)
            }
        }
        try output.write(TranscriptWriter.render(tracks: tracks, summary: summary), to: "guide.txt")
        let talkingBooks = try writeTalkingBooks(tracks, summary: summary, synthesis: synthesis, pictures: pictures.book)
        let editions = try writeEditions(tracks).merging(pictures.notes) { $1 }
        // guide.wav must be in place to be listed with its hash (a second `finish` does nothing).
        try synthesis.guide.finish(results, profile: request.profile, title: SynthesisStage.singleLineTitle(request.catalog.poster.title))
        // Last of the files it links: the page lists every edition this run published, with its size.
        try output.write(
            GuidePageWriter.render(
                tracks: tracks, summary: summary, audioSources: Self.pageSources(results),
                pictures: pictures.published, captions: captions,
                editions: PublishedEdition.published(size: publishedSize)), to: "index.html")
        let pictureFiles = tracks.flatMap { pictures.published[$0.fileStem]?.variants.map(\.file) ?? [] }
        let others = playlists + talkingBooks + Self.editionFiles.filter { output.hasFile($0) } + pictureFiles
        let files = try publishedFiles(summary: summary, synthesis: synthesis, otherFiles: others)
        var provenance = request.provenance
        if let settings = provenance?.settings { provenance?.settings = settings.recorded(relativeTo: output.destination.path) }
        if !pictures.sourceDigests.isEmpty { provenance?.inputs.pictures = SHA256Digest.key(pictures.sourceDigests) }
        try output.write(
            ManifestWriter.render(
                summary: summary, extra: Self.profileSettings(request.profile).merging(editions) { $1 },
                files: files, provenance: provenance),
            to: "manifest.json")
        return summary
    }

    /// The size in bytes of `name` as this run publishes it, or nil when it publishes no such file.
    private func publishedSize(_ name: String) -> Int? {
        guard output.hasFile(name), let status = FileStatus.of(output.currentURL(name).path, followingLinks: true) else { return nil }
        return Int(status.size)
    }

    /// Every file the guide publishes but the manifest, with its size and SHA-256: as recorded
    /// for the audio the cache checked (guide.wav's too, when it came from the cache), hashed
    /// as written for the rest.
    private func publishedFiles(
        summary: GuideSummary, synthesis: SynthesisStage.Output,
        otherFiles: [String]
    ) throws -> [GuideManifest.PublishedFile] {
        let known = ManifestWriter.publishedFiles(summary: summary, otherFiles: otherFiles)
        return try known.keys.sorted().map { name in
            if let file = known[name] ?? nil { return file }
            try Interruption.check()
            let url = output.currentURL(name)
            guard let status = FileStatus.of(url.path, followingLinks: true) else {
                throw ExpoError.cannotWrite(
                    path: output.destination.appendingPathComponent(name).path,
                    reason: "the file this run wrote is gone")
            }
            let known = name == summary.guideAudioFile ? synthesis.guide.cachedDigest : nil
            var file = GuideManifest.PublishedFile(
                path: name, byteCount: Int(status.size),
                sha256: try known ?? SHA256Digest.ofFile(url.path))
            if name == summary.guideAudioFile {
                let reader = try WAVReader(url: url)
                file.durationSeconds = reader.durationSeconds
                reader.close()
                // It holds the tracks' very samples, with silence between: their highest true peak.
                file.truePeakDBTP = summary.tracks.compactMap { $0.audio?.truePeakDBTP }.max()
            }
            return file
        }
    }

    /// What the page's players load, smallest first (Opus, then MP3), with the WAV master as a
    /// download, so that a visitor on a phone does not fetch a hundred megabytes.
    static func pageSources(_ results: [TrackResult]) -> [String: [GuidePageAudioSource]] {
        var sources: [String: [GuidePageAudioSource]] = [:]
        for result in results {
            guard let wav = result.audioFile else { continue }
            var list: [GuidePageAudioSource] = []
            if let opus = result.compressedFiles["opus"] {
                list.append(GuidePageAudioSource(file: opus, mediaType: "audio/ogg; codecs=opus", label: "Opus"))
            }
            if let mp3 = result.compressedFiles["mp3"] {
                list.append(GuidePageAudioSource(file: mp3, mediaType: "audio/mpeg", label: "MP3"))
            }
            let master = GuidePageAudioSource.wav(wav)
            list.append(
                list.isEmpty
                    ? master
                    : GuidePageAudioSource(
                        file: master.file, mediaType: master.mediaType,
                        label: master.label, inPlayer: false))
            sources[result.fileStem] = list
        }
        return sources
    }

    /// The talking books asked for: guide.epub, and the DAISY 2.02 and DAISY 3 books (each a ZIP
    /// and a folder), all from one document (each chapter read along with its MP3; text-only
    /// chapters where there is none), so their chapters, sentences and clips are the same.
    /// Returns the names written.
    private func writeTalkingBooks(
        _ tracks: [Track], summary: GuideSummary, synthesis: SynthesisStage.Output,
        pictures: [String: PictureReference]
    ) throws -> [String] {
        let formats = request.delivery.formats
        let daisy = DaisyEdition.allCases.filter { formats.contains(Self.deliveryFormat($0)) }
        guard formats.contains(.epub) || !daisy.isEmpty else { return [] }
        var audio: [String: (url: URL, duration: Double)] = [:]
        var digests: [String: String] = [:]
        for (stem, url) in synthesis.mp3Sources {
            if let mp3 = synthesis.audio[stem]?.encoded[DeliveryFormat.mp3.rawValue] {
                audio[stem] = (url, mp3.durationSeconds)
                digests[url.path] = mp3.sha256
            }
        }
        let document = TalkingBookExport.document(
            tracks: tracks, summary: summary, audio: audio, identifier: Self.bookIdentifier(request.catalog),
            modified: Self.bookDate(seconds: request.sourceDate), pictures: pictures)
        var written: [String] = []
        if formats.contains(.epub) {
            try writeBook(named: "guide.epub") { try TalkingBookWriter.write(document, to: $0) }
            written.append("guide.epub")
        }
        written += try writeDaisyBooks(daisy, document: document, summary: summary, audioDigests: digests)
        return written
    }

    /// Runs `write` on the staged `name`, saying which published file could not be made.
    func writeBook(named name: String, _ write: (URL) throws -> Void) throws {
        do {
            try write(output.stagedURL(name))
        } catch let error as ExpoError where error.isInterruption {
            throw error
        } catch {
            let reason = (error as? ExpoError)?.message ?? "\(error)"
            throw ExpoError.cannotWrite(path: output.destination.appendingPathComponent(name).path, reason: reason)
        }
    }

    /// A stable identifier of the catalog's content, as a URN of a UUID.
    static func bookIdentifier(_ catalog: Catalog) -> String {
        let parts = [catalog.poster.title, catalog.poster.description] + catalog.entries.flatMap { [$0.name, $0.description] }
        let hex = Array(SHA256Digest.key(parts).prefix(32))
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }
        return "urn:uuid:" + groups.joined(separator: "-")
    }

    /// The book's date: `seconds` (SOURCE_DATE_EPOCH, already read into its range) when set
    /// (reproducible builds), else today at midnight UTC, so that the same guide made twice in a
    /// day is the same file.
    static func bookDate(seconds given: Int?) -> String {
        let seconds = given.map(TimeInterval.init) ?? (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
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
            "voice.truePeakCeilingDBTP": String(profile.truePeakCeilingDBTP),
        ]
    }

    /// Every name a guide of `tracks` may publish, whatever its formats.
    static func fileNames(of tracks: [Track]) -> Set<String> {
        var names: Set<String> = [
            "guide.wav", "guide.opus", "guide.mp3", "guide.m3u8", "guide.txt", "guide.epub",
            "index.html", "manifest.json",
        ]
        names.formUnion(editionFiles)
        names.formUnion(DaisyEdition.allCases.map(\.archiveName))
        names.formUnion([DeliveryFormat.opus, .mp3].map { PlaylistWriter.fileName(format: $0.rawValue) })
        for track in tracks {
            for suffix in [".txt", ".spoken.txt", ".vtt", ".wav", ".opus", ".mp3"] { names.insert(track.fileStem + suffix) }
        }
        names.formUnion(pictureNames(of: tracks))
        return names
    }
}
