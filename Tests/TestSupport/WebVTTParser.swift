import ExpoModel
import ExpoSystem
import Foundation

/// Reads back the WebVTT files `WebVTTWriter` makes, strictly enough to catch a malformed
/// one: a `WEBVTT` header, cues separated by blank lines, each with an optional id, a timing
/// line and at least one line of text. Test support: the product never reads its own captions back.
public enum WebVTTParser {
    /// One cue as written in the file.
    public struct Cue: Sendable, Equatable {
        public var identifier: String?
        /// Milliseconds from the start.
        public var startMilliseconds: Int
        public var endMilliseconds: Int
        /// The cue's text lines as written (escaped).
        public var lines: [String]

        public init(identifier: String?, startMilliseconds: Int, endMilliseconds: Int, lines: [String]) {
            self.identifier = identifier
            self.startMilliseconds = startMilliseconds
            self.endMilliseconds = endMilliseconds
            self.lines = lines
        }

        /// The text with character references decoded and lines joined by spaces.
        public var plainText: String {
            lines.map(WebVTTParser.unescape).joined(separator: " ")
        }
    }

    /// What is wrong with a file, and on which line (1-based).
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// The cues of `text`, in file order.
    public static func parse(_ text: String) throws(ParseError) -> [Cue] {
        var body = text
        if body.hasPrefix("\u{FEFF}") { body.removeFirst() }
        let lines = body.replacingCRLF().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.first, header == "WEBVTT" || header.hasPrefix("WEBVTT ") || header.hasPrefix("WEBVTT\t") else {
            throw ParseError(line: 1, reason: "the file does not start with WEBVTT")
        }
        var cues: [Cue] = []
        var index = 1
        // The header block runs to the first blank line.
        while index < lines.count, !lines[index].isEmpty {
            if lines[index].contains("-->") { throw ParseError(line: index + 1, reason: "no blank line after the header") }
            index += 1
        }
        while index < lines.count {
            if lines[index].isEmpty {
                index += 1
                continue
            }
            var block: [(number: Int, text: String)] = []
            while index < lines.count, !lines[index].isEmpty {
                block.append((index + 1, lines[index]))
                index += 1
            }
            if let cue = try cue(from: block) { cues.append(cue) }
        }
        return cues
    }

    /// The cues of `text` as the model's caption cues (seconds, plain text).
    public static func captionCues(_ text: String) throws(ParseError) -> [CaptionCue] {
        try parse(text).map {
            CaptionCue(start: Double($0.startMilliseconds) / 1000, end: Double($0.endMilliseconds) / 1000, text: $0.plainText)
        }
    }

    /// Decodes the character references WebVTT cue text may hold.
    public static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let references = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&nbsp;": "\u{00A0}", "&lrm;": "\u{200E}", "&rlm;": "\u{200F}"]
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            if let (reference, character) = references.first(where: { rest.hasPrefix($0.key) }) {
                result += character
                rest = rest.dropFirst(reference.count)
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    private static func cue(from block: [(number: Int, text: String)]) throws(ParseError) -> Cue? {
        let first = block[0].text
        if first.hasPrefix("NOTE"), !first.contains("-->") { return nil }
        if first == "STYLE" || first == "REGION" { return nil }
        var rest = block[...]
        var identifier: String?
        if !first.contains("-->") {
            identifier = first
            rest = rest.dropFirst()
            guard !rest.isEmpty else { throw ParseError(line: block[0].number, reason: "a cue id without a timing line") }
        }
        let timing = rest.removeFirst()
        let parts = timing.text.components(separatedBy: " --> ")
        guard parts.count == 2 else { throw ParseError(line: timing.number, reason: "not a timing line: \(timing.text)") }
        let endField = parts[1].split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        guard let start = milliseconds(parts[0]), let end = milliseconds(endField) else {
            throw ParseError(line: timing.number, reason: "bad timestamp in: \(timing.text)")
        }
        guard !rest.isEmpty else { throw ParseError(line: timing.number, reason: "a cue without text") }
        for line in rest where line.text.contains("-->") {
            throw ParseError(line: line.number, reason: "\"-->\" inside cue text")
        }
        return Cue(identifier: identifier, startMilliseconds: start, endMilliseconds: end, lines: rest.map(\.text))
    }

    /// `HH:MM:SS.mmm` or `MM:SS.mmm` as milliseconds.
    public static func milliseconds(_ field: String) -> Int? {
        let pieces = field.split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 2 || pieces.count == 3 else { return nil }
        let secondsPart = pieces.last!.split(separator: ".", omittingEmptySubsequences: false)
        guard secondsPart.count == 2, secondsPart[0].count == 2, secondsPart[1].count == 3,
            let seconds = digits(secondsPart[0]), let millis = digits(secondsPart[1]), seconds < 60
        else { return nil }
        guard pieces[pieces.count - 2].count == 2, let minutes = digits(pieces[pieces.count - 2]), minutes < 60 else { return nil }
        var hours = 0
        if pieces.count == 3 {
            // At most 9,999,999 hours: the milliseconds below then never overflow.
            guard (2...7).contains(pieces[0].count), let value = digits(pieces[0]) else { return nil }
            hours = value
        }
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis
    }

    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

extension String {
    fileprivate func replacingCRLF() -> String {
        var result = ""
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                result.unicodeScalars.append("\n")
                previousCR = true
                continue
            }
            if scalar == "\n", previousCR {
                previousCR = false
                continue
            }
            previousCR = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
