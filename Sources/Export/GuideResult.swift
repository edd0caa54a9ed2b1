import ExpoModel

/// What was made for one track, as the writers (captions, transcript, page, playlist,
/// manifest) need it. File names are relative to the output folder.
public struct TrackResult: Sendable, Equatable {
    public var fileStem: String
    public var title: String
    public var kind: Track.Kind
    /// 1-based place in the guide.
    public var position: Int
    /// The track's audio, or nil when it fell back to text.
    public var audio: TrackAudio?
    /// Why there is no audio, when `audio` is nil.
    public var fallbackReason: String?
    /// The track's compressed files published beside its WAV, by format (`opus`: `NAME.opus`).
    public var compressedFiles: [String: String] = [:]

    public init(
        fileStem: String, title: String, kind: Track.Kind, position: Int, audio: TrackAudio? = nil,
        fallbackReason: String? = nil
    ) {
        self.fileStem = fileStem
        self.title = title
        self.kind = kind
        self.position = position
        self.audio = audio
        self.fallbackReason = audio == nil ? fallbackReason : nil
    }

    /// The result of `track` with `audio`, or falling back to text for `fallbackReason`.
    public init(_ track: Track, audio: TrackAudio?, fallbackReason: String?) {
        self.init(
            fileStem: track.fileStem, title: track.title, kind: track.kind, position: track.position,
            audio: audio, fallbackReason: fallbackReason)
    }

    /// `NAME.wav`, or nil when the track fell back to text.
    public var audioFile: String? { audio == nil ? nil : fileStem + ".wav" }
    /// `NAME.vtt`, or nil without audio.
    public var captionsFile: String? { audio == nil ? nil : fileStem + ".vtt" }
    /// `NAME.txt`
    public var displayScriptFile: String { fileStem + ".txt" }
    /// `NAME.spoken.txt`
    public var spokenScriptFile: String { fileStem + ".spoken.txt" }
    public var fellBackToText: Bool { audio == nil }
    public var durationSeconds: Double? { audio?.durationSeconds }
    /// One cue per sentence of the display script, in order; empty without audio.
    public var cues: [CaptionCue] { audio?.cues ?? [] }
}

/// Everything the guide-level writers (transcript, page, playlist, manifest) describe.
public struct GuideSummary: Sendable, Equatable {
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
    /// The whole guide in each compressed format, with its chapters.
    public var guideEncodings: [String: GuideEncoding] = [:]
    /// The length of the whole guide (`guide.wav`: every track with audio and the pauses
    /// between them), in seconds; nil without audio. What the page gives as the guide's length:
    /// the tracks added up would leave out the pauses.
    public var guideDurationSeconds: Double?

    public init(
        title: String, toolVersion: String, voiceProfile: String, espeakVersion: String?,
        guideAudioFile: String?, tracks: [TrackResult]
    ) {
        self.title = title
        self.toolVersion = toolVersion
        self.voiceProfile = voiceProfile
        self.espeakVersion = espeakVersion
        self.guideAudioFile = guideAudioFile
        self.tracks = tracks
    }
}
