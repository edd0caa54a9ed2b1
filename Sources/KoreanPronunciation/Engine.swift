import Hangul

/// The scanner: UTF-8 in, breath groups of Hangul words through the rules, UTF-8 out.
/// Works on `[UInt32]` scalars and writes UTF-8 straight into one buffer sized for the worst
/// case (4 bytes per input scalar), which is freed before `run` returns.
struct Engine {
    let dictionary: PronunciationDictionary
    let grammar: Grammar
    var scalars: [UInt32] = []
    var output: UnsafeMutablePointer<UInt8>? = nil  // output UTF-8, 4 bytes per input scalar
    var writtenBytes = 0
    var syllables: [Syllable] = []
    var words: [Range<Int>] = []  // syllable ranges of the words of a group
    var gaps: [Range<Int>] = []  // source ranges of the spaces between them
    var joined: [Bool] = []
    let classes = WordClasses.flags

    init(dictionary: PronunciationDictionary, grammar: Grammar) {
        self.dictionary = dictionary
        self.grammar = grammar
    }

    mutating func run(_ text: String) -> String {
        decode(text)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * scalars.count + 16)
        defer { buffer.deallocate() }
        output = buffer
        writtenBytes = 0
        var i = 0
        let n = scalars.count
        while i < n {
            if HangulSyllable.contains(scalars[i]) {
                i = group(from: i)
            } else {
                emit(scalars[i])
                i += 1
            }
        }
        return String(decoding: UnsafeBufferPointer(start: buffer, count: writtenBytes), as: UTF8.self)
    }

    @inline(__always) static func isSpace(_ c: UInt32) -> Bool { c == 0x20 || c == 0x09 || c == 0xA0 || c == 0x3000 }

    /// Collects Hangul words separated only by spaces, pronounces them, emits them;
    /// returns the index after the group.
    mutating func group(from start: Int) -> Int {
        syllables.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
        gaps.removeAll(keepingCapacity: true)
        var i = start
        let n = scalars.count
        while true {
            let w0 = syllables.count
            while i < n, HangulSyllable.contains(scalars[i]) {
                syllables.append(Syllable(scalars[i], classes))
                i += 1
            }
            words.append(w0..<syllables.count)
            var j = i
            while j < n, Self.isSpace(scalars[j]) { j += 1 }
            if j > i, j < n, HangulSyllable.contains(scalars[j]) {
                gaps.append(i..<j)
                i = j
            } else {
                break
            }
        }
        process()
        for k in 0..<words.count {
            if k > 0, !joined[k - 1] { for g in gaps[k - 1] { emit(scalars[g]) } }
            for x in words[k] { emit(syllables[x].scalar) }
        }
        return i
    }

    mutating func process() {
        for w in words {
            dictionary.apply(&syllables, w)
            WordRules.applyVowels(&syllables, w)
            WordRules.applyJunctions(&syllables, w, grammar)
        }
        joined.removeAll(keepingCapacity: true)
        for k in 0..<(words.count - 1) {
            joined.append(CrossWordRules.apply(&syllables, words[k], words[k + 1], grammar))
        }
        for w in words { WordRules.closeWord(&syllables, w.upperBound - 1) }
    }

    /// UTF-8 → scalars (Swift strings are valid UTF-8, so no checks are needed).
    mutating func decode(_ text: String) {
        scalars.removeAll(keepingCapacity: true)
        var t = text
        t.withUTF8 { b in
            scalars.reserveCapacity(b.count)
            var i = 0
            let n = b.count
            while i < n {
                let c = UInt32(b[i])
                if c < 0x80 {
                    scalars.append(c)
                    i += 1
                } else if c < 0xE0 {
                    scalars.append((c & 0x1F) << 6 | UInt32(b[i + 1] & 0x3F))
                    i += 2
                } else if c < 0xF0 {
                    scalars.append((c & 0x0F) << 12 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F))
                    i += 3
                } else {
                    scalars.append(
                        (c & 0x07) << 18 | UInt32(b[i + 1] & 0x3F) << 12
                            | UInt32(b[i + 2] & 0x3F) << 6 | UInt32(b[i + 3] & 0x3F))
                    i += 4
                }
            }
        }
    }

    @inline(__always) mutating func emit(_ c: UInt32) {
        guard let b = output else { return }
        if c < 0x80 {
            b[writtenBytes] = UInt8(c)
            writtenBytes += 1
        } else if c < 0x800 {
            b[writtenBytes] = UInt8(0xC0 | (c >> 6))
            b[writtenBytes + 1] = UInt8(0x80 | (c & 0x3F))
            writtenBytes += 2
        } else if c < 0x10000 {
            b[writtenBytes] = UInt8(0xE0 | (c >> 12))
            b[writtenBytes + 1] = UInt8(0x80 | ((c >> 6) & 0x3F))
            b[writtenBytes + 2] = UInt8(0x80 | (c & 0x3F))
            writtenBytes += 3
        } else {
            b[writtenBytes] = UInt8(0xF0 | (c >> 18))
            b[writtenBytes + 1] = UInt8(0x80 | ((c >> 12) & 0x3F))
            b[writtenBytes + 2] = UInt8(0x80 | ((c >> 6) & 0x3F))
            b[writtenBytes + 3] = UInt8(0x80 | (c & 0x3F))
            writtenBytes += 4
        }
    }
}
