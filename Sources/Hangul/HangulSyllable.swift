/// Precomposed Hangul syllables (U+AC00...U+D7A3) and their jamo: the one place their range
/// and arithmetic are written, for the normaliser, the pronouncer, the word classes, the braille
/// transcriber and the text writers alike.
///
/// A syllable is `first + (onset * 21 + vowel) * 28 + coda`, with Unicode's composition order:
/// 19 onsets (초성), 21 vowels (중성), 28 codas (종성, 0 = none).
public enum HangulSyllable {
    /// The first syllable, 가.
    public static let first: UInt32 = 0xAC00
    /// The last syllable, 힣.
    public static let last: UInt32 = 0xD7A3
    /// Every syllable's code point, for `switch` cases and loops.
    public static let range: ClosedRange<UInt32> = first...last
    /// How many syllables there are.
    public static let count = 11_172
    /// How many vowels and codas there are: the factors of the composition.
    public static let vowelCount: UInt32 = 21, codaCount: UInt32 = 28

    private static let nieun: UInt8 = 2, rieul: UInt8 = 5, ieung: UInt8 = 11
    /// Vowels starting with an i sound (ㅑ ㅕ ㅖ ㅛ ㅠ ㅣ), before which ㄴ and ㄹ drop word-initially.
    private static let iVowels: Set<UInt8> = [2, 6, 7, 12, 17, 20]

    /// Whether the code point `value` is a syllable.
    @inlinable @inline(__always)
    public static func contains(_ value: UInt32) -> Bool { value >= first && value <= last }

    /// Whether `scalar` is a syllable.
    @inlinable @inline(__always)
    public static func contains(_ scalar: Unicode.Scalar) -> Bool { contains(scalar.value) }

    /// The onset, vowel and coda indices of the syllable `value` (which must be one).
    @inlinable @inline(__always)
    public static func jamo(_ value: UInt32) -> (onset: UInt8, vowel: UInt8, coda: UInt8) {
        let index = value - first
        return (UInt8(index / (vowelCount * codaCount)), UInt8((index / codaCount) % vowelCount), UInt8(index % codaCount))
    }

    /// The syllable of these onset, vowel and coda indices.
    @inlinable @inline(__always)
    public static func compose(onset: UInt8, vowel: UInt8, coda: UInt8 = 0) -> UInt32 {
        first + (UInt32(onset) * vowelCount + UInt32(vowel)) * codaCount + UInt32(coda)
    }

    private static func compose(_ onset: UInt8, _ vowel: UInt8, _ coda: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(compose(onset: onset, vowel: vowel, coda: coda))!
    }

    /// Whether `syllable` ends in a consonant (받침): 일, 삼 yes; 이, 사 no.
    public static func hasFinalConsonant(_ syllable: Unicode.Scalar) -> Bool {
        contains(syllable) && jamo(syllable.value).coda != 0
    }

    /// The word-initial form under the initial sound rule (두음 법칙): 녀 → 여, 락 → 낙, 리 → 이.
    public static func initialSoundRule(_ syllable: Unicode.Scalar) -> Unicode.Scalar {
        guard contains(syllable) else { return syllable }
        let (onset, vowel, coda) = jamo(syllable.value)
        if onset == rieul {
            return compose(iVowels.contains(vowel) ? ieung : nieun, vowel, coda)
        }
        if onset == nieun, iVowels.contains(vowel) { return compose(ieung, vowel, coda) }
        return syllable
    }

    /// Whether two syllables are the same reading once the initial sound rule is applied to
    /// both (녀/여, 락/낙, 렬/열; not 노/오): how a Hangul word and its Hanja gloss are compared.
    public static func sameReading(_ lhs: Unicode.Scalar, _ rhs: Unicode.Scalar) -> Bool {
        lhs == rhs || (contains(lhs) && contains(rhs) && initialSoundRule(lhs) == initialSoundRule(rhs))
    }

    /// Whether `syllable` ends in ㄹ (the final before which 으로 is 로: 서울로).
    public static func endsInRieul(_ syllable: Unicode.Scalar) -> Bool {
        contains(syllable) && jamo(syllable.value).coda == 8
    }
}

/// Conjoining jamo (U+1100...U+11FF), as decomposed text spells a syllable: a leading consonant,
/// a vowel and an optional trailing consonant.
public enum ConjoiningJamo {
    /// The leading consonants of modern syllables, ᄀ...ᄒ (onset index = value − 0x1100).
    public static let leading: ClosedRange<UInt32> = 0x1100...0x1112
    /// The vowels of modern syllables, ᅡ...ᅵ (vowel index = value − 0x1161).
    public static let vowels: ClosedRange<UInt32> = 0x1161...0x1175
    /// The trailing consonants of modern syllables, ᆨ...ᇂ (coda index = value − 0x11A7).
    public static let trailing: ClosedRange<UInt32> = 0x11A8...0x11C2
}
