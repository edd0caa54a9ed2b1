/// Safe, stable file stems for tracks. Names come from the data, so they are never used as
/// they are: only ASCII letters, digits and hyphens survive, and the track's position makes
/// each stem unique ("00-poster", "03-jikji", "14-entry").
public enum FileNaming {
    /// The poster's stem.
    public static let posterStem = "00-poster"

    /// The stem of the entry at `index` (0-based) in a catalog of `count` entries; `hint` is
    /// usually the entry's image name.
    public static func entryStem(index: Int, count: Int, hint: String) -> String {
        let width = max(2, String(count).count)
        let number = String(index + 1)
        let padded = String(repeating: "0", count: max(0, width - number.count)) + number
        let slug = slug(hint)
        return padded + "-" + (slug.isEmpty ? "entry" : slug)
    }

    /// Lowercase ASCII letters and digits, runs of anything else as one hyphen, at most 40
    /// characters, no leading or trailing hyphen.
    public static func slug(_ text: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for byte in text.utf8 {
            let lower: UInt8? =
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
                default: nil
                }
            guard let lower else {
                pendingHyphen = true
                continue
            }
            if pendingHyphen, !slug.isEmpty {
                if slug.count >= 39 { break }
                slug.append("-")
            }
            pendingHyphen = false
            slug.append(Character(Unicode.Scalar(lower)))
            if slug.count >= 40 { break }
        }
        return slug
    }
}
