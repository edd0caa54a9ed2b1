/// Runs of foreign words, abbreviations with a full stop, and Roman numerals written with Latin
/// capitals.
extension SpeechScanner {
    /// A run of real Latin-script words — "World's Fair", "Bibliothèque nationale de France" —
    /// is written as it is, as before: the lexicon is where a curator gives it a reading or a
    /// language (`World's Fair | World's Fair | en`), so that it goes to a foreign voice. Each
    /// such run leaves a note naming the language it looks like. The run ends before anything
    /// but letters, inner apostrophes and hyphens, and spaces between words. A catalog's
    /// bracketed gloss of a Korean name goes to the voice of its language when that is clear
    /// (+ParenthesisedNames).
    mutating func readForeignRun() {
        if readParenthesisedName() { return }
        let start = cursor.position
        var end = start
        var index = start
        while index < cursor.end {
            let scalar = cursor[index]
            if ScalarClass.isLatinLetter(scalar) {
                index += 1
                end = index
            } else if (scalar == "'" || scalar == "\u{2019}" || scalar == "-") && end == index,
                let next = cursor.at(index + 1), ScalarClass.isLatinLetter(next)
            {
                index += 1
            } else if scalar == " ", let next = cursor.at(index + 1), ScalarClass.isLatinLetter(next),
                !cursor.isAcronymStart(at: index + 1), !cursor.isRegnalNumber(cursor.latinToken(at: index + 1))
            {
                index += 1
            } else {
                break
            }
        }
        if end == start { end = start + 1 }
        var text = String.UnicodeScalarView()
        for scalar in cursor.scalars[start..<end] { text.append(scalar == "\u{2019}" ? "'" : scalar) }
        let words = String(text)
        put(words)
        if notes != nil {
            note(.latinWords, words, "left as written (looks '\(Self.language(of: words))'); a lexicon entry can give it a voice")
        }
        cursor.move(to: end)
    }

    private static let frenchWords: Set<Substring> = [
        "de", "du", "des", "la", "le", "les", "et", "au", "aux", "sur", "pour", "par", "l", "d", "une", "un",
    ]

    /// "fr" for French-looking words (accents, articles, de), "en" otherwise.
    static func language(of words: String) -> String {
        if words.unicodeScalars.contains(where: { $0.value >= 0xC0 && $0.value <= 0x17F }) { return "fr" }
        let parts = words.lowercased().split(whereSeparator: { $0 == " " || $0 == "'" || $0 == "-" })
        return parts.contains(where: { frenchWords.contains($0) }) ? "fr" : "en"
    }

    /// pp. 12 → 십이 쪽, Fig. 3 → 그림 삼, No. 5 → 오 번, etc. → 등.
    mutating func readAbbreviation(at index: Int) -> Bool {
        if index > cursor.start, let previous = cursor.at(index - 1), ScalarClass.isLatinLetter(previous) { return false }
        for abbreviation in SpeechVocabulary.wordAbbreviations
        where cursor.matches(abbreviation.written, at: index)
            && !cursor.isASCIILetterOrDigit(at: index + abbreviation.written.count)
        {
            put(" " + abbreviation.spoken + " ")
            cursor.move(to: index + abbreviation.written.count)
            return true
        }
        for abbreviation in SpeechVocabulary.numberAbbreviations where cursor.matches(abbreviation.written, at: index) {
            let digit = cursor.afterSpaces(index + abbreviation.written.count)
            guard cursor.isDigit(at: digit) else { continue }
            if !abbreviation.before.isEmpty { put(abbreviation.before + " ") }
            if !abbreviation.after.isEmpty { pendingSuffix = abbreviation.after }
            cursor.move(to: digit)
            return true
        }
        return false
    }

    /// Counting words after which a Roman numeral is a volume or part: II권, III부.
    private static let romanCounters: Set<Unicode.Scalar> = ["권", "부", "편", "장", "세", "기", "호", "차", "막", "집"]

    /// II, IV, XIV as numbers in titles and parts: after 제, before a counting word, or as the
    /// last word after Korean (세계 대전 II → 세계 대전 이); after a ruler's name, a regnal
    /// number with 세 (Henri IV → Henri 사 세, 루이 XIV → 루이 십사 세).
    mutating func readRomanNumeral(_ token: Range<Int>) -> Bool {
        guard !token.isEmpty, let value = Self.romanValue(cursor.scalars[token]) else { return false }
        let previous = cursor.at(token.lowerBound - 1)
        let next = cursor.at(token.upperBound)
        if next != "세", cursor.isRegnalNumber(token) {
            put(" " + KoreanNumerals.sino(value) + " 세")
            cursor.move(to: token.upperBound)
            return true
        }
        let afterTitle =
            previous == " " && cursor.isHangul(at: token.lowerBound - 2)
            && (next == nil || next == " " || next.map(ScalarClass.isClosingPunctuation) == true)
        guard previous == "제" || next.map(Self.romanCounters.contains) == true || (token.count >= 2 && afterTitle)
        else { return false }
        put(KoreanNumerals.sino(value))
        put(" ")
        cursor.move(to: token.upperBound)
        return true
    }

    /// The value of a Roman numeral made of I, V and X (1...39), or nil.
    static func romanValue(_ letters: ArraySlice<Unicode.Scalar>) -> Int? {
        guard !letters.isEmpty, letters.count <= 6 else { return nil }
        var total = 0
        var previous = 0
        for letter in letters.reversed() {
            let value: Int
            switch letter {
            case "I": value = 1
            case "V": value = 5
            case "X": value = 10
            default: return nil
            }
            total += value < previous ? -value : value
            previous = max(previous, value)
        }
        guard (1...39).contains(total), romanNumeral(total).unicodeScalars.elementsEqual(letters) else { return nil }
        return total
    }

