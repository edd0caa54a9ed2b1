import Foundation
import Hangul
import Normalization

/// A sign no braille table writes, and the Korean words the braille gives in its place.
public struct SpelledSign: Sendable, Equatable {
    /// The sign as printed (≤, ∞, a kana).
    public var sign: Character
    /// Its words in the braille: the guide's reading of it, else what kind of character it is.
    public var words: String
}

/// Signs no table writes are never left out: each is written as Korean words (the reading the
/// guide speaks, 작거나 같음 for ≤), and named, so that `check` and the manifest can tell the
/// curator before publishing.
extension BrailleTranscriber {
    /// The signs of `text` (display text) that the braille spells out in words, each once, in
    /// order of appearance.
    public func spelledSigns(_ text: String) throws -> [SpelledSign] {
        try spelledOut(prepared(text)).signs
    }

    /// The characters of `text` that no table writes (each once): the braille spells them out.
    public func unwritable(_ text: String) throws -> [Character] {
        try spelledSigns(text).map(\.sign)
    }

    /// `text` (prepared) with every sign no table writes replaced by its words, spaced off from
    /// the words around it; the signs so replaced; and whether the text is Latin words alone
    /// (제28항), written by the English table: not when it holds a sign only the Korean table
    /// writes (《Paris》), which makes it Korean text with a Latin run.
    func spelledOut(_ text: String) throws -> (text: String, signs: [SpelledSign], standalone: Bool) {
        var standalone = Self.isStandaloneLatin(text)
        var signs: [SpelledSign] = []
        var verdict: [Unicode.Scalar: String?] = [:]
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where Self.mayBeUnwritable(scalar) && verdict[scalar] == nil {
            let inKorean = Self.latinRunScalars.contains(scalar) ? latinTable : koreanTable
            let written = try !Louis.translate(String(scalar), tables: inKorean).isEmpty
            if standalone, written, try Louis.translate(String(scalar), tables: latinTable).isEmpty { standalone = false }
            let words = written ? nil : Self.words(for: scalar, normalizer: normalizer)
            verdict[scalar] = .some(words)
            if let words { signs.append(SpelledSign(sign: Character(scalar), words: words)) }
        }
        for scalar in text.unicodeScalars {
            guard let words = verdict[scalar] ?? nil else {
                output.append(scalar)
                continue
            }
            if let last = output.last, last != " " { output.append(" ") }
            output.append(contentsOf: (words + " ").unicodeScalars)
        }
        // Korean words in place of a sign make the text Korean.
        return (String(output), signs, standalone && signs.isEmpty)
    }

    /// Characters that need asking liblouis: not ASCII, Hangul, the final jamo of 제10항, Latin
    /// letters or spaces.
    static func mayBeUnwritable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, HangulSyllable.range, 0x3131...0x318E, ConjoiningJamo.trailing: return false
        default: return !isLatinLetter(scalar) && !scalar.properties.isWhitespace
        }
    }

    /// The Korean words for a sign: the guide's reading, else the kind of character it is.
    static func words(for scalar: Unicode.Scalar, normalizer: KoreanNormalizer) -> String {
        let reading = normalizer.spoken(String(scalar)).trimmingCharacters(in: .whitespaces)
        if !reading.isEmpty, reading.unicodeScalars.allSatisfy({ isSyllable($0) || $0 == " " }) { return reading }
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "일본 글자"
        default: return "기호"
        }
    }

    /// Whether `text` is Latin words alone: Latin letters and no Hangul (제28항).
    static func isStandaloneLatin(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isLatinLetter)
            && !text.unicodeScalars.contains { isSyllable($0) || isJamo($0) || (0x1100...0x11FF).contains($0.value) }
    }
}
