/// Dates as notices and news write them without a four-digit year: a month and day before a
/// weekday in brackets (3.1.(월), 3월 1일(월)부터) and news datelines with a two-digit year
/// ('24. 3. 5., 24.03.05). The shape decides, so that decimals (3.14), versions (3.1.2) and
/// scores are never read as dates.
extension ScalarCursor {
    /// The name of the weekday written `day`, in Hangul or Hanja (a switch: no hashing per bracket).
    private static func weekdayName(_ day: Unicode.Scalar) -> String? {
        switch day {
        case "월", "月": return "월요일"
        case "화", "火": return "화요일"
        case "수", "水": return "수요일"
        case "목", "木": return "목요일"
        case "금", "金": return "금요일"
        case "토", "土": return "토요일"
        case "일", "日": return "일요일"
        default: return nil
        }
    }

    /// A weekday in brackets at `index` (after at most one space), in Hangul or Hanja: its name and
    /// the index after the closing bracket.
    func bracketedWeekday(at index: Int) -> (name: String, end: Int)? {
        let open = afterOneSpace(index)
        guard at(open) == "(", at(open + 2) == ")", let day = at(open + 1), let name = Self.weekdayName(day) else { return nil }
        return (name, open + 3)
    }

    /// A month and day at `index` written "3.1.", "3. 1.", "3.1" or "3/1" (no digit, letter or full
    /// stop before it): the date and the index after it, its closing full stop included.
    func monthDay(at index: Int) -> (date: DateParts, end: Int, closingDot: Bool)? {
        if let previous = at(index - 1), ScalarClass.isDigit(previous) || ScalarClass.isASCIILetter(previous) || previous == "." {
            return nil
        }
        guard let month = smallNumber(at: index), (1...12).contains(month.value), let separator = at(month.end),
            separator == "." || separator == "/"
        else { return nil }
        guard let day = smallNumber(at: afterOneSpace(month.end + 1)), (1...31).contains(day.value) else { return nil }
        if at(day.end) == separator, isDigit(at: afterOneSpace(day.end + 1)) { return nil }  // 3.1.2
        let closingDot = separator == "." && at(day.end) == "."
        return (DateParts(year: nil, month: month.value, day: day.value, end: day.end), closingDot ? day.end + 1 : day.end, closingDot)
    }

    /// Whether the text before `index` (across spaces) makes a number with full stops a version or
    /// a name's number: a Latin letter (v3.1, iOS 17.01.02) or 버전.
    func isVersionContext(before index: Int) -> Bool {
        var before = index - 1
        while before >= start, scalars[before] == " " { before -= 1 }
        guard before >= start else { return false }
        return ScalarClass.isASCIILetter(scalars[before]) || isPreceded(by: "버전", at: index)
    }

    /// Whether a weekday in brackets ends just before `index` (across spaces): a range sign there
    /// goes on from a date (3월 25일(월) ~ 4월 12일(금)).
    func followsBracketedWeekday(_ index: Int) -> Bool {
        var before = index - 1
        while before >= start, scalars[before] == " " { before -= 1 }
        guard before - 2 >= start, scalars[before] == ")", scalars[before - 2] == "(" else { return false }
        return Self.weekdayName(scalars[before - 1]) != nil
    }

    private static let datelineWords: [[Unicode.Scalar]] = SpeechVocabulary.scalars([
        "입력", "수정", "등록", "작성", "발행", "게재", "송고", "기자", "일시", "날짜", "보도", "작성일", "등록일", "입력일",
        "수정일", "게시일", "일자",
    ])

    /// Whether a short date at `index` stands where a dateline does: at the start of the text or
    /// a line, after an opening bracket, or after a word such as 입력 or 기자 (and a colon).
    func isDatelineContext(before index: Int) -> Bool {
        var before = index - 1
        while before >= start, scalars[before] == " " || scalars[before] == ":" { before -= 1 }
        guard before >= start else { return true }
        let previous = scalars[before]
        if previous == "\n" || previous == "(" || previous == "[" || previous == "/" || previous == "|" { return true }
        return Self.datelineWords.contains { word in before + 1 - word.count >= start && matches(word, at: before + 1 - word.count) }
    }
}

