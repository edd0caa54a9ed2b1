import ExpoModel
import Normalization

/// Splits running text into paragraphs and sentences, the units that become caption cues.
public enum SentenceSplitter {
    /// Paragraphs separated by blank lines (single line breaks inside a paragraph become spaces).
    public static func paragraphs(_ text: String) -> [String] {
        var paragraphs: [String] = []
        var current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = String(line).trimmingWhitespace
            if trimmed.isEmpty {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(trimmed)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        return paragraphs
    }

    /// Sentences of one paragraph. A sentence ends at ., ?, ! or … (with any closing quotes and
    /// brackets after it) followed by a space; "1900. 04. 14" and "42.4" are not split.
    public static func sentences(_ paragraph: String) -> [String] {
        let characters = Array(paragraph)
        var sentences: [String] = []
        var start = 0
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if ".?!…。".contains(character) {
                var end = index + 1
                while end < characters.count, "'\"’”」』》〉)]".contains(characters[end]) { end += 1 }
                let atEnd = end == characters.count
                let beforeSpace = !atEnd && characters[end].isWhitespace
                if beforeSpace, character == ".", isNumericDot(characters, at: index, nextWordAt: end) {
                    index += 1
                    continue
                }
                if atEnd || beforeSpace {
                    let sentence = String(characters[start..<end]).trimmingWhitespace
                    if !sentence.isEmpty { sentences.append(sentence) }
                    start = end
                    index = end
                    continue
                }
            }
            index += 1
        }
        let rest = String(characters[start...]).trimmingWhitespace
        if !rest.isEmpty { sentences.append(rest) }
        return sentences
    }

    /// A dot between numbers ("1900. 04. 14"), after a single letter initial, or a list number.
    private static func isNumericDot(_ characters: [Character], at index: Int, nextWordAt end: Int) -> Bool {
        guard index > 0, characters[index - 1].isNumber else { return false }
        var next = end
        while next < characters.count, characters[next].isWhitespace { next += 1 }
        return next < characters.count && characters[next].isNumber
    }
}
