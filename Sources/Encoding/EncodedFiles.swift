import ExpoModel

/// The container and codec of an encoded file.
public enum EncodedFormat: String, Sendable, Hashable, Codable {
    /// Ogg Opus (RFC 7845), always decoded at 48 kHz.
    case opus
    /// MPEG-1/2 Layer III with a LAME/Xing info frame and an ID3v2.4 tag.
    case mp3
}

/// Descriptive tags written into an encoded file (Vorbis comments for Opus, ID3v2.4 for MP3).
public struct TrackMetadata: Sendable, Hashable, Codable {
    /// TITLE / TIT2.
    public var title: String?
    /// ARTIST / TPE1.
    public var artist: String?
    /// ALBUM / TALB.
    public var album: String?
    /// TRACKNUMBER / TRCK, e.g. "3" or "3/20".
    public var trackNumber: String?

    /// Makes a set of tags; any left `nil` is not written.
    public init(title: String? = nil, artist: String? = nil, album: String? = nil, trackNumber: String? = nil) {
        self.title = title
        self.artist = artist
        self.album = album
        self.trackNumber = trackNumber
    }
}

/// What an encoder or the guide assembler wrote.
public struct EncodedFileInfo: Sendable, Hashable, Codable {
    /// The file written.
    public var path: String
    /// Its container and codec.
    public var format: EncodedFormat
    /// Size of the whole file in bytes.
    public var bytes: UInt64
    /// Duration of the decoded audio once priming and padding are trimmed, in seconds.
    public var durationSeconds: Double
    /// The rate the codec runs at (48 000 for Opus; the MP3's own rate), in which the next three
    /// figures are counted.
    public var codecSampleRate: Int
    /// Priming samples at the start: Opus pre-skip, or LAME's encoder delay (the decoder's own
    /// 529-sample delay is not included: decoders add it themselves).
    public var encoderDelay: Int
    /// Samples of padding at the end that decoders trim (Opus end trimming, LAME padding).
    public var padding: Int
    /// Samples of real audio, in codec samples (Opus: final granule − pre-skip).
    public var audioSamples: Int64
    /// Number of codec frames (MP3 frames without the info frame) or Opus packets.
    public var frameCount: Int
    /// Samples per MP3 frame (1152 or 576), or Opus packet duration at 48 kHz of the first packet.
    public var samplesPerFrame: Int
}

/// One encoded track to join into the guide, as `GuideAssembler` needs it.
public struct EncodedTrackFile: Sendable, Hashable, Codable {
    /// The encoded track (an Opus or MP3 file written by this package's encoders).
    public var path: String
    /// The chapter title of this track in the guide.
    public var title: String
    /// Number of PCM frames of the track's WAV (at `sourceSampleRate`): where the next track's
    /// cue point falls in guide.wav follows from these.
    public var sourceFrames: Int64
    /// Sample rate of the track's WAV (espeak-ng: 22 050 Hz).
    public var sourceSampleRate: Int

    /// Describes one track of the guide.
    public init(path: String, title: String, sourceFrames: Int64, sourceSampleRate: Int) {
        self.path = path
        self.title = title
        self.sourceFrames = sourceFrames
        self.sourceSampleRate = sourceSampleRate
    }
}

/// Where each chapter of an assembled guide landed, against guide.wav's cue points.
public struct GuideAssembly: Sendable, Hashable, Codable {
    /// The file written.
    public var file: EncodedFileInfo
    /// The chapters as written into the file.
    public var chapters: [ChapterMark]
    /// guide.wav's cue points in seconds (track starts with the gaps), for comparison.
    public var wavCueSeconds: [Double]
    /// Chapter start minus cue point, seconds, per track (what a listener would notice).
    public var chapterErrorsSeconds: [Double] {
        zip(chapters, wavCueSeconds).map { $0.startSeconds - $1 }
    }
}
