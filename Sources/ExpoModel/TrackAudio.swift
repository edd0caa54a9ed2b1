/// A track's finished audio: what synthesis made and measured, as the cache keeps it and every
/// later stage (captions, page, playlist, manifest) reads it. The one record of these facts.
public struct TrackAudio: Sendable, Equatable, Codable {
    /// Length of the WAV, in seconds.
    public var durationSeconds: Double
    public var sampleRate: Int
    /// Integrated loudness (ITU-R BS.1770-4), in LUFS; nil for silence.
    public var loudnessLUFS: Double?
    /// Highest sample, in dBFS; nil for silence.
    public var peakDBFS: Double?
    /// True peak (ITU-R BS.1770-4, 4× oversampled), in dBTP; nil for silence or when not measured.
    public var truePeakDBTP: Double?
    /// SHA-256 of the WAV, lowercase hex.
    public var sha256: String
    /// Size of the WAV in bytes.
    public var byteCount: Int
    /// One cue per sentence of the display script, in order, in seconds from the WAV's start.
    public var cues: [CaptionCue]
    /// Compressed copies of the WAV, by format (`opus`, `mp3`).
    public var encoded: [String: EncodedAudio]
    /// Which shard made it and how long that took, when a shard did (see `TrackOrigin`).
    public var origin: TrackOrigin?
    /// Which tags (title, album, track number) the WAV holds, as `WAVInfoTags.fingerprint`
    /// says them; nil for a WAV without tags. A track whose tags changed is tagged again.
    public var tagsFingerprint: String?

    public init(
        durationSeconds: Double, sampleRate: Int, loudnessLUFS: Double?, peakDBFS: Double?,
        truePeakDBTP: Double? = nil, sha256: String, byteCount: Int, cues: [CaptionCue],
        encoded: [String: EncodedAudio] = [:], origin: TrackOrigin? = nil, tagsFingerprint: String? = nil
    ) {
        self.durationSeconds = durationSeconds
        self.sampleRate = sampleRate
        self.loudnessLUFS = loudnessLUFS
        self.peakDBFS = peakDBFS
        self.truePeakDBTP = truePeakDBTP
        self.sha256 = sha256
        self.byteCount = byteCount
        self.cues = cues
        self.encoded = encoded
        self.origin = origin
        self.tagsFingerprint = tagsFingerprint
    }

    /// The WAV's length in sample frames.
    public var frameCount: Int64 { Int64((durationSeconds * Double(sampleRate)).rounded()) }
}

/// The compressed formats a guide can be delivered in besides its WAV master, and the talking
/// books that carry MP3: the EPUB, DAISY 2.02 (`daisy202`) and DAISY 3 (`daisy3`, Z39.86-2005).
public enum DeliveryFormat: String, Sendable, Equatable, Hashable, Codable, CaseIterable, Comparable {
    case wav, opus, mp3, epub, daisy202, daisy3
    /// Editions made from the text, not the audio: braille (BRF and PEF) and the apps' spoken
    /// labels (JSON, iOS String Catalogs, Android strings).
    case brf, pef, labels

    /// The file extension of a track or guide in this format (epub: the book's).
    public var fileExtension: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One compressed copy of a track: what was encoded from the WAV master and how it measures
/// once decoded.
public struct EncodedAudio: Sendable, Equatable, Codable {
    /// The encoder, its settings and the tags written, as one string: a copy made otherwise
    /// is made again.
    public var fingerprint: String
    /// Size of the file in bytes.
    public var byteCount: Int
    /// SHA-256 of the file, lowercase hex.
    public var sha256: String
    /// Duration of the decoded audio, in seconds.
    public var durationSeconds: Double
    /// Integrated loudness of the decoded audio, in LUFS; nil for silence.
    public var loudnessLUFS: Double?
    /// True peak of the decoded audio (ITU-R BS.1770-4, 4× oversampled), in dBTP; nil for silence.
    public var truePeakDBTP: Double?

    public init(
        fingerprint: String, byteCount: Int, sha256: String, durationSeconds: Double, loudnessLUFS: Double?,
        truePeakDBTP: Double?
    ) {
        self.fingerprint = fingerprint
        self.byteCount = byteCount
        self.sha256 = sha256
        self.durationSeconds = durationSeconds
        self.loudnessLUFS = loudnessLUFS
        self.truePeakDBTP = truePeakDBTP
    }
}

/// A chapter of a guide file: its title and where it starts, in seconds of decoded audio.
public struct ChapterMark: Sendable, Hashable, Codable {
    public var title: String
    public var startSeconds: Double

    public init(title: String, startSeconds: Double) {
        self.title = title
        self.startSeconds = startSeconds
    }
}

/// The whole guide in one compressed format: its file, how it measures, and its chapters.
public struct GuideEncoding: Sendable, Equatable, Codable {
    /// `guide.opus`, `guide.mp3`.
    public var file: String
    public var byteCount: Int
    /// SHA-256 of the file, lowercase hex.
    public var sha256: String
    public var durationSeconds: Double
    /// The highest true peak of its tracks, decoded, in dBTP.
    public var truePeakDBTP: Double?
    /// One chapter per track, where the player jumps to.
    public var chapters: [ChapterMark]

    public init(
        file: String, byteCount: Int, sha256: String, durationSeconds: Double, truePeakDBTP: Double?,
        chapters: [ChapterMark]
    ) {
        self.file = file
        self.byteCount = byteCount
        self.sha256 = sha256
        self.durationSeconds = durationSeconds
        self.truePeakDBTP = truePeakDBTP
        self.chapters = chapters
    }
}

/// Who made a cached track when the guide is made by several workers: the shard ("K/N"), the
/// host, and the seconds its speech and encoding took. Kept in the cache entry for the
/// assembling run's report; never published.
public struct TrackOrigin: Sendable, Equatable, Codable {
    public var shard: String
    public var host: String
    public var seconds: Double

    public init(shard: String, host: String, seconds: Double) {
        self.shard = shard
        self.host = host
        self.seconds = seconds
    }
}
