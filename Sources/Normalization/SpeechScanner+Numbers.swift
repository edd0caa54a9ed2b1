import Hangul

/// Numbers in all their written forms: counts, measures, fractions, identifiers, amounts. Dates,
/// times, phone numbers and commemorations are tried first (+Dates); ranges are in +Ranges.
extension SpeechScanner {
    /// Reads the number expression starting at the digit under the cursor.
    mutating func readNumber() {
        let index = cursor.position
        let negative = pendingNegative
        let currency = pendingCurrency
        pendingNegative = false
        pendingCurrency = nil
        if !negative, currency == nil {
            if readNamedNumber() || readCoordinate() || readDate() || readNewsDate() || readMonthDay() || readTime()
                || readPhoneNumber() || readPostalCode() || readCommemoration()
            {
                return
            }
        }
        var first = cursor.number(at: index)
        if let grouped = cursor.spaceGroupedNumber(after: first, numberStart: index) { first = grouped }
        if readPowerNotation(first, negative: negative) { return }
        if first.isTooLong { note(.spelledDigits, NumberToken.text(first.whole), "said digit by digit") }
        if readEnglishOrdinal(first) { return }
        let ordinalPrefix = cursor.isOrdinalPrefix(before: index)
        if readFraction(first, numberStart: index, ordinalPrefix: ordinalPrefix) { return }
        let firstUnit = cursor.unit(at: first.end)
        let firstCounter = firstUnit == nil ? cursor.counter(at: first.end) : nil
        let suffixEnd = firstUnit?.end ?? firstCounter?.end ?? first.end
        let context = NumberContext(numberStart: index, ordinalPrefix: ordinalPrefix, negative: negative)
        if readPair(first, firstUnit, firstCounter, suffixEnd: suffixEnd, context) { return }
        readQuantity(first, unit: firstUnit, counter: firstCounter, context, currency: currency)
    }

    /// Powers as written in science and spreadsheets: 1e40 → 일 곱하기 십의 사십 제곱, 10^40 →
    /// 십의 사십 제곱, 2.5E-3 → 이 점 오 곱하기 십의 마이너스 삼 제곱. The exponent is a number, not
    /// a count, so a counter after it (1e40명) is never read with native numerals: the counter
    /// follows the whole number as its own word (… 제곱 명).
    private mutating func readPowerNotation(_ mantissa: NumberToken, negative: Bool) -> Bool {
        guard let mark = cursor.at(mantissa.end), mark == "e" || mark == "E" || mark == "^", !mantissa.isTooLong else { return false }
        var start = mantissa.end + 1
        var exponentNegative = false
        if let sign = cursor.at(start), sign == "-" || sign == "+" || sign == "\u{2212}" {
            exponentNegative = sign != "+"
            start += 1
        }
        let end = cursor.digitRunEnd(from: start)
        guard end > start, end - start <= 4, !cursor.isASCIILetterOrDigit(at: end), cursor.at(end) != ".",
            let exponent = cursor.smallNumber(at: start, maxDigits: 4)?.value
        else { return false }
        if negative { put("마이너스 ") }
        let power = (exponentNegative ? "마이너스 " : "") + KoreanNumerals.sino(exponent) + " 제곱"
        if mark == "^" {
            put(mantissa.words(.sino) + "의 " + power + " ")
        } else {
            put(mantissa.words(.sino) + " 곱하기 십의 " + power + " ")
        }
        cursor.move(to: end)
        return true
    }

    /// Numbers that are names: established tokens (4K → 포케이, 3D → 쓰리디) and service
    /// numbers said digit by digit (112 → 일일이, 1330 → 일삼삼공).
    private mutating func readNamedNumber() -> Bool {
        let index = cursor.position
        let end = cursor.digitRunEnd(from: index)
        if let after = cursor.at(end), ScalarClass.isASCIILetter(after), let (reading, end) = cursor.establishedToken(at: index) {
            put(reading)
            put(" ")
            cursor.move(to: end)
            return true
        }
        // 코로나19 → 코로나 일구: the name's number digit by digit.
        if end - index == 2, cursor.isPreceded(by: "코로나", at: index), cursor.isHangul(at: index - 1),
            !cursor.isDigit(at: end)
        {
            put(" " + KoreanNumerals.digits(cursor.string(index..<end)) + " ")
            cursor.move(to: end)
            return true
        }
        guard end - index >= 3, end - index <= 4, cursor.at(index) != "0",
            let value = cursor.smallNumber(at: index, maxDigits: 4)?.value,
            SpeechVocabulary.serviceNumbers.contains(value), !cursor.isDigit(at: index - 1)
        else { return false }
        if let next = cursor.at(end) {
            if ScalarClass.isASCIILetter(next) { return false }
            if HangulSyllable.contains(next), !Self.particlesAfterServiceNumbers.contains(next) { return false }
            if next == "," || next == "." || next == "-" || next == ":" || next == "~" || next == "/",
                cursor.isDigit(at: end + 1)
            {
                return false
            }
        }
        if cursor.unit(at: end) != nil { return false }
        if let counter = cursor.counter(at: end), counter.start == end { return false }
        put(KoreanNumerals.digits(cursor.string(index..<end), zero: "공"))
        cursor.move(to: end)
        return true
    }

