extension WordRules {
    /// A coda before a consonant inside a word: 제12항 (ㅎ), 제9–11항 (neutralisation and
    /// double codas with their exceptions), 제18–20항 (nasalisation, ㄹ → ㄴ, ㄹ-assimilation)
    /// and 제23–27항 (tensing).
    static func consonantJunction(_ s: inout [Syllable], _ i: Int, _ r: Range<Int>, _ g: Grammar) {
        var c = s[i].coda
        if c == Coda.h || c == Coda.nh || c == Coda.lh {
            guard let left = hCoda(&s, i) else { return }
            c = left
        }
        var o = s[i + 1].onset
        if o == Onset.h, c != Coda.n, c != Coda.l, c != Coda.m, c != Coda.ng {
            aspirateBefore(&s, i)
            return
        }
        var (rc, tensed) = neutralise(s, i, c, o)
        if !tensed { tensed = tensingContext(s, i, r, c, o, g) }
        switch o {
        case Onset.r:
            if rc == Coda.m || rc == Coda.ng {
                o = Onset.n  // 제19항 담력 [담녁]
            } else if Jamo.isObstruentRepresentative(rc) {
                o = Onset.n
                rc = Jamo.nasal(rc)  // 제19항 붙임 협력 [혐녁]
            } else if rc == Coda.n {
                if keepsN(s, i, r) { o = Onset.n } else { rc = Coda.l }  // 제20항 다만 / 신라 [실라]
            }
        case Onset.n:
            if Jamo.isObstruentRepresentative(rc) { rc = Jamo.nasal(rc) } else if rc == Coda.l { o = Onset.r }
        case Onset.m:
            if Jamo.isObstruentRepresentative(rc) { rc = Jamo.nasal(rc) }
        default:
            if tensed { o = Jamo.tense(o) }
        }
        if s[i].fixed & Syllable.fixedCoda == 0 { s[i].coda = rc }
        if s[i + 1].fixed & Syllable.fixedOnset == 0 { s[i + 1].onset = o }
    }

    /// 제9–11항: the representative coda, with 밟- [밥], 넓죽·넓둥 [넙] (제10항 다만; 넓적 too, as
    /// 표준국어대사전 gives 넓적하다 [넙쩌카다]), and the verb-stem ㄺ
    /// before ㄱ [ㄹ] (맑게 [말께]; a noun's 닭과 stays [닥꽈]). Also reports whether a
    /// following lax consonant is tensed (제23항 obstruents, 제24항 ㄵ·ㄻ, 제25항 ㄼ·ㄾ stems).
    static func neutralise(_ s: [Syllable], _ i: Int, _ c: UInt8, _ o: UInt8) -> (UInt8, Bool) {
        var rc = Jamo.representative(c)
        var tensed = false
        let a = s[i].written
        let b = s[i + 1].written
        switch c {
        case Coda.lb:
            if a == SyllableScalar.balp || (a == SyllableScalar.neolp && (b == SyllableScalar.juk || b == SyllableScalar.dung || b == SyllableScalar.jeok)) {
                rc = Coda.b
            } else if a != SyllableScalar.deolp {
                tensed = true  // 제25항 넓게 [널께]; not 여덟
            }
        case Coda.lt:
            tensed = true  // 제25항 핥다 [할따]
        case Coda.lg:
            if o == Onset.g, b != SyllableScalar.gwa, !s[i].has(SyllableClass.nounLG) {
                rc = Coda.l
                tensed = true
            }  // 제11항 다만
        case Coda.nj:
            tensed = true  // 제24항 앉고 [안꼬]
        case Coda.lm:
            tensed = s[i + 1].has(SyllableClass.stemEnding)  // 제24항 닮고 [담꼬]; not 삶과
        default:
            break
        }
        if Jamo.isObstruentRepresentative(rc) { tensed = true }  // 제23항
        return (rc, tensed)
    }

