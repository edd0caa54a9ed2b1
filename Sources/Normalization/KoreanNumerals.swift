import ExpoModel
import ExpoSystem

/// Korean number words: Sino-Korean cardinals (일, 이, 삼 … with 만/억/조/경 groups) and
/// native cardinals (하나, 둘 … and their forms before counting words).
public enum KoreanNumerals {
    private static let sinoDigits = ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"]
    private static let smallUnits = ["", "십", "백", "천"]
    private static let groupUnits = ["", "만", "억", "조", "경"]

    /// Sino-Korean words for a whole number: 10000 → "만", 100000000 → "일억",
    /// 48130300 → "사천팔백십삼만삼백". With `spacedByGroups`, a space follows each
    /// 만/억/조/경 group as in standard spacing: "사천팔백십삼만 삼백".
    public static func sino(_ number: Int, spacedByGroups: Bool = false) -> String {
        if number == 0 { return "영" }
        if number < 0 { return "마이너스 " + sino(number == Int.min ? Int.max : -number, spacedByGroups: spacedByGroups) }
        var groups: [Int] = []
        var rest = number
        while rest > 0 {
            groups.append(rest % 10_000)
            rest /= 10_000
        }
        var parts: [String] = []
        for index in stride(from: groups.count - 1, through: 0, by: -1) {
            let group = groups[index]
            if group == 0 { continue }
            guard index < groupUnits.count else { return digits(String(number)) }
            var words = sinoBelowTenThousand(group)
            // 만 is never 일만; 억, 조 and 경 keep their 일.
            if index == 1, group == 1 { words = "" }
            parts.append(words + groupUnits[index])
        }
        return parts.joined(separator: spacedByGroups ? " " : "")
    }

    /// Sino-Korean words for 1...9999: 1372 → "천삼백칠십이", 10 → "십".
    static func sinoBelowTenThousand(_ number: Int) -> String {
        var words = ""
        var place = 3
        var divisor = 1000
        var rest = number
        while place >= 0 {
            let digit = rest / divisor
            rest %= divisor
            if digit > 0 {
                // 일 is said only in the ones place: 십, 백, 천 (not 일십).
                if digit > 1 || place == 0 { words += sinoDigits[digit] }
                words += smallUnits[place]
            }
            place -= 1
            divisor /= 10
        }
        return words
    }

    /// Each digit on its own in Sino-Korean: "042" → "영사이".
    public static func digits(_ text: String, zero: String = "영") -> String {
        var words = ""
        for character in text {
            guard let value = character.wholeNumberValue, (0...9).contains(value) else { continue }
            words += value == 0 ? zero : sinoDigits[value]
        }
        return words
    }

    /// The name of month `month` (1...12): 유월 and 시월 drop their final consonant.
    public static func month(_ month: Int) -> String {
        switch month {
        case 6: return "유월"
        case 10: return "시월"
        default: return sino(month) + "월"
        }
    }

    private static let nativeTens = ["", "열", "스물", "서른", "마흔", "쉰", "예순", "일흔", "여든", "아흔"]
    private static let nativeOnes = ["", "하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟", "아홉"]
    private static let nativeOnesBeforeCounter = ["", "한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉"]

    /// Native Korean words for 1...99, or nil outside that range. Before a counting word the
    /// forms shorten: 한 개, 두 명, 세 시, 스무 살, 스물한 권; on their own: 하나, 둘, 스물.
    public static func native(_ number: Int, beforeCounter: Bool = true) -> String? {
        guard (1...99).contains(number) else { return nil }
        let tens = number / 10
        let ones = number % 10
        if ones == 0 {
            return tens == 2 && beforeCounter ? "스무" : nativeTens[tens]
        }
        return nativeTens[tens] + (beforeCounter ? nativeOnesBeforeCounter[ones] : nativeOnes[ones])
    }

    /// The native ordinal before 번째 or 째: 1 → 첫, 2 → 두, 20 → 스무, 21 → 스물한; nil outside 1...99.
    public static func nativeOrdinal(_ number: Int) -> String? {
        number == 1 ? "첫" : native(number)
    }

    /// Sino-Korean reading of a decimal written with ASCII digits: "42.4" → "사십이 점 사",
    /// "0.05" → "영 점 영오". Digits after the point are said one by one, 0 as 영.
    public static func sinoDecimal(whole: Int, fraction: Substring) -> String {
        sino(whole) + " 점 " + digits(String(fraction))
    }
}
