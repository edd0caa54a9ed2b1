import ExpoModel
import ExpoSystem
/// Numbers in all their written forms: counts, measures, dates, times, ranges, phone numbers.
extension SpeechScanner {
    private typealias Vocabulary = SpeechVocabulary

    /// Digits as written: the whole part without its thousands separators, and any decimals.
    struct NumberToken {
        var end: Int
        var whole: [Unicode.Scalar]
        var fraction: [Unicode.Scalar]?
        var value: Int? {
            guard whole.count <= 18 else { return nil }
            var result = 0
            for digit in whole { result = result * 10 + Int(digit.value - 0x30) }
            return result
        }
        var hasLeadingZero: Bool { whole.count > 1 && whole[0] == "0" }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 0x30 < 10 }
    private static func digitsText(_ digits: [Unicode.Scalar]) -> String { String(String.UnicodeScalarView(digits)) }

    private func digitRunEnd(_ index: Int, _ end: Int) -> Int {
        var cursor = index
        while cursor < end, Self.isDigit(text[cursor]) { cursor += 1 }
        return cursor
    }

    private func parseNumber(at index: Int, _ end: Int) -> NumberToken {
        var cursor = digitRunEnd(index, end)
        var whole = Array(text[index..<cursor])
        if whole.count <= 3 {
            // Thousands separators: groups of exactly three digits.
            while cursor + 3 < end || cursor + 3 == end, cursor < end, text[cursor] == "," {
                let groupEnd = digitRunEnd(cursor + 1, end)
                guard groupEnd - cursor - 1 == 3 else { break }
                whole += text[(cursor + 1)..<groupEnd]
                cursor = groupEnd
            }
        }
        var fraction: [Unicode.Scalar]?
        if cursor + 1 < end, text[cursor] == ".", Self.isDigit(text[cursor + 1]) {
            let fractionEnd = digitRunEnd(cursor + 1, end)
            fraction = Array(text[(cursor + 1)..<fractionEnd])
            cursor = fractionEnd
        }
        return NumberToken(end: cursor, whole: whole, fraction: fraction)
    }

    /// Reads a number of 1 or 2 digits at `index`, requiring no digit after it.
    private func smallNumber(at index: Int, _ end: Int, maxDigits: Int = 2) -> (value: Int, end: Int)? {
        let runEnd = digitRunEnd(index, end)
        let count = runEnd - index
        guard count >= 1, count <= maxDigits else { return nil }
        var value = 0
        for digit in text[index..<runEnd] { value = value * 10 + Int(digit.value - 0x30) }
        return (value, runEnd)
    }

    // MARK: Words for a number

    /// The words for `token` read as `reading` (`counter` tells 번째 from 째).
    private func words(_ token: NumberToken, _ reading: Vocabulary.Reading, counter: [Unicode.Scalar]? = nil) -> String {
        if let fraction = token.fraction {
            guard let value = token.value else { return KoreanNumerals.digits(Self.digitsText(token.whole)) }
            return KoreanNumerals.sinoDecimal(whole: value, fraction: Substring(Self.digitsText(fraction)))
        }
        guard let value = token.value else { return KoreanNumerals.digits(Self.digitsText(token.whole)) }
        // A bare number with a leading zero is a code, said digit by digit with 공 (007 → 공공칠);
        // before a counting word the zeros are padding (09시 → 아홉 시).
        if token.hasLeadingZero, counter == nil, reading == .sino {
            return KoreanNumerals.digits(Self.digitsText(token.whole), zero: "공")
        }
        switch reading {
        case .native:
            return KoreanNumerals.native(value) ?? KoreanNumerals.sino(value)
        case .hour:
            return (1...12).contains(value) ? KoreanNumerals.native(value)! : KoreanNumerals.sino(value)
        case .month:
            return (1...12).contains(value) ? KoreanNumerals.month(value) : KoreanNumerals.sino(value) + "월"
        case .ordinal:
            if counter?.count == 1 {  // 째: 첫째, 둘째, 셋째, 넷째, 다섯째
                switch value {
                case 1: return "첫"
                case 2: return "둘"
                case 3: return "셋"
                case 4: return "넷"
                default: break
                }
            }
            return KoreanNumerals.nativeOrdinal(value) ?? KoreanNumerals.sino(value)
        case .sino:
            return KoreanNumerals.sino(value)
        }
    }

    // MARK: Suffixes: units and counting words

    private struct UnitMatch {
        let unit: Vocabulary.Unit
        let end: Int
    }

