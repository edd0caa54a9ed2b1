import Hangul

/// Look-arounds that decide between readings: calculations, short years, which yen.
extension ScalarCursor {
    private static func isCalculationScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "0"..."9", " ", ".", ",", "+", "-", "\u{2212}", "\u{D7}", "\u{F7}", "=", "(", ")", "x": return true
        default: return false
        }
    }

    /// Whether the sign at `index` is an operator of a calculation: a number (or bracket) on
    /// each side, and an = in the same run of digits and operators (3 + 4 = 7, 5-3=2).
    func isArithmetic(at index: Int) -> Bool {
        var before = index - 1
        while before >= start, scalars[before] == " " { before -= 1 }
        guard before >= start, ScalarClass.isDigit(scalars[before]) || scalars[before] == ")" else { return false }
        let after = afterSpaces(index + 1)
        guard let next = at(after), ScalarClass.isDigit(next) || next == "(" || next == "-" || next == "\u{2212}"
        else { return false }
        if scalars[index] == "=" { return true }
        var lower = index - 1
        while lower >= start, index - lower < 80, Self.isCalculationScalar(scalars[lower]) {
            if scalars[lower] == "=" { return true }
            lower -= 1
        }
        var upper = index + 1
        while upper < end, upper - index < 80, Self.isCalculationScalar(scalars[upper]) {
            if scalars[upper] == "=" { return true }
            upper += 1
        }
        return false
    }

    /// Whether two digits at `index` are a year written with an apostrophe ('98): no digit or
    /// letter around them.
    func isShortYear(at index: Int) -> Bool {
        guard isDigit(at: index), isDigit(at: index + 1), !isDigit(at: index + 2) else { return false }
        if let next = at(index + 2), ScalarClass.isASCIILetter(next) || next == "'" || next == "\u{2019}" {
            return next == "s" && !isASCIILetterOrDigit(at: index + 3)  // '80s: read as a decade
        }
        if let previous = at(index - 2), ScalarClass.isASCIILetter(previous) || ScalarClass.isDigit(previous) { return false }
        return true
    }

    private static let durationWords: [[Unicode.Scalar]] = SpeechVocabulary.scalars([
        "간", "동안", "정도", "가량", "쯤", "씩", "마다", "주기", "이내", "이상", "이하", "만에", "후", "전", "내외", "째",
        "걸리", "걸린", "걸릴", "걸렸", "걸려", "걸쳐", "걸친",
    ])

    /// Whether a word saying that a span of time is a duration starts at `index` (3~5일간).
    func isDurationWord(at index: Int) -> Bool {
        Self.durationWords.contains { matches($0, at: index) }
    }

    /// Whether a range read with 부터 is closed with 까지 before `index`: when no word follows
    /// it directly, or 의 does (1950~1953년의 → …년까지의). Other particles (에, 에는, 간) take
    /// the place of 까지.
    func needsKkaji(at index: Int) -> Bool {
        guard index < end, HangulSyllable.contains(scalars[index]) else { return true }
        return scalars[index] == "의"
    }

    private static let scoreWords: [[Unicode.Scalar]] = SpeechVocabulary.scalars([
        "이겼", "이기", "승리", "패했", "패배", "졌", "지고", "비겼", "비기", "역전", "앞서", "앞섰", "뒤지", "뒤졌",
        "완승", "완패", "석패", "끝났", "끝내", "마쳤", "대승", "신승",
    ])
    private static let ratioWords: [[Unicode.Scalar]] = SpeechVocabulary.scalars(["비율", "비", "비례", "축척", "스코어", "점수"])

    /// Whether what follows a time-shaped H:MM at `index` makes it a score or a ratio:
    /// 15:35로 이겼다, 2:1의 비율 (a time would be followed by 에, 부터, 까지 …).
    func isScoreContext(at index: Int) -> Bool {
        var particleEnd = index
        if matches(["로"], at: index) {
            particleEnd = index + 1
        } else if matches(["으", "로"], at: index) {
            particleEnd = index + 2
        } else if matches(["의"], at: index) {
            return Self.ratioWords.contains { matches($0, at: afterOneSpace(index + 1)) }
        } else {
            return false
        }
        return Self.scoreWords.contains { matches($0, at: afterOneSpace(particleEnd)) }
    }

    private static let timeCounters: Set<Unicode.Scalar> = ["시", "분", "초", "일", "월", "년"]

    /// Whether a number and a counting word of time (시, 분, 일 …) end just before `index`.
    func followsTime(_ index: Int) -> Bool {
        var before = index - 1
        while before >= start, scalars[before] == " " { before -= 1 }
        guard before >= start + 1, Self.timeCounters.contains(scalars[before]) else { return false }
        return ScalarClass.isDigit(scalars[before - 1])
    }

    private static let weekdays: Set<Unicode.Scalar> = ["월", "화", "수", "목", "금", "토", "일"]

    /// The day of the week written after a date, "(목)" (after at most one space): its name
    /// (목요일) and the index after it.
    func weekday(at index: Int) -> (name: String, end: Int)? {
        let open = afterOneSpace(index)
        guard at(open) == "(", let day = at(open + 1), Self.weekdays.contains(day), at(open + 2) == ")" else { return nil }
        return (String(day) + "요일", open + 3)
    }

    private static let chinaWords: [[Unicode.Scalar]] = SpeechVocabulary.scalars(["중국", "위안", "인민폐", "元", "CNY", "RMB"])

    /// Whether the text around `index` speaks of China, so that ¥ is 위안 rather than 엔.
    func mentionsChina(around index: Int) -> Bool {
        let lower = max(0, index - 60)
        let upper = min(end, index + 60)
        for position in lower..<upper where Self.chinaWords.contains(where: { matches($0, at: position) }) {
            return true
        }
        return false
    }
}
