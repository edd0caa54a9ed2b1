import Hangul

/// One syllable being pronounced: its current jamo, the written syllable (for word-class
/// look-ups) and which parts a dictionary entry fixed.
struct Syllable {
    /// Onset (초성) index, see ``Onset``.
    var onset: UInt8
    /// Vowel (중성) index, see ``Vowel``.
    var vowel: UInt8
    /// Coda (종성) index, see ``Coda``; 0 for none.
    var coda: UInt8
    var written: UInt32
    var fixed: UInt8 = 0

    static let fixedOnset: UInt8 = 1, fixedVowel: UInt8 = 2, fixedCoda: UInt8 = 4

    /// The written syllable's ``SyllableClass`` flags.
    var classFlags: UInt16

    init(_ scalar: UInt32, _ classes: [UInt16]) {
        classFlags = classes[Int(scalar - HangulSyllable.first)]
        (onset, vowel, coda) = HangulSyllable.jamo(scalar)
        written = scalar
    }

    @inline(__always) func has(_ c: UInt16) -> Bool { classFlags & c != 0 }

    @inline(__always) var scalar: UInt32 { HangulSyllable.compose(onset: onset, vowel: vowel, coda: coda) }
}

/// Scalars of single syllables the rules name.
enum SyllableScalar {
    static let balp: UInt32 = 0xBC1F  // 밟
    static let neolp: UInt32 = 0xB113  // 넓
    static let deolp: UInt32 = 0xB35F  // 덟
    static let juk: UInt32 = 0xC8FD  // 죽
    static let dung: UInt32 = 0xB465  // 둥
    static let jeok: UInt32 = 0xC801  // 적
    static let gwa: UInt32 = 0xACFC  // 과
    static let yuk: UInt32 = 0xC721  // 육
    static let eops: UInt32 = 0xC5C6  // 없
    static let iss: UInt32 = 0xC788  // 있
    static let ui: UInt32 = 0xC758  // 의
    static let dae: UInt32 = 0xB300  // 대
    static let ro: UInt32 = 0xB85C  // 로
    static let jo: UInt32 = 0xC870  // 조
    static let cha: UInt32 = 0xCC28  // 차
    static let ja: UInt32 = 0xC790  // 자
    static let ma: UInt32 = 0xB9C8  // 마
    static let seo: UInt32 = 0xC11C  // 서
    static let ha: UInt32 = 0xD558  // 하
    static let eun: UInt32 = 0xC740  // 은
    static let neun: UInt32 = 0xB294  // 는
    static let deul: UInt32 = 0xB4E4  // 들
}

/// Rules inside one written word (a run of Hangul syllables).
enum WordRules {
    /// 제5항: 져·쪄·쳐 → 저·쩌·처; ㅢ after a consonant → ㅣ; non-initial 의 → 이, and a
    /// word-final 의 of two or more syllables (the particle) → 에. Nouns ending in 의
    /// (회의 주의 …) are dictionary entries, which fix their vowels.
    static func applyVowels(_ s: inout [Syllable], _ r: Range<Int>) {
        for k in r where s[k].fixed & Syllable.fixedVowel == 0 {
            let v = s[k].vowel
            let onset = s[k].onset
            if v == Vowel.yeo, onset == Onset.j || onset == Onset.jj || onset == Onset.ch {
                s[k].vowel = Vowel.eo  // 가져 [가저]
            } else if v == Vowel.ui {
                if onset != Onset.zero {
                    s[k].vowel = Vowel.i  // 희망 [히망], 무늬 [무니]
                } else if k == r.lowerBound {
                    continue  // 의사 [의사]
                } else {
                    s[k].vowel = k == r.upperBound - 1 ? Vowel.e : Vowel.i  // 우리의 [우리에], 회의실 [회이실]
                }
            }
        }
    }

