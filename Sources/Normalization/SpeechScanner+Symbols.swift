import Hangul

/// Symbols: hyphens and dashes, the range sign between words, slashes, arithmetic signs,
/// currency signs, unit symbols without a number, silent brackets and quotes.
extension SpeechScanner {
    /// Reads the symbol `scalar` under the cursor.
    mutating func readSymbol(_ scalar: Unicode.Scalar) {
        if ScalarClass.isWhitespace(scalar) || ScalarClass.isSpokenPunctuation(scalar) {
            put(scalar)  // the commonest case, without table lookups
            cursor.advance()
            return
        }
        switch scalar {
        case "(" where readWeekdayAfterDay():
            return
        case "(", "[":
            readBracket()
            return
        case "-" where cursor.peek(1) == ">", "=" where cursor.peek(1) == ">":
            readArrow(.forward, width: 2)  // -> and => as arrows
            return
        case "-", "\u{2212}", "+", "\u{D7}", "\u{F7}", "=":
            if cursor.isArithmetic(at: cursor.position) {
                readOperator(scalar)
            } else if scalar == "-" || scalar == "\u{2212}" {
                readHyphen()
            } else {
                break
            }
            return
        case "#" where cursor.isDigit(at: cursor.position + 1):
            pendingSuffix = "번"
            cursor.advance()
            return
        case "'" where cursor.isShortYear(at: cursor.position + 1),
            "\u{2019}" where cursor.isShortYear(at: cursor.position + 1),
            "\u{2018}" where cursor.isShortYear(at: cursor.position + 1) && cursor.shortYearDate(at: cursor.position + 1) != nil:
            readShortYear()
            return
        case "~":
            readTilde()
            return
        case "\u{A7}":
            // §3 → 삼 절, §§ 3–5 → 삼 절에서 오 절: the section sign is said after its number.
            var next = cursor.position + 1
            while cursor.at(next) == "\u{A7}" || cursor.at(next) == " " { next += 1 }
            if cursor.isDigit(at: next) {
                pendingSuffix = "절"
                cursor.move(to: next)
            } else {
                put(" 절 ")
                cursor.advance()
            }
            return
        default:
            break
        }
        if let direction = ArrowDirection(scalar) {
            readArrow(direction, width: 1)
            return
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
        case "=", "#", "*", "^", "_", "<", ">", "@", "{", "}", "\u{B2}", "\u{B3}":
            put(" ")
        case "\u{B7}":
            put("\u{B7}")
        default:
            return false
        }
        return true
    }

