import KoreanMorphology

/// The grammar the rules consult where the standard depends on the part of speech: a word's
/// analysis into stem + ending or noun + particle, from hunspell-ko's classes
/// (`PartsOfSpeech`). Every question returns nil when no lexicon is loaded, and the caller then
/// keeps its spelling-only rule.
struct Grammar {
    let lexicon: PartsOfSpeech?
    /// The words libhangul writes wholly in Hanja (제29항: is a compound Sino-Korean?); nil
    /// when not installed.
    var sino: SinoKoreanWords? = nil

    /// 제24항: is the junction after syllable `i` of word `r` a predicate stem ending in ㄴ/ㅁ
    /// followed by an ending (삼고 [삼꼬], 더듬지 [더듬찌], 다듬고 [다듬꼬], 껴안습니다)?
    /// No when a longer stem covers the junction (숨지고: the stem is 숨지-), when the rest is
    /// not an ending, or when the word reads as a noun, with or without a particle (감지를,
    /// 심지, 감자: the same syllables in a noun keep their plain sound).
    func stemEndingJunction(_ s: [Syllable], _ i: Int, _ r: Range<Int>) -> Bool? {
        guard lexicon != nil else { return nil }
        let start = r.lowerBound
        guard classes(s, start...i).contains(.predicateStem),
            contains(Endings.afterStem, s, (i + 1)..<r.upperBound)
        else { return false }
        if longerStemCovers(s, i, r) { return false }
        return !readsAsNoun(s, r)
    }

    /// Whether a predicate stem longer than syllables `r.lowerBound...i` takes the word up to
    /// an ending (숨지고: 숨지- + -고, so 숨 and 지 are one stem, 안기다: 안기- + -다).
    func longerStemCovers(_ s: [Syllable], _ i: Int, _ r: Range<Int>) -> Bool {
        var j = i + 1
        while j < r.upperBound - 1 {
            if classes(s, r.lowerBound...j).contains(.predicateStem),
                contains(Endings.afterStem, s, (j + 1)..<r.upperBound)
            {
                return true
            }
            j += 1
        }
        return false
    }

    /// 제27항 and 제29항 붙임 2 across a space: is word `a` only an adnominal form -(으)ㄹ
    /// (찾을, 덮을, 견딜) or, with `orN`, -(으)ㄴ (읽은, 겪은)? A form that is also a word of its
    /// own or a noun and a particle is not taken for one: 말, 줄, 일, 칠 (nouns, numerals), 늘
    /// (an adverb), 이를 (이 + 를), 굽을 (굽 + 을), 물을; the listed modifiers of `WordClasses`
    /// still decide those they name (할, 갈, 먹을 엿).
    func isAdnominal(_ s: [Syllable], _ a: Range<Int>, orN: Bool) -> Bool? {
        guard lexicon != nil else { return nil }
        let found = classes(s, a)
        let wanted: PartsOfSpeech.WordClass = orN ? [.adnominalL, .adnominalN] : .adnominalL
        guard !found.intersection(wanted).isEmpty, !found.contains(.uninflected) else { return false }
        return !readsAsNoun(s, a)
    }

    @inline(__always) func classes(_ s: [Syllable], _ r: Range<Int>) -> PartsOfSpeech.WordClass {
        guard let lexicon, let key = writtenKey(s, r) else { return [] }
        return lexicon.classes(forKey: key)
    }

    @inline(__always) func classes(_ s: [Syllable], _ r: ClosedRange<Int>) -> PartsOfSpeech.WordClass {
        classes(s, r.lowerBound..<(r.upperBound + 1))
    }

    @inline(__always) func contains(_ set: Set<UInt64>, _ s: [Syllable], _ r: Range<Int>) -> Bool {
        writtenKey(s, r).map(set.contains) ?? false
    }

