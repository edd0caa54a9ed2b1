import ExpoModel
import ExpoSystem
import Narration
/// Writes `guide.m3u8`: an extended M3U playlist (UTF-8) of the tracks that have audio.
///
/// Each track is an `#EXTINF:<seconds>,<title>` line (seconds with up to three decimals, or
/// -1 when unknown) followed by its WAV's path relative to the playlist. Titles are put on one
/// line; a path that would read as a comment gets "./" in front.
public enum PlaylistWriter {
    /// The playlist of `summary`'s tracks with audio, in guide order, ending with a newline.
    public static func render(summary: GuideSummary) -> String {
        var lines = ["#EXTM3U", "#PLAYLIST:" + GuideOutline.oneLine(summary.title)]
        let tracks = summary.tracks.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
        for track in tracks.map(\.element) {
            guard let audio = track.audioFile else { continue }
            let path = GuideOutline.oneLine(audio)
            guard !path.isEmpty else { continue }
            lines.append("#EXTINF:\(seconds(track.durationSeconds)),\(GuideOutline.oneLine(track.title))")
            lines.append(path.hasPrefix("#") ? "./" + path : path)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "12.5" for 12.5 s, "3" for 3.0 s, "-1" when unknown.
    static func seconds(_ duration: Double?) -> String {
        guard let duration, duration.isFinite, duration >= 0 else { return "-1" }
        let millis = Int((duration * 1000).rounded())
        var text = String(millis / 1000)
        let fraction = millis % 1000
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }
}