    private func matchUnit(at index: Int, _ end: Int) -> UnitMatch? {
        var cursor = index
        if cursor < end, text[cursor] == " " { cursor += 1 }
        guard cursor < end else { return nil }
        let first = text[cursor]
        // Units start with a Latin letter, %, or a symbol outside ASCII (㎝, ℃, °).
        if first.value < 0x80, (first.value | 0x20) &- 0x61 >= 26, first != "%" { return nil }
        for unit in Vocabulary.units where matches(unit.symbol, at: cursor, end) {
            let unitEnd = cursor + unit.symbol.count
            if let last = unit.symbol.last, (last.value | 0x20) &- 0x61 < 26, let next = at(unitEnd, end),
               (next.value | 0x20) &- 0x61 < 26 || Self.isDigit(next) {
                continue
            }
            return UnitMatch(unit: unit, end: unitEnd)
        }
        return nil
    }

    private struct CounterMatch {
        let counter: Vocabulary.Counter
        let start: Int
        var end: Int { start + counter.word.count }
        var word: [Unicode.Scalar] { counter.word }
    }

    private func matchCounter(at index: Int, _ end: Int) -> CounterMatch? {
        var cursor = index
        if cursor < end, text[cursor] == " " { cursor += 1 }
        guard cursor < end, HangulSyllable.contains(text[cursor]) else { return nil }
        for counter in Vocabulary.hangulCounters where matches(counter.word, at: cursor, end) {
            return CounterMatch(counter: counter, start: cursor)
        }
        return nil
    }

    /// How a number is read before `match`, with the context rules for ambiguous counters.
    private func reading(for match: CounterMatch?, value: Int?, numberStart: Int, _ start: Int, _ end: Int,
                         ordinalPrefix: Bool) -> Vocabulary.Reading {
        guard let match else { return .sino }
        if ordinalPrefix { return match.counter.reading == .month ? .month : .sino }
        var reading = match.counter.reading
        let word = String(String.UnicodeScalarView(match.word))
        var next = match.end
        if next < end, text[next] == " " { next += 1 }
        switch word {
        case "번":
            if Vocabulary.numberedAfterBeon.contains(where: { matches($0, at: next, end) }) { reading = .sino }
        case "대":
            reading = .sino
            let before = wordBefore(numberStart, start)
            let particles: Set<Unicode.Scalar> = ["가", "이", "는", "은", "도", "를", "을"]
            for machine in Vocabulary.machinesBeforeDae {
                if before.elementsEqual(machine)
                    || (before.count == machine.count + 1 && particles.contains(before.last!) && before.dropLast().elementsEqual(machine)) {
                    reading = .native
                }
            }
            if matches(Array("의".unicodeScalars), at: match.end, end) {
                var after = match.end + 1
                if after < end, text[after] == " " { after += 1 }
                if Vocabulary.machinesBeforeDae.contains(where: { matches($0, at: after, end) }) { reading = .native }
            }
        case "권":
            // Bibliographic "7권 1책": volumes and books as numbers.
            var cursor = next
            let digitsEnd = digitRunEnd(cursor, end)
            if digitsEnd > cursor {
                cursor = digitsEnd
                if matches(Array("책".unicodeScalars), at: cursor, end) { reading = .sino }
            }
        case "자":
            if next < end, HangulSyllable.contains(text[next]), next == match.end { reading = .sino }
            if Vocabulary.sinoAfterJa.contains(where: { matches($0, at: next, end) }) { reading = .sino }
        default:
            break
        }
        switch reading {
        case .native, .ordinal:
            if let value, (1...99).contains(value) { return reading }
            return .sino
        default:
            return reading
        }
    }

    /// The Hangul word before the number at `index` (across one space), for context rules.
    private func wordBefore(_ index: Int, _ start: Int) -> [Unicode.Scalar] {
        var cursor = index - 1
        while cursor >= start, text[cursor] == " " { cursor -= 1 }
        var word: [Unicode.Scalar] = []
        while cursor >= start, HangulSyllable.contains(text[cursor]) {
            word.append(text[cursor])
            cursor -= 1
        }
        return word.reversed()
    }

    // MARK: Entry point