    /// Syllables that may follow a service number directly: 112에, 119로, 114는.
    private static let particlesAfterServiceNumbers: Set<Unicode.Scalar> = [
        "에", "로", "으", "은", "는", "이", "가", "을", "를", "의", "와", "과", "도", "나", "번", "까", "처",
    ]

    /// 22nd → 스물두 번째, 1st → 첫 번째: English ordinals said as Korean ordinals with 번째
    /// (표준국어대사전 '번째': "두 번째").
    private mutating func readEnglishOrdinal(_ token: NumberToken) -> Bool {
        guard let first = cursor.at(token.end), ScalarClass.isSmallLetter(first), token.fraction == nil, token.value != nil
        else { return false }
        if first == "s", !cursor.isASCIILetterOrDigit(at: token.end + 1) { return readDecade(token, suffix: first) }
        guard let second = cursor.at(token.end + 1), !cursor.isASCIILetterOrDigit(at: token.end + 2) else { return false }
        let suffix = String(String.UnicodeScalarView([first, second])).lowercased()
        guard ["st", "nd", "rd", "th"].contains(suffix) else { return false }
        put(token.words(.ordinal, counter: Array("번째".unicodeScalars)))
        put(" 번째 ")
        cursor.move(to: token.end + 2)
        return true
    }

    /// 1980s → 천구백팔십 년대, '80s → 팔십 년대.
    private mutating func readDecade(_ token: NumberToken, suffix: Unicode.Scalar) -> Bool {
        guard suffix == "s", let value = token.value, value % 10 == 0 else { return false }
        put(token.words(.sino) + " 년대 ")
        cursor.move(to: token.end + 1)
        return true
    }

    /// Where a number expression starts and what comes before it.
    struct NumberContext {
        /// The index of the first digit.
        let numberStart: Int
        /// The number follows 제 (제3장): it is Sino-Korean whatever the counter.
        let ordinalPrefix: Bool
        /// A minus sign came before it.
        let negative: Bool
    }

    /// Fractions (1/3 → 삼분의 일) and alternatives (17/18현 → 십칠, 십팔 현).
    private mutating func readFraction(_ first: NumberToken, numberStart: Int, ordinalPrefix: Bool) -> Bool {
        guard first.fraction == nil, first.end + 1 < cursor.end, cursor[first.end] == "/",
            cursor.isDigit(at: first.end + 1)
        else { return false }
        let second = cursor.number(at: first.end + 1)
        guard second.fraction == nil, let numerator = first.value, let denominator = second.value, denominator > 0
        else { return false }
        var counter = cursor.counter(at: second.end)
        // 3/4박자: 박 starts a longer word here, so it is no counting word.
        if let match = counter, !cursor.matchesNoun(match.word, at: match.start) { counter = nil }
        cursor.move(to: second.end)
        if denominator == numerator + 1, counter != nil {
            let kind = cursor.reading(for: counter, value: denominator, numberStart: numberStart, ordinalPrefix: ordinalPrefix)
            put(first.words(kind, counter: counter?.word))
            put(",")
            put(" ")
            put(second.words(kind, counter: counter?.word))
            put(" ")
            return true
        }
        put(KoreanNumerals.sino(denominator) + "분의 " + KoreanNumerals.sino(numerator))
        if counter != nil { put(" ") }
        return true
    }

    /// Counting words after which "A-B" is a number and its sub-number (123-4번지).
    private static let subNumbered: Set<String> = ["호", "번지", "번", "동", "길", "가", "호선"]

    /// Two numbers joined by a range sign: identifiers (322-1호 → 삼백이십이의 일 호) and
    /// ranges (2~12개, 1236~1251년).
    private mutating func readPair(
        _ first: NumberToken, _ firstUnit: UnitMatch?, _ firstCounter: CounterMatch?,
        suffixEnd: Int, _ context: NumberContext
    ) -> Bool {
        let signIndex = cursor.afterSpaces(suffixEnd)
        guard signIndex < cursor.end, ScalarClass.isRangeSign(cursor[signIndex]) else { return false }
        let secondStart = cursor.afterSpaces(signIndex + 1)
        guard cursor.isDigit(at: secondStart) else { return false }
        let second = cursor.number(at: secondStart)
        let hyphen = cursor[signIndex] == "-"
        if hyphen, cursor.isArithmetic(at: signIndex) { return false }
        if hyphen, suffixEnd == first.end, signIndex == first.end, secondStart == signIndex + 1,
            first.fraction == nil, second.fraction == nil, let a = first.value, let b = second.value
        {
            let counter = cursor.counter(at: second.end)
            if context.ordinalPrefix || Self.subNumbered.contains(counter?.wordText ?? "") || b <= a {
                put(KoreanNumerals.sino(a) + "의 " + KoreanNumerals.sino(b))
                if counter != nil { put(" ") }
                cursor.move(to: second.end)
                return true
            }
        }
        guard !context.negative || !hyphen else { return false }
        readRange(first, firstUnit, firstCounter, second, context)
        return true
    }

