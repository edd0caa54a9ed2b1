import ExpoModel

/// Splits one sentence's caption into cues a person can read: at most `maxLines` lines a cue,
/// about `maxLineLength` characters a line, as Korean subtitles are written.
///
/// Choices:
/// - Lines and cues break only at spaces, so a word (an eojeol in Korean) is never cut; a line
///   is longer than `maxLineLength` only when one word alone is longer. A word too long for a
///   line that lists items with "·" (나막개·나모께·…) may also break after a "·".
/// - Among the ways to break, the splitter prefers (in this order of weight) fewer cues, breaks
///   after punctuation, then after a particle or a connective ending followed by a space, cues
///   of even length, and lines of even length inside a cue. It never leaves a short tail of
///   one or two words alone when a better break exists.
/// - With word start times (one per space-separated word, from espeak-ng's word events), each
///   cue after the first starts when its first word is heard. Only where that time is unknown
///   (no word event could be tied to the word — espeak-ng reports none for some long Korean
///   words —, a piece of a list cut inside a word, or a time outside the sentence or before an
///   earlier word's) is a cue timed by length: in proportion to the characters (spaces not
///   counted) between the nearest words around it that have a time, or between `start` and
///   `end` when none has. Starts never go back, so cues stay in order, inside the sentence,
///   and follow each other with no gap or overlap: the sentence's time is shared out whole.
/// - A cue's lines are joined with "\n".
public enum CaptionSplitter {
    /// The widest a line may be, in full-width characters: a Hangul syllable counts one, a
    /// Latin letter, digit, space or punctuation mark half (they take about half the room), as
    /// Korean subtitles are written (Netflix's Korean Timed Text Style Guide: 16 a line).
    public static let maxLineLength = 16
    /// Lines a cue may have.
    public static let maxLines = 2
    /// The longest a cue may stay up, in seconds: longer speech is split at a phrase end.
    public static let maxDuration = 7.0
    /// The shortest a cue may stay up, in seconds (5/6 s, 20 frames at 24 fps), rounded up to
    /// the millisecond the caption files are written in.
    public static let minDuration = 0.834

    /// The cues of one sentence shown from `start` to `end` (seconds). `wordStarts`, when given
    /// with one time per space-separated word of `text`, snaps cue starts to when words are
    /// heard; otherwise (or when the count differs) times follow text length.
    public static func cues(text: String, start: Double, end: Double, wordStarts: [Double]? = nil) -> [CaptionCue] {
        let spaced = GuideOutline.oneLine(text).split(separator: " ").map(String.init)
        guard !spaced.isEmpty else { return [] }
        var words: [String] = []
        var wordOf: [Int] = []
        for (index, word) in spaced.enumerated() {
            let pieces = listPieces(word)
            words += pieces
            wordOf += Array(repeating: index, count: pieces.count)
        }
        let safeEnd = end.isFinite && end > start ? end : start
        let times = wordStarts?.count == spaced.count ? wordStarts : nil
        // When each word (or piece) is heard: its own time, or its share by length.
        let heard = chunkStarts(
            words.indices.map { $0..<($0 + 1) }, words: words, start: start, end: safeEnd,
            wordStarts: times.map { times in wordOf.map { times[$0] } })
        let chunks = bestChunks(words, times: heard, end: safeEnd)
        let starts = chunks.map { heard[$0.lowerBound] }
        return chunks.indices.map { index in
            let chunkEnd = index + 1 < chunks.count ? starts[index + 1] : safeEnd
            let lines = lineBreak(Array(words[chunks[index]]))
            return CaptionCue(start: starts[index], end: chunkEnd, text: lines.joined(separator: "\n"))
        }
    }

    /// Marks a piece of a word that follows the previous piece with no space.
    static let glue: Character = "\u{2060}"

