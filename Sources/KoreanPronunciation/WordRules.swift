/// One syllable being pronounced: its current jamo, the written syllable (for word-class
/// look-ups) and which parts a dictionary entry fixed.
struct Syl {
    var on: UInt8
    var vo: UInt8
    var co: UInt8
    var written: UInt32
    var fixed: UInt8 = 0

    static let fixedOnset: UInt8 = 1, fixedVowel: UInt8 = 2, fixedCoda: UInt8 = 4

    var cls: UInt16

    init(_ scalar: UInt32, _ classes: [UInt16]) {
        let x = scalar - Hangul.base
        cls = classes[Int(x)]
        on = UInt8(x / 588)
        vo = UInt8((x % 588) / 28)
        co = UInt8(x % 28)
        written = scalar
    }

    @inline(__always) func has(_ c: UInt16) -> Bool { cls & c != 0 }

    @inline(__always) var scalar: UInt32 { Hangul.compose(on, vo, co) }
}

/// Scalars of single syllables the rules name.
enum S {
    static let balp: UInt32 = 0xBC1F      // 밟
    static let neolp: UInt32 = 0xB113     // 넓
    static let deolp: UInt32 = 0xB35F     // 덟
    static let juk: UInt32 = 0xC8FD       // 죽
    static let dung: UInt32 = 0xB465      // 둥
    static let jeok: UInt32 = 0xC801      // 적
    static let gwa: UInt32 = 0xACFC       // 과
    static let yuk: UInt32 = 0xC721       // 육
    static let eops: UInt32 = 0xC5C6      // 없
    static let iss: UInt32 = 0xC788       // 있
    static let ui: UInt32 = 0xC758        // 의
    static let dae: UInt32 = 0xB300       // 대
    static let ro: UInt32 = 0xB85C        // 로
    static let jo: UInt32 = 0xC870        // 조
    static let cha: UInt32 = 0xCC28       // 차
    static let ja: UInt32 = 0xC790        // 자
    static let ma: UInt32 = 0xB9C8        // 마
    static let seo: UInt32 = 0xC11C       // 서
    static let ha: UInt32 = 0xD558        // 하
    static let eun: UInt32 = 0xC740       // 은
    static let neun: UInt32 = 0xB294      // 는
}

/// Rules inside one written word (a run of Hangul syllables).
enum WordRules {
    /// 제5항: 져·쪄·쳐 → 저·쩌·처; ㅢ after a consonant → ㅣ; non-initial 의 → 이, and a
    /// word-final 의 of two or more syllables (the particle) → 에. Nouns ending in 의
    /// (회의 주의 …) are dictionary entries, which fix their vowels.
    static func applyVowels(_ s: inout [Syl], _ r: Range<Int>) {
        for k in r where s[k].fixed & Syl.fixedVowel == 0 {
            let v = s[k].vo, on = s[k].on
            if v == Vo.yeo, on == On.j || on == On.jj || on == On.ch {
                s[k].vo = Vo.eo                           // 가져 [가저]
            } else if v == Vo.ui {
                if on != On.zero {
                    s[k].vo = Vo.i                        // 희망 [히망], 무늬 [무니]
                } else if k == r.lowerBound {
                    continue                              // 의사 [의사]
                } else {
                    s[k].vo = k == r.upperBound - 1 ? Vo.e : Vo.i   // 우리의 [우리에], 회의실 [회이실]
                }
            }
        }
    }

    /// Applies every junction of the word left to right (each changes the coda of one
    /// syllable and the onset of the next), without the word-final coda.
    static func applyJunctions(_ s: inout [Syl], _ r: Range<Int>, _ g: Grammar) {
        var i = r.lowerBound
        while i + 1 < r.upperBound {
            if s[i].fixed & Syl.fixedCoda == 0 || s[i + 1].fixed & Syl.fixedOnset == 0 {
                junction(&s, i, r, g)
            }
            i += 1
        }
    }

    static func junction(_ s: inout [Syl], _ i: Int, _ r: Range<Int>, _ g: Grammar) {
        let c = s[i].co
        if c == Co.none { return }
        if c == Co.s, s[i].has(Cls.sai) {
            saiSiot(&s, i)
        } else if s[i + 1].on == On.zero {
            linkVowel(&s, i, r, g)
        } else {
            consonantJunction(&s, i, r, g)
        }
    }