    /// 제26항 tenses ㄷ/ㅅ/ㅈ after ㄹ inside a Sino-Korean word (발전 [발쩐], 물질); is the
    /// junction after syllable `i` of word `r` rather the boundary of two words, each of two to
    /// four syllables: a noun of hunspell-ko or a word written in Hanja before it, a noun of
    /// hunspell-ko after it (상설|전시 [상설전시], 발굴|조사, 미술|직업)? Not the suffix -적
    /// (실질적인 [실찔쩌긴]: 적인 is no noun), a noun and one syllable (미술사|적), nor after a number
    /// (이십일세기 [이시빌쎄기], 제이십일대).
    /// Nil without a lexicon.
    func isWordBoundary(_ s: [Syllable], _ i: Int, _ r: Range<Int>) -> Bool? {
        guard let lexicon else { return nil }
        if s[i].has(SyllableClass.numeral) { return false }
        let endsWord = (max(r.lowerBound, i - 3)..<i).contains { isWord(s, $0..<(i + 1)) }
        guard endsWord else { return false }
        // 미술사적 [미술싸적], 미술사학: a noun that takes the next syllable in, and one syllable after it
        let longerNoun = (max(r.lowerBound, i - 2)..<i).contains { classes(s, $0...(i + 1)).contains(.nominal) }
        if longerNoun, i + 3 >= r.upperBound || contains(Endings.particles, s, (i + 3)..<r.upperBound) { return false }
        return ((i + 3)...(i + 5)).contains { e in
            e <= r.upperBound && writtenKey(s, (i + 1)..<e).map { lexicon.classes(forKey: $0).contains(.nominal) } == true
        }
    }

    /// Whether syllables `r` are a noun of hunspell-ko or a word libhangul writes in Hanja.
    private func isWord(_ s: [Syllable], _ r: Range<Int>) -> Bool {
        guard let key = writtenKey(s, r) else { return false }
        return lexicon?.classes(forKey: key).contains(.nominal) == true || sino?.contains(key: key) == true
    }

    /// Whether word `r` as a whole is a noun, also with the plural suffix 들 (건물, 하늘,
    /// 사람들; not 유물은); nil without a lexicon.
    func isNoun(_ s: [Syllable], _ r: Range<Int>) -> Bool? {
        guard lexicon != nil else { return nil }
        if classes(s, r).contains(.nominal) { return true }
        return r.count >= 2 && s[r.upperBound - 1].written == SyllableScalar.deul
            && classes(s, r.lowerBound..<(r.upperBound - 1)).contains(.nominal)
    }

    /// Whether word `r` is a noun, or a noun and a particle (감지를, 책을, 나는).
    func readsAsNoun(_ s: [Syllable], _ r: Range<Int>) -> Bool {
        guard lexicon != nil else { return false }
        if classes(s, r).contains(.nominal) { return true }
        var k = r.upperBound - 1
        while k > r.lowerBound, r.upperBound - k <= 3 {
            if contains(Endings.particles, s, k..<r.upperBound),
                classes(s, r.lowerBound..<k).contains(.nominal)
            {
                return true
            }
            k -= 1
        }
        return false
    }
}

/// The key (`PartsOfSpeech.key`) of the written syllables `r` of a word; nil outside one to
/// four syllables.
@inline(__always) func writtenKey(_ s: [Syllable], _ r: Range<Int>) -> UInt64? {
    PartsOfSpeech.key(r.lazy.map { s[$0].written })
}

@inline(__always) func writtenKey(_ s: [Syllable], _ r: ClosedRange<Int>) -> UInt64? {
    writtenKey(s, r.lowerBound..<(r.upperBound + 1))
}

/// Closed classes of grammatical morphemes (endings and particles), which a dictionary of
/// stems does not list.
enum Endings {
    /// Endings that start with ㄱ ㄷ ㅅ ㅈ and follow a predicate stem directly (제24항: 신고
    /// [신꼬], 안다 [안따], 삼지 [삼찌], 더듬습니다 [더듬씀니다]).
    static let afterStem: Set<UInt64> = keys([
        "고", "고서", "고요", "고는", "고도", "고자", "고서는", "곤", "게", "게요", "게끔", "겠다", "겠고", "겠지",
        "겠습니다", "겠어요", "겠는데", "거나", "거든", "건만", "다", "다가", "다고", "다는", "다니", "다면",
        "다며", "더니", "더라", "더라도", "던", "던가", "도록", "든지", "든가", "듯", "듯이", "지", "지만",
        "지요", "지도", "지는", "지마는", "자", "자고", "자마자", "소", "습니다", "습니까", "습니다만", "세",
    ])

    /// Particles after a noun (이 가 을 를 은 는 의 에 …), up to three syllables.
    static let particles: Set<UInt64> = keys([
        "이", "가", "을", "를", "은", "는", "의", "에", "에서", "에게", "께", "로", "으로", "와", "과", "도", "만",
        "까지", "부터", "보다", "처럼", "마다", "조차", "이나", "나", "이다", "이고", "이며", "에는", "에도",
        "으로는", "로는", "과는", "와는", "이라", "라", "이란", "란", "께서", "한테", "이요", "요",
    ])

    private static func keys(_ words: [String]) -> Set<UInt64> {
        Set(words.compactMap { PartsOfSpeech.key($0.unicodeScalars.map(\.value)) })
    }
}
