/// The numbers of a track's record as the cache keeps it, checked before anything is computed
/// from them: a record is a file, and a damaged or edited one must be refused, never trap
/// (`frameCount` of an infinite duration) or reach a caption or a manifest.
extension TrackAudio {
    /// The longest track a record may describe (a day).
    public static let longestSeconds = 86_400.0

    /// What is out of range in this record, as a reason for a message; nil when every number is
    /// in range: a sample rate from 1 Hz to 384 kHz, finite durations from 0 to a day, no more
    /// 16-bit frames than `byteCount` holds, finite levels, cues inside the track.
    public var rangeProblem: String? {
        func seconds(_ value: Double) -> Bool { value.isFinite && (0...Self.longestSeconds).contains(value) }
        func level(_ value: Double?) -> Bool { value.map { $0.isFinite && abs($0) <= 1_000 } ?? true }
        guard (1...384_000).contains(sampleRate) else { return "its sample rate \(sampleRate) is out of range" }
        guard seconds(durationSeconds), byteCount >= 0,
            durationSeconds * Double(sampleRate) * 2 <= Double(byteCount) + 2
        else {
            return "its duration \(durationSeconds) s does not fit its \(byteCount) bytes"
        }
        guard level(loudnessLUFS), level(peakDBFS), level(truePeakDBTP) else { return "a level in its record is out of range" }
        let end = durationSeconds + 1
        for cue in cues {
            let starts = (cue.wordStarts ?? []).compactMap { $0 }
            guard seconds(cue.start), seconds(cue.end), cue.start <= end, cue.end <= end,
                starts.allSatisfy({ seconds($0) && $0 <= end })
            else {
                return "a caption cue in its record lies outside the track"
            }
        }
        for (format, copy) in encoded {
            guard copy.byteCount >= 0, seconds(copy.durationSeconds), level(copy.loudnessLUFS), level(copy.truePeakDBTP) else {
                return "the record of its \(excerpt(format)) copy is out of range"
            }
        }
        if let origin, !seconds(origin.seconds) { return "the time its shard took is out of range" }
        return nil
    }
}
