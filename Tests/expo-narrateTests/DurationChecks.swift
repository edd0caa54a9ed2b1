import Foundation
import Testing

/// One duration everywhere, as tools the tool does not use read it: each audio file decoded by
/// ffprobe (its frames' samples counted, so an MP3's encoder delay and padding and an Opus
/// file's pre-skip are left out as a player leaves them out), against what the page, the
/// manifest, the playlists (python3-m3u8) and the talking book's `media:duration` say of it.
enum DurationChecks {
    /// How far any figure may be from the audio it names, in seconds.
    static let tolerance = 0.1

    /// The seconds of audio ffprobe decodes from `file`: its frames' samples over its rate.
    static func decodedSeconds(_ file: URL) throws -> Double {
        try AudioProbe.facts(file).decodedSeconds
    }

    /// Every duration of the guide in `folder` (made with Opus, MP3 and the EPUB) against
    /// ffprobe; returns the problems, one line each.
    static func problems(_ folder: URL) throws -> [String] {
        var problems: [String] = []
        var measured: [String: Double] = [:]
        func audio(_ name: String) throws -> Double {
            if let known = measured[name] { return known }
            let seconds = try decodedSeconds(folder.appendingPathComponent(name))
            measured[name] = seconds
            return seconds
        }
        func expect(_ figure: Double?, _ name: String, _ place: String) throws {
            let actual = try audio(name)
            guard let figure, abs(figure - actual) <= tolerance else {
                problems.append("\(place) says \(figure.map { String($0) } ?? "nothing") s for \(name); ffprobe decodes \(actual) s")
                return
            }
        }
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json"))) as? [String: Any] ?? [:]
        for track in manifest["tracks"] as? [[String: Any]] ?? [] {
            guard let wav = (track["files"] as? [String: Any])?["wav"] as? String else { continue }
            try expect(track["durationSeconds"] as? Double, wav, "manifest tracks[]")
            for case let encoding as [String: Any] in (track["encodings"] as? [String: Any] ?? [:]).values {
                try expect(encoding["durationSeconds"] as? Double, encoding["file"] as? String ?? "?", "manifest encodings")
            }
        }
        for file in manifest["files"] as? [[String: Any]] ?? [] {
            guard let duration = file["durationSeconds"] as? Double, let path = file["path"] as? String else { continue }
            try expect(duration, path, "manifest files[]")
        }
        for case let encoding as [String: Any] in (manifest["guideEncodings"] as? [String: Any] ?? [:]).values {
            try expect(encoding["durationSeconds"] as? Double, encoding["file"] as? String ?? "?", "manifest guideEncodings")
        }
        for playlist in ["guide.m3u8", "guide-opus.m3u8", "guide-mp3.m3u8"] {
            for entry in try ListenerChecks.playlist(folder.appendingPathComponent(playlist)) {
                try expect(entry.duration, entry.path, playlist)
            }
        }
        let page = try pageDurations(String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8))
        // The whole guide is each whole file: guide.opus and guide.mp3 hold the pauses between
        // tracks, as guide.wav does.
        for guide in ["guide.wav", "guide.opus", "guide.mp3"] { try expect(page.total, guide, "the page's total") }
        for (stem, seconds) in page.tracks { try expect(seconds, stem + ".wav", "the page") }
        problems += page.problems
        problems += try bookProblems(folder, audio: audio)
        return problems
    }

    /// The page's durations: the guide's total in the chapter list's heading and each track's,
    /// from their `<time datetime>`, with the visible figures that disagree with them.
    static func pageDurations(_ html: String) throws -> (total: Double?, tracks: [String: Double], problems: [String]) {
        let time = try Regex(#"<time datetime="PT(\d+)M(\d+(?:\.\d+)?)S">([^<]*)</time>"#)
        func seconds(_ match: Regex<AnyRegexOutput>.Match) -> Double {
            (Double(match.output[1].substring ?? "") ?? .nan) * 60 + (Double(match.output[2].substring ?? "") ?? .nan)
        }
        var problems: [String] = []
        var total: Double?
        var tracks: [String: Double] = [:]
        for match in html.matches(of: time) {
            let value = seconds(match)
            let shown = String(match.output[3].substring ?? "")
            // "3분 12초": whole seconds, as a visitor reads them.
            let parts = shown.split(separator: " ").map { Double($0.dropLast()) ?? .nan }
            let visible = shown.contains("분") ? parts[0] * 60 + (parts.count > 1 ? parts[1] : 0) : parts[0]
            if abs(visible - value) > 0.5 { problems.append("the page shows \(shown) for \(value) s") }
            let before = html[..<match.range.lowerBound]
            if total == nil, before.range(of: "id=\"chapters-heading\"") != nil, before.range(of: "data-track=") == nil {
                total = value
            } else if let item = before.range(of: "<li data-track=\"", options: .backwards),
                before[item.upperBound...].range(of: "</li>") == nil
            {
                // The chapter list's item of the track: its id is "track-" and the file's stem.
                let id = before[item.upperBound...].prefix { $0 != "\"" }
                tracks[String(id.dropFirst("track-".count))] = value
            }
        }
        if total == nil { problems.append("the page gives no total length") }
        return (total, tracks, problems)
    }

    /// The talking book: each chapter's `media:duration` is its MP3's as ffprobe decodes it, the
    /// whole book's is the chapters' sum, and the clips of a chapter run from 0 to that length
    /// without a gap.
    static func bookProblems(_ folder: URL, audio: (String) throws -> Double) throws -> [String] {
        let epub = folder.appendingPathComponent("guide.epub")
        let opf = try CommandRunner.runTool("/usr/bin/unzip", ["-p", epub.path, "EPUB/package.opf"]).stdout
        let meta = try Regex(##"<meta property="media:duration"(?: refines="#mo-([^"]+)")?>([0-9:.]+)</meta>"##)
        var chapters: [String: Double] = [:]
        var whole: Double?
        for match in opf.matches(of: meta) {
            let value = ListenerChecks.clock(match.output[2].substring ?? "")
            if let stem = match.output[1].substring { chapters[String(stem)] = value } else { whole = value }
        }
        var problems: [String] = []
        var sum = 0.0
        for (stem, value) in chapters.sorted(by: { $0.key < $1.key }) {
            let actual = try audio(stem + ".mp3")
            sum += actual
            if abs(value - actual) > tolerance {
                problems.append("guide.epub: media:duration of \(stem) is \(value) s; ffprobe decodes \(actual) s")
            }
        }
        if chapters.isEmpty || whole.map({ abs($0 - chapters.values.reduce(0, +)) > 0.002 || abs($0 - sum) > tolerance }) != false {
            problems.append("guide.epub: media:duration of the book is \(String(describing: whole)), its MP3s decode to \(sum) s")
        }
        for (stem, clips) in try ListenerChecks.smilClips(epub) {
            if let first = clips.first?.start, first != 0 { problems.append("\(stem).smil: the first clip starts at \(first) s") }
            for (clip, next) in zip(clips, clips.dropFirst()) where abs(clip.end - next.start) > 0.0005 {
                problems.append("\(stem).smil: a gap from \(clip.end) s to \(next.start) s")
            }
            if let last = clips.last?.end, let length = chapters[stem], abs(last - length) > 0.0015 {
                problems.append("\(stem).smil: the last clip ends at \(last) s of \(length) s")
            }
        }
        return problems
    }
}
