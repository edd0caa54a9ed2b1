import ExpoModel

/// One file a track's audio can be had from, for the page: played by the browser when
/// `inPlayer` (in the order given, the browser taking the first it can play), and always
/// offered as a download.
///
/// The page lists compressed files first when there are any (Opus, then MP3) and keeps the WAV
/// as a download only; without them the WAV is played.
public struct GuidePageAudioSource: Sendable, Equatable {
    /// The file, relative to the output folder.
    public var file: String
    /// Its media type for `<source type>` ("audio/ogg; codecs=opus", "audio/mpeg", "audio/wav").
    public var mediaType: String
    /// The format's name in the download link ("Opus", "MP3", "WAV").
    public var label: String
    /// Whether the page's players may play it (false: a download link only).
    public var inPlayer: Bool

    public init(file: String, mediaType: String, label: String, inPlayer: Bool = true) {
        self.file = file
        self.mediaType = mediaType
        self.label = label
        self.inPlayer = inPlayer
    }

    /// The WAV of a track, played and downloadable: what a track has without compressed files.
    public static func wav(_ file: String) -> GuidePageAudioSource {
        GuidePageAudioSource(file: file, mediaType: "audio/wav", label: "WAV")
    }
}

/// A track's caption cues, split once (`CaptionSplitter` is most of a warm run's work) for
/// both its WebVTT file and the page, which show the very same cues.
public struct TrackCaptions: Sendable, Equatable {
    let cues: [GuidePageCues.Cue]

    /// The cues of `track` as timed by `result` (see `GuidePageCues.cues`).
    public init(track: Track, result: TrackResult) {
        cues = GuidePageCues.cues(for: track, result: result)
    }

    init(cues: [GuidePageCues.Cue]) {
        self.cues = cues
    }

    /// Everything the cues of `track` and `result` are made from, as text to key them by (with
    /// the code that makes them, see `CaptionMemo` in Pipeline): each sentence's display text,
    /// each of `result`'s cues (times as exact bit patterns, text, word times) and the track's
    /// length. Nothing else of either is read by `GuidePageCues.cues`.
    public static func inputs(track: Track, result: TrackResult) -> String {
        var text = "captions 1\u{0}"
        for sentence in track.sentences { text += sentence.display + "\u{0}" }
        text += "\u{1}"
        for cue in result.cues {
            text += bits(cue.start) + " " + bits(cue.end) + " " + cue.text + "\u{0}"
            if let words = cue.wordStarts { text += words.map { $0.map(bits) ?? "-" }.joined(separator: " ") }
            text += cue.wordStarts == nil ? "\u{2}" : "\u{3}"
        }
        text += "\u{1}" + (result.durationSeconds.map(bits) ?? "-")
        return text
    }

    private static func bits(_ value: Double) -> String { String(value.bitPattern, radix: 16) }

    /// The cues as lines of text (`CaptionMemo` keeps them): "START END SENTENCE TEXT" per cue,
    /// the times as exact bit patterns, the text with backslash, line feed and carriage return
    /// escaped. `init(encoded:)` reads them back to the very same cues.
    public var encoded: String {
        cues.map { cue in
            var text = ""
            for character in cue.text.unicodeScalars {
                switch character {
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                default: text.unicodeScalars.append(character)
                }
            }
            return "\(Self.bits(cue.start)) \(Self.bits(cue.end)) \(cue.sentence) \(text)\n"
        }.joined()
    }

    /// The cues written by `encoded`; nil when `text` is not such lines.
    public init?(encoded text: Substring) {
        var cues: [GuidePageCues.Cue] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let start = UInt64(fields[0], radix: 16), let end = UInt64(fields[1], radix: 16),
                let sentence = Int(fields[2]), sentence >= 0
            else { return nil }
            var cueText = ""
            var escaped = false
            for character in fields[3].unicodeScalars {
                if escaped {
                    switch character {
                    case "\\": cueText += "\\"
                    case "n": cueText += "\n"
                    case "r": cueText += "\r"
                    default: return nil
                    }
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else {
                    cueText.unicodeScalars.append(character)
                }
            }
            guard !escaped else { return nil }
            cues.append(
                GuidePageCues.Cue(
                    start: Double(bitPattern: start), end: Double(bitPattern: end), text: cueText,
                    sentence: sentence))
        }
        guard text.isEmpty || text.hasSuffix("\n") else { return nil }
        self.cues = cues
    }
}

