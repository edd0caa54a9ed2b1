/// Numbers that are codes rather than quantities: phone numbers, said digit by digit.
extension SpeechScanner {
    /// 02-123-4567, 010-1234-5678, 1588-1234 → digits one by one, 0 as 공.
    mutating func readPhoneNumber() -> Bool {
        var groups: [Range<Int>] = []
        var index = cursor.position
        while true {
            let groupEnd = cursor.digitRunEnd(from: index)
            guard groupEnd > index else { return false }
            groups.append(index..<groupEnd)
            guard groupEnd + 1 < cursor.end, cursor[groupEnd] == "-", cursor.isDigit(at: groupEnd + 1), groups.count < 3 else {
                index = groupEnd
                break
            }
            index = groupEnd + 1
        }
        if index < cursor.end, ScalarClass.isDigit(cursor[index]) || cursor[index] == "-" { return false }
        guard isPhoneNumber(groups, followedBy: index) else { return false }
        put(groups.map { KoreanNumerals.digits(cursor.string($0), zero: "공") }.joined(separator: " "))
        cursor.move(to: readFurtherLineNumbers(after: index, lastGroup: groups[groups.count - 1].count))
        return true
    }

    /// The other lines written after a phone number as their last digits: "4567, 4568",
    /// "4567/4568", "4841~3" (up to as many digits as the number's last group, no unit or counting
    /// word after them) are said digit by digit as numbers of the same line, not as quantities.
    /// Returns where reading goes on.
    private mutating func readFurtherLineNumbers(after index: Int, lastGroup: Int) -> Int {
        var resume = index
        while let separator = cursor.at(resume), separator == "," || separator == "/" || separator == "~" {
            let start = cursor.afterOneSpace(resume + 1)
            let end = cursor.digitRunEnd(from: start)
            guard end > start, end - start <= lastGroup, cursor.at(end) != "-", cursor.at(end) != ".",
                !cursor.isASCIILetterOrDigit(at: end), cursor.unit(at: end) == nil, cursor.counter(at: end) == nil,
                !cursor.isHangul(at: end)
            else { break }
            put(separator == "~" ? "에서 " : ", ")
            put(KoreanNumerals.digits(cursor.string(start..<end), zero: "공"))
            resume = end
        }
        return resume
    }

    /// Words and marks after which a five-digit number (or an old 3-3 one) is a postal code:
    /// 우편번호 03154, (우 35208), 우) 03154, 〒03154.
    private static let postalMarks: [[Unicode.Scalar]] = SpeechVocabulary.scalars(["우편번호", "우편", "우)", "(우", "〒"])
    /// Parts of a Korean address near a bracketed five-digit number that make it a postal code.
    private static let addressWords: [[Unicode.Scalar]] = SpeechVocabulary.scalars([
        "특별시", "광역시", "특별자치", "도 ", "시 ", "군 ", "구 ", "읍 ", "면 ", "동 ", "리 ", "로 ", "길 ", "번길", "주소",
    ])

    /// 우편번호 03154 → 공삼일오사; (13154) in an address → 일삼일오사: a postal code is said digit by
    /// digit, 0 as 공 (도로명 주소: five-digit 국가기초구역번호), the old 302-701 likewise.
    mutating func readPostalCode() -> Bool {
        let index = cursor.position
        let end = cursor.digitRunEnd(from: index)
        var codeEnd = end
        if end - index == 3, cursor.at(end) == "-", cursor.digitRunEnd(from: end + 1) == end + 4 {
            codeEnd = end + 4
        } else if end - index != 5 {
            return false
        }
        if cursor.isASCIILetterOrDigit(at: codeEnd) || cursor.at(codeEnd) == "-" || cursor.at(codeEnd) == "," { return false }
        // After 우) the address may follow with no space: (우)302-701대전광역시.
        guard isAfterPostalMark(index) || (codeEnd == end && isBracketedInAddress(index..<end)) else { return false }
        var words = KoreanNumerals.digits(cursor.string(index..<end), zero: "공")
        if codeEnd > end { words += " " + KoreanNumerals.digits(cursor.string((end + 1)..<codeEnd), zero: "공") }
        put(words)
        put(" ")
        cursor.move(to: codeEnd)
        return true
    }

    private func isAfterPostalMark(_ index: Int) -> Bool {
        var before = index - 1
        while before >= cursor.start, cursor[before] == " " || cursor[before] == ":" { before -= 1 }
        if before >= cursor.start, cursor[before] == "우", !cursor.isHangul(at: before - 1) { return true }
        return Self.postalMarks.contains { mark in
            before + 1 - mark.count >= cursor.start && cursor.matches(mark, at: before + 1 - mark.count)
        }
    }

    private func isBracketedInAddress(_ code: Range<Int>) -> Bool {
        guard cursor.at(code.lowerBound - 1) == "(", cursor.at(code.upperBound) == ")",
            !cursor.isHangul(at: code.upperBound + 1)
        else { return false }  // (13154)명 is a count
        let lower = max(cursor.start, code.lowerBound - 40)
        let upper = min(cursor.end, code.upperBound + 40)
        for position in lower..<upper where Self.addressWords.contains(where: { cursor.matches($0, at: position) }) {
            return true
        }
        return false
    }

    /// Whether digit groups joined by hyphens have a phone number's shape: 2-4, 3-4, 4 digits;
    /// or 3-4 and 4 digits that are not a span of years and not before a Hangul word.
    private func isPhoneNumber(_ groups: [Range<Int>], followedBy index: Int) -> Bool {
        let counts = groups.map(\.count)
        switch counts.count {
        case 3:
            return (2...4).contains(counts[0]) && (3...4).contains(counts[1]) && counts[2] == 4
        case 2:
            let year = cursor.smallNumber(at: groups[0].lowerBound, maxDigits: 4)?.value ?? 0
            let second = cursor.smallNumber(at: groups[1].lowerBound, maxDigits: 4)?.value ?? 0
            // 1592-1598 is a span of years; 1544-5700 (a second "year" no calendar reaches) is a
            // nationwide service number, said digit by digit like 1588-1234.
            let looksLikeYears = counts[0] == 4 && (1000...2199).contains(year) && second > year && second <= 2199
            return (3...4).contains(counts[0]) && counts[1] == 4 && !looksLikeYears && cursor[groups[0].lowerBound] != "0"
                && !cursor.isHangul(at: index)
        default:
            return false
        }
    }
}
