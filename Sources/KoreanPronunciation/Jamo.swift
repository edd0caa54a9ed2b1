import Hangul

// The jamo of a syllable by name, as the rules of 표준 발음법 speak of them; a syllable's
// arithmetic is `HangulSyllable`'s (module Hangul).

/// Onset (초성) indices.
enum Onset {
    static let g: UInt8 = 0, gg: UInt8 = 1, n: UInt8 = 2, d: UInt8 = 3, dd: UInt8 = 4
    static let r: UInt8 = 5, m: UInt8 = 6, b: UInt8 = 7, bb: UInt8 = 8, s: UInt8 = 9
    static let ss: UInt8 = 10, zero: UInt8 = 11, j: UInt8 = 12, jj: UInt8 = 13, ch: UInt8 = 14
    static let k: UInt8 = 15, t: UInt8 = 16, p: UInt8 = 17, h: UInt8 = 18
}

/// Vowel (중성) indices.
enum Vowel {
    static let a: UInt8 = 0, ae: UInt8 = 1, ya: UInt8 = 2, yae: UInt8 = 3, eo: UInt8 = 4
    static let e: UInt8 = 5, yeo: UInt8 = 6, ye: UInt8 = 7, o: UInt8 = 8, yo: UInt8 = 12
    static let u: UInt8 = 13, yu: UInt8 = 17, eu: UInt8 = 18, ui: UInt8 = 19, i: UInt8 = 20
}

/// Coda (종성) indices.
enum Coda {
    static let none: UInt8 = 0, g: UInt8 = 1, gg: UInt8 = 2, gs: UInt8 = 3, n: UInt8 = 4
    static let nj: UInt8 = 5, nh: UInt8 = 6, d: UInt8 = 7, l: UInt8 = 8, lg: UInt8 = 9
    static let lm: UInt8 = 10, lb: UInt8 = 11, ls: UInt8 = 12, lt: UInt8 = 13, lp: UInt8 = 14
    static let lh: UInt8 = 15, m: UInt8 = 16, b: UInt8 = 17, bs: UInt8 = 18, s: UInt8 = 19
    static let ss: UInt8 = 20, ng: UInt8 = 21, j: UInt8 = 22, ch: UInt8 = 23, k: UInt8 = 24
    static let t: UInt8 = 25, p: UInt8 = 26, h: UInt8 = 27
}

/// Sound classes and the jamo mappings the rules share.
enum Jamo {
    /// 제8–11항: the representative of a coda before a consonant or a pause
    /// (one of ㄱ ㄴ ㄷ ㄹ ㅁ ㅂ ㅇ). Word-specific choices (밟-, 넓죽-, 맑게) are made by the caller.
    @inline(__always) static func representative(_ c: UInt8) -> UInt8 {
        switch c {
        case Coda.g, Coda.gg, Coda.gs, Coda.lg, Coda.k: return Coda.g
        case Coda.n, Coda.nj, Coda.nh: return Coda.n
        case Coda.d, Coda.s, Coda.ss, Coda.j, Coda.ch, Coda.t, Coda.h: return Coda.d
        case Coda.l, Coda.lb, Coda.ls, Coda.lt, Coda.lh: return Coda.l
        case Coda.m, Coda.lm: return Coda.m
        case Coda.b, Coda.lp, Coda.bs, Coda.p: return Coda.b
        case Coda.ng: return Coda.ng
        default: return Coda.none
        }
    }

    /// The onset a single coda becomes when it links into a vowel (제13항); ㅇ (zero) for
    /// codas that do not link by themselves.
    @inline(__always) static func link(_ c: UInt8) -> UInt8 {
        switch c {
        case Coda.g: return Onset.g
        case Coda.gg: return Onset.gg
        case Coda.n: return Onset.n
        case Coda.d: return Onset.d
        case Coda.l: return Onset.r
        case Coda.m: return Onset.m
        case Coda.b: return Onset.b
        case Coda.s: return Onset.s
        case Coda.ss: return Onset.ss
        case Coda.j: return Onset.j
        case Coda.ch: return Onset.ch
        case Coda.k: return Onset.k
        case Coda.t: return Onset.t
        case Coda.p: return Onset.p
        default: return Onset.zero
        }
    }

    /// 제14항: a double coda keeps its first consonant and links the second (ㅅ as ㅆ).
    /// Returns (kept coda, linked onset); ㄶ/ㅀ link nothing (제12항 4).
    static func splitDouble(_ c: UInt8) -> (UInt8, UInt8)? {
        switch c {
        case Coda.gs: return (Coda.g, Onset.ss)
        case Coda.nj: return (Coda.n, Onset.j)
        case Coda.lg: return (Coda.l, Onset.g)
        case Coda.lm: return (Coda.l, Onset.m)
        case Coda.lb: return (Coda.l, Onset.b)
        case Coda.ls: return (Coda.l, Onset.ss)
        case Coda.lt: return (Coda.l, Onset.t)
        case Coda.lp: return (Coda.l, Onset.p)
        case Coda.bs: return (Coda.b, Onset.ss)
        default: return nil
        }
    }

    @inline(__always) static func isObstruentRepresentative(_ c: UInt8) -> Bool {
        c == Coda.g || c == Coda.d || c == Coda.b
    }

    /// ㄱ ㄷ ㅂ → ㅇ ㄴ ㅁ (제18항).
    @inline(__always) static func nasal(_ c: UInt8) -> UInt8 {
        switch c {
        case Coda.g: return Coda.ng
        case Coda.d: return Coda.n
        case Coda.b: return Coda.m
        default: return c
        }
    }

    /// Lax onset ㄱ ㄷ ㅂ ㅅ ㅈ → tense; others unchanged.
    @inline(__always) static func tense(_ o: UInt8) -> UInt8 {
        switch o {
        case Onset.g: return Onset.gg
        case Onset.d: return Onset.dd
        case Onset.b: return Onset.bb
        case Onset.s: return Onset.ss
        case Onset.j: return Onset.jj
        default: return o
        }
    }

    @inline(__always) static func isLax(_ o: UInt8) -> Bool {
        o == Onset.g || o == Onset.d || o == Onset.b || o == Onset.s || o == Onset.j
    }

    /// ㄱ ㄷ ㅂ ㅈ → ㅋ ㅌ ㅍ ㅊ (제12항).
    @inline(__always) static func aspirate(_ o: UInt8) -> UInt8 {
        switch o {
        case Onset.g: return Onset.k
        case Onset.d: return Onset.t
        case Onset.b: return Onset.p
        case Onset.j: return Onset.ch
        default: return o
        }
    }

    /// The onset a representative obstruent coda becomes before ㅎ (제12항 붙임1·2).
    @inline(__always) static func aspiratedOnset(ofRepresentative c: UInt8) -> UInt8 {
        switch c {
        case Coda.g: return Onset.k
        case Coda.b: return Onset.p
        default: return Onset.t
        }
    }

    /// ㅣ and the y-diphthongs ㅑ ㅕ ㅛ ㅠ ㅒ ㅖ, the vowels before which ㄴ is added (제29항).
    @inline(__always) static func isIOrY(_ v: UInt8) -> Bool {
        v == Vowel.i || v == Vowel.ya || v == Vowel.yeo || v == Vowel.yo || v == Vowel.yu || v == Vowel.yae || v == Vowel.ye
    }
}
