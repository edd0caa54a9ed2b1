import KoreanMorphology

/// Which nouns make the number after them a count of things, from the parts of speech of
/// hunspell-ko (`PartsOfSpeech`): N점 after a noun standing for things counts them in native
/// numbers (항아리 3점 → 항아리 세 점: 표준국어대사전 '점' 의존 명사, 그림·옷 따위를 세는 단위),
/// while 점 as a score stays Sino-Korean (국어 90점 → 구십 점, '점' 성적을 나타내는 단위).
enum CountedNouns {
    /// Nouns after which N점 is a score, the subjects and measures of marks.
    private static let scoreNouns: Set<[Unicode.Scalar]> = Set(
        SpeechVocabulary.scalars([
            "점수", "평균", "총점", "성적", "만점", "득점", "실점", "합계", "평점", "학점", "시험", "기준", "최고", "최저",
            "합격", "커트라인", "필기", "실기", "면접", "종합", "환산", "감점", "가산", "배점", "승점", "평가", "심사",
            "국어", "영어", "수학", "과학", "사회", "체육", "음악", "미술", "과목", "기록", "순위", "랭킹", "지수", "점",
        ]))

    /// Whether hunspell-ko's files are installed (told without reading them).
    static var lexiconInstalled: Bool { PartsOfSpeech.unavailableNote == nil }

    /// Particles a noun may end in; a word that is a noun and one of them is not a bare noun.
    private static let particles: [[Unicode.Scalar]] = SpeechVocabulary.scalars([
        "에서", "으로", "이", "가", "을", "를", "은", "는", "에", "의", "도", "와", "과", "로", "만", "들",
    ])

    /// Whether `word` (a whole Hangul word, no particle) is a noun of two syllables or more that
    /// counts things before N점: listed in hunspell-ko as a nominal, or a compound of such nouns
    /// of two syllables or more each (청동 + 거울), or a name of four syllables or more ending in
    /// such a noun (십장생무늬 + 거울); neither a noun of marks (최종점수) nor a noun with a
    /// particle (시험에서, 학생들이). False without hunspell-ko (then only the normaliser's own
    /// list of works decides).
    static func countsThings(_ word: [Unicode.Scalar]) -> Bool {
        guard word.count >= 2, word.count <= 12,
            !scoreNouns.contains(where: { $0.count >= 2 && word.count >= $0.count && word.suffix($0.count).elementsEqual($0) }),
            !scoreNouns.contains(word), let lexicon = PartsOfSpeech.installed
        else { return false }
        for particle in particles where word.count > particle.count && word.suffix(particle.count).elementsEqual(particle) {
            var stem = word.dropLast(particle.count)
            if stem.count > 1, stem.last == "들" { stem = stem.dropLast() }
            if isNoun(stem, lexicon: lexicon) { return false }
        }
        if isNoun(word[...], lexicon: lexicon) { return true }
        guard word.count >= 4 else { return false }
        for headLength in stride(from: min(4, word.count - 2), through: 2, by: -1) {
            let head = Array(word.suffix(headLength))
            if lexicon.classes(of: head.map(\.value)).contains(.nominal) { return true }
        }
        return false
    }

    /// A nominal of hunspell-ko, or one followed by another (compound boundaries tried with the
    /// longest last part first, every part two syllables or more).
    private static func isNoun(_ word: ArraySlice<Unicode.Scalar>, lexicon: PartsOfSpeech) -> Bool {
        if word.count <= 4, lexicon.classes(of: word.map(\.value)).contains(.nominal) { return true }
        guard word.count >= 4 else { return false }
        for headLength in stride(from: min(4, word.count - 2), through: 2, by: -1) {
            let head = word.suffix(headLength)
            if lexicon.classes(of: head.map(\.value)).contains(.nominal), isNoun(word.dropLast(headLength), lexicon: lexicon) {
                return true
            }
        }
        return false
    }
}
