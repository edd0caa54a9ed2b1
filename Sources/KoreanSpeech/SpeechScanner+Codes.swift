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
        cursor.move(to: index)
        return true
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
