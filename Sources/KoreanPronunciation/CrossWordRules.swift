/// Sound changes between two words spoken in one breath (separated only by spaces, no
/// punctuation). Policy, following the standard's own phrase examples:
/// - 제15항: an obstruent coda (ㄱ ㄷ ㅂ classes and the double codas that neutralise to them)
///   before a vowel-initial word links after neutralisation (옷 안 [오단], 밭 아래 [바다래],
///   값 있는 [가빈는], 닭 앞에 [다가페]); such a word is in practice a bare noun or adverb, the
///   case the standard's examples cover. Numeral + numeral/counter links with any coda
///   (십 일 [시빌], 삼 일 [사밀]). A resonant coda (ㄴ ㄹ ㅁ) before a vowel-initial word does not
///   link: it usually closes a particle or ending (유물은 이곳에, 박물관을 안내), where a phrase
///   boundary falls. Linked words are written together, because a consonant moved.
/// - Set phrases (제15항; 제29항 붙임 2): a bare noun and a noun of place (아래 위 앞 안 밖) or a
///   form of 없다/있다 are spoken as one phrase, so any coda links over the space, a resonant
///   one too (물 위 [무뤼], 건물 안에 [건무라네], 돈 없다 [도넙따]); before 옆, whose vowel is
///   a y-vowel, ㄴ is added (문 옆 [문 녑], 길 옆 [길 렵]). A word that is not a noun as a whole
///   (유물은, 그는) ends its phrase, and with no lexicon only obstruent codas link.
/// - 제12항 붙임2: an obstruent + ㅎ aspirates across words (옷 한 벌 [오탄 벌]), also joined.
/// - 제18항 붙임 and 제23항: nasalisation (밥 먹는다 [밤 멍는다]) and tensing after an obstruent
///   (책 보다 [책 뽀다]) apply across the space, which is kept.
/// - 제20항: ㄹ + ㄴ → [ㄹㄹ] after a numeral (일 년 [일 련]); not between other words
///   (서울 남쪽 keeps its ㄴ), where the standard gives no rule.
/// - 제27항: -(으)ㄹ + a lax consonant is tensed when the first word is a clear modifier
///   (할 것을 [할 꺼슬], 갈 데가 [갈 떼가]; with hunspell-ko's analysis any -(으)ㄹ form of a
///   predicate that is not a noun and a particle: 읽을 책 [일글 책], not 물을 주다) or the second
///   is a dependent noun (먹을 것).
/// - 제29항 붙임2: ㄴ is added across words only after a modifier before 일/입다/엿/잎/여섯
///   (할 일 [할 릴], 한 일 [한 닐], 먹은 엿), after a one-syllable word before 입다/잊다
///   (옷 입다 [온 닙따], 잘 입다, 못 잊다), in numerals (이십 육 → 이심 뉵, 서른 여섯, 삼 연대);
///   otherwise never (no over-applied ㄴ-insertion: 박물관 입구 [방물관 입꾸], 책 읽는 [채깅는]).
/// - Any other character between the words (punctuation, line break, Latin, digits) is a
///   pause: nothing crosses it and the coda before it is neutralised (옷, 안 [옫, 안]).
enum CrossWordRules {
    /// Applies the junction between the last syllable of `a` and the first of `b`;
    /// returns true when the words must be written together (a consonant moved).
    static func apply(_ s: inout [Syllable], _ a: Range<Int>, _ b: Range<Int>, _ g: Grammar) -> Bool {
        let i = a.upperBound - 1
        let j = b.lowerBound
        let c = s[i].coda
        if c == Coda.none || s[i].fixed & Syllable.fixedCoda != 0 { return false }
        if s[j].onset == Onset.zero {
            return vowelInitial(&s, i, j, a, b, g)
        }
        let rc = Jamo.representative(c)
        var o = s[j].onset
        var rcOut = rc
        if o == Onset.h, Jamo.isObstruentRepresentative(rc) {
            s[i].coda = Coda.none
            s[j].onset = Jamo.aspiratedOnset(ofRepresentative: rc)
            return true
        }
        switch o {
        case Onset.n:
            if Jamo.isObstruentRepresentative(rc) {
                rcOut = Jamo.nasal(rc)
            } else if rc == Coda.l, allNumerals(s, a) {
                o = Onset.r
            }
        case Onset.m:
            if Jamo.isObstruentRepresentative(rc) { rcOut = Jamo.nasal(rc) }
        case Onset.r:
            if Jamo.isObstruentRepresentative(rc) {
                rcOut = Jamo.nasal(rc)
                o = Onset.n
            }
        default:
            if Jamo.isLax(o), Jamo.isObstruentRepresentative(rc) || modifierTensing(s, a, b, g) { o = Jamo.tense(o) }
        }
        s[i].coda = rcOut
        s[j].onset = o
        return false
    }

    private static func vowelInitial(_ s: inout [Syllable], _ i: Int, _ j: Int, _ a: Range<Int>, _ b: Range<Int>, _ g: Grammar) -> Bool {
        let c = s[i].coda
        let phrase = setPhrase(s, a, b, g)
        if c == Coda.ng {
            if phrase == .side { s[j].onset = Onset.n }  // 강 옆 [강 녑]
            return false
        }
        let rc = Jamo.representative(c)
        if Jamo.isIOrY(s[j].vowel), phrase == .side || insertsN(s, i, a, b, g) {
            if rc == Coda.l {
                s[j].onset = Onset.r
                s[i].coda = rc
            } else {
                s[j].onset = Onset.n
                s[i].coda = Jamo.nasal(rc)
            }
            return false
        }
        guard Jamo.isObstruentRepresentative(rc) || allNumerals(s, a) || phrase != nil else {
            s[i].coda = rc  // 유물은 이곳에: no linking
            return false
        }
        s[i].coda = Coda.none
        s[j].onset = Jamo.link(rc)
        return true
    }

