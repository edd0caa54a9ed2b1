import Foundation
import Testing

/// What a listener meets, measured with tools and code the tool does not use: the audio decoded
/// by ffmpeg, the caption files and the talking book's SMIL read with their own small parsers
/// here, the playlists with Debian's python3-m3u8.
enum ListenerChecks {
    /// A time span in seconds.
    struct Span {
        var start: Double
        var end: Double
    }

    /// A caption cue as the .vtt file has it.
    struct Cue {
        var span: Span
        var lines: [String]
    }

    /// The 10 ms frames of an audio file whose sample peak is above -50 dBFS, as spans: the file
    /// decoded by ffmpeg to 16-bit samples at its own rate; sample j is in frame ⌊j × 100 / rate⌋.
    static func soundFrames(_ file: URL) throws -> [Span] {
        let rate = try sampleRate(file)
        let data = try CommandRunner.runTool("/usr/bin/ffmpeg", ["-v", "error", "-i", file.path, "-f", "s16le", "-ac", "1", "-"])
            .stdoutData
        // -50 dBFS is 103.6 of 32 768: a peak of 104 or more is above it.
        let threshold: Int16 = 104
        var spans: [Span] = []
        data.withUnsafeBytes { raw in
            let samples = raw.bindMemory(to: Int16.self)
            var frame = 0
            var first = 0
            while first < samples.count {
                let end = min(samples.count, ((frame + 1) * rate + 99) / 100)
                if samples[first..<end].contains(where: { $0 >= threshold || $0 <= -threshold }) {
                    spans.append(Span(start: Double(frame) / 100, end: Double(frame + 1) / 100))
                }
                first = end
                frame += 1
            }
        }
        return spans
    }

    /// The sample rate ffprobe reads in `file`.
    static func sampleRate(_ file: URL) throws -> Int {
        try AudioProbe.facts(file).sampleRate
    }

    /// Seconds of sound in `frames` that no span of `cover` holds (1 ms of rounding allowed).
    static func outside(_ frames: [Span], cover: [Span]) -> Double {
        // The union of the spans: cues that meet (one ending where the next starts) are one.
        var union: [Span] = []
        for span in cover.sorted(by: { $0.start < $1.start }) {
            if let last = union.last, span.start <= last.end + 0.0005 {
                union[union.count - 1].end = max(last.end, span.end)
            } else {
                union.append(span)
            }
        }
        return frames.filter { frame in !union.contains { $0.start <= frame.start + 0.001 && frame.end <= $0.end + 0.001 } }
            .reduce(0) { $0 + $1.end - $1.start }
    }

    /// The cues of a WebVTT file: each timing line and the text lines under it.
    static func vttCues(_ file: URL) throws -> [Cue] {
        let text = try String(contentsOf: file, encoding: .utf8)
        var cues: [Cue] = []
        for block in text.components(separatedBy: "\n\n") {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            guard let timing = lines.firstIndex(where: { $0.contains(" --> ") }) else { continue }
            let parts = lines[timing].components(separatedBy: " --> ")
            cues.append(
                Cue(
                    span: Span(start: clock(parts[0]), end: clock(parts[1].split(separator: " ")[0])),
                    lines: Array(lines[(timing + 1)...])))
        }
        return cues
    }

    /// "HH:MM:SS.mmm" or "MM:SS.mmm" (WebVTT), "12.5s" or "1500ms" (SMIL) in seconds.
    static func clock<S: StringProtocol>(_ text: S) -> Double {
        let value = text.trimmingCharacters(in: .whitespaces)
        if value.hasSuffix("ms") { return Double(value.dropLast(2)) ?? .nan }
        if value.hasSuffix("s") { return Double(value.dropLast()) ?? .nan }
        return value.split(separator: ":").reduce(0) { $0 * 60 + (Double($1) ?? .nan) }
    }

    /// The clips of each SMIL document in a talking book, by the document's name without
    /// ".smil": read from the book with unzip.
    static func smilClips(_ epub: URL) throws -> [String: [Span]] {
        let list = try CommandRunner.runTool("/usr/bin/unzip", ["-Z1", epub.path])
        var clips: [String: [Span]] = [:]
        for name in list.stdout.split(separator: "\n").map(String.init) where name.hasSuffix(".smil") {
            let smil = try CommandRunner.runTool("/usr/bin/unzip", ["-p", epub.path, name]).stdout
            var spans: [Span] = []
            for element in smil.components(separatedBy: "<audio ").dropFirst() {
                func attribute(_ key: String) -> Double {
                    guard let range = element.range(of: key + "=\"") else { return .nan }
                    return clock(element[range.upperBound...].prefix { $0 != "\"" })
                }
                spans.append(Span(start: attribute("clipBegin"), end: attribute("clipEnd")))
            }
            clips[String(name.split(separator: "/").last!.dropLast(5))] = spans
        }
        return clips
    }