extension SpeechScanner {
    /// 3.1.(월) → 삼월 일 일 월요일; 10. 17.(월) ~ 10. 18.(화) → … 월요일부터 … 화요일까지; a month
    /// and day with full stops before a range sign and another such date (10.17.~10.18.). A
    /// month and day without either is left to the other readers (3.1 is 삼일 or a decimal).
    mutating func readMonthDay() -> Bool {
        let index = cursor.position
        guard let first = cursor.monthDay(at: index) else { return false }
        let weekday = cursor.bracketedWeekday(at: first.end)
        if weekday == nil, first.closingDot, readDateChange(from: first) { return true }
        var second: (date: DateParts, end: Int, closingDot: Bool)?
        if let secondStart = cursor.afterRangeSign(weekday?.end ?? first.end), let date = cursor.monthDay(at: secondStart),
            weekday != nil || cursor.bracketedWeekday(at: date.end) != nil || (first.closingDot && date.closingDot)
        {
            second = date
        }
        guard weekday != nil || second != nil else { return false }
        put(first.date.words)
        var resume = first.end
        if let weekday {
            put(" " + weekday.name)
            resume = weekday.end
        }
        if let second {
            put("부터 ")
            put(second.date.words)
            resume = second.end
            if let weekday = cursor.bracketedWeekday(at: resume) {
                put(" " + weekday.name)
                resume = weekday.end
            }
            if cursor.needsKkaji(at: resume) { put("까지") }
        }
        cursor.move(to: resume)
        return true
    }

    /// A range sign after a date's weekday in brackets (3월 25일(월) ~ 4월 12일(금), 2020.7.6.(월) ~
    /// 별도 통보 시까지) is 부터; one that opens a bracket or a line before a date ((~'26.2.25.)) is
    /// 까지 after it. A date with its year after the sign is read here, so that 까지 closes it.
    mutating func readDateRangeSign() -> Bool {
        let index = cursor.position
        let next = cursor.afterSpaces(index + 1)
        let opensRange = cursor.followsBracketedWeekday(index)
        if !opensRange {
            var before = index - 1
            while before >= cursor.start, cursor[before] == " " { before -= 1 }
            guard before < cursor.start || cursor[before] == "(" || cursor[before] == ":" else { return false }
        }
        guard let (words, end) = yearDate(at: next) ?? (opensRange ? nil : monthDayDate(at: next)) else {
            guard opensRange, next < cursor.end else { return false }
            writer.pendingSpace = false
            put("부터 ")
            cursor.advance()
            return true
        }
        if opensRange {
            writer.pendingSpace = false
            put("부터 ")
        }
        put(words)
        var resume = end
        if let weekday = cursor.bracketedWeekday(at: resume) {
            put(" " + weekday.name)
            resume = weekday.end
        }
        if cursor.needsKkaji(at: resume) { put("까지") }
        cursor.move(to: resume)
        return true
    }

    /// A date with its year at `index` ('26.2.25., 2024.3.5., 2024. 3. 5.): its words and the
    /// index after it, its closing full stop included.
    private func yearDate(at index: Int) -> (String, Int)? {
        if let mark = cursor.at(index), mark == "'" || mark == "\u{2018}" || mark == "\u{2019}",
            let date = cursor.shortYearDate(at: index + 1)
        {
            return (date.words, cursor.afterClosingDot(date.end, dotted: true))
        }
        guard let date = cursor.dateParts(at: index), cursor[index + 4] == "." else { return nil }
        return (date.words, cursor.afterClosingDot(date.end, dotted: true))
    }

    /// A month and day with full stops at `index` (10.18.): its words and the index after it.
    private func monthDayDate(at index: Int) -> (String, Int)? {
        guard let date = cursor.monthDay(at: index), date.closingDot else { return nil }
        return (date.date.words, date.end)
    }

    /// 9.27.→10.11. (a date moved or a span extended): 구월 이십칠 일에서 시월 십일 일로, the
    /// reading of an arrow between two items (+Arrows) with dates on both sides.
    private mutating func readDateChange(from first: (date: DateParts, end: Int, closingDot: Bool)) -> Bool {
        let arrow = cursor.afterSpaces(first.end)
        guard let sign = cursor.at(arrow) else { return false }
        var width = 0
        if ArrowDirection(sign) == .forward {
            width = 1
        } else if sign == "-" || sign == "=", cursor.at(arrow + 1) == ">" {
            width = 2
        }
        guard width > 0, let second = cursor.monthDay(at: cursor.afterSpaces(arrow + width)), second.closingDot else { return false }
        put(first.date.words + "에서 " + second.date.words + "로")
        cursor.move(to: second.end)
        return true
    }

