/// Dates (1900. 4. 14, 2024-03-15), clock times (10:30), ratios (2:1), phone numbers and
/// commemorations (6·25, 3.1절). Each reader returns false, reading nothing, when the text at
/// the cursor is not of its kind.
struct DateParts {
    var year: Int, month: Int, day: Int
    /// The index after the day.
    var end: Int

    var words: String {
        KoreanNumerals.sino(year) + " 년 " + KoreanNumerals.month(month) + " " + KoreanNumerals.sino(day) + " 일"
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
              scalars[month.end] == separator else { return nil }
        guard let day = smallNumber(at: afterSpaces(month.end + 1)), (1...31).contains(day.value) else { return nil }
        return DateParts(year: year.value, month: month.value, day: day.value, end: day.end)
    }

    /// H:MM or H:MM:SS with an hour up to 24 and two-digit minutes and seconds below 60.
    func timeParts(at index: Int) -> TimeParts? {
        guard let hour = smallNumber(at: index), hour.value <= 24, hour.end + 2 <= end,
              hour.end < end, scalars[hour.end] == ":" else { return nil }
        guard let minute = smallNumber(at: hour.end + 1), minute.end - hour.end == 3, minute.value < 60 else { return nil }
        if minute.end < end, scalars[minute.end] == ":", let second = smallNumber(at: minute.end + 1),
           second.end - minute.end == 3, second.value < 60 {
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
    func isHangul(at index: Int) -> Bool { index < end && HangulSyllable.contains(scalars[index]) }
}

extension SpeechScanner {
    /// 1900. 04. 14, 1900.4.14, 2024-03-15 → 천구백 년 사월 십사 일; with a second date, a range.
    mutating func readDate() -> Bool {
        let index = cursor.position
        guard let date = cursor.dateParts(at: index) else { return false }
        put(date.words)
        var resume = date.end
        // The closing dot of "1992. 4. 20." belongs to the date unless it ends the text.
        if resume < cursor.end, cursor[resume] == ".", cursor[index + 4] == ".", resume + 1 < cursor.end { resume += 1 }
        if let secondStart = cursor.afterRangeSign(resume), let second = cursor.dateParts(at: secondStart) {
            put("부터 ")
            put(second.words)
            resume = second.end
            if resume < cursor.end, cursor[resume] == ".", cursor[secondStart + 4] == ".", resume + 1 < cursor.end {
                resume += 1
            }
            if !cursor.isHangul(at: resume) { put("까지") }
        }
        cursor.move(to: resume)
        return true
    }

    /// 10:30 → 열 시 삼십 분; 13:05 → 십삼 시 오 분; with a second time, a range. Not a time:
    /// perhaps a ratio.
    mutating func readTime() -> Bool {
        guard let time = cursor.timeParts(at: cursor.position) else { return readRatio() }
        put(time.words)
        var resume = time.end
        if let secondStart = cursor.afterRangeSign(resume), let second = cursor.timeParts(at: secondStart) {
            put("부터 ")
            put(second.words)
            resume = second.end
            if !cursor.isHangul(at: resume) { put("까지") }
        }
        cursor.move(to: resume)
        return true
    }

    /// 2:1 (not a time) → 이 대 일.
    private mutating func readRatio() -> Bool {
        guard let left = cursor.smallNumber(at: cursor.position, maxDigits: 3), left.end + 1 < cursor.end,
              cursor[left.end] == ":", let right = cursor.smallNumber(at: left.end + 1, maxDigits: 3) else { return false }
        put(KoreanNumerals.sino(left.value) + " 대 " + KoreanNumerals.sino(right.value))
        cursor.move(to: right.end)
        return true
    }
}

extension SpeechScanner {
    /// Words after "3.1" that make it a commemoration (3.1절, 4.19 혁명), not a decimal.
    private static let commemorated: [[Unicode.Scalar]] = SpeechVocabulary.scalars([
        "절", "운동", "사태", "혁명", "전쟁", "선언", "민주", "항쟁", "의거", "사변", "정신", "기념", "공원",
    ])

    /// 6·25 → 육이오, 3·1 → 삼일, 4·19 → 사일구: the day's digits one by one. With a full stop
    /// only before a word such as 절 or 혁명: 3.1절 → 삼일절.
    mutating func readCommemoration() -> Bool {
        guard let month = cursor.smallNumber(at: cursor.position), month.end + 1 < cursor.end,
              cursor[month.end] == "\u{B7}" || cursor[month.end] == ".",
              let day = cursor.smallNumber(at: month.end + 1) else { return false }
        if cursor[month.end] == "." {
            let next = cursor.afterOneSpace(day.end)
            guard Self.commemorated.contains(where: { cursor.matches($0, at: next) }) else { return false }
        }
        put(KoreanNumerals.sino(month.value) + KoreanNumerals.digits(cursor.string((month.end + 1)..<day.end)))
        cursor.move(to: day.end)
        return true
    }
}
