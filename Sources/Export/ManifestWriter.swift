import ExpoModel
import ExpoSystem
import Foundation

/// `manifest.json`: what was made and how, for people and for the next run (which reads it
/// back to resume). Keys are sorted and figures rounded, so the same guide gives the same file.
public struct GuideManifest: Sendable, Equatable, Codable {
    /// Bumped when the layout changes in a way old readers cannot follow.
    public static let currentFormatVersion = 1

    public var formatVersion: Int
    public var title: String
    public var toolVersion: String
    public var voiceProfile: String
    public var espeakVersion: String?
    /// `guide.wav`, or nil without audio.
    public var guideAudioFile: String?
    public var tracks: [TrackEntry]
    /// The whole guide in each compressed format (`opus`, `mp3`), with its chapter offsets.
    public var guideEncodings: [String: GuideEncoding]?
    /// Free-form facts the caller adds (e.g. the catalog's checksum); empty when none.
    public var extra: [String: String]
    /// Every file of the guide but this manifest, by path, with its size and SHA-256 (and how an
    /// audio file measures), so that a copy can be checked (`expo-narrate verify`); nil in
    /// manifests of versions before it.
    public var files: [PublishedFile]?
    /// How the guide was made: its settings and the digests of its inputs; nil in manifests of
    /// versions before it (a run over some tracks cannot take their settings over).
    public var provenance: GuideProvenance?

    /// One published file: what `verify` checks it against.
    public struct PublishedFile: Sendable, Equatable, Codable {
        /// Relative to the output folder.
        public var path: String
        public var byteCount: Int
        /// Lowercase hex.
        public var sha256: String
        /// For an audio file: its decoded length, in seconds.
        public var durationSeconds: Double?
        /// For an audio file whose loudness was measured: integrated, in LUFS.
        public var loudnessLUFS: Double?
        /// For an audio file: its true peak (BS.1770-4), in dBTP; for a whole guide, the highest
        /// of its tracks'.
        public var truePeakDBTP: Double?

        public init(
            path: String, byteCount: Int, sha256: String, durationSeconds: Double? = nil,
            loudnessLUFS: Double? = nil, truePeakDBTP: Double? = nil
        ) {
            self.path = path
            self.byteCount = byteCount
            self.sha256 = sha256
            self.durationSeconds = durationSeconds
            self.loudnessLUFS = loudnessLUFS
            self.truePeakDBTP = truePeakDBTP
        }
    }

    /// One track's files and measurements.
    public struct TrackEntry: Sendable, Equatable, Codable {
        public var fileStem: String
        public var title: String
        public var position: Int
        public var kind: Track.Kind
        public var files: Files
        public var durationSeconds: Double?
        public var sampleRate: Int?
        public var loudnessLUFS: Double?
        public var peakDBFS: Double?
        /// SHA-256 of the WAV, lowercase hex.
        public var sha256: String?
        /// True peak of the WAV (BS.1770-4), in dBTP.
        public var truePeakDBTP: Double?
        public var fellBackToText: Bool
        public var fallbackReason: String?
        /// The track's compressed files, by format.
        public var encodings: [String: EncodedFile]?
        /// The digest of the lexicon, acronyms and pronunciation dictionary the track's words
        /// were read with (`GuideProvenance.InputDigests.words`); nil before versions kept it.
        public var lexiconDigest: String?
    }

    /// One compressed file of a track, and how it measures once decoded.
    public struct EncodedFile: Sendable, Equatable, Codable {
        public var file: String
        public var byteCount: Int
        public var sha256: String
        public var durationSeconds: Double
        public var loudnessLUFS: Double?
        public var truePeakDBTP: Double?
    }

    /// A track's files, relative to the output folder.
    public struct Files: Sendable, Equatable, Codable {
        public var wav: String?
        public var vtt: String?
        public var txt: String
        public var spokenTxt: String
    }

    /// The manifest of `summary`, with durations rounded to milliseconds and loudness and
    /// peak to hundredths.
    public init(
        summary: GuideSummary, extra: [String: String] = [:], files: [PublishedFile]? = nil,
        provenance: GuideProvenance? = nil
    ) {
        formatVersion = Self.currentFormatVersion
        self.provenance = provenance
        self.files = files?.sorted { $0.path < $1.path }.map { file in
            var rounded = file
            rounded.durationSeconds = Self.rounded(file.durationSeconds, places: 3)
            rounded.loudnessLUFS = Self.rounded(file.loudnessLUFS, places: 2)
            rounded.truePeakDBTP = Self.rounded(file.truePeakDBTP, places: 2)
            return rounded
        }
        title = summary.title
        toolVersion = summary.toolVersion
        voiceProfile = summary.voiceProfile
        espeakVersion = summary.espeakVersion
        guideAudioFile = summary.guideAudioFile
        guideEncodings =
            summary.guideEncodings.isEmpty
            ? nil
            : summary.guideEncodings.mapValues { encoding in
                var rounded = encoding
                rounded.durationSeconds = Self.rounded(encoding.durationSeconds, places: 3) ?? 0
                rounded.truePeakDBTP = Self.rounded(encoding.truePeakDBTP, places: 2)
                rounded.chapters = encoding.chapters.map { ChapterMark(title: $0.title, startSeconds: Self.rounded($0.startSeconds, places: 3) ?? 0) }
                return rounded
            }
        self.extra = extra
        tracks = summary.tracks.map { track in
            TrackEntry(
                fileStem: track.fileStem, title: track.title, position: track.position, kind: track.kind,
                files: Files(
                    wav: track.audioFile, vtt: track.captionsFile, txt: track.displayScriptFile,
                    spokenTxt: track.spokenScriptFile),
                durationSeconds: Self.rounded(track.durationSeconds, places: 3),
                sampleRate: track.audio?.sampleRate,
                loudnessLUFS: Self.rounded(track.audio?.loudnessLUFS, places: 2),
                peakDBFS: Self.rounded(track.audio?.peakDBFS, places: 2),
                sha256: track.audio?.sha256, truePeakDBTP: Self.rounded(track.audio?.truePeakDBTP, places: 2),
                fellBackToText: track.fellBackToText, fallbackReason: track.fallbackReason,
                encodings: Self.encodings(of: track), lexiconDigest: provenance?.inputs.words)
        }
    }