    private static func romanNumeral(_ value: Int) -> String {
        let tens = ["", "X", "XX", "XXX"]
        let ones = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]
        return tens[value / 10] + ones[value % 10]
    }
}

extension ScalarCursor {
    /// Whether `token` is a Roman numeral (I to XXXIX) written after a ruler's given name and a
    /// space, and not followed by more letters or digits: Charles V, 루이 XIV; not "I" or "V"
    /// after any other word (World War II, Type V).
    func isRegnalNumber(_ token: Range<Int>) -> Bool {
        guard !token.isEmpty, token.lowerBound >= start + 2, scalars[token.lowerBound - 1] == " ",
            SpeechScanner.romanValue(scalars[token]) != nil, !isASCIILetterOrDigit(at: token.upperBound)
        else { return false }
        var nameStart = token.lowerBound - 1
        while nameStart > start, ScalarClass.isLatinLetter(scalars[nameStart - 1]) { nameStart -= 1 }
        if nameStart < token.lowerBound - 1 {
            return SpeechVocabulary.regnalNames.contains(string(nameStart..<(token.lowerBound - 1)))
        }
        let name = hangul(before: token.lowerBound - 1, from: start, acrossSpaces: false)
        return SpeechVocabulary.regnalNamesHangul.contains { $0.elementsEqual(name) }
    }

    /// Whether an ASCII letter or digit is at `index`.
    func isASCIILetterOrDigit(at index: Int) -> Bool {
        guard let scalar = at(index) else { return false }
        return ScalarClass.isASCIILetter(scalar) || ScalarClass.isDigit(scalar)
    }

    /// The Latin token at `index`: ASCII letters and digits, with & between capitals (M&A).
    func latinToken(at index: Int) -> Range<Int> {
        var end = index
        while let scalar = at(end) {
            if ScalarClass.isASCIILetter(scalar) || ScalarClass.isDigit(scalar) {
                end += 1
            } else if scalar == "&", end > index, ScalarClass.isCapital(scalars[end - 1]),
                let next = at(end + 1), ScalarClass.isCapital(next)
            {
                end += 1
            } else {
                break
            }
        }
        return index..<end
    }

    /// Whether `token` is said letter by letter: capitals (1 to 5, or any number with digits)
    /// and digits, no small letters, not the start of a word with an apostrophe (L'Exposition)
    /// and not an initial before a name (J. S. Bach).
    func isAcronym(_ token: Range<Int>) -> Bool {
        guard !token.isEmpty, ScalarClass.isCapital(scalars[token.lowerBound]) else { return false }
        var letters = 0
        var digits = false
        for scalar in scalars[token] {
            if ScalarClass.isSmallLetter(scalar) { return false }
            if ScalarClass.isCapital(scalar) { letters += 1 }
            if ScalarClass.isDigit(scalar) { digits = true }
        }
        guard letters <= 5 || digits else { return false }
        if letters >= 4, !digits, Self.looksLikeAWord(scalars[token]) { return false }
        if let next = at(token.upperBound) {
            if next == "'" || next == "\u{2019}", let after = at(token.upperBound + 1), ScalarClass.isLatinLetter(after) {
                return false
            }
            if ScalarClass.isLatinLetter(next) { return false }
            if letters == 1, next == ".", at(token.upperBound + 1) == " ",
                let after = at(token.upperBound + 2), ScalarClass.isCapital(after)
            {
                return false
            }
        }
        return true
    }

    private static func isVowel(_ letter: Unicode.Scalar) -> Bool {
        switch letter {
        case "A", "E", "I", "O", "U": return true
        default: return false
        }
    }

    /// Whether capitals read like a word (KOREA, SEOUL, JAPAN) rather than letters (CCTV, OECD,
    /// IUCN): two vowels or more, and neither two consonants at the start nor at the end.
    static func looksLikeAWord(_ letters: ArraySlice<Unicode.Scalar>) -> Bool {
        guard letters.count >= 4, letters.filter(isVowel).count >= 2, let first = letters.first, let last = letters.last
        else { return false }
        let second = letters[letters.startIndex + 1]
        let beforeLast = letters[letters.endIndex - 2]
        if !isVowel(first) && !isVowel(second) { return false }
        if !isVowel(last) && !isVowel(beforeLast) { return false }
        return true
    }

    /// Whether an acronym (not a word) starts at `index`: a foreign run stops before it.
    func isAcronymStart(at index: Int) -> Bool {
        let token = latinToken(at: index)
        return token.count >= 2 && isAcronym(token)
    }

    /// An established reading of the token at `index` (G7 → 지세븐, 4K → 포케이), and its end.
    func establishedToken(at index: Int) -> (String, Int)? {
        if index > start, let previous = at(index - 1), ScalarClass.isASCIILetter(previous) || ScalarClass.isDigit(previous) {
            return nil
        }
        let token = latinToken(at: index)
        var end = token.upperBound
        // COVID-19, PM2.5: a hyphen or point and digits belong to the name.
        if let sign = at(end), sign == "-" || sign == ".", isDigit(at: end + 1) { end = digitRunEnd(from: end + 1) }
        for candidate in [end, token.upperBound] where candidate > index {
            if let reading = SpeechVocabulary.establishedTokens[string(index..<candidate)] { return (reading, candidate) }
        }
        return nil
    }
}
