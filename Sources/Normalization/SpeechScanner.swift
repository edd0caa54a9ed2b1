import ExpoModel

/// One pass over a text, left to right, writing the spoken form. Works on Unicode scalars and
/// never on `Character`s or regular expressions, so that it stays fast on long texts.
///
/// The scanner dispatches on the scalar under its cursor to the reader for that kind of text,
/// each in a file of its own: numbers (+Numbers, +Ranges, with units and counting words from
/// +Counters), dates and times (+Dates), symbols (+Symbols), Latin letters (+Latin), Hanja and
/// brackets (+Hanja, +Brackets). Readers read from `cursor` and write to `writer`.
struct SpeechScanner {
    /// Where reading is: the text's scalars and the bounds being read.
    var cursor: ScalarCursor
    /// Where the spoken form goes.
    var writer: SpokenWriter
    let lexicon: CuratorLexicon
    /// A '-' or '−' just before the number being read.
    var pendingNegative = false
    /// A currency sign just before the number being read (its spoken name).
    var pendingCurrency: String?
    /// A word said after the number being read (pp. 12 → 십이 쪽, #3 → 삼 번).
    var pendingSuffix: String?
    /// A range begun with 부터 before a time-of-day word (10시~오후 6시) waits for its 까지.
    var pendingKkaji = false
    /// What could not be said as written, when the caller asked for notes.
    var notes: [NormalizationNote]?

    init(text: String, lexicon: CuratorLexicon, collectingNotes: Bool = false) {
        let scalars = TextPreparation.scalars(of: text)
        if collectingNotes { notes = [] }
        self.cursor = ScalarCursor(scalars, bounds: 0..<scalars.count)
        self.writer = SpokenWriter(capacity: text.utf8.count)
        self.lexicon = lexicon
    }

    // MARK: Output

    /// Reads the whole text and returns its spoken runs.
    mutating func spokenRuns() -> [SpokenRun] {
        scanToEnd()
        return writer.finish()
    }

    @inline(__always) mutating func put(_ scalar: Unicode.Scalar) { writer.put(scalar) }
    @inline(__always) mutating func put(_ words: String) { writer.put(words) }
    var lastWritten: Unicode.Scalar? { writer.lastWritten }

    /// Records a fallback reading when notes are collected.
    mutating func note(_ kind: NormalizationNote.Kind, _ original: String, _ action: String, language: String? = nil) {
        guard notes != nil else { return }
        notes!.append(NormalizationNote(kind: kind, original: original, action: action, language: language))
    }

    // MARK: The scan

    /// Reads `range` of the text (a bracket item) with a cursor of its own, then goes on where
    /// the outer reading was.
    mutating func scan(_ range: Range<Int>) {
        let outer = cursor
        cursor = outer.bounded(to: range)
        scanToEnd()
        cursor = outer
    }

    /// Reads from the cursor to the end of its bounds.
    private mutating func scanToEnd() {
        let hasLexicon = !lexicon.candidatesByFirstScalar.isEmpty
        // Something other than Hangul or a space was just read: a particle may follow (+Particles).
        var particleDue = false
        while !cursor.isAtEnd {
            let scalar = cursor.current
            if hasLexicon, applyLexicon() {
                particleDue = true
                continue
            }
            if ScalarClass.isHangul(scalar) {
                if particleDue {
                    particleDue = false
                    if readAgreeingParticle() { continue }
                }
                put(scalar)
                cursor.advance()
                continue
            }
            particleDue = !ScalarClass.isWhitespace(scalar)
            if ScalarClass.isDigit(scalar) {
                readNumber()
                pendingKkaji = false
                if let suffix = pendingSuffix {
                    pendingSuffix = nil
                    put(" " + suffix + " ")
                }
            } else if ScalarClass.isLatinLetter(scalar) {
                readLatin()
            } else if ScalarClass.isHanja(scalar) {
                readHanja()
            } else {
                readSymbol(scalar)
            }
        }
    }

    /// Applies the lexicon entry written at the cursor, if any.
    private mutating func applyLexicon() -> Bool {
        guard let candidate = lexiconEntry(at: cursor.position) else { return false }
        if let language = candidate.entry.language {
            writer.putForeign(candidate.entry.spoken, language: language)
        } else if candidate.entry.isPronunciation {
            writer.putPronunciation(candidate.entry.spoken)
        } else {
            put(candidate.entry.spoken)
        }
        cursor.move(to: cursor.position + candidate.written.count)
        return true
    }

    /// The lexicon entry written at `index`, if any: the longest that does not start or end
    /// inside a Latin word or a number (nor start inside a Hangul word).
    func lexiconEntry(at index: Int) -> (written: [Unicode.Scalar], entry: CuratorLexicon.Entry)? {
        let first = cursor[index]
        guard let candidates = lexicon.candidatesByFirstScalar[first.value] else { return nil }
        if index > cursor.start {
            let previous = cursor[index - 1]
            if ScalarClass.isASCIILetter(first), ScalarClass.isASCIILetter(previous) { return nil }
            if ScalarClass.isHangul(first), ScalarClass.isHangul(previous) { return nil }
        }
        for candidate in candidates where cursor.matches(candidate.written, at: index) {
            let after = index + candidate.written.count
            if let last = candidate.written.last, ScalarClass.isASCIILetter(last) || ScalarClass.isDigit(last),
                let next = cursor.at(after), ScalarClass.isASCIILetter(next) || ScalarClass.isDigit(next)
            {
                continue
            }
            return candidate
        }
        return nil
    }
}