    /// `word` whole, or when it is a list too long for a line, its items, each after the first
    /// marked with `glue`.
    /// A piece still too long for a line (one word of more than 16 syllables) is cut where the
    /// line is full: a cue line is never longer than the limit.
    static func listPieces(_ word: String) -> [String] {
        guard length([word][...]) > maxColumns else { return [word] }
        var items: [String] = []
        if word.dropLast().contains("·") {
            var piece = ""
            for character in word {
                piece.append(character)
                if character == "·", piece.count > 1 {
                    items.append(piece)
                    piece = ""
                }
            }
            if !piece.isEmpty { items.append(piece) }
        } else {
            items = [word]
        }
        var pieces: [String] = []
        for item in items {
            var piece = ""
            for character in item {
                if !piece.isEmpty, WebVTTWriter.displayWidth(Substring(piece + String(character))) > maxColumns {
                    pieces.append(piece)
                    piece = ""
                }
                piece.append(character)
            }
            if !piece.isEmpty { pieces.append(piece) }
        }
        return pieces.enumerated().map { $0.offset == 0 ? $0.element : String(glue) + $0.element }
    }

    /// `words` on one line: spaces between them, none before a glued piece.
    static func join(_ words: ArraySlice<String>) -> String {
        var line = ""
        for word in words {
            if word.first == glue {
                line += word.dropFirst()
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        return line
    }

    /// The lines of one cue made of `words`: one line when it fits, else the best two.
    static func lineBreak(_ words: [String]) -> [String] {
        let penalties = gapPenalties(words)
        let split = bestLineSplit(words.indices, widths: LineWidths(words), penalties: penalties[...])
        guard let split else { return [join(words[...])] }
        return [join(words[..<split]), join(words[split...])]
    }

    /// Where two lines of the words at `words` (indices into the words `widths` measures)
    /// should part, or nil when one line fits. `penalties[i]` is the cost of a break after word `i`.
    private static func bestLineSplit(_ words: Range<Int>, widths: LineWidths, penalties: ArraySlice<Int>) -> Int? {
        guard widths.length(words) > maxColumns, words.count > 1 else { return nil }
        var best = words.startIndex + 1
        var bestCost = Int.max
        for split in (words.startIndex + 1)..<words.endIndex {
            let first = widths.length(words.lowerBound..<split)
            let second = widths.length(split..<words.upperBound)
            var cost = overflow(first, words: split - words.startIndex) + overflow(second, words: words.endIndex - split)
            cost += abs(first - second) + penalties[split - 1]
            if cost < bestCost { (best, bestCost) = (split, cost) }
        }
        return best
    }

    /// A line of `count` words and `length` half characters past the limit: free when it is
    /// one word (nothing can be done), very costly otherwise.
    private static func overflow(_ length: Int, words count: Int) -> Int {
        guard length > maxColumns, count > 1 else { return 0 }
        return 10_000 * (length - maxColumns)
    }

    /// The cost of a break after each word: its ending, plus more inside brackets; a break
    /// before an opening bracket is a good one.
    static func gapPenalties(_ words: [String]) -> [Int] {
        var depth = 0
        return words.indices.map { index in
            // Most words hold no bracket: their characters need not be formed (a bracket is one
            // scalar, so a word without one in its UTF-8 has no bracket character).
            if mayHoldBracket(words[index]) {
                for character in words[index] {
                    switch character {
                    case "(", "[", "{", "「", "『": depth += 1
                    case ")", "]", "}", "」", "』": depth = max(0, depth - 1)
                    default: break
                    }
                }
            }
            var penalty = breakPenalty(after: words[index])
            if index + 1 < words.count, let next = words[index + 1].first, "([{「『".contains(next) {
                penalty = min(penalty, 6)
            }
            return penalty + (depth > 0 ? 40 : 0)
        }
    }

    /// The best way to cut `words` into cues, as ranges of word indices (dynamic programming
    /// over the places between words): each cue costs, so does a weak break between cues or
    /// lines, and so do cues and lines of uneven length.
    /// With `times` (when each word is heard) and `end`, a cue of more than one word lasts at
    /// most `maxDuration`, and one shorter than `minDuration` costs more than another cue.
    static func bestChunks(_ words: [String], times: [Double]? = nil, end sentenceEnd: Double = 0) -> [Range<Int>] {
        let count = words.count
        func duration(_ begin: Int, _ end: Int) -> Double {
            guard let times, times.count == count else { return minDuration }
            return (end < count ? times[end] : sentenceEnd) - times[begin]
        }
        let penalties = gapPenalties(words)
        let widths = LineWidths(words)
        var cost = [Int](repeating: Int.max, count: count + 1)
        var from = [Int](repeating: 0, count: count + 1)
        cost[0] = 0
        let whole = widths.length(0..<count)
        let average = whole / max(1, (whole + capacity - 1) / capacity)
        for end in 1...count {
            for begin in stride(from: end - 1, through: 0, by: -1) where cost[begin] != Int.max {
                let chunk = begin..<end
                let split = bestLineSplit(chunk, widths: widths, penalties: penalties[begin..<end])
                guard fits(chunk, widths: widths, split: split) else { break }
                let seconds = duration(begin, end)
                guard seconds <= maxDuration || end - begin == 1 else { break }
                var chunkCost = 120 + abs(widths.length(chunk) - average) + (end < count ? penalties[end - 1] * 3 : 0)
                if seconds < minDuration { chunkCost += 400 }
                if let split {
                    chunkCost += abs(widths.length(begin..<split) - widths.length(split..<end)) + penalties[split - 1]
                }
                let total = cost[begin] + chunkCost
                if total < cost[end] { (cost[end], from[end]) = (total, begin) }
            }
        }
        var chunks: [Range<Int>] = []
        var end = count
        while end > 0 {
            chunks.append(from[end]..<end)
            end = from[end]
        }
        return chunks.reversed()
    }

    /// Whether the words at `words`, parted at `split` (or on one line), stay within the
    /// limits; a line of one overlong word fits as well as it can.
    private static func fits(_ words: Range<Int>, widths: LineWidths, split: Int?) -> Bool {
        guard let split else { return words.count == 1 || widths.length(words) <= maxColumns }
        let lines = [words.lowerBound..<split, split..<words.upperBound]
        return lines.allSatisfy { $0.count == 1 || widths.length($0) <= maxColumns }
    }

    /// Half characters a line holds.
    static var maxColumns: Int { maxLineLength * 2 }
    /// Half characters a full cue holds.
    private static var capacity: Int { maxColumns * maxLines }

    /// Width of `words` on one line with the spaces between them, in half characters: a
    /// Hangul syllable or other wide character is 2, a letter, digit, space or mark 1.
    static func length(_ words: ArraySlice<String>) -> Int {
        var width = 0
        for (offset, word) in words.enumerated() {
            let glued = word.first == glue
            width += WebVTTWriter.displayWidth(glued ? word.dropFirst() : Substring(word)) + (offset > 0 && !glued ? 1 : 0)
        }
        return width
    }

    /// `length` of any run of one sentence's words in constant time (the splitter asks for the
    /// width of every run it tries, a warm run's largest cost when each was summed again).
    struct LineWidths {
        /// `widths[i]`: the widths of words 0..<i, glue not counted; `spaces[i]`: how many of
        /// them take a space before them (are not glued).
        private var widths = [0], spaces = [0]

        init(_ words: [String]) {
            widths.reserveCapacity(words.count + 1)
            spaces.reserveCapacity(words.count + 1)
            for word in words {
                let glued = word.first == glue
                widths.append(widths[widths.count - 1] + WebVTTWriter.displayWidth(glued ? word.dropFirst() : Substring(word)))
                spaces.append(spaces[spaces.count - 1] + (glued ? 0 : 1))
            }
        }

        /// The width of words `run` on one line: theirs, and a space before each after the
        /// first that is not glued.
        func length(_ run: Range<Int>) -> Int {
            guard !run.isEmpty else { return 0 }
            return widths[run.upperBound] - widths[run.lowerBound] + spaces[run.upperBound] - spaces[run.lowerBound + 1]
        }
    }

    /// How bad a break after `word` is: 0 after punctuation, small after a particle or an
    /// ending that closes a phrase, larger elsewhere, largest after a word that opens a phrase
    /// (an opening bracket or a number before its counter).
    /// Whether `word`'s UTF-8 holds one of the brackets `gapPenalties` counts: ASCII ( ) [ ] { }
    /// or one of 「 」 『 』 (E3 80 8C–8F).
    private static func mayHoldBracket(_ word: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in word.utf8 {
            switch byte {
            case 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D: return true
            case 0x8C...0x8F where previous == 0x80 && beforePrevious == 0xE3: return true
            default: break
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    static func breakPenalty(after word: String) -> Int {
        guard let last = word.last else { return 40 }
        if ".!?…".contains(last) { return 0 }
        if ",;:·)]」』\"'”’".contains(last) { return 2 }
        if word.contains("(") && !word.contains(")") { return 60 }
        if last.isNumber { return 50 }
        // Only a word ending as some ending ends can end with it (hasSuffix compares characters).
        guard endingLastCharacters.contains(last) else { return 25 }
        let count = word.count
        for (ending, endingCount) in phraseEndingCounts where count > endingCount && word.hasSuffix(ending) {
            return endingCount > 1 ? 8 : 12
        }
        return 25
    }

    /// `phraseEndings` with their lengths in characters, and the characters they end with.
    private static let phraseEndingCounts = phraseEndings.map { ($0, $0.count) }
    private static let endingLastCharacters = Set(phraseEndings.compactMap(\.last))

    /// Particles and endings after which a Korean phrase usually closes, longest first.
    static let phraseEndings: [String] = [
        "으로서", "으로써", "에서는", "에게서", "면서", "지만", "는데", "은데", "으며", "하여", "하고",
        "에서", "에게", "으로", "부터", "까지", "처럼", "보다", "라고", "다고", "이나", "거나",
        "은", "는", "이", "가", "을", "를", "에", "와", "과", "로", "의", "도", "만", "고", "며", "서",
        "면", "여", "니", "나", "게", "지", "요",
    ]

    /// Each chunk's start: its first word's time when usable; otherwise the share of characters
    /// before it, between the nearest words around it that have a usable time (the sentence's
    /// start and end when none has).
    private static func chunkStarts(
        _ chunks: [Range<Int>], words: [String], start: Double, end: Double,
        wordStarts: [Double]?
    ) -> [Double] {
        let weights = words.map { max(1, $0.filter { !$0.isWhitespace && $0 != glue }.count) }
        // The usable time of each word: heard inside the sentence, never before an earlier word.
        var known = [Double?](repeating: nil, count: words.count)
        if let wordStarts, wordStarts.count == words.count {
            var latest = start
            for index in words.indices.dropFirst() where words[index].first != glue {
                let heard = wordStarts[index]
                guard heard.isFinite, heard > start, heard >= latest, heard < end else { continue }
                known[index] = heard
                latest = heard
            }
        }
        known[0] = start
        var starts: [Double] = []
        var previous = start
        for chunk in chunks {
            let first = chunk.lowerBound
            var time: Double
            if let heard = known[first] {
                time = heard
            } else {
                let before = known[..<first].lastIndex { $0 != nil } ?? 0
                let after = known[(first + 1)...].firstIndex { $0 != nil }
                let from = known[before] ?? start
                let to = after.flatMap { known[$0] } ?? end
                let span = Double(weights[before..<(after ?? words.count)].reduce(0, +))
                let share = Double(weights[before..<first].reduce(0, +))
                time = from + (to - from) * share / span
            }
            time = starts.isEmpty ? start : min(max(time, previous), end)
            starts.append(time)
            previous = time
        }
        return starts
    }
}
