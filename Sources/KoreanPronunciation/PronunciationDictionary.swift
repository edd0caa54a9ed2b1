import ExpoModel
import Foundation
import Hangul

/// Word-dependent pronunciations (ㄴ-insertion, 사이시옷-type tensing, 제20항 exceptions,
/// Sino-Korean tensing …) that no rule on spelling alone can decide.
///
/// File format (UTF-8, one entry a line; `#` starts a comment line; blank lines ignored):
///
///     written | pronounced | article | note
///
/// `written` and `pronounced` are Hangul words of the same number of syllables; `article`
/// (e.g. `제29항`) and `note` are optional. An entry matches a written word that starts with
/// it (솜이불 also covers 솜이불을); entries of three or more syllables also match inside a
/// longer word (대두식용유). Two-syllable entries match only at the start of a word: inside
/// words they collide too often (대의 in 시대의, 제의 in 경제의). The syllables of the entry are then fixed; the rules still join its
/// last consonant to what follows (꽃잎이 [꼰니피]).
public struct PronunciationDictionary: Sendable {
    /// One dictionary line.
    public struct Entry: Sendable, Equatable {
        /// The word as spelled (Hangul syllables, two or more).
        public var written: String
        /// Its standard pronunciation in Hangul, one syllable per written syllable.
        public var pronounced: String
        /// The article of 표준 발음법 it follows (e.g. "제29항"), if given.
        public var article: String?
        /// A curator's note, if given.
        public var note: String?

        /// An entry; `written` and `pronounced` must be Hangul of equal syllable count.

        public init(written: String, pronounced: String, article: String? = nil, note: String? = nil) {
            self.written = written
            self.pronounced = pronounced
            self.article = article
            self.note = note
        }
    }

    /// No entries: rules only.
    public static let empty = PronunciationDictionary(entries: [])

    /// The entries, in file order.
    public let entries: [Entry]
    var index = EntryIndex()

    /// Builds a dictionary from entries; later entries replace earlier ones with the same
    /// written form. Entries whose forms are not Hangul of equal length are skipped.
    public init(entries: [Entry]) {
        self.entries = entries
        for e in entries {
            let w = e.written.unicodeScalars.map(\.value)
            let p = e.pronounced.unicodeScalars.map(\.value)
            guard Self.problem(w, p) == nil else { continue }
            index.insert(w, p)
        }
        index.seal()
    }

    /// Reads a dictionary file (format above) with `read` (the tool passes ExpoSystem's
    /// `CuratedText.lines(ofFile:)`, which refuses a named pipe). Throws an `ExpoError` naming
    /// the file, line, reason and fix for the first bad line.
    public init(
        contentsOf url: URL,
        reading read: (URL) throws(CuratedText.Failure) -> [Substring] = { url throws(CuratedText.Failure) in
            try CuratedText.lines(of: url)
        }
    ) throws {
        let lines: [Substring]
        do {
            lines = try read(url)
        } catch {
            throw ExpoError.pronunciationDictionary(file: url.path, line: 0, reason: error.description, fix: error.fix)
        }
        var list: [Entry] = []
        var lineNo = 0
        for raw in lines {
            lineNo += 1
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            list.append(try Self.parse(line, file: url.path, line: lineNo))
        }
        self.init(entries: list)
    }