    /// Applies every junction of the word left to right (each changes the coda of one
    /// syllable and the onset of the next), without the word-final coda.
    static func applyJunctions(_ s: inout [Syllable], _ r: Range<Int>, _ g: Grammar) {
        var i = r.lowerBound
        while i + 1 < r.upperBound {
            if s[i].fixed & Syllable.fixedCoda == 0 || s[i + 1].fixed & Syllable.fixedOnset == 0 {
                junction(&s, i, r, g)
            }
            i += 1
        }
    }

    static func junction(_ s: inout [Syllable], _ i: Int, _ r: Range<Int>, _ g: Grammar) {
        let c = s[i].coda
        if c == Coda.none { return }
        if c == Coda.s, s[i].has(SyllableClass.saiSiot) {
            saiSiot(&s, i)
        } else if s[i + 1].onset == Onset.zero {
            linkVowel(&s, i, r, g)
        } else {
            consonantJunction(&s, i, r, g)
        }
    }

    /// 제30항: the 사이시옷 is not pronounced before a lax consonant, which is tensed (냇가
    /// [내까]; the allowed [낻까] is not used); it is [ㄴ] before ㄴ/ㅁ (콧날 [콘날]) and [ㄴㄴ]
    /// before 이/y-vowels (깻잎 [깬닙]); before another vowel it links as [ㄷ] (윗옷 [위돋]).
    static func saiSiot(_ s: inout [Syllable], _ i: Int) {
        let o = s[i + 1].onset
        if Jamo.isLax(o) {
            s[i].coda = Coda.none
            s[i + 1].onset = Jamo.tense(o)
        } else if o == Onset.n || o == Onset.m {
            s[i].coda = Coda.n
        } else if o == Onset.zero {
            if Jamo.isIOrY(s[i + 1].vowel) {
                s[i].coda = Coda.n
                s[i + 1].onset = Onset.n
            } else {
                s[i].coda = Coda.none
                s[i + 1].onset = Onset.d
            }
        } else {
            s[i].coda = Coda.none
        }
    }

    /// 제13–15항 (linking; neutralised first before 없/있, after a prefix and between two nouns),
    /// 제12항 4 (ㅎ dropped), 제17항 (palatalisation), and ㄴ-insertion
    /// (제29항) in compounds (`Grammar.addsN`) and in 십육 [심뉵]-type numerals.
    static func linkVowel(_ s: inout [Syllable], _ i: Int, _ r: Range<Int>, _ g: Grammar) {
        let c = s[i].coda
        if Jamo.isIOrY(s[i + 1].vowel), s[i + 1].fixed & Syllable.fixedOnset == 0, g.addsN(s, i, r) == true {
            s[i + 1].onset = Jamo.representative(c) == Coda.l ? Onset.r : Onset.n
            consonantJunction(&s, i, r, g)
            return
        }
        if c == Coda.ng { return }
        if s[i + 1].written == SyllableScalar.yuk, s[i].has(SyllableClass.numeral) {
            s[i + 1].onset = Jamo.representative(c) == Coda.l ? Onset.r : Onset.n
            consonantJunction(&s, i, r, g)
            return
        }
        switch c {
        case Coda.h:
            s[i].coda = Coda.none
            return
        case Coda.nh:
            s[i].coda = Coda.none
            s[i + 1].onset = Onset.n
            return
        case Coda.lh:
            s[i].coda = Coda.none
            s[i + 1].onset = Onset.r
            return
        default: break
        }
        let b = s[i + 1].written
        let neutral =
            b == SyllableScalar.eops || b == SyllableScalar.iss
            || (i == r.lowerBound && s[i].has(SyllableClass.prefix))
            || (Jamo.representative(c) != c && g.joinsTwoNouns(s, i, r) == true)  // 제15항 끝인사 [끄딘사]
        let cc = neutral ? Jamo.representative(c) : c
        if let (keep, onset) = Jamo.splitDouble(cc) {
            s[i].coda = keep
            s[i + 1].onset = onset
        } else {
            s[i].coda = Coda.none
            s[i + 1].onset = Jamo.link(cc)
        }
        if !neutral, c == Coda.d || c == Coda.t || c == Coda.lt {
            palatalise(&s, i + 1)
        }
    }