    /// Writes 영하 (temperatures) or 마이너스 when the number is negative.
    mutating func putSign(negative: Bool, temperature: Bool) {
        guard negative else { return }
        put(temperature ? "영하 " : "마이너스 ")
    }

    /// One number with what follows it: a magnitude word, 여, a unit or a counting word.
    private mutating func readQuantity(
        _ token: NumberToken, unit: UnitMatch?, counter: CounterMatch?,
        _ context: NumberContext, currency: String?
    ) {
        let after = token.end
        // 3경기 is three matches, not 3경 (10^16) and 기.
        let longCounter = counter.map { $0.start == after && $0.word.count >= 2 } ?? false
        if after < cursor.end, !longCounter, Self.magnitudes.contains(cursor[after]) {
            readMagnitude(token, negative: context.negative, currency: currency)
            return
        }
        if after < cursor.end, cursor[after] == "여" {
            putSign(negative: context.negative, temperature: false)
            put(token.words(.sino))
            cursor.move(to: after)
            return
        }
        if let unit {
            if let prefix = unit.unit.prefix, !cursor.isPreceded(by: prefix, at: context.numberStart) {
                put(prefix)
                put(" ")
            }
            putSign(negative: context.negative, temperature: unit.unit.temperature)
            put(token.words(.sino))
            put(" ")
            put(unit.unit.word)
            put(" ")
            if let next = cursor.at(unit.end), HangulSyllable.contains(next) { writer.pendingSpace = false }
            cursor.move(to: unit.end)
            return
        }
        readCounted(token, counter: counter, context, currency: currency)
    }

    /// A number before a counting word (or nothing), with an amount's currency after it.
    private mutating func readCounted(
        _ token: NumberToken, counter: CounterMatch?, _ context: NumberContext,
        currency: String?
    ) {
        let start = context.numberStart
        let kind = cursor.reading(for: counter, value: token.value, numberStart: start, ordinalPrefix: context.ordinalPrefix)
        let isDegree = counter.map { $0.word == ["도"] } ?? false
        putSign(negative: context.negative, temperature: isDegree && !cursor.isPreceded(by: "영하", at: start))
        if kind == .month, let counter, let value = token.value, (1...12).contains(value), token.fraction == nil {
            put(KoreanNumerals.month(value))
            cursor.move(to: counter.end)
            return
        }
        put(token.words(kind, counter: counter?.word ?? (currency != nil ? [] : nil)))
        if let currency {
            put(" ")
            put(currency)
        }
        if let counter, pendingKkaji, counter.counter.temporal {
            put(" " + counter.wordText)
            if cursor.needsKkaji(at: counter.end) { put("까지") }
            cursor.move(to: counter.end)
            return
        }
        if let counter, counter.word != Self.jjae {
            put(" ")
            cursor.move(to: counter.start)
            return
        }
        cursor.move(to: token.end)
    }

    private static let jjae: [Unicode.Scalar] = ["째"]
    /// Number words written in Hangul after digits: 5000만, 1조, 2천.
    private static let magnitudes: Set<Unicode.Scalar> = ["만", "천", "백", "십", "억", "조", "경"]

    /// A number before 만, 천, 백, 십, 억, 조 or 경 in Hangul: 5000만 → 오천만, 1만 → 만.
    private mutating func readMagnitude(_ token: NumberToken, negative: Bool, currency: String?) {
        let after = token.end
        let next = cursor[after]
        putSign(negative: negative, temperature: false)
        cursor.move(to: after)
        // 만, 천, 백 and 십 are said without 일; 억, 조 and 경 keep it.
        if token.value == 1, token.fraction == nil, next == "만" || next == "천" || next == "백" || next == "십" { return }
        put(token.words(.sino))
        guard let currency else { return }
        // ₩5만 → 오만 원: the currency follows the whole amount.
        var magnitudeEnd = after
        while magnitudeEnd < cursor.end, Self.magnitudes.contains(cursor[magnitudeEnd]) {
            put(cursor[magnitudeEnd])
            magnitudeEnd += 1
        }
        put(" ")
        put(currency)
        cursor.move(to: magnitudeEnd)
    }
}
