import ExpoModel
import ExpoSystem
/// Small facts about precomposed Hangul syllables (U+AC00...U+D7A3).
enum HangulSyllable {
    private static let first: UInt32 = 0xAC00
    private static let last: UInt32 = 0xD7A3
    private static let nieun: UInt32 = 2, rieul: UInt32 = 5, ieung: UInt32 = 11
    /// Vowels starting with an i sound (ㅑ ㅕ ㅖ ㅛ ㅠ ㅣ), before which ㄴ and ㄹ drop word-initially.
    private static let iVowels: Set<UInt32> = [2, 6, 7, 12, 17, 20]

    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= first && scalar.value <= last
    }

    private static func parts(_ scalar: Unicode.Scalar) -> (initial: UInt32, vowel: UInt32, final: UInt32) {
        let index = scalar.value - first
        return (index / (21 * 28), (index / 28) % 21, index % 28)
    }

    private static func compose(_ initial: UInt32, _ vowel: UInt32, _ final: UInt32) -> Unicode.Scalar {
        Unicode.Scalar(first + (initial * 21 + vowel) * 28 + final)!
    }

    /// Whether `syllable` ends in a consonant (받침): 일, 삼 yes; 이, 사 no.
    static func hasFinalConsonant(_ syllable: Unicode.Scalar) -> Bool {
        contains(syllable) && (syllable.value - first) % 28 != 0
    }

    /// The word-initial form under the initial sound rule (두음 법칙): 녀 → 여, 락 → 낙, 리 → 이.
    static func initialSoundRule(_ syllable: Unicode.Scalar) -> Unicode.Scalar {
        guard contains(syllable) else { return syllable }
        let (initial, vowel, final) = parts(syllable)
        if initial == rieul {
            return compose(iVowels.contains(vowel) ? ieung : nieun, vowel, final)
        }
        if initial == nieun, iVowels.contains(vowel) { return compose(ieung, vowel, final) }
        return syllable
    }

    /// Whether two syllables are the same reading once the initial sound rule is applied to
    /// both (녀/여, 락/낙, 렬/열; not 노/오): how a Hangul word and its Hanja gloss are compared.
    static func sameReading(_ lhs: Unicode.Scalar, _ rhs: Unicode.Scalar) -> Bool {
        lhs == rhs || (contains(lhs) && contains(rhs) && initialSoundRule(lhs) == initialSoundRule(rhs))
    }

    /// Whether `syllable` ends in ㄹ (the final before which 으로 is 로: 서울로).
    static func endsInRieul(_ syllable: Unicode.Scalar) -> Bool {
        contains(syllable) && (syllable.value - first) % 28 == 8
    }
}
