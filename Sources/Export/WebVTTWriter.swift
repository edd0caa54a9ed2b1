import ExpoModel
import Hangul

/// Writes a track's captions as a WebVTT file.
///
/// Choices:
/// - Cues are numbered from 1 and keep their given order. Times are rounded to whole
///   milliseconds; a cue that starts before the previous one ends is moved to start at that
///   end, and a cue that would then last no time gets `minimumCueMilliseconds`, so the file is
///   always ordered and non-overlapping. Cues with no text are left out.
/// - A track's captions are its sentences split by `CaptionSplitter` (at most two lines of about
///   20 characters a cue, broken at phrase ends), the same cues the page shows. Line breaks in
///   the data become spaces (a blank line would end the cue), and `&`, `<` and `>` are written
///   as `&amp;`, `&lt;` and `&gt;` (so "-->" cannot appear). Given whole sentences instead,
///   long ones are wrapped at spaces into lines of at most `lineWidthColumns` columns, a
///   Hangul syllable or other wide character counting as two.
public enum WebVTTWriter {
    /// The widest a caption line may be, in columns (wide characters count twice).
    public static let lineWidthColumns = 42
    /// The shortest a cue may last, in milliseconds.
    public static let minimumCueMilliseconds = 100

    /// The captions of a track as a reader gets them: each sentence split by
    /// `CaptionSplitter` into cues of at most two short lines — the very cues the page shows.
    public static func render(track: Track, result: TrackResult) -> String {
        render(TrackCaptions(track: track, result: result))
    }

    /// The captions of a track whose cues were split already.
    public static func render(_ captions: TrackCaptions) -> String {
        render(cues: captions.cues.map { CaptionCue(start: $0.start, end: $0.end, text: $0.text) }, keepingLines: true)
    }

    /// The WebVTT text of `cues`, in order, with a trailing newline. With `keepingLines`, a
    /// cue's own line breaks are its lines; otherwise its text is wrapped at
    /// `lineWidthColumns`.
    public static func render(cues: [CaptionCue], keepingLines: Bool = false) -> String {
        var output = "WEBVTT\n"
        var previousEnd = 0
        var number = 0
        for cue in cues {
            let lines =
                keepingLines
                ? cue.text.split(separator: "\n").map { GuideOutline.oneLine(String($0)) }.filter { !$0.isEmpty }
                : wrap(GuideOutline.oneLine(cue.text), columns: lineWidthColumns)
            guard !lines.isEmpty else { continue }
            let start = max(milliseconds(cue.start) ?? previousEnd, previousEnd)
            let end = max(milliseconds(cue.end) ?? start, start + minimumCueMilliseconds)
            previousEnd = end
            number += 1
            output += "\n\(number)\n\(timestamp(start)) --> \(timestamp(end))\n"
            output += lines.map { isolated(escape($0)) }.joined(separator: "\n") + "\n"
        }
        return output
    }

    /// `HH:MM:SS.mmm`; hours take more digits past 99.
    public static func timestamp(_ milliseconds: Int) -> String {
        let value = max(0, milliseconds)
        let hours = value / 3_600_000
        let minutes = value / 60_000 % 60
        let seconds = value / 1000 % 60
        let millis = value % 1000
        return pad(hours, 2) + ":" + pad(minutes, 2) + ":" + pad(seconds, 2) + "." + pad(millis, 3)
    }

    /// A cue line between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (U+2068, U+2069),
    /// when it holds a character that changes direction: an override or embedding the text left
    /// open (U+202E) then ends with its line instead of reversing the cues after it.
    static func isolated(_ line: String) -> String {
        let changesDirection = line.unicodeScalars.contains {
            switch $0.value {
            // Bidi marks, embeddings, overrides, isolates; right-to-left scripts.
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
            default: return false
            }
        }
        return changesDirection ? "\u{2068}" + line + "\u{2069}" : line
    }

    /// Cue text as WebVTT wants it: `&`, `<` and `>` as character references.
    public static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Splits one-line `text` at spaces into lines no wider than `columns`; a single word
    /// wider than that stays whole on its own line.
    static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var width = 0
        for word in text.split(separator: " ") {
            let wordWidth = displayWidth(word)
            if !line.isEmpty, width + 1 + wordWidth > columns {
                lines.append(line)
                line = ""
                width = 0
            }
            if !line.isEmpty {
                line += " "
                width += 1
            }
            line += word
            width += wordWidth
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Columns `text` takes in a caption: two for Hangul, CJK and other wide characters.
    static func displayWidth(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA960...0xA97F, HangulSyllable.range, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    private static func milliseconds(_ seconds: Double) -> Int? {
        guard seconds.isFinite else { return nil }
        return Int((max(0, min(seconds, 3_600_000)) * 1000).rounded())
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
