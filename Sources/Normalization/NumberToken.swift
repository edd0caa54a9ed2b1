/// Digits as written: the whole part without its thousands separators, and any decimals.
struct NumberToken {
    /// The index after the number.
    var end: Int
    var whole: [Unicode.Scalar]
    var fraction: [Unicode.Scalar]?

    /// The whole part's value; nil when it is too long for an `Int` reading.
    var value: Int? {
        guard whole.count <= 18 else { return nil }
        var result = 0
        for digit in whole { result = result * 10 + Int(digit.value - 0x30) }
        return result
    }

    /// Whether the number is too long to be said as a number (it is said digit by digit).
    var isTooLong: Bool { whole.count > 18 }

    var hasLeadingZero: Bool { whole.count > 1 && whole[0] == "0" }

    /// The words for the number read as `reading` (`counter` tells 번째 from 째; an empty
    /// counter marks an amount of money).
    func words(_ reading: SpeechVocabulary.Reading, counter: [Unicode.Scalar]? = nil) -> String {
        if let fraction {
            guard let value else { return KoreanNumerals.digits(Self.text(whole)) }
            return KoreanNumerals.sinoDecimal(whole: value, fraction: Substring(Self.text(fraction)))
        }
        guard let value else { return KoreanNumerals.digits(Self.text(whole)) }
        // A bare number with a leading zero is a code, said digit by digit with 공 (007 → 공공칠);
        // before a counting word the zeros are padding (09시 → 아홉 시).
        if hasLeadingZero, counter == nil, reading == .sino {
            return KoreanNumerals.digits(Self.text(whole), zero: "공")
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

    static func text(_ digits: [Unicode.Scalar]) -> String { String(String.UnicodeScalarView(digits)) }
}

extension ScalarCursor {
    /// The number written at `index` (a digit): thousands separators (groups of exactly three
    /// digits after at most three) and a decimal part.
    func number(at index: Int) -> NumberToken {
        var cursor = digitRunEnd(from: index)
        var whole = Array(scalars[index..<cursor])
        if whole.count <= 3 {
            while cursor + 3 <= end, scalars[cursor] == "," {
                let groupEnd = digitRunEnd(from: cursor + 1)
                guard groupEnd - cursor - 1 == 3 else { break }
                whole += scalars[(cursor + 1)..<groupEnd]
                cursor = groupEnd
            }
        }
        var fraction: [Unicode.Scalar]?
        if cursor + 1 < end, scalars[cursor] == ".", ScalarClass.isDigit(scalars[cursor + 1]) {
            let fractionEnd = digitRunEnd(from: cursor + 1)
            fraction = Array(scalars[(cursor + 1)..<fractionEnd])
            cursor = fractionEnd
        }
        return NumberToken(end: cursor, whole: whole, fraction: fraction)
    }

    /// A number of 1 to `maxDigits` digits at `index`, with no digit after it.
    func smallNumber(at index: Int, maxDigits: Int = 2) -> (value: Int, end: Int)? {
        let runEnd = digitRunEnd(from: index)
        let count = runEnd - index
        guard count >= 1, count <= maxDigits else { return nil }
        var value = 0
        for digit in scalars[index..<runEnd] { value = value * 10 + Int(digit.value - 0x30) }
        return (value, runEnd)
    }
}