    /// Reads the number expression starting at the digit `index`; returns where reading stops.
    mutating func readNumber(at index: Int, _ start: Int, _ end: Int) -> Int {
        let negative = pendingNegative
        let currency = pendingCurrency
        pendingNegative = false
        pendingCurrency = nil
        if !negative, currency == nil {
            if let next = readDate(at: index, end) { return next }
            if let next = readTime(at: index, end) { return next }
            if let next = readPhoneNumber(at: index, end) { return next }
            if let next = readCommemoration(at: index, end) { return next }
        }
        let first = parseNumber(at: index, end)
        let ordinalPrefix = index - 1 >= start && text[index - 1] == "제"
            && (index - 2 < start || !HangulSyllable.contains(text[index - 2]))

        // Fractions (1/3 → 삼분의 일) and alternatives (17/18현 → 십칠, 십팔 현).
        if first.fraction == nil, first.end + 1 < end, text[first.end] == "/", Self.isDigit(text[first.end + 1]) {
            let second = parseNumber(at: first.end + 1, end)
            if second.fraction == nil, let numerator = first.value, let denominator = second.value, denominator > 0 {
                let counter = matchCounter(at: second.end, end)
                if denominator == numerator + 1, counter != nil {
                    let kind = reading(for: counter, value: denominator, numberStart: index, start, end, ordinalPrefix: ordinalPrefix)
                    put(words(first, kind, counter: counter?.word))
                    put(",")
                    put(" ")
                    put(words(second, kind, counter: counter?.word))
                    put(" ")
                    return second.end
                }
                put(KoreanNumerals.sino(denominator) + "분의 " + KoreanNumerals.sino(numerator))
                if counter != nil { put(" ") }
                return second.end
            }
        }

        let firstUnit = matchUnit(at: first.end, end)
        let firstCounter = firstUnit == nil ? matchCounter(at: first.end, end) : nil
        let firstSuffixEnd = firstUnit?.end ?? firstCounter?.end ?? first.end

        // Identifiers (322-1호 → 삼백이십이의 일 호) and ranges (2~12개, 1236~1251년).
        var signIndex = firstSuffixEnd
        while signIndex < end, text[signIndex] == " " { signIndex += 1 }
        if signIndex < end, Self.isRangeSignScalar(text[signIndex]) {
            var secondStart = signIndex + 1
            while secondStart < end, text[secondStart] == " " { secondStart += 1 }
            if secondStart < end, Self.isDigit(text[secondStart]) {
                let second = parseNumber(at: secondStart, end)
                let hyphen = text[signIndex] == "-"
                if hyphen, firstSuffixEnd == first.end, signIndex == first.end, secondStart == signIndex + 1,
                   first.fraction == nil, second.fraction == nil, let a = first.value, let b = second.value {
                    let counter = matchCounter(at: second.end, end)
                    let word = counter.map { String(String.UnicodeScalarView($0.word)) } ?? ""
                    if ordinalPrefix || ["호", "번지", "번", "동", "길", "가", "호선"].contains(word) || b <= a {
                        put(KoreanNumerals.sino(a) + "의 " + KoreanNumerals.sino(b))
                        if counter != nil { put(" ") }
                        return second.end
                    }
                }
                if !negative || !hyphen {
                    return readRange(first, firstUnit, firstCounter, second, numberStart: index, start, end,
                                     ordinalPrefix: ordinalPrefix, negative: negative)
                }
            }
        }
        return readQuantity(first, unit: firstUnit, counter: firstCounter, numberStart: index, start, end,
                            ordinalPrefix: ordinalPrefix, negative: negative, currency: currency)
    }