    /// "(월)" after a day written with 일 (3월 1일(월)부터 → 삼월 일 일 월요일부터): the weekday's
    /// name; false when the bracket is anything else.
    mutating func readWeekdayAfterDay() -> Bool {
        let index = cursor.position
        guard let weekday = cursor.bracketedWeekday(at: index) else { return false }
        var before = index - 1
        if cursor.at(before) == " " { before -= 1 }
        guard cursor.at(before) == "일" else { return false }
        if cursor.at(before - 1) == " " { before -= 1 }
        guard cursor.isDigit(at: before - 1) else { return false }
        put(" " + weekday.name)
        // The end of a range of days (15일(월)~19일(금)), begun with 부터, is closed with 까지.
        if endsDayRange(before - 1), cursor.needsKkaji(at: weekday.end) { put("까지") }
        cursor.move(to: weekday.end)
        return true
    }

    /// Whether the day whose last digit is at `index` follows a range sign (~19일, ~ 4월 19일).
    private func endsDayRange(_ index: Int) -> Bool {
        var before = index
        while before > cursor.start, before > index - 12 {
            let scalar = cursor[before]
            if ScalarClass.isRangeSign(scalar) { return scalar == "~" || cursor.isDigit(at: before - 1) || cursor.at(before - 1) == ")" }
            guard ScalarClass.isDigit(scalar) || scalar == " " || scalar == "월" || scalar == "년" || scalar == "." else { return false }
            before -= 1
        }
        return false
    }

    /// News datelines with a two-digit year: 24.03.05 (month and day of two digits each) and
    /// 24. 3. 5. (a space after each full stop) anywhere; 24.3.5. only where a dateline stands.
    /// The year is said in full as for '24.3.5 (00–29 in the 2000s, 30–99 in the 1900s).
    mutating func readNewsDate() -> Bool {
        let index = cursor.position
        guard cursor.digitRunEnd(from: index) == index + 2, let separator = cursor.at(index + 2),
            separator == "." || separator == "-"
        else { return false }
        if separator == "-" { return readHyphenatedNewsDate() }
        if let previous = cursor.at(index - 1),
            ScalarClass.isDigit(previous) || ScalarClass.isASCIILetter(previous) || previous == "." || previous == "'"
                || previous == "\u{2019}" || previous == "-"
        {
            return false
        }
        guard let date = cursor.shortYearDate(at: index) else { return false }
        let dayEnd = date.end
        if cursor.isASCIILetterOrDigit(at: dayEnd) { return false }
        if cursor.at(dayEnd) == ".", cursor.isDigit(at: cursor.afterOneSpace(dayEnd + 1)) { return false }  // 24.03.05.1
        let monthStart = cursor.afterSpaces(index + 3)
        let monthEnd = cursor.digitRunEnd(from: monthStart)
        let dayStart = cursor.afterSpaces(monthEnd + 1)
        let spaced = monthStart > index + 3 && dayStart > monthEnd + 1
        let padded = monthStart == index + 3 && dayStart == monthEnd + 1 && monthEnd - monthStart == 2 && dayEnd - dayStart == 2
        let dotted = cursor.at(dayEnd) == "."
        guard spaced || padded || (dotted && monthStart == index + 3 && cursor.isDatelineContext(before: index)) else { return false }
        if cursor.isVersionContext(before: index) { return false }
        put(date.words)
        cursor.move(to: putWeekday(after: cursor.afterClosingDot(dayEnd, dotted: true)))
        return true
    }

    /// 22-03-02 after 작성일, 입력 … (a dateline): a two-digit year, month and day of two digits
    /// each, joined by hyphens. Elsewhere the shape is an identifier (22-03-02호) and stays one.
    private mutating func readHyphenatedNewsDate() -> Bool {
        let index = cursor.position
        guard cursor.at(index + 5) == "-", cursor.digitRunEnd(from: index + 3) == index + 5,
            cursor.digitRunEnd(from: index + 6) == index + 8, cursor.at(index + 8) != "-",
            !cursor.isASCIILetterOrDigit(at: index + 8), !cursor.isHangul(at: index + 8),
            let year = cursor.smallNumber(at: index)?.value, let month = cursor.smallNumber(at: index + 3)?.value,
            let day = cursor.smallNumber(at: index + 6)?.value, (1...12).contains(month), (1...31).contains(day),
            cursor.isDatelineContext(before: index)
        else { return false }
        put(DateParts(year: (year < 30 ? 2000 : 1900) + year, month: month, day: day, end: index + 8).words)
        cursor.move(to: index + 8)
        return true
    }
}