    static func parse(_ line: String, file: String, line n: Int) throws -> Entry {
        let f = line.split(separator: "|", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard f.count >= 2, f.count <= 4 else {
            throw ExpoError.pronunciationDictionary(
                file: file, line: n, reason: "expected 2 to 4 fields separated by '|', found \(f.count)",
                fix: "write `written | pronounced | article | note`, e.g. `솜이불 | 솜니불 | 제29항`")
        }
        let w = f[0].unicodeScalars.map(\.value)
        let p = f[1].unicodeScalars.map(\.value)
        if let why = problem(w, p) {
            throw ExpoError.pronunciationDictionary(
                file: file, line: n, reason: "'\(excerpt(f[0]))' → '\(excerpt(f[1]))': \(why)",
                fix: "use Hangul syllables only (no spaces or jamo), one pronounced syllable per written syllable")
        }
        let article = f.count > 2 && !f[2].isEmpty ? f[2] : nil
        if let a = article, !(a.hasPrefix("제") && a.contains("항")) {
            throw ExpoError.pronunciationDictionary(
                file: file, line: n, reason: "article '\(excerpt(a))' is not of the form 제N항",
                fix: "name the article of 표준 발음법, e.g. 제26항, or leave the field empty")
        }
        return Entry(written: f[0], pronounced: f[1], article: article, note: f.count > 3 && !f[3].isEmpty ? f[3] : nil)
    }

    static func problem(_ w: [UInt32], _ p: [UInt32]) -> String? {
        if w.count < 2 { return "the written form needs at least two syllables" }
        if !w.allSatisfy(HangulSyllable.contains) || !p.allSatisfy(HangulSyllable.contains) {
            return "both forms must be Hangul syllables"
        }
        if w.count != p.count { return "written has \(counted(w.count, "syllable")), pronounced has \(p.count)" }
        return nil
    }

    /// Fixes the syllables of every entry found in the word `r` (longest match first).
    func apply(_ s: inout [Syllable], _ r: Range<Int>) {
        if index.isEmpty { return }
        var p = r.lowerBound
        while p + 1 < r.upperBound {
            if let len = match(&s, p, r) { p += len } else { p += 1 }
        }
    }

    private func match(_ s: inout [Syllable], _ p: Int, _ r: Range<Int>) -> Int? {
        var lengths = index.lengths(startingWith: s[p].written)
        if lengths == 0 { return nil }
        if p != r.lowerBound { lengths &= ~UInt32(0b111) }  // inside a word: 3+ syllables
        lengths &= (r.upperBound - p >= 31) ? ~0 : (UInt32(1) << UInt32(r.upperBound - p + 1)) - 1
        while lengths != 0 {
            let len = 31 - lengths.leadingZeroBitCount  // longest first
            lengths &= ~(UInt32(1) << UInt32(len))
            guard let pron = index.find(s, p, len) else { continue }
            for k in 0..<len {
                let jamo = HangulSyllable.jamo(pron[k])
                s[p + k].onset = jamo.onset
                s[p + k].vowel = jamo.vowel
                s[p + k].fixed |= Syllable.fixedVowel | (k > 0 ? Syllable.fixedOnset : 0)
                if k < len - 1 {
                    s[p + k].coda = jamo.coda
                    s[p + k].fixed |= Syllable.fixedCoda
                }
            }
            return len
        }
        return nil
    }
}

/// Open-addressing hash table from written syllable sequences to pronunciations, with a
/// per-first-syllable mask of entry lengths so most syllables cost one array read.
struct EntryIndex: Sendable {
    private var written: [[UInt32]] = []
    private var pronounced: [[UInt32]] = []
    private var slots: [Int32] = []
    private var hashes: [UInt64] = []
    private var lengthMask: [UInt32] = []

    var isEmpty: Bool { written.isEmpty }

    mutating func insert(_ w: [UInt32], _ p: [UInt32]) {
        if let k = written.firstIndex(of: w) {
            pronounced[k] = p
            return
        }
        written.append(w)
        pronounced.append(p)
    }

    mutating func seal() {
        lengthMask = [UInt32](repeating: 0, count: HangulSyllable.count)
        var cap = 16
        while cap < written.count * 4 { cap <<= 1 }
        slots = [Int32](repeating: -1, count: cap)
        hashes = [UInt64](repeating: 0, count: cap)
        for (k, w) in written.enumerated() where w.count < 32 {
            lengthMask[Int(w[0] - HangulSyllable.first)] |= UInt32(1) << UInt32(w.count)
            let h = Self.hash(w.indices) { w[$0] }
            var i = Int(truncatingIfNeeded: h) & (cap - 1)
            while slots[i] >= 0 { i = (i + 1) & (cap - 1) }
            slots[i] = Int32(k)
            hashes[i] = h
        }
    }

    @inline(__always) func lengths(startingWith s: UInt32) -> UInt32 {
        lengthMask.isEmpty ? 0 : lengthMask[Int(s - HangulSyllable.first)]
    }

    func find(_ s: [Syllable], _ p: Int, _ len: Int) -> [UInt32]? {
        let h = Self.hash(p..<(p + len)) { s[$0].written }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: h) & mask
        while slots[i] >= 0 {
            if hashes[i] == h {
                let w = written[Int(slots[i])]
                if w.count == len, (0..<len).allSatisfy({ w[$0] == s[p + $0].written }) {
                    return pronounced[Int(slots[i])]
                }
            }
            i = (i + 1) & mask
        }
        return nil
    }

    @inline(__always) static func hash(_ r: Range<Int>, _ at: (Int) -> UInt32) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for k in r { h = (h ^ UInt64(at(k))) &* 0x0000_0100_0000_01B3 }
        return h ^ (h >> 29)
    }
}

extension ExpoError {
    /// A line of a pronunciation dictionary that cannot be used (line 0: the file itself).
    public static func pronunciationDictionary(file: String, line: Int, reason: String, fix: String) -> ExpoError {
        let place = line > 0 ? "\(file):\(line)" : file
        return ExpoError(.usage, "\(place): \(reason)", advice: "Fix: \(fix).", subject: .lexicon)
    }
}
