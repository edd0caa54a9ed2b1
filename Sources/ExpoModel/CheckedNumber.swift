/// Whole numbers that come from outside (an option, an environment variable, a catalog, a file
/// in the cache), read into a checked range before any arithmetic is done with them: a value
/// outside the range is an error that quotes a short excerpt of it, never a trap later on.
public enum CheckedNumber {
    /// `text` as a whole number within `range` (an optional sign, ASCII digits, nothing else:
    /// no spaces, exponents or fractions); otherwise a `category` error naming `what`, e.g.
    /// "SLURM_ARRAY_TASK_ID is \"x\", not a whole number from 0 to 4000000".
    public static func parse(
        _ text: String, in range: ClosedRange<Int>, what: String,
        category: ExpoError.Category = .usage, subject: ExpoError.Subject? = nil
    ) throws -> Int {
        guard let value = wholeNumber(text), range.contains(value) else {
            throw ExpoError(
                category, "\(what) is \"\(excerpt(text, limit: 24))\", not a whole number from \(range.lowerBound) to \(range.upperBound)",
                subject: subject)
        }
        return value
    }

    /// `value` when it is within `range`; otherwise the same error as `parse`.
    public static func check(
        _ value: Int, in range: ClosedRange<Int>, what: String,
        category: ExpoError.Category = .usage, subject: ExpoError.Subject? = nil
    ) throws -> Int {
        try parse(String(value), in: range, what: what, category: category, subject: subject)
    }

    /// `text` as an Int: an optional sign and 1 to 19 ASCII digits that fit; nil otherwise.
    public static func wholeNumber(_ text: String) -> Int? {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 19, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// Whether `value` is a finite number within `range` (NaN and the infinities never are).
    public static func isWithin(_ value: Double, _ range: ClosedRange<Double>) -> Bool {
        value.isFinite && range.contains(value)
    }

    /// `value` written for a message without ever trapping: a whole number that fits an Int
    /// without its fraction ("-19"), any other finite number as Swift writes it ("1e+19",
    /// "-19.5"), and "infinity", "-infinity" or "not a number" for the rest.
    public static func text(_ value: Double) -> String {
        if value.isNaN { return "not a number" }
        if value.isInfinite { return value < 0 ? "-infinity" : "infinity" }
        if let whole = Int(exactly: value) { return String(whole) }
        return String(value)
    }
}
