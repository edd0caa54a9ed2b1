import ExpoModel
import ExpoSystem
import Narration
/// What was made for one track, as the writers (captions, transcript, page, playlist,
/// manifest) need it. File names are relative to the output folder.
public struct TrackResult: Sendable, Equatable, Codable {
    public var fileStem: String
    public var title: String
    public var kind: Track.Kind
    /// 1-based place in the guide.
    public var position: Int
    /// `NAME.wav`, or nil when the track fell back to text.
    public var audioFile: String?
    /// `NAME.vtt`, or nil without audio.
    public var captionsFile: String?
    /// `NAME.txt`
    public var displayScriptFile: String
    /// `NAME.spoken.txt`
    public var spokenScriptFile: String
    public var durationSeconds: Double?
    public var sampleRate: Int?
    /// Integrated loudness of the published WAV (ITU-R BS.1770-4), in LUFS.
    public var loudnessLUFS: Double?
    /// Highest sample of the published WAV, in dBFS.
    public var peakDBFS: Double?
    /// SHA-256 of the published WAV, lowercase hex.
    public var sha256: String?
    public var fellBackToText: Bool
    /// Why there is no audio, when `fellBackToText`.
    public var fallbackReason: String?
    /// One cue per sentence of the display script, in order.
    public var cues: [CaptionCue]

    public init(
        fileStem: String, title: String, kind: Track.Kind, position: Int,
        audioFile: String? = nil, captionsFile: String? = nil,
        displayScriptFile: String, spokenScriptFile: String,
        durationSeconds: Double? = nil, sampleRate: Int? = nil,
        loudnessLUFS: Double? = nil, peakDBFS: Double? = nil, sha256: String? = nil,
        fellBackToText: Bool, fallbackReason: String? = nil, cues: [CaptionCue] = []
    ) {
        self.fileStem = fileStem
        self.title = title
        self.kind = kind
        self.position = position
        self.audioFile = audioFile
        self.captionsFile = captionsFile
        self.displayScriptFile = displayScriptFile
        self.spokenScriptFile = spokenScriptFile
        self.durationSeconds = durationSeconds
        self.sampleRate = sampleRate
        self.loudnessLUFS = loudnessLUFS
        self.peakDBFS = peakDBFS
        self.sha256 = sha256
        self.fellBackToText = fellBackToText
        self.fallbackReason = fallbackReason
        self.cues = cues
    }
}

/// Everything the guide-level writers (transcript, page, playlist, manifest) describe.
public struct GuideSummary: Sendable, Equatable, Codable {
    /// The guide's title (the poster's title on one line).
    public var title: String
    public var toolVersion: String
    /// The voice profile's name ("standard").
    public var voiceProfile: String
    /// espeak-ng's version, or nil when it could not start.
    public var espeakVersion: String?
    /// `guide.wav`, or nil without audio.
    public var guideAudioFile: String?
    public var tracks: [TrackResult]

    public init(title: String, toolVersion: String, voiceProfile: String, espeakVersion: String?,
                guideAudioFile: String?, tracks: [TrackResult]) {
        self.title = title
        self.toolVersion = toolVersion
        self.voiceProfile = voiceProfile
        self.espeakVersion = espeakVersion
        self.guideAudioFile = guideAudioFile
        self.tracks = tracks
    }
}
