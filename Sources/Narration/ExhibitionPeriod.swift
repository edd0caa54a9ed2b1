import ExpoModel
import Normalization

/// The poster's `duration` ("1900. 04. 14 - 1900. 11. 12") read as two dates and written the
/// way a Korean reader says it: "1900년 4월 14일부터 11월 12일까지".
public struct ExhibitionPeriod: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        public var year: Int
        public var month: Int
        public var day: Int
    }

    public var start: Day
    public var end: Day

    /// Parses "YYYY. MM. DD - YYYY. MM. DD" (dots or dashes or slashes between the parts, any
    /// spacing, ~ or – or - between the dates). Returns nil for anything else, e.g. a bare year.
    public init?(_ text: String) {
        let numbers = Self.numbers(in: text)
        guard numbers.count == 6 else { return nil }
        let start = Day(year: numbers[0], month: numbers[1], day: numbers[2])
        let end = Day(year: numbers[3], month: numbers[4], day: numbers[5])
        guard Self.isValid(start), Self.isValid(end) else { return nil }
        guard (start.year, start.month, start.day) <= (end.year, end.month, end.day) else { return nil }
        self.start = start
        self.end = end
    }

    /// "1900년 4월 14일부터 11월 12일까지"; the end year is written when it differs.
    public var written: String {
        let from = "\(start.year)년 \(start.month)월 \(start.day)일부터"
        let to =
            start.year == end.year
            ? "\(end.month)월 \(end.day)일까지"
            : "\(end.year)년 \(end.month)월 \(end.day)일까지"
        return from + " " + to
    }

    /// The period as it should be displayed: `written` when the text parses, else the text.
    public static func display(_ text: String) -> String {
        ExhibitionPeriod(text)?.written ?? text.trimmingWhitespace
    }

    private static func isValid(_ day: Day) -> Bool {
        guard (1...9999).contains(day.year), (1...12).contains(day.month) else { return false }
        let lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...lengths[day.month - 1]).contains(day.day)
    }

    /// The runs of ASCII digits, provided everything between them is a separator.
    private static func numbers(in text: String) -> [Int] {
        var numbers: [Int] = []
        var current = ""
        for character in text {
            if character.isASCII, character.isNumber {
                current.append(character)
            } else {
                guard " .-/~–—〜∼\t".contains(character) else { return [] }
                if !current.isEmpty, let value = Int(current) { numbers.append(value) }
                current = ""
            }
        }
        if !current.isEmpty, let value = Int(current) { numbers.append(value) }
        return numbers
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingWhitespace: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view = view.dropFirst() }
        while let last = view.last, last.isWhitespace { view = view.dropLast() }
        return String(view)
    }
}
