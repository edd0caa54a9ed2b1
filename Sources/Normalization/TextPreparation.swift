import Foundation

/// Folds compatibility forms before scanning, where the voice needs it.
enum TextPreparation {
    /// Private-use scalars standing for the Roman numerals 1...12 (U+10FF01...U+10FF0C).
    static let romanMarkerBase: UInt32 = 0x10FF00

    /// The value of a Roman numeral marker, or nil.
    static func romanNumeralValue(_ scalar: Unicode.Scalar) -> Int? {
        let offset = scalar.value &- romanMarkerBase
        return offset >= 1 && offset <= 12 ? Int(offset) : nil
    }

    /// The text's scalars with compatibility forms folded: full-width ASCII, compatibility
    /// ideographs and radicals, odd middle dots and spaces. Unit symbols such as ㎡ are kept
    /// (NFKC would turn ㎡ into "m2"); they are read by the unit table.
    static func scalars(of text: String) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(text.utf8.count / 2)
        var needsComposition = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0xFF01...0xFF5E where value != 0xFF5E && value != 0xFFE6:
                result.append(Unicode.Scalar(value - 0xFEE0)!)
            case 0xFF5E, 0x223C, 0x301C: result.append("~")
            case 0x3000, 0x00A0, 0x2009, 0x200A, 0x202F: result.append(" ")
            case 0x200B, 0xFEFF, 0x200D: continue
            case 0x30FB, 0x318D, 0x2027, 0x2219, 0xFF65: result.append("\u{B7}")
            case 0x00B5: result.append("\u{3BC}")
            case 0x2160...0x216B, 0x2170...0x217B:
                // Roman numerals Ⅰ–Ⅻ, ⅰ–ⅻ: kept as a marker for their value (NFKC would make letters).
                result.append(Unicode.Scalar(romanMarkerBase + (value & 0xF) + 1)!)
            case 0x2080...0x2089:
                result.append(Unicode.Scalar(value - 0x2080 + 0x30)!)  // subscript digits: CO₂ → CO2
            case 0x2022, 0x2150...0x215E:
                result.append(scalar)  // a bullet (dropped) and vulgar fractions (read) are the scanner's
            case 0x3231: result.append(contentsOf: "(주)".unicodeScalars)
            case 0xF900...0xFAFF, 0x2F800...0x2FA1F, 0x2E80...0x2FDF, 0x2460...0x24FF, 0x2150...0x218F,
                0x3200...0x32FF:
                result.append(contentsOf: String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars)
            case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF:
                needsComposition = true
                result.append(scalar)
            default:
                result.append(scalar)
            }
        }
        if needsComposition {
            return Array(String(String.UnicodeScalarView(result)).precomposedStringWithCanonicalMapping.unicodeScalars)
        }
        return result
    }
}
