import Hangul

/// The classes of scalars the scanner decides with. Plain value tests, no tables, so that they
/// cost nothing in the scanner's inner loop.
enum ScalarClass {
    /// ASCII 0-9.
    @inline(__always) static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 0x30 < 10 }

    /// ASCII A-Z.
    @inline(__always) static func isCapital(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 0x41 < 26 }

    /// ASCII a-z.
    @inline(__always) static func isSmallLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 0x61 < 26 }

    /// ASCII A-Z or a-z.
    @inline(__always) static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value | 0x20) &- 0x61 < 26
    }

    /// A Latin letter: ASCII, or accented (Latin-1 Supplement and Latin Extended-A/B, without × and ÷).
    @inline(__always) static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        isASCIILetter(scalar) || (scalar.value >= 0xC0 && scalar.value <= 0x24F && scalar.value != 0xD7 && scalar.value != 0xF7)
    }

    /// A Hangul compatibility jamo (ㄱ…ㅣ), said by its name when it stands alone.
    @inline(__always) static func isJamo(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 0x3131 < 51 }

    /// A precomposed Hangul syllable.
    @inline(__always) static func isHangul(_ scalar: Unicode.Scalar) -> Bool { HangulSyllable.contains(scalar) }

    /// A CJK ideograph (or ideographic iteration and zero marks, strokes, radicals).
    static func isHanja(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF, 0x20000...0x3134F, 0x2E80...0x2FDF,
            0x3005, 0x3007, 0x31C0...0x31EF:
            return true
        default: return false
        }
    }

    /// Hiragana and katakana.
    static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        (0x3040...0x30FF).contains(scalar.value) || (0x31F0...0x31FF).contains(scalar.value)
    }

    /// Brackets and quotes that carry no sound.
    static func isSilentMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x300A, 0x300B, 0x3008, 0x3009, 0x300C, 0x300D, 0x300E, 0x300F, 0x2018, 0x2019, 0x201C,
            0x201D, 0x3010, 0x3011, 0x3014, 0x3015, 0x3016, 0x3017, 0xAB, 0xBB, 0x2039, 0x203A, 0x22,
            0x27, 0x60, 0xB4, 0x201A, 0x201E, 0x300C...0x300F:
            return true
        default: return false
        }
    }

    /// The opening ones among the silent marks.
    static func isOpeningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x300A, 0x3008, 0x300C, 0x300E, 0x2018, 0x201C, 0x3010, 0x3014, 0x3016, 0xAB, 0x2039: return true
        default: return false
        }
    }

    /// Signs between the two numbers of a range: ~ - – —.
    static func isRangeSign(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "~" || scalar == "-" || scalar == "\u{2013}" || scalar == "\u{2014}"
    }

    /// Whitespace the writer folds into one space.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\n", "\t", "\r", "\u{0B}", "\u{0C}", "\u{2028}", "\u{2029}", "\u{85}": return true
        default: return false
        }
    }

    /// Punctuation the voice is given for intonation: . , ? ! : ; ) and the middle dot.
    static func isSpokenPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", ",", "?", "!", ":", ";", ")", "\u{B7}": return true
        default: return false
        }
    }

    /// Punctuation written straight after a word, with no space before it.
    static func isClosingPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", ",", "?", "!", ":", ";", ")", "…": return true
        default: return false
        }
    }
}
