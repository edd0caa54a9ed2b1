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
    /// SHA-256 of the WAV, lowercase hex.
    public var sha256: String
    /// Size of the WAV in bytes.
    public var byteCount: Int
    /// One cue per sentence of the display script, in order, in seconds from the WAV's start.
    public var cues: [CaptionCue]

    public init(durationSeconds: Double, sampleRate: Int, loudnessLUFS: Double?, peakDBFS: Double?, sha256: String,
                byteCount: Int, cues: [CaptionCue]) {
        self.durationSeconds = durationSeconds
        self.sampleRate = sampleRate
        self.loudnessLUFS = loudnessLUFS
        self.peakDBFS = peakDBFS
        self.sha256 = sha256
        self.byteCount = byteCount
        self.cues = cues
    }
}
