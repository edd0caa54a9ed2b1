/// A reading position in a text's Unicode scalars, inside the bounds being read: the whole text,
/// or one item of a bracket. Readers look ahead and behind with absolute indices (`at`, `peek`,
/// `matches`) and move `position` past what they have read. Nothing at or after `end` is ever
/// looked at; looking behind may cross `start` (the word before a bracket item), never index 0.
struct ScalarCursor {
    /// The whole text's scalars, shared (not copied) by every cursor over the text.
    let scalars: [Unicode.Scalar]
    /// The first index of the bounds being read.
    let start: Int
    /// One past the last index of the bounds being read.
    let end: Int
    /// The next scalar to read.
    var position: Int

    /// A cursor at the start of `bounds` in `scalars`.
    init(_ scalars: [Unicode.Scalar], bounds: Range<Int>) {
        self.scalars = scalars
        self.start = bounds.lowerBound
        self.end = bounds.upperBound
        self.position = bounds.lowerBound
    }

    /// A cursor over `range` of the same text (a bracket item).
    func bounded(to range: Range<Int>) -> ScalarCursor { ScalarCursor(scalars, bounds: range) }

    /// Whether everything inside the bounds has been read.
    @inline(__always) var isAtEnd: Bool { position >= end }

    /// The scalar under the cursor; only valid when not `isAtEnd`.
    @inline(__always) var current: Unicode.Scalar { scalars[position] }

    /// The scalar at absolute `index`, unchecked (the caller knows it is inside the text).
    @inline(__always) subscript(index: Int) -> Unicode.Scalar { scalars[index] }

    /// The scalar at absolute `index`, or nil before the text or at or after `end`.
    @inline(__always) func at(_ index: Int) -> Unicode.Scalar? {
        index >= 0 && index < end ? scalars[index] : nil
    }

    /// The scalar `offset` places from the cursor, or nil outside the text's readable part.
    @inline(__always) func peek(_ offset: Int = 0) -> Unicode.Scalar? { at(position + offset) }

    /// Moves the cursor forward by `count` scalars.
    @inline(__always) mutating func advance(by count: Int = 1) { position += count }

    /// Moves the cursor to absolute `index`.
    @inline(__always) mutating func move(to index: Int) { position = index }

    /// Whether `word` is written at absolute `index`, wholly before `end`.
    func matches(_ word: [Unicode.Scalar], at index: Int) -> Bool {
        guard index >= 0, index + word.count <= end else { return false }
        for offset in 0..<word.count where scalars[index + offset] != word[offset] { return false }
        return true
    }

    /// Whether an ASCII digit is at absolute `index`.
    @inline(__always) func isDigit(at index: Int) -> Bool {
        index >= 0 && index < end && ScalarClass.isDigit(scalars[index])
    }

    /// The index after the ASCII digits starting at `index` (`index` itself when there are none).
    func digitRunEnd(from index: Int) -> Int {
        var cursor = index
        while cursor < end, ScalarClass.isDigit(scalars[cursor]) { cursor += 1 }
        return cursor
    }

    /// `index`, or the index after it when one space is there.
    @inline(__always) func afterOneSpace(_ index: Int) -> Int {
        index < end && scalars[index] == " " ? index + 1 : index
    }

    /// The first index from `index` on that is not a space.
    func afterSpaces(_ index: Int) -> Int {
        var cursor = index
        while cursor < end, scalars[cursor] == " " { cursor += 1 }
        return cursor
    }

    /// The scalars of `range` as a string.
    func string(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
}