    private static func isRangeSignScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "~" || scalar == "-" || scalar == "\u{2013}" || scalar == "\u{2014}"
    }

    private mutating func putSign(negative: Bool, temperature: Bool) {
        guard negative else { return }
        put(temperature ? "영하 " : "마이너스 ")
    }

    /// One number with what follows it: a magnitude word, 여, a unit or a counting word.
    private mutating func readQuantity(_ token: NumberToken, unit: UnitMatch?, counter: CounterMatch?, numberStart: Int,
                                       _ start: Int, _ end: Int, ordinalPrefix: Bool, negative: Bool,
                                       currency: String?) -> Int {
        let after = token.end
        if after < end, token.fraction == nil {
            let next = text[after]
            if next == "만" || next == "천" || next == "백" || next == "십" || next == "억" || next == "조" || next == "경" {
                putSign(negative: negative, temperature: false)
                // 만, 천, 백 and 십 are said without 일; 억, 조 and 경 keep it.
                if token.value == 1, next == "만" || next == "천" || next == "백" || next == "십" {
                    return after
                }
                put(words(token, .sino))
                guard let currency else { return after }
                // ₩5만 → 오만 원: the currency follows the whole amount.
                var magnitudeEnd = after
                while magnitudeEnd < end, "만천백십억조경".unicodeScalars.contains(text[magnitudeEnd]) {
                    put(text[magnitudeEnd])
                    magnitudeEnd += 1
                }
                put(" ")
                put(currency)
                return magnitudeEnd
            }
        }
        if after < end, text[after] == "여" {
            putSign(negative: negative, temperature: false)
            put(words(token, .sino))
            return after
        }
        if let unit {
            if let prefix = unit.unit.prefix, !precededBy(prefix, numberStart, start) {
                put(prefix)
                put(" ")
            }
            putSign(negative: negative, temperature: unit.unit.temperature)
            put(words(token, .sino))
            put(" ")
            put(unit.unit.word)
            put(" ")
            if let next = at(unit.end, end), HangulSyllable.contains(next) { pendingSpace = false }
            return unit.end
        }
        let kind = reading(for: counter, value: token.value, numberStart: numberStart, start, end, ordinalPrefix: ordinalPrefix)
        let isDegree = counter.map { $0.word == ["도"] } ?? false
        putSign(negative: negative, temperature: isDegree && !precededBy("영하", numberStart, start))
        if kind == .month, let counter, let value = token.value, (1...12).contains(value), token.fraction == nil {
            put(KoreanNumerals.month(value))
            return counter.end
        }
        put(words(token, kind, counter: counter?.word ?? (currency != nil ? [] : nil)))
        if let currency {
            put(" ")
            put(currency)
        }
        if let counter, counter.word != Array("째".unicodeScalars) {
            put(" ")
            return counter.start
        }
        return after
    }

    private func precededBy(_ word: String, _ index: Int, _ start: Int) -> Bool {
        let scalars = Array(word.unicodeScalars)
        var cursor = index - 1
        while cursor >= start, text[cursor] == " " { cursor -= 1 }
        let wordStart = cursor - scalars.count + 1
        return wordStart >= start && matches(scalars, at: wordStart, cursor + 1)
    }

    /// "A~B": quantities as "A에서 B", dates and times as "A부터 B까지".
    private mutating func readRange(_ first: NumberToken, _ firstUnit: UnitMatch?, _ firstCounter: CounterMatch?,
                                    _ second: NumberToken, numberStart: Int, _ start: Int, _ end: Int,
                                    ordinalPrefix: Bool, negative: Bool) -> Int {
        let secondUnit = matchUnit(at: second.end, end)
        let secondCounter = secondUnit == nil ? matchCounter(at: second.end, end) : nil
        let unit = firstUnit ?? secondUnit
        let counter = firstCounter ?? secondCounter
        let temporal = counter?.counter.temporal ?? false
        if let prefix = unit?.unit.prefix, !precededBy(prefix, numberStart, start) {
            put(prefix)
            put(" ")
        }
        func suffixWords(_ unit: UnitMatch?, _ counter: CounterMatch?) -> String? {
            if let unit { return unit.unit.word }
            if let counter, counter.counter.reading != .month {
                return String(String.UnicodeScalarView(counter.word))
            }
            return nil
        }
        let firstKind = unit != nil ? .sino
            : reading(for: counter, value: first.value, numberStart: numberStart, start, end, ordinalPrefix: ordinalPrefix)
        putSign(negative: negative, temperature: unit?.unit.temperature ?? false)
        put(words(first, firstKind, counter: counter?.word))
        if let suffix = suffixWords(firstUnit ?? secondUnit, firstUnit != nil ? nil : (firstCounter ?? secondCounter)) {
            put(" ")
            put(suffix)
        }
        put(temporal ? "부터" : "에서")
        put(" ")
        let secondKind = unit != nil ? .sino
            : reading(for: secondCounter ?? firstCounter, value: second.value, numberStart: numberStart, start, end,
                      ordinalPrefix: ordinalPrefix)
        put(words(second, secondKind, counter: counter?.word))
        var resume = second.end
        if let suffix = suffixWords(secondUnit, secondCounter) {
            put(" ")
            put(suffix)
            resume = secondUnit?.end ?? secondCounter!.end
        } else if secondCounter?.counter.reading == .month {
            resume = secondCounter!.end
        }
        if temporal {
            resume = readDateTail(at: resume, numberStart: numberStart, start, end)
            if !(resume < end && HangulSyllable.contains(text[resume])) { put("까지") }
        }
        return resume
    }

    /// The rest of a date or time that ends a range: "~11월 12일" goes on to 12일 before 까지.
    private mutating func readDateTail(at index: Int, numberStart: Int, _ start: Int, _ end: Int) -> Int {
        var resume = index
        while true {
            var cursor = resume
            if cursor < end, text[cursor] == " " { cursor += 1 }
            guard cursor < end, Self.isDigit(text[cursor]) else { return resume }
            let token = parseNumber(at: cursor, end)
            guard token.fraction == nil, let counter = matchCounter(at: token.end, end), counter.counter.temporal,
                  counter.start == token.end else { return resume }
            let kind = reading(for: counter, value: token.value, numberStart: cursor, start, end, ordinalPrefix: false)
            put(" ")
            put(words(token, kind, counter: counter.word))
            if kind != .month {
                put(" ")
                put(String(String.UnicodeScalarView(counter.word)))
            }
            resume = counter.end
        }
    }

    // MARK: Dates, times, phone numbers, commemorations

    private func dateParts(at index: Int, _ end: Int) -> (year: Int, month: Int, day: Int, end: Int)? {
        guard index + 4 < end, let year = smallNumber(at: index, end, maxDigits: 4), year.end - index == 4 else { return nil }
        let separator = text[year.end]
        guard separator == "." || separator == "-" || separator == "/" else { return nil }
        var cursor = year.end + 1
        while cursor < end, text[cursor] == " " { cursor += 1 }
        guard let month = smallNumber(at: cursor, end), (1...12).contains(month.value), month.end < end,
              text[month.end] == separator else { return nil }
        cursor = month.end + 1
        while cursor < end, text[cursor] == " " { cursor += 1 }
        guard let day = smallNumber(at: cursor, end), (1...31).contains(day.value) else { return nil }
        return (year.value, month.value, day.value, day.end)
    }

    private func dateWords(_ date: (year: Int, month: Int, day: Int, end: Int)) -> String {
        KoreanNumerals.sino(date.year) + " 년 " + KoreanNumerals.month(date.month) + " " + KoreanNumerals.sino(date.day) + " 일"
    }

    /// 1900. 04. 14, 1900.4.14, 2024-03-15 → 천구백 년 사월 십사 일; with a second date, a range.
    private mutating func readDate(at index: Int, _ end: Int) -> Int? {
        guard let date = dateParts(at: index, end) else { return nil }
        put(dateWords(date))
        var resume = date.end
        if resume < end, text[resume] == "." , text[index + 4] == "." {
            // The closing dot of "1992. 4. 20." belongs to the date unless it ends the text.
            if resume + 1 < end { resume += 1 }
        }
        var cursor = resume
        while cursor < end, text[cursor] == " " { cursor += 1 }
        if cursor < end, Self.isRangeSignScalar(text[cursor]) {
            var secondStart = cursor + 1
            while secondStart < end, text[secondStart] == " " { secondStart += 1 }
            if let second = dateParts(at: secondStart, end) {
                put("부터 ")
                put(dateWords(second))
                resume = second.end
                if resume < end, text[resume] == ".", text[secondStart + 4] == ".", resume + 1 < end { resume += 1 }
                if !(resume < end && HangulSyllable.contains(text[resume])) { put("까지") }
            }
        }
        return resume
    }

    private func timeParts(at index: Int, _ end: Int) -> (hour: Int, minute: Int, second: Int?, end: Int)? {
        guard let hour = smallNumber(at: index, end), hour.value <= 24, hour.end + 2 < end || hour.end + 2 == end,
              hour.end < end, text[hour.end] == ":" else { return nil }
        guard let minute = smallNumber(at: hour.end + 1, end), minute.end - hour.end == 3, minute.value < 60 else { return nil }
        if minute.end < end, text[minute.end] == ":", let second = smallNumber(at: minute.end + 1, end),
           second.end - minute.end == 3, second.value < 60 {
            return (hour.value, minute.value, second.value, second.end)
        }
        return (hour.value, minute.value, nil, minute.end)
    }

    private func timeWords(_ time: (hour: Int, minute: Int, second: Int?, end: Int)) -> String {
        var words = ((1...12).contains(time.hour) ? KoreanNumerals.native(time.hour)! : KoreanNumerals.sino(time.hour)) + " 시"
        if time.minute > 0 { words += " " + KoreanNumerals.sino(time.minute) + " 분" }
        if let second = time.second, second > 0 { words += " " + KoreanNumerals.sino(second) + " 초" }
        return words
    }

    /// 10:30 → 열 시 삼십 분; 13:05 → 십삼 시 오 분; with a second time, a range.
    private mutating func readTime(at index: Int, _ end: Int) -> Int? {
        guard let time = timeParts(at: index, end) else { return readRatio(at: index, end) }
        put(timeWords(time))
        var resume = time.end
        var cursor = resume
        while cursor < end, text[cursor] == " " { cursor += 1 }
        if cursor < end, Self.isRangeSignScalar(text[cursor]) {
            var secondStart = cursor + 1
            while secondStart < end, text[secondStart] == " " { secondStart += 1 }
            if let second = timeParts(at: secondStart, end) {
                put("부터 ")
                put(timeWords(second))
                resume = second.end
                if !(resume < end && HangulSyllable.contains(text[resume])) { put("까지") }
            }
        }
        return resume
    }

    /// 2:1 (not a time) → 이 대 일.
    private mutating func readRatio(at index: Int, _ end: Int) -> Int? {
        guard let left = smallNumber(at: index, end, maxDigits: 3), left.end + 1 < end, text[left.end] == ":",
              let right = smallNumber(at: left.end + 1, end, maxDigits: 3) else { return nil }
        put(KoreanNumerals.sino(left.value) + " 대 " + KoreanNumerals.sino(right.value))
        return right.end
    }

    /// 02-123-4567, 010-1234-5678, 1588-1234 → digits one by one, 0 as 공.
    private mutating func readPhoneNumber(at index: Int, _ end: Int) -> Int? {
        var groups: [Range<Int>] = []
        var cursor = index
        while true {
            let groupEnd = digitRunEnd(cursor, end)
            guard groupEnd > cursor else { return nil }
            groups.append(cursor..<groupEnd)
            guard groupEnd + 1 < end, text[groupEnd] == "-", Self.isDigit(text[groupEnd + 1]), groups.count < 3 else {
                cursor = groupEnd
                break
            }
            cursor = groupEnd + 1
        }
        if cursor < end, Self.isDigit(text[cursor]) || text[cursor] == "-" { return nil }
        let counts = groups.map(\.count)
        let isPhone: Bool
        switch counts.count {
        case 3:
            isPhone = (2...4).contains(counts[0]) && (3...4).contains(counts[1]) && counts[2] == 4
        case 2:
            let first = text[groups[0]]
            let year = smallNumber(at: groups[0].lowerBound, end, maxDigits: 4)?.value ?? 0
            let second = smallNumber(at: groups[1].lowerBound, end, maxDigits: 4)?.value ?? 0
            let looksLikeYears = counts[0] == 4 && (1000...2199).contains(year) && second > year
            isPhone = (3...4).contains(counts[0]) && counts[1] == 4 && !looksLikeYears && first.first != "0"
                && !(cursor < end && HangulSyllable.contains(text[cursor]))
        default:
            isPhone = false
        }
        guard isPhone else { return nil }
        put(groups.map { KoreanNumerals.digits(Self.digitsText(Array(text[$0])), zero: "공") }.joined(separator: " "))
        return cursor
    }

    /// Words after "3.1" that make it a commemoration (3.1절, 4.19 혁명), not a decimal.
    private static let commemorated: [[Unicode.Scalar]] = SpeechVocabulary.scalars([
        "절", "운동", "사태", "혁명", "전쟁", "선언", "민주", "항쟁", "의거", "사변", "정신", "기념", "공원",
    ])

    /// 6·25 → 육이오, 3·1 → 삼일, 4·19 → 사일구: the day's digits one by one. With a full stop
    /// only before a word such as 절 or 혁명: 3.1절 → 삼일절.
    private mutating func readCommemoration(at index: Int, _ end: Int) -> Int? {
        guard let month = smallNumber(at: index, end), month.end + 1 < end,
              text[month.end] == "\u{B7}" || text[month.end] == ".",
              let day = smallNumber(at: month.end + 1, end) else { return nil }
        if text[month.end] == "." {
            var next = day.end
            if next < end, text[next] == " " { next += 1 }
            guard Self.commemorated.contains(where: { matches($0, at: next, end) }) else { return nil }
        }
        put(KoreanNumerals.sino(month.value) + KoreanNumerals.digits(Self.digitsText(Array(text[(month.end + 1)..<day.end]))))
        return day.end
    }
}