    /// 제30항: the 사이시옷 is not pronounced before a lax consonant, which is tensed (냇가
    /// [내까]; the allowed [낻까] is not used); it is [ㄴ] before ㄴ/ㅁ (콧날 [콘날]) and [ㄴㄴ]
    /// before 이/y-vowels (깻잎 [깬닙]); before another vowel it links as [ㄷ] (윗옷 [위돋]).
    static func saiSiot(_ s: inout [Syl], _ i: Int) {
        let o = s[i + 1].on
        if Jamo.isLax(o) {
            s[i].co = Co.none
            s[i + 1].on = Jamo.tense(o)
        } else if o == On.n || o == On.m {
            s[i].co = Co.n
        } else if o == On.zero {
            if Jamo.isIOrY(s[i + 1].vo) {
                s[i].co = Co.n
                s[i + 1].on = On.n
            } else {
                s[i].co = Co.none
                s[i + 1].on = On.d
            }
        } else {
            s[i].co = Co.none
        }
    }

    /// 제13–15항 (linking), 제12항 4 (ㅎ dropped), 제17항 (palatalisation), and ㄴ-insertion
    /// in 십육 [심뉵]-type numerals (제29항).
    static func linkVowel(_ s: inout [Syl], _ i: Int, _ r: Range<Int>, _ g: Grammar) {
        let c = s[i].co
        if c == Co.ng { return }
        if s[i + 1].written == S.yuk, s[i].has(Cls.numeral) {
            s[i + 1].on = Jamo.rep(c) == Co.l ? On.r : On.n
            consonantJunction(&s, i, r, g)
            return
        }
        switch c {
        case Co.h: s[i].co = Co.none; return
        case Co.nh: s[i].co = Co.none; s[i + 1].on = On.n; return
        case Co.lh: s[i].co = Co.none; s[i + 1].on = On.r; return
        default: break
        }
        let b = s[i + 1].written
        let neutral = b == S.eops || b == S.iss
            || (i == r.lowerBound && s[i].has(Cls.prefix))
        let cc = neutral ? Jamo.rep(c) : c
        if let (keep, onset) = Jamo.splitDouble(cc) {
            s[i].co = keep
            s[i + 1].on = onset
        } else {
            s[i].co = Co.none
            s[i + 1].on = Jamo.link(cc)
        }
        if !neutral, c == Co.d || c == Co.t || c == Co.lt {
            palatalise(&s, i + 1)
        }
    }

    /// 제12항 1–3: ㅎ/ㄶ/ㅀ before a consonant. Returns the coda left to neutralise, or nil
    /// when the junction is complete.
    static func hCoda(_ s: inout [Syl], _ i: Int) -> UInt8? {
        let c = s[i].co, o = s[i + 1].on
        let base: UInt8 = c == Co.h ? Co.none : (c == Co.nh ? Co.n : Co.l)
        switch o {
        case On.g, On.d, On.j: s[i].co = base; s[i + 1].on = Jamo.aspirate(o)
        case On.s: s[i].co = base; s[i + 1].on = On.ss
        case On.n:
            if c == Co.lh { s[i].co = Co.l; s[i + 1].on = On.r } else { s[i].co = Co.n }
        case On.h: s[i].co = base
        default: return base == Co.none ? Co.d : base
        }
        return nil
    }

    /// 제12항 붙임1: an obstruent coda + ㅎ → aspirate (먹히다 [머키다], 밝히다 [발키다],
    /// 앉히다 [안치다], 꽂히다 [꼬치다]); ㄷ + 히 → 치 (제17항 붙임: 굳히다 [구치다]).
    static func aspirateBefore(_ s: inout [Syl], _ i: Int) {
        let c = s[i].co
        var keep = Co.none
        var onset: UInt8
        switch c {
        case Co.lg: keep = Co.l; onset = On.k
        case Co.lb, Co.lp: keep = Co.l; onset = On.p
        case Co.lt: keep = Co.l; onset = On.t
        case Co.nj: keep = Co.n; onset = On.ch
        case Co.j, Co.ch: onset = On.ch
        default: onset = Jamo.aspiratedOnset(ofRep: Jamo.rep(c))
        }
        if s[i].fixed & Syl.fixedCoda == 0 { s[i].co = keep }
        if s[i + 1].fixed & Syl.fixedOnset == 0 {
            s[i + 1].on = onset
            if c == Co.d { palatalise(&s, i + 1) }
        }
    }

    /// 제17항: ㄷ/ㅌ linked onto ㅣ → ㅈ/ㅊ; also onto the contracted ㅕ of -이어/-히어
    /// (붙여 [부처], 닫혀 [다처]), where 제5항 then gives ㅓ; not 맏형 [마텽].
    static func palatalise(_ s: inout [Syl], _ k: Int) {
        let v = s[k].vo
        guard v == Vo.i || (v == Vo.yeo && s[k].co != Co.ng), s[k].fixed & Syl.fixedOnset == 0 else { return }
        if s[k].on == On.d { s[k].on = On.j } else if s[k].on == On.t { s[k].on = On.ch } else { return }
        if v == Vo.yeo { s[k].vo = Vo.eo }
    }
}
