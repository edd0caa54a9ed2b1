import ExpoModel
import Hangul

/// Collects the spoken form: scalars into the current Korean run, whitespace folded into at most
/// one space between words (none before closing punctuation), runs of another language kept apart.
struct SpokenWriter {
    private var runs: [SpokenRun] = []
    private var output = String.UnicodeScalarView()
    /// A space is owed before the next written scalar.
    var pendingSpace = false

    /// A writer expecting about `capacity` bytes of output.
    init(capacity: Int) {
        output.reserveCapacity(capacity + 16)
    }

    /// The last scalar written to the current run.
    var lastWritten: Unicode.Scalar? { output.last }

    /// The last Hangul syllable of the current run, past closing brackets, quotes and spaces;
    /// nil when something else (Latin letters, a sign) or nothing was written last.
    var lastSpokenSyllable: Unicode.Scalar? {
        for scalar in output.reversed() {
            if HangulSyllable.contains(scalar) { return scalar }
            if scalar == " " || scalar == ")" || scalar == "]" || ScalarClass.isSilentMark(scalar) { continue }
            return nil
        }
        return nil
    }

    /// Replaces the last scalar written when it is `old` (육 → 유 before 월).
    mutating func replaceLast(_ old: Unicode.Scalar, with new: Unicode.Scalar) {
        guard output.last == old else { return }
        output.removeLast()
        output.append(new)
    }

    /// Writes one scalar; whitespace becomes at most one space between words.
    mutating func put(_ scalar: Unicode.Scalar) {
        if ScalarClass.isWhitespace(scalar) {
            pendingSpace = !output.isEmpty
            return
        }
        if pendingSpace {
            pendingSpace = false
            if !ScalarClass.isClosingPunctuation(scalar) { output.append(" ") }
        }
        output.append(scalar)
    }

    /// Writes `words` scalar by scalar.
    mutating func put(_ words: String) {
        for scalar in words.unicodeScalars { put(scalar) }
    }

    /// Ends the current run as `language` (nil: Korean), joining it to the previous run of the
    /// same language.
    mutating func finishRun(language: String?) {
        pendingSpace = false
        guard !output.isEmpty else { return }
        while let last = output.last, last == " " { output.removeLast() }
        let finished = String(output)
        if let previous = runs.last, previous.language == language, !previous.isPronunciation {
            runs[runs.count - 1].text += " " + finished
        } else {
            runs.append(SpokenRun(text: finished, language: language))
        }
        output = String.UnicodeScalarView()
    }

    /// Ends the Korean run and adds `text` as a run of its own in `language`.
    mutating func putForeign(_ text: String, language: String) {
        finishRun(language: nil)
        runs.append(SpokenRun(text: text, language: language))
    }

    /// Ends the Korean run and adds `text`, a curator's pronunciation, as a run of its own.
    mutating func putPronunciation(_ text: String) {
        finishRun(language: nil)
        runs.append(SpokenRun(text: text, isPronunciation: true))
    }

    /// The runs written, the current one finished; one empty Korean run when nothing was written.
    mutating func finish() -> [SpokenRun] {
        finishRun(language: nil)
        if runs.isEmpty { return [SpokenRun(text: "")] }
        return runs
    }
}
