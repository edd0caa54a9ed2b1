import ExpoSystem
import Export
import Foundation

/// One duration everywhere: what the manifest says of a track or a whole guide, and what each
/// playlist says of the file it names, agree with the duration recorded for that file (which
/// `check` has compared with the file decoded).
extension GuideVerifier {
    /// How far a playlist's or the manifest's figure may be from the file's recorded duration,
    /// in seconds: the playlists and the manifest round to the millisecond.
    static let figureTolerance = 0.002
    /// How far the whole guide's files (guide.wav, guide.opus, guide.mp3) may be from each other,
    /// in seconds: the compressed guides are joined from whole codec frames.
    static let wholeGuideTolerance = 0.1

    /// The problems of the durations `manifest` and the playlists in `folder` give, for the
    /// files that passed their own checks (`sound`: their paths).
    static func durationProblems(
        _ manifest: GuideManifest, files: [GuideManifest.PublishedFile], sound: Set<String>,
        in folder: URL
    ) -> [String] {
        var recorded: [String: Double] = [:]
        for file in files where sound.contains(file.path) {
            if let duration = file.durationSeconds { recorded[file.path] = duration }
        }
        var problems: [String] = []
        func compare(_ figure: Double?, of path: String?, where place: String, tolerance: Double = figureTolerance) {
            guard let figure, let path, let file = recorded[path], abs(figure - file) > tolerance else { return }
            problems.append("\(place): says \(seconds(figure)) s for \(path), which lasts \(seconds(file)) s")
        }
        for track in manifest.tracks {
            compare(track.durationSeconds, of: track.files.wav, where: "manifest.json (track \(track.fileStem))")
            for encoding in (track.encodings ?? [:]).values {
                compare(encoding.durationSeconds, of: encoding.file, where: "manifest.json (track \(track.fileStem))")
            }
        }
        for encoding in (manifest.guideEncodings ?? [:]).values {
            compare(encoding.durationSeconds, of: encoding.file, where: "manifest.json (guideEncodings)")
            compare(recorded[encoding.file], of: manifest.guideAudioFile, where: encoding.file, tolerance: wholeGuideTolerance)
        }
        for playlist in files.map(\.path) where playlist.hasSuffix(".m3u8") && sound.contains(playlist) {
            guard let data = try? InputFile.contents(of: folder.appendingPathComponent(playlist).path, limit: 16 << 20) else { continue }
            for entry in playlistEntries(String(decoding: data, as: UTF8.self)) {
                let path = entry.path.hasPrefix("./") ? String(entry.path.dropFirst(2)) : entry.path
                compare(entry.seconds, of: path, where: playlist)
            }
        }
        return problems
    }

    /// Seconds to the millisecond.
    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    /// Each `#EXTINF:SECONDS,TITLE` line's seconds with the path on the next line that is not a
    /// comment.
    static func playlistEntries(_ text: String) -> [(seconds: Double, path: String)] {
        var entries: [(seconds: Double, path: String)] = []
        var pending: Double?
        for line in text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("#EXTINF:") {
                pending = Double(line.dropFirst("#EXTINF:".count).prefix { $0 != "," })
            } else if !line.isEmpty, !line.hasPrefix("#"), let seconds = pending {
                entries.append((seconds, line))
                pending = nil
            }
        }
        return entries
    }
}
