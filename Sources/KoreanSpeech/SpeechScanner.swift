import Foundation
import ExpoModel
import ExpoSystem

/// One pass over a text, left to right, writing the spoken form. Works on Unicode scalars and
/// never on `Character`s or regular expressions, so that it stays fast on long texts.
struct SpeechScanner {
    private typealias Vocabulary = SpeechVocabulary
    let text: [Unicode.Scalar]
    private let lexicon: PronunciationLexicon
    private var runs: [SpokenRun] = []
    private var output = String.UnicodeScalarView()
    var pendingSpace = false
    /// A '-' or '−' just before the number being read.
    var pendingNegative = false
    /// A currency sign just before the number being read (its spoken name).
    var pendingCurrency: String?

    init(text: String, lexicon: PronunciationLexicon) {
        self.text = Self.prepared(text)
        self.lexicon = lexicon
        output.reserveCapacity(text.utf8.count + 16)
    }

    // MARK: Preparation

    /// The text's scalars with compatibility forms folded where the voice needs it: full-width
    /// ASCII, compatibility ideographs and radicals, odd middle dots and spaces. Unit symbols such
    /// as ㎡ are kept (NFKC would turn ㎡ into "m2"); they are read by the unit table.
    private static func prepared(_ text: String) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(text.utf8.count / 2)
        var needsComposition = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0xFF01...0xFF5E where value != 0xFF5E && value != 0xFFE6:
                result.append(Unicode.Scalar(value - 0xFEE0)!)
            case 0xFF5E, 0x223C, 0x301C: result.append("~")
            case 0x3000, 0x00A0, 0x2009, 0x200A, 0x202F: result.append(" ")
            case 0x200B, 0xFEFF, 0x200D: continue
            case 0x30FB, 0x318D, 0x2027, 0x2219, 0x2022, 0xFF65: result.append("\u{B7}")
            case 0x00B5: result.append("\u{3BC}")
            case 0xF900...0xFAFF, 0x2F800...0x2FA1F, 0x2E80...0x2FDF, 0x2460...0x24FF, 0x2150...0x218F,
                 0x3200...0x32FF:
                result.append(contentsOf: String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars)
            case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF:
                needsComposition = true
                result.append(scalar)
            default:
                result.append(scalar)
            }
        }
        if needsComposition {
            return Array(String(String.UnicodeScalarView(result)).precomposedStringWithCanonicalMapping.unicodeScalars)
        }
        return result
    }

    // MARK: Output

    mutating func spokenRuns() -> [SpokenRun] {
        scan(0, text.count)
        finishRun(language: nil)
        if runs.isEmpty { return [SpokenRun(text: "")] }
        return runs
    }

    private mutating func finishRun(language: String?) {
        pendingSpace = false
        guard !output.isEmpty else { return }
        while let last = output.last, last == " " { output.removeLast() }
        let finished = String(output)
        if let previous = runs.last, previous.language == language {
            runs[runs.count - 1].text += " " + finished
        } else {
            runs.append(SpokenRun(text: finished, language: language))
        }
        output = String.UnicodeScalarView()
    }

    private static func isClosingPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", ",", "?", "!", ":", ";", ")", "…": return true
        default: return false
        }
    }

    /// Writes one scalar; whitespace becomes at most one space between words.
    mutating func put(_ scalar: Unicode.Scalar) {
        switch scalar {
        case " ", "\n", "\t", "\r", "\u{0B}", "\u{0C}", "\u{2028}", "\u{2029}", "\u{85}":
            pendingSpace = !output.isEmpty
        default:
            if pendingSpace {
                pendingSpace = false
                if !Self.isClosingPunctuation(scalar) { output.append(" ") }
            }
            output.append(scalar)
        }
    }

    mutating func put(_ words: String) {
        for scalar in words.unicodeScalars { put(scalar) }
    }

    var lastWritten: Unicode.Scalar? { output.last }

    // MARK: Character classes

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 0x30 < 10 }
    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value | 0x20) &- 0x61 < 26
    }
    private static func isHangul(_ scalar: Unicode.Scalar) -> Bool { HangulSyllable.contains(scalar) }
    static func isHanja(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF, 0x20000...0x3134F, 0x2E80...0x2FDF,
             0x3005, 0x3007, 0x31C0...0x31EF:
            return true
        default: return false
        }
    }
    private static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        (0x3040...0x30FF).contains(scalar.value) || (0x31F0...0x31FF).contains(scalar.value)
    }
    /// Brackets and quotes that carry no sound.
    private static func isSilentMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x300A, 0x300B, 0x3008, 0x3009, 0x300C, 0x300D, 0x300E, 0x300F, 0x2018, 0x2019, 0x201C,
             0x201D, 0x3010, 0x3011, 0x3014, 0x3015, 0x3016, 0x3017, 0xAB, 0xBB, 0x2039, 0x203A, 0x22,
             0x27, 0x60, 0xB4, 0x201A, 0x201E, 0x300C...0x300F:
            return true
        default: return false
        }
    }
    private static func isOpeningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x300A, 0x3008, 0x300C, 0x300E, 0x2018, 0x201C, 0x3010, 0x3014, 0x3016, 0xAB, 0x2039: return true
        default: return false
        }
    }
    private static func isRangeSign(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "~" || scalar == "\u{2013}" || scalar == "\u{2014}" || scalar == "-" || scalar == "\u{2212}"
    }

    func at(_ index: Int, _ end: Int) -> Unicode.Scalar? {
        index >= 0 && index < end ? text[index] : nil
    }

    func matches(_ word: [Unicode.Scalar], at index: Int, _ end: Int) -> Bool {
        guard index + word.count <= end else { return false }
        for offset in 0..<word.count where text[index + offset] != word[offset] { return false }
        return true
    }

    // MARK: The scan

    private mutating func scan(_ start: Int, _ end: Int) {
        var index = start
        let hasLexicon = !lexicon.candidatesByFirstScalar.isEmpty
        while index < end {
            let scalar = text[index]
            if hasLexicon, let next = applyLexicon(at: index, start, end) {
                index = next
                continue
            }
            if Self.isHangul(scalar) || (scalar.value &- 0x61 < 26) {
                put(scalar)
                index += 1
                continue
            }
            if Self.isDigit(scalar) {
                index = readNumber(at: index, start, end)
                continue
            }
            if scalar.value &- 0x41 < 26 {
                index = readCapitals(at: index, start, end)
                continue
            }
            if Self.isHanja(scalar) {
                index = readHanja(at: index, start, end)
                continue
            }
            index = readSymbol(scalar, at: index, start, end)
        }
    }

    private mutating func applyLexicon(at index: Int, _ start: Int, _ end: Int) -> Int? {
        guard let candidates = lexicon.candidatesByFirstScalar[text[index].value] else { return nil }
        let first = text[index]
        if index > start {
            let previous = text[index - 1]
            if Self.isASCIILetter(first), Self.isASCIILetter(previous) { return nil }
            if Self.isHangul(first), Self.isHangul(previous) { return nil }
        }
        for candidate in candidates where matches(candidate.written, at: index, end) {
            let after = index + candidate.written.count
            if let last = candidate.written.last, Self.isASCIILetter(last) || Self.isDigit(last),
               let next = at(after, end), Self.isASCIILetter(next) || Self.isDigit(next) {
                continue
            }
            if let language = candidate.entry.language {
                finishRun(language: nil)
                runs.append(SpokenRun(text: candidate.entry.spoken, language: language))
            } else {
                put(candidate.entry.spoken)
            }
            return after
        }
        return nil
    }

    // MARK: Symbols

    private mutating func readSymbol(_ scalar: Unicode.Scalar, at index: Int, _ start: Int, _ end: Int) -> Int {
        let value = scalar.value
        switch scalar {
        case "(", "[":
            return readBracket(at: index, start, end)
        case "]":
            return index + 1
        case "-", "\u{2212}":
            let previous = at(index - 1, end)
            if let next = at(index + 1, end), Self.isDigit(next) {
                if let previous, index > start, Self.isASCIILetter(previous) {
                    // COVID-19, O-157: the digits of an identifier one by one.
                    var digitEnd = index + 1
                    while let digit = at(digitEnd, end), Self.isDigit(digit) { digitEnd += 1 }
                    put(" ")
                    put(KoreanNumerals.digits(String(String.UnicodeScalarView(text[(index + 1)..<digitEnd]))))
                    return digitEnd
                }
                if index == start || previous == nil || previous == " " || previous == "(" || previous == "~"
                    || previous == "," || previous == "[" || previous == ":" || previous == "=" {
                    pendingNegative = true
                    return index + 1
                }
            }
            if let previous, let next = at(index + 1, end), Self.isASCIILetter(previous), Self.isASCIILetter(next) {
                put("-")
            } else {
                put(" ")
            }
            return index + 1
        case "\u{2013}", "\u{2014}", "\u{2015}":
            put(",")
            put(" ")
            return index + 1
        case "~":
            // Between words: 서울~부산 → 서울에서 부산; before a number: 후반~15세기 → 후반부터 십오 세기.
            if let last = lastWritten, Self.isHangul(last), let next = at(index + 1, end) {
                if Self.isHangul(next) || next == " " {
                    put("에서")
                } else if Self.isDigit(next) {
                    put("부터")
                }
            }
            put(" ")
            return index + 1
        case "/", "\\", "|":
            if lastWritten != nil { put(",") }
            put(" ")
            return index + 1
        case "&": put(" 앤드 "); return index + 1
        case "+": put(" 플러스 "); return index + 1
        case "\u{D7}": put(" 곱하기 "); return index + 1
        case "\u{F7}": put(" 나누기 "); return index + 1
        case "=", "#", "*", "^", "_", "<", ">", "@", "{", "}", "\u{2192}", "\u{2190}", "\u{B2}", "\u{B3}":
            put(" ")
            return index + 1
        case "\u{B7}":
            put("\u{B7}")
            return index + 1
        default:
            break
        }
        if let currency = Vocabulary.currencies[value] {
            var digitStart = index + 1
            if at(digitStart, end) == " " { digitStart += 1 }
            if let next = at(digitStart, end), Self.isDigit(next) {
                pendingCurrency = currency
                return digitStart
            }
            put(" " + currency + " ")
            return index + 1
        }
        if let word = Vocabulary.symbolWords[value] {
            put(" " + word + " ")
            return index + 1
        }
        if value == 0x25 {  // % without a number
            put(" 퍼센트 ")
            return index + 1
        }
        if Self.isSilentMark(scalar) {
            if (value == 0x27 || value == 0x2019), let previous = at(index - 1, end), let next = at(index + 1, end),
               Self.isASCIILetter(previous), Self.isASCIILetter(next) {
                put("'")  // an apostrophe inside a Latin word: World's, L'Exposition
            } else if Self.isOpeningMark(scalar), let last = lastWritten, last != "(" {
                put(" ")
            }
            return index + 1
        }
        if Self.isKana(scalar) { return index + 1 }
        put(scalar)
        return index + 1
    }

    // MARK: Capitals and identifiers

    /// Capital letters: a short code before a hyphen and digits (O-157) is spelled in Korean.
    private mutating func readCapitals(at index: Int, _ start: Int, _ end: Int) -> Int {
        if index > start, Self.isASCIILetter(text[index - 1]) {
            put(text[index])
            return index + 1
        }
        var letterEnd = index
        while let letter = at(letterEnd, end), letter.value &- 0x41 < 26 { letterEnd += 1 }
        let count = letterEnd - index
        if count <= 3, at(letterEnd, end) == "-", let digit = at(letterEnd + 1, end), Self.isDigit(digit) {
            var digitEnd = letterEnd + 1
            while let next = at(digitEnd, end), Self.isDigit(next) { digitEnd += 1 }
            if let after = at(digitEnd, end), Self.isASCIILetter(after) {
                put(text[index])
                return index + 1
            }
            var spelled = ""
            for letter in text[index..<letterEnd] {
                spelled += Vocabulary.letterNames[Int(letter.value - 0x41)]
            }
            put(spelled)
            put(" ")
            put(KoreanNumerals.digits(String(String.UnicodeScalarView(text[(letterEnd + 1)..<digitEnd]))))
            return digitEnd
        }
        // BC 500, B.C. 500 → 기원전; AD 500 → 서기.
        for (written, spoken) in [("BC ", "기원전"), ("B.C. ", "기원전"), ("BCE ", "기원전"), ("AD ", "서기"), ("A.D. ", "서기")] {
            let scalars = Array(written.unicodeScalars)
            if matches(scalars, at: index, end), let digit = at(index + scalars.count, end), Self.isDigit(digit) {
                put(spoken)
                put(" ")
                return index + scalars.count
            }
        }
        put(text[index])
        return index + 1
    }
}