    /// A line's width as Korean subtitles count it: a Hangul syllable or other full-width
    /// character 1, a Latin letter, digit, space or punctuation mark ½; an invisible format
    /// character (a direction isolate) nothing.
    static func weightedWidth(_ line: String) -> Double {
        line.unicodeScalars.reduce(0) { total, scalar in
            let value = scalar.value
            if scalar.properties.generalCategory == .format { return total }
            let full =
                (0x1100...0x11FF).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0xF900...0xFAFF).contains(value) || (0xFF01...0xFF60).contains(value) || (0x20000...0x3FFFD).contains(value)
            return total + (full ? 1 : 0.5)
        }
    }

    /// What breaks the Korean caption practice in `cues`: more than 2 lines, a line over 16,
    /// a cue shorter than 5/6 s or longer than 7 s (rounding to the millisecond allowed).
    static func captionProblems(_ cues: [Cue], file: String) -> [String] {
        var problems: [String] = []
        for cue in cues {
            let duration = cue.span.end - cue.span.start
            if cue.lines.count > 2 { problems.append("\(file) \(cue.span.start): \(cue.lines.count) lines") }
            for line in cue.lines where weightedWidth(line) > 16 {
                problems.append("\(file) \(cue.span.start): \"\(line)\" is \(weightedWidth(line)) characters")
            }
            if duration < 5.0 / 6 - 0.0005 || duration > 7.0005 {
                problems.append("\(file) \(cue.span.start): up \(duration) s")
            }
        }
        return problems
    }

    /// Every track's coverage and captions in a published folder: the seconds of sound outside
    /// every cue of its .vtt file (and every clip of its SMIL document, when `smil` is given),
    /// whether the first clip holds the title, and the caption practice's problems.
    static func report(_ folder: URL, tracks: [String], smil: [String: [Span]]?) throws
        -> (outsideCues: Double, outsideClips: Double, problems: [String])
    {
        var outsideCues = 0.0
        var outsideClips = 0.0
        var problems: [String] = []
        for stem in tracks {
            let frames = try soundFrames(folder.appendingPathComponent(stem + ".wav"))
            let cues = try vttCues(folder.appendingPathComponent(stem + ".vtt"))
            outsideCues += outside(frames, cover: cues.map(\.span))
            problems += captionProblems(cues, file: stem + ".vtt")
            guard let smil else { continue }
            guard let clips = smil[stem], let title = clips.first, let first = frames.first else {
                problems.append("\(stem): no SMIL clips")
                continue
            }
            outsideClips += outside(frames, cover: clips)
            // The title clip holds the title: the first sound, and it ends in the pause after the
            // title (clips run on to the next one's start, so the pause is the clip's end).
            let heard = frames.filter { $0.start >= title.start - 0.001 && $0.end <= title.end + 0.001 }.count
            let endsInPause = !frames.contains { $0.end > title.end - 0.05 && $0.start < title.end }
            if title.start > first.start + 0.001 || heard == 0 || (clips.count > 1 && !endsInPause) {
                problems.append("\(stem): the title clip \(title.start)-\(title.end) s does not hold the title (first sound at \(first.start) s)")
            }
        }
        return (outsideCues, outsideClips, problems)
    }

    /// The entries of an extended M3U playlist as Debian's python3-m3u8 parses it: (title,
    /// duration, path) each.
    static func playlist(_ file: URL) throws -> [(title: String, duration: Double, path: String)] {
        let script =
            "import json, sys, m3u8\n"
            + "p = m3u8.load(sys.argv[1])\n"
            + "print(json.dumps([[s.title, s.duration, s.uri] for s in p.segments]))\n"
        let result = try CommandRunner.runTool("/usr/bin/python3", ["-c", script, file.path])
        guard result.status == 0, let entries = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[Any]] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "python3-m3u8: \(result.stderr)"])
        }
        return entries.map { ($0[0] as? String ?? "", ($0[1] as? NSNumber)?.doubleValue ?? .nan, $0[2] as? String ?? "") }
    }

    /// Whether python3-m3u8 is installed (scripts/install-dependencies.sh --test installs it).
    static var hasPlaylistParser: Bool {
        (try? CommandRunner.runTool("/usr/bin/python3", ["-c", "import m3u8"]).status) == 0
    }
}

extension DeliveryFormatTests {
    /// One playlist per format, as a standard parser (Debian's python3-m3u8) reads it: every
    /// track with its title and the duration ffprobe finds in the file it names.
    static func checkPlaylists(_ output: URL) throws {
        guard ListenerChecks.hasPlaylistParser else {
            Issue.record("python3-m3u8 is not installed: run scripts/install-dependencies.sh --test")
            return
        }
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("manifest.json"))) as? [String: Any]
        let titles = (manifest?["tracks"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        for (name, format) in [("guide.m3u8", "wav"), ("guide-opus.m3u8", "opus"), ("guide-mp3.m3u8", "mp3")] {
            let entries = try ListenerChecks.playlist(output.appendingPathComponent(name))
            #expect(entries.map(\.title) == titles, "\(name)")
            for entry in entries {
                #expect(entry.path.hasSuffix("." + format), "\(name): \(entry.path)")
                let duration = try AudioProbe.facts(output.appendingPathComponent(entry.path)).containerSeconds
                // ffprobe counts an MP3's encoder delay and padding (about 0.08 s) that a gapless
                // player, and the playlist, leave out.
                #expect(abs(entry.duration - duration) < 0.1, "\(name): \(entry.path) \(entry.duration) s, ffprobe \(duration) s")
            }
        }
    }

    /// `verify` passes on the fresh guide, and names every file after one byte of each is changed.
    static func checkVerify(_ output: URL) throws {
        let whole = try CommandRunner.run(["verify", output.path])
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        // The damaged copy goes to a folder of this test's: the guide may be shared (SharedGuide).
        let copy = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: copy) }
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".") }
        for name in names {
            var data = try Data(contentsOf: output.appendingPathComponent(name))
            if name != "manifest.json" { data[data.count / 2] ^= 0x01 }
            try data.write(to: copy.appendingPathComponent(name))
        }
        let damaged = try CommandRunner.run(["verify", copy.path])
        #expect(damaged.status == 1)
        let lines = damaged.stdout.split(separator: "\n")
        for name in names where name != "manifest.json" {
            #expect(lines.contains { $0.hasPrefix(name + ":") }, "verify does not name \(name): \(damaged.stdout)")
        }
    }
}
