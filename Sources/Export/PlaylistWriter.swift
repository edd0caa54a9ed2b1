/// Writes the playlists: extended M3U (UTF-8) lists of the tracks that have audio, one per
/// format a listener's app opens: `guide.m3u8` of the WAV masters, `guide-opus.m3u8` and
/// `guide-mp3.m3u8` of the compressed copies.
///
/// Each track is an `#EXTINF:<seconds>,<title>` line (seconds with up to three decimals, or
/// -1 when unknown; a compressed copy's own decoded length) followed by its file's path
/// relative to the playlist. Titles are put on one line; a path that would read as a comment
/// gets "./" in front.
public enum PlaylistWriter {
    /// The playlist's file name for `format` ("wav", "opus", "mp3").
    public static func fileName(format: String) -> String {
        format == "wav" ? "guide.m3u8" : "guide-\(format).m3u8"
    }

    /// The playlist of `summary`'s tracks with audio in `format` ("wav": the masters; "opus",
    /// "mp3": the compressed copies), in guide order, ending with a newline.
    public static func render(summary: GuideSummary, format: String = "wav") -> String {
        var lines = ["#EXTM3U", "#PLAYLIST:" + GuideOutline.oneLine(summary.title)]
        let tracks = summary.tracks.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
        for track in tracks.map(\.element) {
            let file = format == "wav" ? track.audioFile : track.compressedFiles[format]
            guard let file else { continue }
            let path = GuideOutline.oneLine(file)
            guard !path.isEmpty else { continue }
            let duration = format == "wav" ? track.durationSeconds : track.audio?.encoded[format]?.durationSeconds
            lines.append("#EXTINF:\(seconds(duration)),\(GuideOutline.oneLine(track.title))")
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