    private static func encodings(of track: TrackResult) -> [String: EncodedFile]? {
        var files: [String: EncodedFile] = [:]
        for (format, file) in track.compressedFiles {
            guard let copy = track.audio?.encoded[format] else { continue }
            files[format] = EncodedFile(
                file: file, byteCount: copy.byteCount, sha256: copy.sha256,
                durationSeconds: rounded(copy.durationSeconds, places: 3) ?? 0,
                loudnessLUFS: rounded(copy.loudnessLUFS, places: 2), truePeakDBTP: rounded(copy.truePeakDBTP, places: 2))
        }
        return files.isEmpty ? nil : files
    }

    /// JSON cannot hold infinities or NaN (a silent track's loudness is -inf): those become nil.
    private static func rounded(_ value: Double?, places: Int) -> Double? {
        guard let value, value.isFinite else { return nil }
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}

/// Writes `manifest.json`.
public enum ManifestWriter {
    /// Pretty-printed JSON with sorted keys and a trailing newline, UTF-8.
    public static func render(
        summary: GuideSummary, extra: [String: String] = [:],
        files: [GuideManifest.PublishedFile]? = nil, provenance: GuideProvenance? = nil
    ) throws -> Data {
        try render(GuideManifest(summary: summary, extra: extra, files: files, provenance: provenance))
    }

    /// The files a guide of `summary` publishes besides `manifest.json`, each with what is
    /// already known of it (size, SHA-256 and measurements of the audio synthesis and encoding
    /// recorded), by path. `guide.txt`, `index.html`, `guide.wav` and `otherFiles` (the
    /// playlists, the talking book, the editions) are listed with nothing known: the caller
    /// hashes them as written.
    public static func publishedFiles(summary: GuideSummary, otherFiles: [String]) -> [String: GuideManifest.PublishedFile?] {
        var files: [String: GuideManifest.PublishedFile?] = [:]
        for track in summary.tracks {
            files[track.displayScriptFile] = .some(nil)
            files[track.spokenScriptFile] = .some(nil)
            if let captions = track.captionsFile { files[captions] = .some(nil) }
            guard let audio = track.audio, let wav = track.audioFile else { continue }
            files[wav] = GuideManifest.PublishedFile(
                path: wav, byteCount: audio.byteCount, sha256: audio.sha256, durationSeconds: audio.durationSeconds,
                loudnessLUFS: audio.loudnessLUFS, truePeakDBTP: audio.truePeakDBTP)
            for (format, file) in track.compressedFiles {
                guard let copy = audio.encoded[format] else { continue }
                files[file] = GuideManifest.PublishedFile(
                    path: file, byteCount: copy.byteCount, sha256: copy.sha256, durationSeconds: copy.durationSeconds,
                    loudnessLUFS: copy.loudnessLUFS, truePeakDBTP: copy.truePeakDBTP)
            }
        }
        for encoding in summary.guideEncodings.values {
            files[encoding.file] = GuideManifest.PublishedFile(
                path: encoding.file, byteCount: encoding.byteCount, sha256: encoding.sha256,
                durationSeconds: encoding.durationSeconds, truePeakDBTP: encoding.truePeakDBTP)
        }
        for name in otherFiles + ["guide.txt", "index.html"] {
            files[name] = .some(nil)
        }
        if let guide = summary.guideAudioFile { files[guide] = .some(nil) }
        return files
    }

    /// `manifest` as pretty-printed JSON with sorted keys and a trailing newline, UTF-8.
    public static func render(_ manifest: GuideManifest) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(manifest)
        data.append(0x0A)
        return data
    }
}

/// Reads a `manifest.json` back, e.g. a previous run's to resume from it.
public enum ManifestReader {
    /// The manifest in `data`; a `data` error when it is not a manifest this version understands
    /// (its message says why, without naming the file: the caller knows which it read).
    public static func read(_ data: Data) throws(ExpoError) -> GuideManifest {
        let manifest: GuideManifest
        do {
            manifest = try JSONDecoder().decode(GuideManifest.self, from: data)
        } catch {
            throw ExpoError(.data, "manifest is not valid: \(reason(error))")
        }
        guard manifest.formatVersion == GuideManifest.currentFormatVersion else {
            throw ExpoError(.data, "manifest format \(manifest.formatVersion) is not supported (expected \(GuideManifest.currentFormatVersion))")
        }
        return manifest
    }

    /// Why the decoder refused a manifest, in words naming the field (never the decoder's
    /// debug text): a number no Int or Double holds (1e400) is refused by the JSON reader itself.
    private static func reason(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
            excerpt((context.codingPath + (key.map { [$0] } ?? [])).map(\.stringValue).joined(separator: "."))
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: return "\"\(path(context, key))\" is missing"
        case .typeMismatch(_, let context)?: return "\"\(path(context))\" has the wrong type"
        case .valueNotFound(_, let context)?: return "\"\(path(context))\" is null"
        case .dataCorrupted(let context)? where !context.codingPath.isEmpty:
            return "\"\(path(context))\" holds a value that cannot be read (a number too large or too small, or a malformed one)"
        default: return "it is not valid JSON, or holds a number too large or too small to read"
        }
    }
}