    /// Tensing that depends on the word: 제24항 ㄴ/ㅁ verb stems, 제26항 Sino-Korean ㄹ +
    /// ㄷ/ㅅ/ㅈ (inside a word, not between the two words of a compound), 제27항 -(으)ㄹ + ending.
    static func tensingContext(_ s: [Syllable], _ i: Int, _ r: Range<Int>, _ c: UInt8, _ o: UInt8, _ g: Grammar) -> Bool {
        guard Jamo.isLax(o) else { return false }
        let a = s[i].written
        let b = s[i + 1].written
        if c == Coda.n || c == Coda.m {
            // The ending must close the word (신고, 삼고요), not start a noun or verb (신고하다).
            let rest = r.upperBound - i - 1
            let listed = s[i + 1].has(SyllableClass.stemEnding) && isNMStem(s, r.lowerBound, i)
            guard let analysed = g.stemEndingJunction(s, i, r) else {
                return listed && (rest == 1 || (rest == 2 && s[i + 2].written != SyllableScalar.ha))
            }
            // The standard's own examples (신고 [신꼬]) keep the verb reading of a bare listed
            // stem + one-syllable ending, though the same syllables are also a noun.
            return analysed || (listed && rest == 1 && !g.longerStemCovers(s, i, r))
        }
        guard c == Coda.l else { return false }
        if modifierEndingFollows(s, i, r) { return true }
        guard o == Onset.d || o == Onset.s || o == Onset.j, a != b else { return false }
        if s[i + 1].has(SyllableClass.noSinoTensing) { return false }
        let next: UInt32 = i + 2 < r.upperBound ? s[i + 2].written : 0
        if (b == SyllableScalar.dae && next == SyllableScalar.ro) || (b == SyllableScalar.jo && next == SyllableScalar.cha)
            || (b == SyllableScalar.ja && next == SyllableScalar.ma)
        {
            return false  // particles 대로 조차, ending 자마자
        }
        if b == SyllableScalar.seo && i + 2 == r.upperBound { return false }  // particle 서 (서울서)
        return g.isWordBoundary(s, i, r) != true  // 상설전시, 발굴조사: two words
    }

    /// 제24항: is syllables `start...i` one of the listed ㄴ/ㅁ verb stems?
    static func isNMStem(_ s: [Syllable], _ start: Int, _ i: Int) -> Bool {
        let len = i - start + 1
        outer: for stem in WordClasses.nmStems where stem.count == len {
            for k in 0..<len where s[start + k].written != stem[k] { continue outer }
            return true
        }
        return false
    }

    /// 제27항 within a word: an -ㄹ syllable followed by exactly one of the tensed endings
    /// (할걸 [할껄], 할수록 [할쑤록], 갈지라도 [갈찌라도]).
    static func modifierEndingFollows(_ s: [Syllable], _ i: Int, _ r: Range<Int>) -> Bool {
        let len = r.upperBound - i - 1
        let anyL = s[i].has(SyllableClass.modifierL)
        outer: for e in WordClasses.modifierEndings where e.count == len {
            for k in 0..<len where s[i + 1 + k].written != e[k] { continue outer }
            return anyL || WordClasses.anyLModifierEndings.contains(e)
        }
        return false
    }

    /// 제20항 다만: ㄴ + a Sino suffix (량 력 론 …) after a stem of two or more syllables keeps
    /// [ㄴ] and makes ㄹ [ㄴ]: 생산량 [생산냥], 이원론 [이원논]. Two-syllable words (신라 난로
    /// 원료) assimilate. Exceptions (대관령 [대괄령]) are dictionary entries.
    static func keepsN(_ s: [Syllable], _ i: Int, _ r: Range<Int>) -> Bool {
        i > r.lowerBound && s[i + 1].has(SyllableClass.nlSuffix)
    }

    /// 제8–11항 at the end of a word or before a pause.
    static func closeWord(_ s: inout [Syllable], _ last: Int) {
        if s[last].fixed & Syllable.fixedCoda == 0 {
            s[last].coda = Jamo.representative(s[last].coda)
        }
    }
}
