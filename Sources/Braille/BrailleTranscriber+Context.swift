import Foundation
import Hangul

/// What the 2024 rules decide by context, which a table cannot see: a consonant letter written
/// into a word (제10항), the spaces around an arithmetic or comparison sign (제46항), angle
/// brackets typed as < >, and a minus typed as a hyphen inside an equation.
extension BrailleTranscriber {
    /// The signs of 제45항, as the table writes them (the minus sign is U+2212).
    static let mathSigns: Set<Unicode.Scalar> = ["+", "\u{2212}", "×", "÷", "=", "<", ">"]

    /// Particles and the copula: after a sign, a number followed by one of these is the sign's
    /// operand in a sentence (× 3.14이다), not a term of its own (− 3개), so no space is put
    /// after the sign (제46항).
    static let particles: Set<String> = [
        "이", "가", "은", "는", "을", "를", "의", "에", "에서", "에게", "로", "으로", "와", "과", "도", "만",
        "까지", "부터", "처럼", "보다", "이나", "나", "이다", "입니다", "이고", "이며", "이면", "이므로", "이지만",
        "이라고", "라고", "하고", "이랑", "랑", "로서", "으로서", "아니다",
    ]

    static func isSyllable(_ scalar: Unicode.Scalar) -> Bool { HangulSyllable.contains(scalar) }
    static func isConsonantLetter(_ scalar: Unicode.Scalar) -> Bool { (0x3131...0x314E).contains(scalar.value) }
    static func isJamo(_ scalar: Unicode.Scalar) -> Bool { (0x3131...0x3163).contains(scalar.value) }

    /// 제10항: a consonant letter written into a word — after a syllable ([까ㄹㄹ로], [아이ㅅ]) or
    /// before syllables that are not a particle ([ㄹㄹ로마], [ㅅ떠디이]) — as its final conjoining
    /// jamo, which the table writes with ⠸. A letter named on its own (ㄱ, ㄱㄴㄷ, ㄱ자도, ㅂ은)
    /// keeps the 온표 (제8항).
    static func attachedLetters(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: isConsonantLetter) else { return text }
        var start = 0
        while start < scalars.count {
            guard isSyllable(scalars[start]) || isJamo(scalars[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < scalars.count, isSyllable(scalars[end]) || isJamo(scalars[end]) { end += 1 }
            let word = Array(scalars[start..<end])
            if word.contains(where: isSyllable) {
                let firstSyllable = word.firstIndex(where: isSyllable)!
                let rest = String(String.UnicodeScalarView(word[firstSyllable...]))
                let named = !word[firstSyllable...].contains(where: isJamo) && isNamingSuffix(rest)
                for (offset, scalar) in word.enumerated() where isConsonantLetter(scalar) {
                    if offset < firstSyllable, named { continue }
                    if let final = finalJamo(scalar) { scalars[start + offset] = final }
                }
            }
            start = end
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// What may follow a letter named on its own: a particle, or a noun about letters (자 "the
    /// letter", 형, 모양, 순 "order", 받침, 소리) with or without one (ㄱ자도, ㅂ은, ㄱㄴㄷ순으로).
    static func isNamingSuffix(_ rest: String) -> Bool {
        if particles.contains(rest) { return true }
        for noun in ["자", "형", "모양", "순", "받침", "소리"] where rest.hasPrefix(noun) {
            let after = String(rest.dropFirst(noun.count))
            if after.isEmpty || particles.contains(after) { return true }
        }
        return false
    }

    /// The final conjoining jamo (U+11A8…) of a consonant letter; nil for ㄸ ㅃ ㅉ, which are
    /// never finals (they keep the 온표).
    static func finalJamo(_ letter: Unicode.Scalar) -> Unicode.Scalar? {
        let finals = Array("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ".unicodeScalars)
        guard let index = finals.firstIndex(of: letter) else { return nil }
        return Unicode.Scalar(0x11A8 + UInt32(index))
    }

    /// < and > around a title or a word (<모나리자>, <Mona Lisa>) as the angle brackets 〈 〉:
    /// letters inside, no space just inside either mark. Otherwise they are comparison signs.
    static func angleBrackets(_ text: String) -> String {
        guard text.contains("<"), text.contains(">") else { return text }
        var scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "<", let close = scalars[(index + 1)...].firstIndex(where: { $0 == ">" || $0 == "<" }),
                scalars[close] == ">", close > index + 1
            {
                let inside = scalars[(index + 1)..<close]
                let letters = inside.contains { isSyllable($0) || isLatinLetter($0) }
                if letters, inside.first != " ", inside.last != " ", !inside.contains(where: mathSigns.contains) {
                    scalars[index] = "〈"
                    scalars[close] = "〉"
                    index = close
                }
            }
            index += 1
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// 제46항: a sign of 제45항 between Korean words has a space on each side (나루 + 배 = 나룻배,
    /// 5개 − 3개 = 2개); a space is put where the print has none: before the sign when a
    /// syllable comes before it in the same word, after it when syllables other than a particle
    /// follow (× 3.14이다 keeps the number to the sign). Between numbers (3+4=7) nothing is
    /// added. A hyphen with a space each side in an equation is the minus sign; -> and <- are
    /// arrows.
    static func mathSpaced(_ text: String) -> String {
        // An arrow typed as -> or <- is an arrow, not a comparison sign.
        let text = text.replacingOccurrences(of: "->", with: "→").replacingOccurrences(of: "<-", with: "←")
        var scalars = Array(text.unicodeScalars)
        if scalars.contains("=") {
            for index in scalars.indices
            where scalars[index] == "-" && index > 0 && index + 1 < scalars.count
                && scalars[index - 1] == " " && scalars[index + 1] == " "
            {
                scalars[index] = "\u{2212}"
            }
        }
        guard scalars.contains(where: mathSigns.contains) else { return String(String.UnicodeScalarView(scalars)) }
        var output = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            guard mathSigns.contains(scalar) else {
                output.append(scalar)
                continue
            }
            var before = index - 1
            var hangulBefore = false
            while before >= 0, scalars[before] != " " {
                if isSyllable(scalars[before]) { hangulBefore = true }
                before -= 1
            }
            if hangulBefore, output.last != " " { output.append(" ") }
            output.append(scalar)
            guard index + 1 < scalars.count, scalars[index + 1] != " " else { continue }
            var after = index + 1
            while after < scalars.count, !isSyllable(scalars[after]), scalars[after] != " ", !mathSigns.contains(scalars[after]) {
                after += 1
            }
            var end = after
            while end < scalars.count, isSyllable(scalars[end]) { end += 1 }
            let following = String(String.UnicodeScalarView(scalars[after..<end]))
            if !following.isEmpty, !particles.contains(following) { output.append(" ") }
        }
        return String(output)
    }
}