    /// 제12항 1–3: ㅎ/ㄶ/ㅀ before a consonant. Returns the coda left to neutralise, or nil
    /// when the junction is complete.
    static func hCoda(_ s: inout [Syllable], _ i: Int) -> UInt8? {
        let c = s[i].coda
        let o = s[i + 1].onset
        let base: UInt8 = c == Coda.h ? Coda.none : (c == Coda.nh ? Coda.n : Coda.l)
        switch o {
        case Onset.g, Onset.d, Onset.j:
            s[i].coda = base
            s[i + 1].onset = Jamo.aspirate(o)
        case Onset.s:
            s[i].coda = base
            s[i + 1].onset = Onset.ss
        case Onset.n:
            if c == Coda.lh {
                s[i].coda = Coda.l
                s[i + 1].onset = Onset.r
            } else {
                s[i].coda = Coda.n
            }
        case Onset.h: s[i].coda = base
        default: return base == Coda.none ? Coda.d : base
        }
        return nil
    }

    /// 제12항 붙임1: an obstruent coda + ㅎ → aspirate (먹히다 [머키다], 밝히다 [발키다],
    /// 앉히다 [안치다], 꽂히다 [꼬치다]); ㄷ + 히 → 치 (제17항 붙임: 굳히다 [구치다]). ㅈ/ㅊ
    /// give ㅊ before the suffix 히/혀 only; before any other ㅎ (a compound's second part,
    /// 하고) they are first neutralised to [ㄷ] (붙임 2: 꽃향기 [꼬턍기], as 꽃 한 송이).
    static func aspirateBefore(_ s: inout [Syllable], _ i: Int) {
        let c = s[i].coda
        var keep = Coda.none
        var onset: UInt8
        switch c {
        case Coda.lg:
            keep = Coda.l
            onset = Onset.k
        case Coda.lb, Coda.lp:
            keep = Coda.l
            onset = Onset.p
        case Coda.lt:
            keep = Coda.l
            onset = Onset.t
        case Coda.nj:
            keep = Coda.n
            onset = Onset.ch
        case Coda.j, Coda.ch:  // 꽂히다 [꼬치다]; 꽃향기 [꼬턍기]
            let v = s[i + 1].vowel
            onset = v == Vowel.i || v == Vowel.yeo ? Onset.ch : Onset.t
        default: onset = Jamo.aspiratedOnset(ofRepresentative: Jamo.representative(c))
        }
        if s[i].fixed & Syllable.fixedCoda == 0 { s[i].coda = keep }
        if s[i + 1].fixed & Syllable.fixedOnset == 0 {
            s[i + 1].onset = onset
            if c == Coda.d { palatalise(&s, i + 1) }
            if onset == Onset.ch, s[i + 1].vowel == Vowel.yeo, s[i + 1].fixed & Syllable.fixedVowel == 0 {
                s[i + 1].vowel = Vowel.eo  // 제5항: 젖혀 [저처], 앉혀 [안처]
            }
        }
    }

    /// 제17항: ㄷ/ㅌ linked onto ㅣ → ㅈ/ㅊ; also onto the contracted ㅕ of -이어/-히어
    /// (붙여 [부처], 닫혀 [다처]), where 제5항 then gives ㅓ; not 맏형 [마텽].
    static func palatalise(_ s: inout [Syllable], _ k: Int) {
        let v = s[k].vowel
        guard v == Vowel.i || (v == Vowel.yeo && s[k].coda != Coda.ng), s[k].fixed & Syllable.fixedOnset == 0 else { return }
        if s[k].onset == Onset.d { s[k].onset = Onset.j } else if s[k].onset == Onset.t { s[k].onset = Onset.ch } else { return }
        if v == Vowel.yeo { s[k].vowel = Vowel.eo }
    }
}