    /// '98 → 구십팔 년, '02 → 공이 년: a year written with an apostrophe and two digits.
    private mutating func readShortYear() {
        let digits = cursor.position + 1
        if cursor.at(digits + 2) == "s" {
            cursor.advance()  // '80s: the number reader says 팔십 년대
            return
        }
        if let date = cursor.shortYearDate(at: digits) {
            // '19.5.1 → 이천십구 년 오월 일 일: a dotted date is said with its full year.
            put(date.words)
            cursor.move(to: putWeekday(after: cursor.afterClosingDot(date.end, dotted: true)))
            return
        }
        let value = cursor.smallNumber(at: digits)?.value ?? 0
        put(value < 10 ? KoreanNumerals.digits(cursor.string(digits..<(digits + 2)), zero: "공") : KoreanNumerals.sino(value))
        if !cursor.matches(["년"], at: digits + 2) { put(" 년") }
        put(" ")
        cursor.move(to: digits + 2)
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
                || previous == "," || previous == "[" || previous == ":" || previous == "="
            {
                pendingNegative = true
                return
            }
        }
        if let previous, let next = cursor.at(index + 1), ScalarClass.isASCIILetter(previous),
            ScalarClass.isASCIILetter(next), let last = lastWritten, !ScalarClass.isHangul(last)
        {
            put("-")  // inside a Latin word left as written
        } else {
            put(" ")
        }
    }

    /// "~" between words: 서울~부산 → 서울에서 부산; before a number: 후반~15세기 → 후반부터 십오 세기.
    private mutating func readTilde() {
        if readWeekdayRange() || readDateRangeSign() { return }
        if let last = lastWritten, ScalarClass.isHangul(last), let next = cursor.peek(1) {
            if cursor.followsTime(cursor.position), cursor.isHangul(at: cursor.afterSpaces(cursor.position + 1)) {
                put("부터")  // 10시~오후 6시 → 열 시부터 오후 여섯 시까지
                pendingKkaji = true
            } else if ScalarClass.isHangul(next) || next == " " {
                put("에서")
            } else if ScalarClass.isDigit(next) {
                // 20만~30만 명 → 이십만에서 삼십만 명: an amount written with its magnitude word is
                // a quantity; after other words a number starts a span (후반~15세기 → 후반부터).
                put(Self.magnitudeWords.contains(last) && cursor.isDigit(at: cursor.position - 2) ? "에서" : "부터")
            }
        }
        put(" ")
        cursor.advance()
    }

    private static let weekdays: Set<Unicode.Scalar> = ["월", "화", "수", "목", "금", "토", "일"]
    private static let magnitudeWords: Set<Unicode.Scalar> = ["만", "억", "조"]

    /// 월~금 → 월요일부터 금요일까지: two weekdays written as one syllable each.
    private mutating func readWeekdayRange() -> Bool {
        let index = cursor.position
        guard let first = cursor.at(index - 1), Self.weekdays.contains(first), !cursor.isHangul(at: index - 2),
            let second = cursor.at(index + 1), Self.weekdays.contains(second), !cursor.isHangul(at: index + 2)
        else { return false }
        put("요일부터 " + String(second) + "요일까지")
        cursor.move(to: index + 2)
        return true
    }

    /// Currency signs, unit symbols, %, silent marks, kana; anything else is written as it is.
    private mutating func readOtherSymbol(_ scalar: Unicode.Scalar) {
        let index = cursor.position
        let value = scalar.value
        cursor.advance()
        if var currency = SpeechVocabulary.currencies[value] {
            if currency == "엔", cursor.mentionsChina(around: index) { currency = "위안" }
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
                ScalarClass.isASCIILetter(previous), ScalarClass.isASCIILetter(next)
            {
                put("'")  // an apostrophe inside a Latin word: World's, L'Exposition
            } else if ScalarClass.isOpeningMark(scalar), let last = lastWritten, last != "(" {
                put(" ")
            }
            return
        }
        if ScalarClass.isKana(scalar) {
            note(.droppedKana, String(scalar), "left out")
            return
        }
        if readNamedSign(scalar) { return }
        if ScalarClass.isSpokenPunctuation(scalar) || ScalarClass.isWhitespace(scalar) {
            put(scalar)
            return
        }
        note(.droppedSymbol, String(scalar), "left out (no Korean reading)")
        put(" ")
    }

    /// Signs with a name or a reading: ※ 참고, ™ 티엠, ½ 이분의 일, ㄷ 디귿, α 알파, Ⅱ 이; bullets,
    /// stars and ellipses are dropped on purpose (a pause at most).
    private mutating func readNamedSign(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if let word = SpeechVocabulary.signWords[value] {
            put(" " + word + " ")
        } else if SpeechVocabulary.droppedSigns.contains(value) {
            put(" ")
        } else if let (denominator, numerator) = SpeechVocabulary.vulgarFractions[value] {
            if cursor.isDigit(at: cursor.position - 2) { put("과 ") }
            put(KoreanNumerals.sino(denominator) + "분의 " + KoreanNumerals.sino(numerator) + " ")
        } else if ScalarClass.isJamo(scalar) {
            put(SpeechVocabulary.jamoNames[Int(value - 0x3131)])
        } else if let name = SpeechVocabulary.greekNames[value] {
            put(" " + name + " ")
        } else if let number = TextPreparation.romanNumeralValue(scalar) {
            put(KoreanNumerals.sino(number))
            put(" ")
        } else {
            return false
        }
        return true
    }

    /// + − × ÷ = in a calculation (3+4=7 → 삼 더하기 사는 칠).
    private mutating func readOperator(_ scalar: Unicode.Scalar) {
        cursor.advance()
        switch scalar {
        case "+": put(" 더하기 ")
        case "\u{D7}": put(" 곱하기 ")
        case "\u{F7}": put(" 나누기 ")
        case "=":
            // The topic particle after the last word: 은 after a final consonant, 는 after a vowel.
            if let last = lastWritten, HangulSyllable.hasFinalConsonant(last) { put("은 ") } else { put("는 ") }
        default: put(" 빼기 ")
        }
    }
}
