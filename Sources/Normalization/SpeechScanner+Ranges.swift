/// "A~B": quantities as "A에서 B", dates and times as "A부터 B까지".
extension SpeechScanner {
    /// Reads the range from `first` (its unit or counter already matched) to `second`; the
    /// cursor ends after the range and any date or time it runs on into.
    mutating func readRange(
        _ first: NumberToken, _ firstUnit: UnitMatch?, _ firstCounter: CounterMatch?,
        _ second: NumberToken, _ context: NumberContext
    ) {
        let secondUnit = cursor.unit(at: second.end)
        let secondCounter = secondUnit == nil ? cursor.counter(at: second.end) : nil
        let unit = firstUnit ?? secondUnit
        let counter = firstCounter ?? secondCounter
        if unit == nil, readTensRange(first, second, counter: counter) { return }
        if unit == nil, counter == nil, readYearsInBrackets(first, second, context) { return }
        // 5~7년 주기 → 오 년에서 칠 년: a span of years under 100, or of days, minutes or seconds
        // before 간, 동안, 정도 …, is a duration, not dates.
        let secondEnd = secondUnit?.end ?? secondCounter?.end ?? second.end
        let after = cursor.afterOneSpace(secondEnd)
        // After a month the days are dates whatever follows (5월 4~5일에 걸쳐).
        let afterMonth = cursor.word(before: context.numberStart).last == "월"
        let spanWord =
            counter?.counter.temporal == true && !afterMonth
            && (cursor.isDurationWord(at: after)
                || (cursor.at(after) == "에" && cursor.isDurationWord(at: cursor.afterOneSpace(after + 1))))  // 3~4일에 걸쳐
        let duration = (counter?.wordText == "년" && (second.value ?? 1000) < 100) || spanWord
        let temporal = (counter?.counter.temporal ?? false) && !duration
        if spanWord, unit == nil, let counter, readApproximateSpan(first, second, counter: counter) { return }
        if let prefix = unit?.unit.prefix, !cursor.isPreceded(by: prefix, at: context.numberStart) {
            put(prefix)
            put(" ")
        }
        let firstKind =
            unit != nil
            ? .sino
            : cursor.reading(
                for: counter, value: first.value, numberStart: context.numberStart,
                ordinalPrefix: context.ordinalPrefix)
        putSign(negative: context.negative, temperature: unit?.unit.temperature ?? false)
        put(first.words(firstKind, counter: counter?.word))
        if let suffix = Self.suffixWords(unit, firstUnit != nil ? nil : counter) {
            put(" ")
            put(suffix)
        }
        put(temporal ? "부터" : "에서")
        put(" ")
        let secondKind =
            unit != nil
            ? .sino
            : cursor.reading(
                for: secondCounter ?? firstCounter, value: second.value, numberStart: context.numberStart,
                ordinalPrefix: context.ordinalPrefix)
        put(second.words(secondKind, counter: counter?.word))
        var resume = second.end
        if let suffix = Self.suffixWords(secondUnit, secondCounter) {
            put(" ")
            put(suffix)
            resume = secondUnit?.end ?? secondCounter!.end
        } else if secondCounter?.counter.reading == .month {
            resume = secondCounter!.end
        }
        if temporal {
            resume = readDateTail(at: resume)
            if cursor.needsKkaji(at: resume) { put("까지") }
        }
        cursor.move(to: resume)
    }

    /// 고려 시대(918~1392), 세종(1397~1450): a bracket holding only a span of years.
    private mutating func readYearsInBrackets(_ first: NumberToken, _ second: NumberToken, _ context: NumberContext) -> Bool {
        guard cursor.at(context.numberStart - 1) == "(", cursor.at(second.end) == ")", first.fraction == nil,
            second.fraction == nil, let a = first.value, let b = second.value, (100...2100).contains(a),
            (100...2100).contains(b), a < b, !context.negative
        else { return false }
        put(KoreanNumerals.sino(a) + " 년부터 " + KoreanNumerals.sino(b) + " 년까지")
        cursor.move(to: second.end)
        return true
    }

    /// 4~5일 걸린다 → 사오 일, 2~3년 동안 → 이삼 년: a span of two neighbouring single digits
    /// before a Sino-Korean counter of time, said as one approximate number (표준국어대사전 '사오',
    /// '이삼'; 한글 맞춤법 제43항 해설).
    private mutating func readApproximateSpan(_ first: NumberToken, _ second: NumberToken, counter: CounterMatch) -> Bool {
        guard counter.counter.reading == .sino, counter.start >= second.end, first.fraction == nil, second.fraction == nil,
            let a = first.value, let b = second.value, b == a + 1, (1...8).contains(a),
            first.whole.count == 1
        else { return false }
        put(KoreanNumerals.sino(a) + KoreanNumerals.sino(b) + " " + counter.wordText)
        cursor.move(to: counter.end)
        return true
    }

    /// 40~50대 → 사오십 대, 60~70년대 → 육칠십 년대: two neighbouring tens before 대 or 년대.
    private mutating func readTensRange(_ first: NumberToken, _ second: NumberToken, counter: CounterMatch?) -> Bool {
        guard let counter, counter.wordText == "대" || counter.wordText == "년대", counter.start >= second.end,
            first.fraction == nil, second.fraction == nil, let a = first.value, let b = second.value,
            a % 10 == 0, b == a + 10, (10...80).contains(a)
        else { return false }
        put(KoreanNumerals.sino(a / 10) + KoreanNumerals.sino(b) + " " + counter.wordText)
        cursor.move(to: counter.end)
        return true
    }

    /// The words said after a number of a range: the unit's name or the counting word (months
    /// carry theirs in the number's words).
    private static func suffixWords(_ unit: UnitMatch?, _ counter: CounterMatch?) -> String? {
        if let unit { return unit.unit.word }
        if let counter, counter.counter.reading != .month { return counter.wordText }
        return nil
    }

    /// The rest of a date or time that ends a range: "~11월 12일" goes on to 12일 before 까지.
    /// Returns the index after it.
    private mutating func readDateTail(at index: Int) -> Int {
        var resume = index
        while true {
            let cursorIndex = cursor.afterOneSpace(resume)
            guard cursor.isDigit(at: cursorIndex) else { return resume }
            let token = cursor.number(at: cursorIndex)
            guard token.fraction == nil, let counter = cursor.counter(at: token.end), counter.counter.temporal,
                counter.start == token.end
            else { return resume }
            let kind = cursor.reading(for: counter, value: token.value, numberStart: cursorIndex, ordinalPrefix: false)
            put(" ")
            put(token.words(kind, counter: counter.word))
            if kind != .month {
                put(" ")
                put(counter.wordText)
            }
            resume = counter.end
        }
    }
}
