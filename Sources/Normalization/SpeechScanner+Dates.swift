import Hangul

/// Dates (1900. 4. 14, 2024-03-15), clock times (10:30), ratios (2:1), phone numbers and
/// commemorations (6·25, 3.1절). Each reader returns false, reading nothing, when the text at
/// the cursor is not of its kind.
struct DateParts {
    /// The year, or nil in a shortened end date (~6.30.).
    var year: Int?
    var month: Int
    /// The day, or nil for a month of a year (2021. 11.).
    var day: Int?
    /// The index after the day (or month).
    var end: Int

    var words: String {
        var words = year.map { KoreanNumerals.sino($0) + " 년 " } ?? ""
        words += KoreanNumerals.month(month)
        if let day { words += " " + KoreanNumerals.sino(day) + " 일" }
        return words
    }
}

/// A clock time: hours, minutes and perhaps seconds.
struct TimeParts {
    var hour: Int, minute: Int, second: Int?
    /// The index after the time.
    var end: Int

    var words: String {
        var words = ((1...12).contains(hour) ? KoreanNumerals.native(hour)! : KoreanNumerals.sino(hour)) + " 시"
        if minute > 0 { words += " " + KoreanNumerals.sino(minute) + " 분" }
        if let second, second > 0 { words += " " + KoreanNumerals.sino(second) + " 초" }
        return words
    }
}

extension ScalarCursor {
    /// A year of four digits, month and day separated by ".", "-" or "/" (spaces allowed after).
    func dateParts(at index: Int) -> DateParts? {
        guard index + 4 < end, let year = smallNumber(at: index, maxDigits: 4), year.end - index == 4 else { return nil }
        let separator = scalars[year.end]
        guard separator == "." || separator == "-" || separator == "/" else { return nil }
        guard let month = smallNumber(at: afterSpaces(year.end + 1)), (1...12).contains(month.value), month.end < end,
            scalars[month.end] == separator
        else { return nil }
        guard let day = smallNumber(at: afterSpaces(month.end + 1)), (1...31).contains(day.value) else { return nil }
        return DateParts(year: year.value, month: month.value, day: day.value, end: day.end)
    }

    /// '19.5.1 (at the year's first digit, after the apostrophe): a two-digit year, month and
    /// day with full stops. The year is said in full, 00–29 in the 2000s and 30–99 in the 1900s,
    /// the century museum labels and notices abbreviate ('88.9.17, '19.5.1).
    func shortYearDate(at index: Int) -> DateParts? {
        guard let year = smallNumber(at: index), year.end - index == 2, year.end < end, scalars[year.end] == ".",
            let month = smallNumber(at: afterSpaces(year.end + 1)), (1...12).contains(month.value), month.end < end,
            scalars[month.end] == ".", let day = smallNumber(at: afterSpaces(month.end + 1)), (1...31).contains(day.value)
        else { return nil }
        return DateParts(year: (year.value < 30 ? 2000 : 1900) + year.value, month: month.value, day: day.value, end: day.end)
    }

    /// "2021. 11." or "2021.11.": a year and a month with full stops, no day after them.
    func yearMonthParts(at index: Int) -> DateParts? {
        guard index + 4 < end, let year = smallNumber(at: index, maxDigits: 4), year.end - index == 4,
            (1000...2199).contains(year.value), scalars[year.end] == "."
        else { return nil }
        guard let month = smallNumber(at: afterSpaces(year.end + 1)), (1...12).contains(month.value),
            month.end < end, scalars[month.end] == "."
        else { return nil }
        let after = afterSpaces(month.end + 1)
        if isDigit(at: after) { return nil }
        // 2021. 11. (spaced) is a date; 2021.11. only before a range sign.
        guard scalars[year.end + 1] == " " || (after < end && ScalarClass.isRangeSign(scalars[after])) else { return nil }
        return DateParts(year: year.value, month: month.value, day: nil, end: month.end)
    }

    /// "6.30" after a range sign that follows a full date: the end date without its year.
    func monthDayParts(at index: Int, after first: DateParts) -> DateParts? {
        guard first.day != nil, let month = smallNumber(at: index), (1...12).contains(month.value), month.end < end,
            scalars[month.end] == "." || scalars[month.end] == "/" || scalars[month.end] == "-",
            let day = smallNumber(at: afterSpaces(month.end + 1)), (1...31).contains(day.value)
        else { return nil }
        return DateParts(year: nil, month: month.value, day: day.value, end: day.end)
    }

    /// Whether the date at `index` is written with full stops (its closing stop is part of it).
    func isDottedDate(at index: Int) -> Bool {
        let digits = digitRunEnd(from: index)
        return digits < end && scalars[digits] == "."
    }

    /// After a date ending at `index`: past its closing full stop when the date is written with
    /// full stops and the stop does not end the text (2021.3.1.~).
    func afterClosingDot(_ index: Int, dotted: Bool) -> Int {
        dotted && index < end && scalars[index] == "." && index + 1 < end ? index + 1 : index
    }

    /// H:MM or H:MM:SS with an hour up to 24 and two-digit minutes and seconds below 60.
    func timeParts(at index: Int) -> TimeParts? {
        guard let hour = smallNumber(at: index), hour.value <= 24, hour.end + 2 <= end,
            hour.end < end, scalars[hour.end] == ":"
        else { return nil }
        guard let minute = smallNumber(at: hour.end + 1), minute.end - hour.end == 3, minute.value < 60 else { return nil }
        // 1:25,000 is a scale, not a time; 3:10로 이겼다 is a score.
        if minute.end < end, scalars[minute.end] == ",", isDigit(at: minute.end + 1) { return nil }
        if isScoreContext(at: minute.end) { return nil }
        if minute.end < end, scalars[minute.end] == ":", let second = smallNumber(at: minute.end + 1),
            second.end - minute.end == 3, second.value < 60
        {
            return TimeParts(hour: hour.value, minute: minute.value, second: second.value, end: second.end)
        }
        return TimeParts(hour: hour.value, minute: minute.value, second: nil, end: minute.end)
    }

