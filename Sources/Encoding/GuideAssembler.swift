import ExpoModel

/// Joins encoded tracks into the whole guide without re-encoding them, with silence between
/// tracks and a chapter mark at each track start, matching guide.wav's cue points.
///
/// Every chapter is placed where the track's audio really starts in the decoded file (encoder
/// delay and padding of every track accounted for), and the number of silent codec frames in each
/// gap is chosen so that this start is as close as possible to guide.wav's cue point: the error
/// is at most half a codec frame (MP3 at 22 050 Hz: 288 samples = 13 ms; Opus: 10 ms) and does
/// not accumulate along the guide.
public enum GuideAssembler {
    /// guide.wav's cue points in seconds: each track starts after all earlier tracks plus
    /// `gapSeconds` of silence after each (gap rounded to whole frames of the WAV's rate).
    public static func wavCueSeconds(tracks: [EncodedTrackFile], gapSeconds: Double) -> [Double] {
        var cues: [Double] = []
        var frames: Int64 = 0
        for track in tracks {
            let rate = Double(track.sourceSampleRate)
            cues.append(Double(frames) / rate)
            frames += track.sourceFrames + Int64((gapSeconds * rate).rounded())
        }
        return cues
    }

    static func cues(_ given: [Double]?, tracks: [EncodedTrackFile], gapSeconds: Double, path: String) throws(ExpoError) -> [Double] {
        guard let given else { return wavCueSeconds(tracks: tracks, gapSeconds: gapSeconds) }
        guard given.count == tracks.count, given.first == 0, zip(given, given.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw .invalidArgument("\(path): \(given.count) cue points for \(tracks.count) tracks; they must start at 0 and increase.")
        }
        return given
    }

    static func validate(_ tracks: [EncodedTrackFile], gapSeconds: Double, path: String) throws(ExpoError) {
        guard !tracks.isEmpty else { throw .invalidArgument("\(path): a guide needs at least one track.") }
        guard gapSeconds.isFinite, gapSeconds >= 0 else {
            throw .invalidArgument("\(path): the gap between tracks must be zero or more seconds, not \(gapSeconds).")
        }
        let rate = tracks[0].sourceSampleRate
        for track in tracks where track.sourceSampleRate != rate || track.sourceFrames < 0 {
            throw .incompatibleTracks(
                file: track.path, reason: "its WAV is \(track.sourceSampleRate) Hz with \(track.sourceFrames) frames; the first track's is \(rate) Hz")
        }
    }

    /// How many silent frames of `frameSamples` to put before a track so that its audio, which
    /// begins `priming` samples into its own frames, starts as near `target` as possible, when the
    /// stream so far holds `position` samples. Never negative.
    static func gapFrames(target: Double, position: Int64, priming: Int, frameSamples: Int) -> Int {
        let needed = target - Double(position) - Double(priming)
        return max(0, Int((needed / Double(frameSamples)).rounded()))
    }
}
