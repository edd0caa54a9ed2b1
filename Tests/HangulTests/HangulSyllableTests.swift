import Hangul
import Testing

@Suite("Hangul syllables")
struct HangulSyllableTests {
    @Test("every syllable is its jamo composed again, in Unicode's order; nothing outside the range is one")
    func roundTrip() {
        var count = 0
        for value in HangulSyllable.range {
            let (onset, vowel, coda) = HangulSyllable.jamo(value)
            #expect(onset < 19 && vowel < 21 && coda < 28)
            if HangulSyllable.compose(onset: onset, vowel: vowel, coda: coda) != value { Issue.record("\(value)") }
            count += 1
        }
        #expect(count == HangulSyllable.count)
        #expect(HangulSyllable.jamo(("힣" as Unicode.Scalar).value) == (18, 20, 27))
        #expect(HangulSyllable.compose(onset: 0, vowel: 0) == ("가" as Unicode.Scalar).value)
        #expect(!HangulSyllable.contains(HangulSyllable.first - 1) && !HangulSyllable.contains(HangulSyllable.last + 1))
        #expect(!HangulSyllable.contains("ㄱ" as Unicode.Scalar) && HangulSyllable.contains("한" as Unicode.Scalar))
    }

    @Test("final consonants, ㄹ finals and the initial sound rule")
    func facts() {
        #expect(HangulSyllable.hasFinalConsonant("일") && !HangulSyllable.hasFinalConsonant("이"))
        #expect(HangulSyllable.endsInRieul("울") && !HangulSyllable.endsInRieul("산"))
        for (written, initial) in [("녀", "여"), ("락", "낙"), ("리", "이"), ("렬", "열"), ("노", "노"), ("a", "a")] as [(Unicode.Scalar, Unicode.Scalar)] {
            #expect(HangulSyllable.initialSoundRule(written) == initial, "\(written)")
        }
        #expect(HangulSyllable.sameReading("녀", "여") && !HangulSyllable.sameReading("노", "오"))
    }

    @Test("conjoining jamo ranges give the indices of the syllable they spell")
    func conjoining() {
        // ᄒ ᅡ ᆫ spells 한.
        let onset = UInt8(0x1112 - ConjoiningJamo.leading.lowerBound)
        let vowel = UInt8(0x1161 - ConjoiningJamo.vowels.lowerBound)
        let coda = UInt8(0x11AB - ConjoiningJamo.trailing.lowerBound + 1)
        #expect(HangulSyllable.compose(onset: onset, vowel: vowel, coda: coda) == ("한" as Unicode.Scalar).value)
        #expect(ConjoiningJamo.trailing.count == 27 && ConjoiningJamo.leading.count == 19 && ConjoiningJamo.vowels.count == 21)
    }
}