    /// The start of what follows a range sign after `index` (spaces around it skipped), or nil
    /// when no range sign is there.
    func afterRangeSign(_ index: Int) -> Int? {
        let sign = afterSpaces(index)
        guard sign < end, ScalarClass.isRangeSign(scalars[sign]) else { return nil }
        return afterSpaces(sign + 1)
    }

    /// Whether a Hangul syllable is at `index` (a particle or word going on after a range).
    func isHangul(at index: Int) -> Bool { index >= 0 && index < end && HangulSyllable.contains(scalars[index]) }
}

extension SpeechScanner {
    /// 1900. 04. 14, 1900.4.14, 2024-03-15 → 천구백 년 사월 십사 일; 2021. 11. → 이천이십일 년
    /// 십일월; with a second date after a range sign (in full, or month and day only), a range.
    mutating func readDate() -> Bool {
        let index = cursor.position
        guard let date = cursor.dateParts(at: index) ?? cursor.yearMonthParts(at: index) else { return false }
        put(date.words)
        var resume = putWeekday(after: cursor.afterClosingDot(date.end, dotted: cursor[index + 4] == "."))
        if let secondStart = cursor.afterRangeSign(resume),
            let second = cursor.dateParts(at: secondStart) ?? cursor.yearMonthParts(at: secondStart)
                ?? cursor.monthDayParts(at: secondStart, after: date)
        {
            put("부터 ")
            put(second.words)
            resume = putWeekday(after: cursor.afterClosingDot(second.end, dotted: cursor.isDottedDate(at: secondStart)))
            if cursor.needsKkaji(at: resume) { put("까지") }
        }
        cursor.move(to: resume)
        return true
    }

    /// Says the day of the week written after a date ("(목)" → 목요일); returns where reading
    /// goes on.
    mutating func putWeekday(after index: Int) -> Int {
        guard let weekday = cursor.weekday(at: index) else { return index }
        put(" " + weekday.name)
        return weekday.end
    }

    /// 10:30 → 열 시; 13:05 → 십삼 시 오 분; with a second time, a range. Not a time:
    /// perhaps a ratio.
    mutating func readTime() -> Bool {
        guard let time = cursor.timeParts(at: cursor.position) else { return readRatio() }
        put(time.words)
        var resume = time.end
        if let secondStart = cursor.afterRangeSign(resume), let second = cursor.timeParts(at: secondStart) {
            put("부터 ")
            put(second.words)
            resume = second.end
            if cursor.needsKkaji(at: resume) { put("까지") }
        }
        cursor.move(to: resume)
        return true
    }

    /// 2:1 (not a time) → 이 대 일; a scale 1:25,000 → 일 대 이만 오천.
    private mutating func readRatio() -> Bool {
        guard let left = cursor.smallNumber(at: cursor.position, maxDigits: 3), left.end + 1 < cursor.end,
            cursor[left.end] == ":", cursor.isDigit(at: left.end + 1)
        else { return false }
        let right = cursor.number(at: left.end + 1)
        guard right.fraction == nil, right.value != nil else { return false }
        put(KoreanNumerals.sino(left.value) + " 대 " + right.words(.sino))
        cursor.move(to: right.end)
        return true
    }
}

extension SpeechScanner {
    /// Words after "3.1" that make it a commemoration (3.1절, 4.19 혁명), not a decimal.
    private static let commemorated: [[Unicode.Scalar]] = SpeechVocabulary.scalars([
        "절", "운동", "사태", "혁명", "전쟁", "선언", "민주", "항쟁", "의거", "사변", "정신", "기념", "공원",
    ])

    /// 6·25 → 육이오, 3·1 → 삼일, 4·19 → 사일구: the day's digits one by one, but a day with a
    /// zero as a number (6·10 → 육십) and 12·12 → 십이십이. With a full stop only before a word
    /// such as 절 or 혁명, or for a known day (3.1절, 5.16 → 오일육, 8.15 → 팔일오).
    mutating func readCommemoration() -> Bool {
        guard let month = cursor.smallNumber(at: cursor.position), month.end + 1 < cursor.end,
            cursor[month.end] == "\u{B7}" || cursor[month.end] == ".",
            let day = cursor.smallNumber(at: month.end + 1)
        else { return false }
        if cursor[month.end] == "." {
            let next = cursor.afterOneSpace(day.end)
            let known =
                SpeechVocabulary.commemorationDays.contains(month.value * 100 + day.value)
                && !cursor.isDigit(at: day.end + 1) && cursor.unit(at: day.end) == nil && cursor.counter(at: day.end) == nil
                && !(cursor.at(day.end) == "." && cursor.isDigit(at: cursor.afterSpaces(day.end + 1)))
            guard known || Self.commemorated.contains(where: { cursor.matches($0, at: next) }) else { return false }
        }
        let dayText = cursor.string((month.end + 1)..<day.end)
        let dayWords =
            day.value % 10 == 0 || (day.value == month.value && day.value >= 10)
            ? KoreanNumerals.sino(day.value) : KoreanNumerals.digits(dayText)
        put(KoreanNumerals.sino(month.value) + dayWords)
        cursor.move(to: day.end)
        return true
    }
}
