import Hangul

/// Particles that agree with the word said before them. A particle written after something the
/// normaliser reads aloud in other words — a closing bracket whose content is said, a number,
/// Latin letters, Hanja — is written to agree with what the writer saw, but the listener hears
/// it after the last word spoken: 조선 시대(1392년)였다 is heard …년이었다, UN를 유엔을. Each
/// pair below takes its first form after a vowel and its second after a consonant (한글 맞춤법
/// 제4장, 조사: 를/을, 는/은, 가/이, 와/과, (으)로 with 로 after ㄹ, and the copula 이다's forms).
extension SpeechScanner {
    /// A pair of forms of one particle.
    struct ParticlePair {
        let afterVowel: [Unicode.Scalar]
        let afterConsonant: [Unicode.Scalar]
        /// The copula's forms (였/이었, 라고/이라고 …): after a vowel both forms are right, so only
        /// a vowel form after a consonant is changed.
        let copula: Bool
        /// Matched at the start of a longer word (였다, 였으며); others only as the whole word.
        let prefix: Bool
        /// Also a counting word or part of a name after a number (3가, 제2과, 3로): left alone
        /// after digits.
        let countsAfterNumbers: Bool
        /// (으)로: 로 after a vowel and after ㄹ (서울로).
        var isRo: Bool { afterVowel.first == "로" }
    }

    private static func pairs(
        _ list: [(String, String)], copula: Bool = false, prefix: Bool = false,
        counts: Bool = false
    ) -> [ParticlePair] {
        list.map {
            ParticlePair(
                afterVowel: Array($0.0.unicodeScalars), afterConsonant: Array($0.1.unicodeScalars),
                copula: copula, prefix: prefix, countsAfterNumbers: counts)
        }
    }

    /// The pairs, the longer written forms first.
    static let particlePairs: [ParticlePair] = {
        let all =
            pairs([("를", "을"), ("는", "은")])
            + pairs(
                [("가", "이"), ("와", "과"), ("로", "으로"), ("로서", "으로서"), ("로써", "으로써"), ("로부터", "으로부터")],
                counts: true)
            + pairs([("였", "이었")], copula: true, prefix: true)
            + pairs(
                [("라고", "이라고"), ("라는", "이라는"), ("란", "이란"), ("랑", "이랑"), ("며", "이며"), ("나", "이나")],
                copula: true)
        return all.sorted { max($0.afterVowel.count, $0.afterConsonant.count) > max($1.afterVowel.count, $1.afterConsonant.count) }
    }()

    /// At a Hangul word that starts right after something read aloud in other words, writes its
    /// particle in the form that agrees with the last syllable spoken; false when there is no
    /// such particle or it already agrees.
    @inline(never) mutating func readAgreeingParticle() -> Bool {
        let index = cursor.position
        guard index > cursor.start else { return false }
        let previous = cursor[index - 1]
        let afterNumber = ScalarClass.isDigit(previous)
        guard
            afterNumber || previous == ")" || previous == "]" || ScalarClass.isLatinLetter(previous)
                || ScalarClass.isHanja(previous) || ScalarClass.isSilentMark(previous),
            let spoken = writer.lastSpokenSyllable
        else { return false }
        var wordEnd = index
        while let scalar = cursor.at(wordEnd), ScalarClass.isHangul(scalar) { wordEnd += 1 }
        let word = cursor.scalars[index..<wordEnd]
        let consonant = HangulSyllable.hasFinalConsonant(spoken)
        for pair in Self.particlePairs where !(afterNumber && pair.countsAfterNumbers) {
            let vowelForm = !consonant || (pair.isRo && HangulSyllable.endsInRieul(spoken))
            if vowelForm && pair.copula { continue }
            let (written, wanted) = vowelForm ? (pair.afterConsonant, pair.afterVowel) : (pair.afterVowel, pair.afterConsonant)
            guard pair.prefix ? word.starts(with: written) : word.elementsEqual(written) else { continue }
            put(String(String.UnicodeScalarView(wanted)))
            cursor.move(to: index + written.count)
            return true
        }
        return false
    }
}
