import ExpoModel
import ExpoSystem
import Foundation
import Hangul

/// Words written in Latin capitals that Korean readers say as one word rather than letter by
/// letter: acronyms read as words (NASA → 나사, UNESCO → 유네스코) and English words set in
/// capitals whose loanword spelling is established (NEWS → 뉴스). Every other token of capitals
/// (1 to 5 letters, or any with digits) is spelled with the Korean letter names (KBS →
/// 케이비에스); a longer one, or one shaped like a word (KOREA), is left as written.
///
/// Shipped as Voices/acronyms.txt, which a curator extends. The file is plain UTF-8 text, one
/// entry a line: the written form (ASCII letters and digits, starting with a capital, at least
/// two characters, as it is written, case included), `|`, and the spoken form in Hangul
/// (syllables and spaces). Blank lines and lines starting with `#` are ignored; a written form
/// given twice is an error. An entry matches a whole Latin token only (NASA, not NASAL).
public struct WordAcronyms: Sendable, Equatable {
    /// No entries: every token of capitals is spelled or left as written by shape.
    public static let empty = WordAcronyms(readings: [:])

    /// The spoken Hangul of each written form.
    public let readings: [String: String]

    /// The acronyms of `readings` (written form → Hangul).
    public init(readings: [String: String]) {
        self.readings = readings
    }

    /// The spoken form of the whole token `written`, if it is listed.
    subscript(_ written: String) -> String? { readings[written] }

    /// Reads an acronym file; throws an `ExpoError` naming the line at fault.
    public init(contentsOf url: URL) throws {
        let lines: [Substring]
        do {
            lines = try CuratedText.lines(ofFile: url)
        } catch {
            throw ExpoError.lexicon(file: url.path, line: nil, reason: error.description, fix: error.fix)
        }
        var readings: [String: String] = [:]
        var seen: [String: Int] = [:]
        for (offset, rawLine) in lines.enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            func failure(_ reason: String, _ fix: String) -> ExpoError {
                ExpoError.lexicon(file: url.path, line: lineNumber, reason: reason, fix: fix)
            }
            let fields = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2 else {
                throw failure("expected 2 fields separated by '|', found \(fields.count)", "write 'written | spoken', e.g. 'NASA | 나사'")
            }
            let written = fields[0]
            let spoken = fields[1]
            guard Self.isWrittenForm(written) else {
                throw failure(
                    "'\(excerpt(written))' is not a token of Latin letters and digits starting with a capital",
                    "write the acronym as it is written, e.g. NASA or UNESCO")
            }
            guard !spoken.isEmpty, spoken.unicodeScalars.allSatisfy({ HangulSyllable.contains($0) || $0 == " " }),
                spoken.unicodeScalars.contains(where: HangulSyllable.contains)
            else {
                throw failure("the spoken form of '\(excerpt(written))' is not Hangul", "write what Korean readers say, in Hangul syllables")
            }
            if let earlier = seen[written] {
                throw failure("'\(excerpt(written))' is already defined on line \(earlier)", "keep only one entry for it")
            }
            seen[written] = lineNumber
            readings[written] = spoken.split(separator: " ").joined(separator: " ")
        }
        self.init(readings: readings)
    }

    /// ASCII letters and digits, at least two, the first a capital.
    private static func isWrittenForm(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard scalars.count >= 2, let first = scalars.first, ScalarClass.isCapital(first) else { return false }
        return scalars.allSatisfy { ScalarClass.isASCIILetter($0) || ScalarClass.isDigit($0) }
    }
}
