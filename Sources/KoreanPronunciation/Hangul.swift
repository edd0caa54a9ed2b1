/// Jamo arithmetic on precomposed Hangul syllables (U+AC00–U+D7A3).
///
/// Indices follow Unicode's composition order: 19 onsets, 21 vowels, 28 codas (0 = none).
enum Hangul {
    static let base: UInt32 = 0xAC00
    static let last: UInt32 = 0xD7A3

    @inline(__always) static func isSyllable(_ s: UInt32) -> Bool { s >= base && s <= last }

    @inline(__always) static func compose(_ on: UInt8, _ vo: UInt8, _ co: UInt8) -> UInt32 {
        base + (UInt32(on) * 21 + UInt32(vo)) * 28 + UInt32(co)
    }
}

/// Onset (초성) indices.
enum On {
    static let g: UInt8 = 0, gg: UInt8 = 1, n: UInt8 = 2, d: UInt8 = 3, dd: UInt8 = 4
    static let r: UInt8 = 5, m: UInt8 = 6, b: UInt8 = 7, bb: UInt8 = 8, s: UInt8 = 9
    static let ss: UInt8 = 10, zero: UInt8 = 11, j: UInt8 = 12, jj: UInt8 = 13, ch: UInt8 = 14
    static let k: UInt8 = 15, t: UInt8 = 16, p: UInt8 = 17, h: UInt8 = 18
}

/// Vowel (중성) indices.
enum Vo {
    static let a: UInt8 = 0, ae: UInt8 = 1, ya: UInt8 = 2, yae: UInt8 = 3, eo: UInt8 = 4
    static let e: UInt8 = 5, yeo: UInt8 = 6, ye: UInt8 = 7, o: UInt8 = 8, yo: UInt8 = 12
    static let u: UInt8 = 13, yu: UInt8 = 17, eu: UInt8 = 18, ui: UInt8 = 19, i: UInt8 = 20
}

/// Coda (종성) indices.
enum Co {
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
    @inline(__always) static func rep(_ c: UInt8) -> UInt8 {
        switch c {
        case Co.g, Co.gg, Co.gs, Co.lg, Co.k: return Co.g
        case Co.n, Co.nj, Co.nh: return Co.n
        case Co.d, Co.s, Co.ss, Co.j, Co.ch, Co.t, Co.h: return Co.d
        case Co.l, Co.lb, Co.ls, Co.lt, Co.lh: return Co.l
        case Co.m, Co.lm: return Co.m
        case Co.b, Co.lp, Co.bs, Co.p: return Co.b
        case Co.ng: return Co.ng
        default: return Co.none
        }
    }

    /// The onset a single coda becomes when it links into a vowel (제13항); ㅇ (zero) for
    /// codas that do not link by themselves.
    @inline(__always) static func link(_ c: UInt8) -> UInt8 {
        switch c {
        case Co.g: return On.g
        case Co.gg: return On.gg
        case Co.n: return On.n
        case Co.d: return On.d
        case Co.l: return On.r
        case Co.m: return On.m
        case Co.b: return On.b
        case Co.s: return On.s
        case Co.ss: return On.ss
        case Co.j: return On.j
        case Co.ch: return On.ch
        case Co.k: return On.k
        case Co.t: return On.t
        case Co.p: return On.p
        default: return On.zero
        }
    }

    /// 제14항: a double coda keeps its first consonant and links the second (ㅅ as ㅆ).
    /// Returns (kept coda, linked onset); ㄶ/ㅀ link nothing (제12항 4).
    static func splitDouble(_ c: UInt8) -> (UInt8, UInt8)? {
        switch c {
        case Co.gs: return (Co.g, On.ss)
        case Co.nj: return (Co.n, On.j)
        case Co.lg: return (Co.l, On.g)
        case Co.lm: return (Co.l, On.m)
        case Co.lb: return (Co.l, On.b)
        case Co.ls: return (Co.l, On.ss)
        case Co.lt: return (Co.l, On.t)
        case Co.lp: return (Co.l, On.p)
        case Co.bs: return (Co.b, On.ss)
        default: return nil
        }
    }

    @inline(__always) static func isObstruentRep(_ c: UInt8) -> Bool {
        c == Co.g || c == Co.d || c == Co.b
    }

    /// ㄱ ㄷ ㅂ → ㅇ ㄴ ㅁ (제18항).
    @inline(__always) static func nasal(_ c: UInt8) -> UInt8 {
        switch c {
        case Co.g: return Co.ng
        case Co.d: return Co.n
        case Co.b: return Co.m
        default: return c
        }
    }

    /// Lax onset ㄱ ㄷ ㅂ ㅅ ㅈ → tense; others unchanged.
    @inline(__always) static func tense(_ o: UInt8) -> UInt8 {
        switch o {
        case On.g: return On.gg
        case On.d: return On.dd
        case On.b: return On.bb
        case On.s: return On.ss
        case On.j: return On.jj
        default: return o
        }
    }

    @inline(__always) static func isLax(_ o: UInt8) -> Bool {
        o == On.g || o == On.d || o == On.b || o == On.s || o == On.j
    }

    /// ㄱ ㄷ ㅂ ㅈ → ㅋ ㅌ ㅍ ㅊ (제12항).
    @inline(__always) static func aspirate(_ o: UInt8) -> UInt8 {
        switch o {
        case On.g: return On.k
        case On.d: return On.t
        case On.b: return On.p
        case On.j: return On.ch
        default: return o
        }
    }

    /// The onset a representative obstruent coda becomes before ㅎ (제12항 붙임1·2).
    @inline(__always) static func aspiratedOnset(ofRep c: UInt8) -> UInt8 {
        switch c {
        case Co.g: return On.k
        case Co.b: return On.p
        default: return On.t
        }
    }

    /// ㅣ and the y-diphthongs ㅑ ㅕ ㅛ ㅠ ㅒ ㅖ, the vowels before which ㄴ is added (제29항).
    @inline(__always) static func isIOrY(_ v: UInt8) -> Bool {
        v == Vo.i || v == Vo.ya || v == Vo.yeo || v == Vo.yo || v == Vo.yu || v == Vo.yae || v == Vo.ye
    }
}