// MARK: - Hanja and glosses

extension SpeechScanner {
    /// The Hangul syllables just before `index` (skipping silent marks, and spaces when
    /// `acrossSpaces`), oldest first, at most `limit` of them.
    private func hangulBefore(_ index: Int, _ start: Int, acrossSpaces: Bool, limit: Int = 40) -> ArraySlice<Unicode.Scalar> {
        var cursor = index - 1
        while cursor >= start, Self.isSilentMark(text[cursor]) { cursor -= 1 }
        var syllables: [Unicode.Scalar] = []
        while cursor >= start, syllables.count < limit {
            let scalar = text[cursor]
            if Self.isHangul(scalar) {
                syllables.append(scalar)
            } else if !(acrossSpaces && scalar == " ") {
                break
            }
            cursor -= 1
        }
        return ArraySlice(syllables.reversed())
    }

    /// Whether the Hanja repeat the last syllables of `hangul` (a gloss of the word before it).
    private static func repeats(_ hanja: [Unicode.Scalar], _ hangul: ArraySlice<Unicode.Scalar>) -> Bool {
        guard !hanja.isEmpty, hangul.count >= hanja.count else { return false }
        return HanjaLookup.isReading(hangul.suffix(hanja.count), of: hanja)
    }

    private static func hanjaReading(_ run: [Unicode.Scalar]) -> String {
        var characters: [Unicode.Scalar] = []
        for scalar in run where scalar.value != 0x3005 {
            characters.append(scalar.value == 0x3007 ? "零" : scalar)
        }
        let reading = HanjaLookup.reading(of: characters)
        // Month names keep their spoken forms in Hanja too: 六月 → 유월, 十月 → 시월.
        if reading.hasSuffix("육월") || reading.hasSuffix("십월") {
            return String(reading.dropLast(2)) + (reading.hasSuffix("육월") ? "유월" : "시월")
        }
        return reading
    }

