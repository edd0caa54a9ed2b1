/// Measures as labels write them: the sign between the dimensions of a size (30 x 40 cm →
/// 삼십 곱하기 사십 센티미터) and numbers grouped by spaces (10 000년 → 만 년).
extension ScalarCursor {
    /// Words naming a dimension, written between a size's sign and its number (가로 30 x 세로 40).
    private static let dimensionWords: [[Unicode.Scalar]] = SpeechVocabulary.scalars([
        "가로", "세로", "높이", "폭", "너비", "길이", "두께", "깊이", "지름", "직경",
    ])

    /// Whether the Latin x (or X) at `index` stands between two dimensions of a size: a number
    /// (perhaps with its unit, 30cm) before it, a number (perhaps after a dimension word, 세로 40)
    /// after it, and no letter touching it. Korean readers say it 곱하기, as they say ×.
    func isDimensionSign(at index: Int) -> Bool {
        guard let sign = at(index), sign == "x" || sign == "X" else { return false }
        if let next = at(index + 1), ScalarClass.isASCIILetter(next) { return false }
        // Before: digits, or digits and a unit of at most four letters (30cm, 1.2 m).
        var before = index - 1
        while before >= start, scalars[before] == " " { before -= 1 }
        guard before >= start else { return false }
        if before == index - 1, ScalarClass.isASCIILetter(scalars[before]) { return false }
        if !ScalarClass.isDigit(scalars[before]) {
            var letters = 0
            while before >= start, letters < 4, ScalarClass.isASCIILetter(scalars[before]) || scalars[before].value > 0x2000 {
                before -= 1
                letters += 1
            }
            if before >= start, scalars[before] == " " { before -= 1 }
            guard letters > 0, before >= start, ScalarClass.isDigit(scalars[before]) else { return false }
            // The letters must be a unit after the number (30cm), not a word (Windows 3 x).
            guard unit(at: before + 1) != nil else { return false }
        }
        // After: digits, or a dimension word and digits.
        var after = afterSpaces(index + 1)
        if !isDigit(at: after) {
            guard let word = Self.dimensionWords.first(where: { matches($0, at: after) }) else { return false }
            after = afterSpaces(after + word.count)
        }
        return isDigit(at: after)
    }

    /// A number whose thousands are grouped by spaces (10 000년, 12 345 m²): groups of exactly
    /// three digits after `first` (at most three digits, no decimals), each after one space, and
    /// then a unit or counting word — without it, "10 100" is two numbers and stays so.
    func spaceGroupedNumber(after first: NumberToken, numberStart: Int) -> NumberToken? {
        guard at(first.end) == " ", digitRunEnd(from: first.end + 1) == first.end + 4, first.fraction == nil,
            first.whole.count <= 3, first.end == digitRunEnd(from: numberStart),
            numberStart == 0 || !isDigitOrComma(at: numberStart - 1)
        else { return nil }
        var whole = first.whole
        var index = first.end
        while at(index) == " ", digitRunEnd(from: index + 1) == index + 4 {
            whole += scalars[(index + 1)..<(index + 4)]
            index += 4
        }
        guard index > first.end else { return nil }
        var token = NumberToken(end: index, whole: whole, fraction: nil)
        if index + 1 < end, scalars[index] == ".", isDigit(at: index + 1) {
            let fractionEnd = digitRunEnd(from: index + 1)
            token.fraction = Array(scalars[(index + 1)..<fractionEnd])
            token.end = fractionEnd
        }
        guard unit(at: token.end) != nil || counter(at: token.end) != nil || at(token.end) == "여" else { return nil }
        return token
    }

    private func isDigitOrComma(at index: Int) -> Bool {
        guard let scalar = at(index) else { return false }
        return ScalarClass.isDigit(scalar) || scalar == "," || scalar == "."
    }
}