/// The caption cues the page shows and the sentences they belong to, embedded in the page as
/// JSON so captions show from `file://` as from a server, without fetching the .vtt files.
enum GuidePageCues {
    /// One cue as the page's script reads it.
    struct Cue: Equatable {
        var start: Double
        var end: Double
        /// Lines joined with "\n".
        var text: String
        /// Index into the track's `sentences`.
        var sentence: Int
    }

    /// The page's cues of a track: each sentence's time from `result.cues` (one cue per
    /// sentence, or one for several sentences that were heard as one), split by
    /// `CaptionSplitter` into short cues, each timed from when its first word is heard where
    /// the cue records its words' times (see `CaptionCue.wordStarts`).
    static func cues(for track: Track, result: TrackResult) -> [Cue] {
        var cues: [Cue] = []
        for (sentence, start, end, text, words) in sentenceTimes(track: track, cues: result.cues) {
            let heard = words.map { $0.map { $0 ?? .nan } }
            for cue in CaptionSplitter.cues(text: text, start: start, end: end, wordStarts: heard) {
                cues.append(Cue(start: cue.start, end: cue.end, text: cue.text, sentence: sentence))
            }
        }
        return CaptionSplitter.lengthenShortCues(cues, trackEnd: result.durationSeconds ?? cues.last?.end ?? 0)
    }

    /// Each timed sentence with its time. A caption cue that holds several sentences (a
    /// sentence heard in no time is joined to the next) is shared between them by length; a
    /// cue whose text matches no sentence is given to the next sentence in order. The last
    /// element is the sentence's words' start times, when the cue has them for every word.
    static func sentenceTimes(track: Track, cues: [CaptionCue]) -> [(Int, Double, Double, String, [Double?]?)] {
        let sentences = track.sentences.map { GuideOutline.oneLine($0.display) }
        var result: [(Int, Double, Double, String, [Double?]?)] = []
        var next = 0
        for cue in cues {
            let text = GuideOutline.oneLine(cue.text)
            guard !text.isEmpty else { continue }
            let words = cue.wordStarts.flatMap { $0.count == Sentence.words(text).count ? $0 : nil }
            while next < sentences.count, sentences[next].isEmpty { next += 1 }
            guard next < sentences.count else {
                result.append((max(0, sentences.count - 1), cue.start, cue.end, text, words))
                continue
            }
            var last = next
            var joined = sentences[next]
            while joined != text, joined.count < text.count, last + 1 < sentences.count {
                last += 1
                if !sentences[last].isEmpty { joined += " " + sentences[last] }
            }
            guard joined == text, last > next else {
                // One sentence, or a text that matches none: the next sentence in order.
                result.append((next, cue.start, cue.end, text, words))
                next += 1
                continue
            }
            let parts = (next...last).filter { !sentences[$0].isEmpty }
            let total = Double(parts.reduce(0) { $0 + sentences[$1].count })
            var start = cue.start
            var firstWord = 0
            for index in parts {
                let end = start + (cue.end - cue.start) * Double(sentences[index].count) / total
                let count = Sentence.words(sentences[index]).count
                let own = words.map { Array($0[firstWord..<(firstWord + count)]) }
                firstWord += count
                result.append((index, start, index == parts.last ? cue.end : end, sentences[index], own))
                start = end
            }
            next = last + 1
        }
        return result
    }

    /// The cues of every track as a JSON object `{"tracks": [{"id", "cues": [[start, end,
    /// text, sentence], …]}]}`, safe inside a `<script>` element.
    static func json(_ tracks: [(id: String, cues: [Cue])]) -> String {
        let items = tracks.map { track in
            let cues = track.cues.map { cue in
                "[\(number(cue.start)),\(number(cue.end)),\(string(cue.text)),\(cue.sentence)]"
            }
            return "{\"id\":\(string(track.id)),\"cues\":[\(cues.joined(separator: ",\n"))]}"
        }
        return "{\"tracks\":[\n" + items.joined(separator: ",\n") + "\n]}"
    }

    /// Seconds with millisecond precision, as a JSON number.
    static func number(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "0" }
        let millis = Int((max(0, seconds) * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// A JSON string that cannot end a `<script>` element or open a comment in it: `<`, `>`,
    /// `&` and the line separators are written as `\u` escapes.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                result += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += unicodeEscape(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