    /// Whether the bracket content `content` (Hangul) only repeats the reading of the Hanja just
    /// before `index`: 二胡(이호).
    private func repeatsHanjaBefore(_ index: Int, _ start: Int, content: ArraySlice<Unicode.Scalar>) -> Bool {
        let hangul = content.filter { $0 != " " }
        guard !hangul.isEmpty, hangul.allSatisfy(Self.isHangul) else { return false }
        var cursor = index - 1
        while cursor >= start, Self.isSilentMark(text[cursor]) { cursor -= 1 }
        var hanja: [Unicode.Scalar] = []
        while cursor >= start, Self.isHanja(text[cursor]), hanja.count < hangul.count {
            hanja.append(text[cursor])
            cursor -= 1
        }
        guard hanja.count == hangul.count else { return false }
        return HanjaLookup.isReading(ArraySlice(hangul), of: hanja.reversed())
    }

    /// A run of Hanja outside brackets: dropped when it repeats the Hangul right before it
    /// (쟁筝), otherwise read in Hangul.
    fileprivate mutating func readHanja(at index: Int, _ start: Int, _ end: Int) -> Int {
        var runEnd = index
        while let scalar = at(runEnd, end), Self.isHanja(scalar) { runEnd += 1 }
        let run = Array(text[index..<runEnd])
        if Self.repeats(run, hangulBefore(index, start, acrossSpaces: false)) { return runEnd }
        put(Self.hanjaReading(run))
        return runEnd
    }

