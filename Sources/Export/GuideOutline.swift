import ExpoModel
import Hangul

/// How the guide's tracks are numbered and headed, shared by the transcript and the page so
/// both say the same thing.
///
/// The poster is the guide's introduction and is not counted: entries are numbered
/// "항목 1 / 13" to "항목 13 / 13" in the order they appear, whatever their `position`.
enum GuideOutline {
    /// The word before an entry's number.
    static let entryWord = "항목"

    /// "3 / 13" for the third of thirteen entries, or nil for the poster.
    static func entryNumbers(of tracks: [Track]) -> [String?] {
        let total = tracks.filter { $0.kind == .entry }.count
        var seen = 0
        return tracks.map { track in
            guard track.kind == .entry else { return nil }
            seen += 1
            return "\(seen) / \(total)"
        }
    }

    /// The text before an entry's title in its heading ("항목 3 / 13: "), or "" for the poster.
    static func headingPrefix(entryNumber: String?) -> String {
        entryNumber.map { "\(entryWord) \($0): " } ?? ""
    }

    /// Text on one line: line breaks, tabs and other control characters become single
    /// spaces, and runs of spaces collapse.
    static func oneLine(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            // Printable ASCII and Hangul syllables, most of the text, are neither: not looked up.
            let plain = (0x21...0x7E).contains(scalar.value) || HangulSyllable.contains(scalar)
            if !plain,
                scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                    || scalar == "\u{2028}" || scalar == "\u{2029}"
            {
                pendingSpace = true
                continue
            }
            if pendingSpace, !result.isEmpty { result.unicodeScalars.append(" ") }
            pendingSpace = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
