/// Symbols: hyphens and dashes, the range sign between words, slashes, arithmetic signs,
/// currency signs, unit symbols without a number, silent brackets and quotes.
extension SpeechScanner {
    /// Reads the symbol `scalar` under the cursor.
    mutating func readSymbol(_ scalar: Unicode.Scalar) {
        switch scalar {
        case "(", "[":
            readBracket()
            return
        case "-", "\u{2212}":
            readHyphen()
            return
        case "~":
            readTilde()
            return
        default:
            break
        }
        if putPlainSymbol(scalar) {
            cursor.advance()
        } else {
            readOtherSymbol(scalar)
        }
    }

    /// Writes the words (or pause) for a sign that needs no context; false for other signs.
    private mutating func putPlainSymbol(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "]": break
        case "\u{2013}", "\u{2014}", "\u{2015}":
            put(",")
            put(" ")
        case "/", "\\", "|":
            if lastWritten != nil { put(",") }
            put(" ")
        case "&": put(" 앤드 ")
        case "+": put(" 플러스 ")
        case "\u{D7}": put(" 곱하기 ")
        case "\u{F7}": put(" 나누기 ")
        case "=", "#", "*", "^", "_", "<", ">", "@", "{", "}", "\u{2192}", "\u{2190}", "\u{B2}", "\u{B3}":
            put(" ")
        case "\u{B7}":
            put("\u{B7}")
        default:
            return false
        }
        return true
    }

    /// A hyphen or minus: a negative sign, the digits of an identifier (COVID-19), a hyphen
    /// inside a Latin word, or a pause.
    private mutating func readHyphen() {
        let index = cursor.position
        let previous = cursor.at(index - 1)
        cursor.advance()
        if let next = cursor.at(index + 1), ScalarClass.isDigit(next) {
            if let previous, index > cursor.start, ScalarClass.isASCIILetter(previous) {
                // COVID-19, O-157: the digits of an identifier one by one.
                let digitEnd = cursor.digitRunEnd(from: index + 1)
                put(" ")
                put(KoreanNumerals.digits(cursor.string((index + 1)..<digitEnd)))
                cursor.move(to: digitEnd)
                return
            }
            if index == cursor.start || previous == nil || previous == " " || previous == "(" || previous == "~"
                || previous == "," || previous == "[" || previous == ":" || previous == "=" {
                pendingNegative = true
                return
            }
        }
        if let previous, let next = cursor.at(index + 1), ScalarClass.isASCIILetter(previous),
           ScalarClass.isASCIILetter(next) {
            put("-")
        } else {
            put(" ")
        }
    }

    /// "~" between words: 서울~부산 → 서울에서 부산; before a number: 후반~15세기 → 후반부터 십오 세기.
    private mutating func readTilde() {
        if let last = lastWritten, ScalarClass.isHangul(last), let next = cursor.peek(1) {
            if ScalarClass.isHangul(next) || next == " " {
                put("에서")
            } else if ScalarClass.isDigit(next) {
                put("부터")
            }
        }
        put(" ")
        cursor.advance()
    }

    /// Currency signs, unit symbols, %, silent marks, kana; anything else is written as it is.
    private mutating func readOtherSymbol(_ scalar: Unicode.Scalar) {
        let index = cursor.position
        let value = scalar.value
        cursor.advance()
        if let currency = SpeechVocabulary.currencies[value] {
            let digitStart = cursor.afterOneSpace(index + 1)
            if cursor.isDigit(at: digitStart) {
                pendingCurrency = currency
                cursor.move(to: digitStart)
                return
            }
            put(" " + currency + " ")
            return
        }
        if let word = SpeechVocabulary.symbolWords[value] {
            put(" " + word + " ")
            return
        }
        if value == 0x25 {  // % without a number
            put(" 퍼센트 ")
            return
        }
        if ScalarClass.isSilentMark(scalar) {
            if value == 0x27 || value == 0x2019, let previous = cursor.at(index - 1), let next = cursor.at(index + 1),
               ScalarClass.isASCIILetter(previous), ScalarClass.isASCIILetter(next) {
                put("'")  // an apostrophe inside a Latin word: World's, L'Exposition
            } else if ScalarClass.isOpeningMark(scalar), let last = lastWritten, last != "(" {
                put(" ")
            }
            return
        }
        if ScalarClass.isKana(scalar) { return }
        put(scalar)
    }
}