    /// An opening bracket. Brackets whose content has no Hanja or kana are spoken as written
    /// (square brackets silently); otherwise the content is split at separators and each item
    /// that only repeats the preceding word in Hanja, or is Japanese, is left out.
    fileprivate mutating func readBracket(at index: Int, _ start: Int, _ end: Int) -> Int {
        let opening = text[index]
        let closing: Unicode.Scalar = opening == "(" ? ")" : "]"
        var close = index + 1
        var hasHanja = false
        while close < end, close - index < 400 {
            let scalar = text[close]
            if scalar == closing || scalar == opening { break }
            if Self.isHanja(scalar) || Self.isKana(scalar) { hasHanja = true }
            close += 1
        }
        if close < end, text[close] == closing, !hasHanja,
           repeatsHanjaBefore(index, start, content: text[(index + 1)..<close]) {
            return close + 1
        }
        guard close < end, text[close] == closing, hasHanja else {
            if opening == "(" {
                put("(")
            } else if let last = lastWritten, Self.isHangul(last) || Self.isASCIILetter(last) {
                put(" ")
            }
            return index + 1
        }
        var items: [Range<Int>] = []
        var itemStart = index + 1
        for cursor in (index + 1)...close {
            let scalar = text[cursor]
            if cursor == close || scalar == "," || scalar == "\u{FF0C}" || scalar == "\u{3001}" || scalar == "\u{B7}"
                || scalar == "/" || scalar == ":" || scalar == ";" {
                var lower = itemStart, upper = cursor
                while lower < upper, text[lower] == " " { lower += 1 }
                while upper > lower, text[upper - 1] == " " { upper -= 1 }
                if lower < upper { items.append(lower..<upper) }
                itemStart = cursor + 1
            }
        }
        let wordBefore = hangulBefore(index, start, acrossSpaces: true)
        var previousItem = ArraySlice<Unicode.Scalar>()
        var kept: [Range<Int>] = []
        for item in items {
            let scalars = text[item]
            if scalars.contains(where: Self.isKana) { continue }
            let hanjaOnly = scalars.allSatisfy { Self.isHanja($0) || $0 == " " }
            if hanjaOnly {
                let hanja = scalars.filter { $0 != " " }
                if Self.repeats(hanja, wordBefore) || Self.repeats(hanja, previousItem) { continue }
                if Self.hanjaReading(hanja).isEmpty { continue }
            }
            kept.append(item)
            previousItem = hangulBefore(item.upperBound, item.lowerBound, acrossSpaces: true)
        }
        if kept.isEmpty { return close + 1 }
        put(opening == "(" ? "(" : " ")
        for (position, item) in kept.enumerated() {
            if position > 0 {
                put(",")
                put(" ")
            }
            scan(item.lowerBound, item.upperBound)
        }
        if opening == "(" {
            put(")")
        } else if let next = at(close + 1, end), !HangulSyllable.contains(next) {
            put(" ")
        }
        return close + 1
    }
}