    /// 제29항 붙임2 heuristics (see the type's documentation).
    private static func insertsN(_ s: [Syllable], _ i: Int, _ a: Range<Int>, _ b: Range<Int>, _ g: Grammar) -> Bool {
        guard b.count <= 5 else { return false }
        let head = b.map { s[$0].written }
        if allNumerals(s, a),
            s[b.lowerBound].written == SyllableScalar.yuk && allNumerals(s, b)
                || head.starts(with: WordClasses.yeondae)
        {
            return true  // 이십 육 [이심 뉵], 3 연대 [삼 년대]
        }
        if a.count == 1, WordClasses.ipForms.contains(head) { return true }  // 옷 입다 [온 닙따]
        if s[i].has(SyllableClass.nativeTens),
            WordClasses.nativeUnits.contains(where: { head.starts(with: $0) })
        {
            return true  // 서른 여섯 [서른 녀섣]
        }
        if s[i].written == SyllableScalar.eun || s[i].written == SyllableScalar.neun, head == WordClasses.yeot { return true }
        guard WordClasses.nInsertionHeads.contains(head) || isNInsertionHead(s, b, g) else { return false }
        // A modifier: by its last syllable (할 일, 한 일, 먹을 엿), a listed determiner (무슨 일,
        // 온갖 일) or by the analysis (읽은 일, 겪은 일; not 나는 일이, a noun and a particle).
        return s[i].has(SyllableClass.nInsertionModifier) || WordClasses.determiners.contains(a.map { s[$0].written })
            || g.isAdnominal(s, a, orN: true) == true
    }

    /// A noun that takes ㄴ after a modifier (`WordClasses.nInsertionNouns`: 이야기, 얘기, 여름 …)
    /// alone or with a particle (슬픈 얘기를, 지난 여름에).
    private static func isNInsertionHead(_ s: [Syllable], _ b: Range<Int>, _ g: Grammar) -> Bool {
        for noun in WordClasses.nInsertionNouns
        where noun.count <= b.count
            && (0..<noun.count).allSatisfy({ s[b.lowerBound + $0].written == noun[$0] })
        {
            let rest = (b.lowerBound + noun.count)..<b.upperBound
            if rest.isEmpty || g.contains(Endings.particles, s, rest) { return true }
        }
        return false
    }

    /// The kind of set phrase words `a` and `b` make, nil for none: a bare noun (hunspell-ko
    /// lists the whole word as a noun: 건물, 하늘; not 유물은) followed by a noun of place
    /// (아래 위 앞 안 밖, alone or with a particle: `.place`; 옆: `.side`) or by a form of
    /// 없다/있다 (`.existence`). Nil without a lexicon.
    private static func setPhrase(_ s: [Syllable], _ a: Range<Int>, _ b: Range<Int>, _ g: Grammar) -> SetPhrase? {
        guard b.count <= 5, s[a.upperBound - 1].coda != Coda.none else { return nil }
        let first = s[b.lowerBound].written
        var kind: SetPhrase? = nil
        if first == SyllableScalar.eops || first == SyllableScalar.iss {
            kind = .existence
        } else {
            for (head, k) in placeHeads
            where head.count <= b.count
                && (0..<head.count).allSatisfy({ s[b.lowerBound + $0].written == head[$0] })
            {
                let rest = (b.lowerBound + head.count)..<b.upperBound
                if rest.isEmpty || g.contains(Endings.particles, s, rest) {
                    kind = k
                    break
                }
            }
        }
        guard kind != nil, g.isNoun(s, a) == true else { return nil }
        return kind
    }

    enum SetPhrase { case place, side, existence }

    private static let placeHeads: [([UInt32], SetPhrase)] = {
        let heads: [(String, SetPhrase)] = [
            ("아래", .place), ("위", .place), ("앞", .place), ("안", .place), ("밖", .place), ("옆", .side),
        ]
        return heads.map { (Array($0.0.unicodeScalars.map(\.value)), $0.1) }
    }()

    private static func allNumerals(_ s: [Syllable], _ r: Range<Int>) -> Bool {
        r.allSatisfy { s[$0].has(SyllableClass.numeral) }
    }

    /// 제27항 across a space.
    private static func modifierTensing(_ s: [Syllable], _ a: Range<Int>, _ b: Range<Int>, _ g: Grammar) -> Bool {
        let i = a.upperBound - 1
        guard s[i].coda == Coda.l else { return false }
        if s[i].has(SyllableClass.modifierLAnyNoun) || g.isAdnominal(s, a, orN: false) == true { return true }
        if a.count <= 4, a.count >= 2, s[i].has(SyllableClass.modifierWordEnd),
            WordClasses.modifierWords.contains(a.map { s[$0].written })
        {
            return true
        }
        return b.count <= 4 && s[b.lowerBound].has(SyllableClass.boundNounStart)
            && WordClasses.boundNounForms.contains(b.map { s[$0].written })
    }
}
