import Foundation

/// Text cleaning and escaping for XML 1.0 / XHTML5 output.
enum XMLText {
    /// Removes what XML 1.0 forbids (C0 controls but tab and newline), what HTML flags as parse
    /// errors (C1 controls, noncharacters), and explicit bidi embeddings, overrides and isolates,
    /// which could otherwise reorder the text that follows the sentence. CR and CR LF become LF.
    static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            if scalar == "\r" {
                scalars.append("\n")
            } else if scalar == "\n" && afterCarriageReturn {
                continue
            } else if isAllowed(scalar.value) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    private static func isAllowed(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A: return true
        case 0x00...0x1F, 0x7F...0x9F: return false
        case 0xD800...0xDFFF, 0xFDD0...0xFDEF: return false
        case 0x202A...0x202E, 0x2066...0x2069: return false
        default: return (value & 0xFFFE) != 0xFFFE
        }
    }

    /// Cleans and escapes text for element content or a double-quoted attribute.
    /// Numeric character references are used (EPUBCheck reports named ones as HTM-006 usage notes).
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in clean(text) {
            switch character {
            case "&": out += "&#38;"
            case "<": out += "&#60;"
            case ">": out += "&#62;"
            case "\"": out += "&#34;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Cleans text and collapses its white space, for single-line metadata values.
    static func singleLine(_ text: String) -> String {
        clean(text).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

/// BCP 47 language tags as used in `lang`, `xml:lang` and `dc:language`.
enum LanguageTag {
    /// Whether `tag` has the shape of a BCP 47 tag (`ko`, `fr`, `zh-Hant-TW`, `x-private`).
    static func isWellFormed(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (1...8).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// Whether two tags name the same language (case-insensitive comparison).
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.lowercased() == rhs.lowercased()
    }

    /// Primary language subtags of right-to-left languages; their runs get `dir="rtl"`.
    private static let rightToLeft: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi",
    ]

    /// Whether the tag's language is written right to left (script subtags override).
    static func isRightToLeft(_ tag: String) -> Bool {
        let parts = tag.lowercased().split(separator: "-").map(String.init)
        if parts.contains(where: { ["arab", "hebr", "syrc", "thaa", "nkoo", "adlm"].contains($0) }) {
            return true
        }
        if parts.contains(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) { return false }
        return parts.first.map(rightToLeft.contains) ?? false
    }
}

/// Times as SMIL clock values, kept in whole milliseconds so sums are exact.
enum SMILClock {
    /// Rounds seconds to whole milliseconds.
    static func milliseconds(_ seconds: Double) -> Int {
        Int((seconds * 1000).rounded())
    }

    /// A timecount value such as `"12.345s"` (for `clipBegin` / `clipEnd`).
    static func timecount(_ milliseconds: Int) -> String {
        "\(milliseconds / 1000).\(pad(milliseconds % 1000, 3))s"
    }

    /// A full clock value such as `"0:01:02.345"` (for `media:duration`).
    static func fullClock(_ milliseconds: Int) -> String {
        let seconds = milliseconds / 1000
        let hours = seconds / 3600
        let minutes = (seconds / 60) % 60
        return "\(hours):\(pad(minutes, 2)):\(pad(seconds % 60, 2)).\(pad(milliseconds % 1000, 3))"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
