/// Latin script inside Korean: acronyms spelled with Korean letter names (KBS → 케이비에스),
/// letter–digit tokens (A3 → 에이삼), established names (G7 → 지세븐), hyphenated prefixes
/// (K-팝 → 케이팝), abbreviations (pp. 12 → 십이 쪽), Roman numerals (제II권), note names (Eb),
/// dollar prefixes (HK$) — and runs of real words, which go to a foreign voice as they are.
extension SpeechScanner {
    /// Era abbreviations before a year, and their Korean words.
    private static let eras: [(written: [Unicode.Scalar], spoken: String)] = [
        ("BC ", "기원전"), ("B.C. ", "기원전"), ("BCE ", "기원전"), ("AD ", "서기"), ("A.D. ", "서기"),
    ].map { (Array($0.0.unicodeScalars), $0.1) }

    /// Reads the Latin letter under the cursor and the token or run it starts.
    mutating func readLatin() {
        let index = cursor.position
        if cursor.isDimensionSign(at: index) {
            put(" 곱하기 ")  // 30x40cm, 30 x 40 cm, 30cm X 40cm
            cursor.advance()
            return
        }
        if readAbbreviation(at: index) { return }
        var letterEnd = index
        while let letter = cursor.at(letterEnd), ScalarClass.isCapital(letter) { letterEnd += 1 }
        if letterEnd > index, letterEnd - index <= 3, cursor.at(letterEnd) == "-", cursor.isDigit(at: letterEnd + 1),
            !cursor.isASCIILetterOrDigit(at: cursor.digitRunEnd(from: letterEnd + 1)),
            cursor.establishedToken(at: index) == nil
        {
            readLetterCode(letters: index..<letterEnd)
            return
        }
        // BC 500, B.C. 500 → 기원전; AD 500 → 서기.
        for era in Self.eras where cursor.matches(era.written, at: index) && cursor.isDigit(at: index + era.written.count) {
            put(era.spoken)
            put(" ")
            cursor.move(to: index + era.written.count)
            return
        }
        let token = cursor.latinToken(at: index)
        if token.isEmpty {
            readForeignRun()
            return
        }
        if readNamedToken(token) { return }
        let text = cursor.string(token)
        // x축, a ≠ b: a small letter standing alone is a letter, said by its name.
        if cursor.isAcronym(token)
            || (token.count == 1 && cursor.at(token.upperBound) != "'"
                && cursor.at(token.upperBound) != "\u{2019}" && cursor.at(token.upperBound) != ".")
        {
            putSpelled(token)
            cursor.move(to: token.upperBound)
            return
        }
        if text.unicodeScalars.count >= 2, cursor.at(token.upperBound) != "'",
            let unit = SpeechVocabulary.units.first(where: { $0.symbol.elementsEqual(text.unicodeScalars) })
        {
            put(" " + unit.word + " ")
            cursor.move(to: token.upperBound)
            return
        }
        readForeignRun()
    }

    /// Tokens read by table or shape: established names, word acronyms, dollar prefixes, note
    /// names, Roman numerals, hyphenated prefixes.
    private mutating func readNamedToken(_ token: Range<Int>) -> Bool {
        if let (reading, end) = cursor.establishedToken(at: token.lowerBound) {
            put(reading)
            put(" ")
            cursor.move(to: end)
            return true
        }
        let text = cursor.string(token)
        if let word = lexicon.acronyms[text] ?? SpeechVocabulary.wordAcronyms[text] {
            put(word)
            cursor.move(to: token.upperBound)
            return true
        }
        if let name = SpeechVocabulary.dollarPrefixes[text], cursor.at(token.upperBound) == "$",
            cursor.isDigit(at: cursor.afterOneSpace(token.upperBound + 1))
        {
            pendingCurrency = name
            cursor.move(to: cursor.afterOneSpace(token.upperBound + 1))
            return true
        }
        if let name = SpeechVocabulary.currencyCodes[text], cursor.isDigit(at: cursor.afterOneSpace(token.upperBound)) {
            pendingCurrency = name
            cursor.move(to: cursor.afterOneSpace(token.upperBound))
            return true
        }
        return readNoteName(token) || readRomanNumeral(token) || readHyphenatedPrefix(token)
    }

    /// Eb → 이 플랫, C# → 씨 샵: a note name of one capital A–G with a flat or sharp.
    private mutating func readNoteName(_ token: Range<Int>) -> Bool {
        let first = cursor[token.lowerBound]
        guard first.value >= 0x41, first.value <= 0x47 else { return false }
        if token.count == 2, cursor[token.lowerBound + 1] == "b" {
            put(letterName(first) + " 플랫")
        } else if token.count == 1, cursor.at(token.upperBound) == "#", !cursor.isDigit(at: token.upperBound + 1) {
            put(letterName(first) + " 샵")
            cursor.move(to: token.upperBound + 1)
            return true
        } else {
            return false
        }
        cursor.move(to: token.upperBound)
        return true
    }

    /// K-팝 → 케이팝, U-20 is left to the letter code: 1 to 3 capitals, a hyphen, then Hangul.
    private mutating func readHyphenatedPrefix(_ token: Range<Int>) -> Bool {
        guard token.count <= 3, cursor.scalars[token].allSatisfy(ScalarClass.isCapital),
            cursor.at(token.upperBound) == "-", cursor.isHangul(at: token.upperBound + 1)
        else { return false }
        putSpelled(token)
        cursor.move(to: token.upperBound + 1)
        return true
    }

    /// The Korean name of letter `letter`: the lexicon's, else the built-in one.
    func letterName(_ letter: Unicode.Scalar) -> String {
        let capital = letter.value & ~0x20
        return lexicon.letterNames[capital] ?? SpeechVocabulary.letterNames[Int(capital - 0x41)]
    }

    /// An acronym or letter–digit token said letter by letter, its digit groups as numbers and
    /// & as 앤: KBS → 케이비에스, A3 → 에이삼, M&A → 엠앤에이.
    private mutating func putSpelled(_ token: Range<Int>) {
        var spelled = ""
        var index = token.lowerBound
        while index < token.upperBound {
            let scalar = cursor[index]
            if ScalarClass.isDigit(scalar) {
                let digitEnd = min(cursor.digitRunEnd(from: index), token.upperBound)
                spelled += cursor.number(at: index).words(.sino)
                index = max(digitEnd, index + 1)
                continue
            }
            spelled += scalar == "&" ? "앤" : letterName(scalar)
            index += 1
        }
        put(spelled)
    }

    /// O-157 → 오 일오칠: a short code's letters spelled in Korean, its digits one by one.
    private mutating func readLetterCode(letters: Range<Int>) {
        let digitEnd = cursor.digitRunEnd(from: letters.upperBound + 1)
        putSpelled(letters)
        put(" ")
        if letters.count == 1, cursor[letters.lowerBound] == "U", digitEnd - letters.upperBound == 3 {
            put(cursor.number(at: letters.upperBound + 1).words(.sino))  // U-20 (under 20) → 유 이십
        } else {
            put(KoreanNumerals.digits(cursor.string((letters.upperBound + 1)..<digitEnd)))
        }
        cursor.move(to: digitEnd)
    }
}
