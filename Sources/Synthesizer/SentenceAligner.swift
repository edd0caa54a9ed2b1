/// Places each sentence of a track where the audio has it, from the pauses the SSML put between
/// sentences (`<break>`), not only from espeak-ng's `<mark>` events: a mark is sometimes heard
/// seconds late (one before a word espeak-ng reads by a rule of its own is reported once that
/// word has been said), which left speech outside every caption and a title clip of silence.
///
/// The audio says where sentences part: a pause of at least the break's length between two
/// stretches of sound. Clause pauses inside a sentence are much shorter (a comma: about 0.2 s
/// against a 0.45 s break plus the voice's own trailing silence), so each sentence boundary is
/// matched, in order, to a silence long enough for its break, the one nearest its mark (dynamic
/// programming over boundaries and silences, so one late mark cannot pull the others off). A
/// boundary with no such silence (no break, or fewer long silences than boundaries) stays at
/// its mark, where the sentence before ends and the next begins, with no gap. The first sentence
/// starts at the first sound and the last ends at the last, so every sound is inside a sentence.
///
/// All times are whole milliseconds of the engine's audio.
enum SentenceAligner {
    /// A boundary whose break is shorter than this is not looked for in the audio.
    static let shortestBreakMs = 100
    /// The cost, in milliseconds of distance from a mark, of leaving a boundary at its mark.
    static let unmatchedCost = 60_000
    /// Above this many boundary × silence pairs, each boundary takes the nearest silence after
    /// the previous one instead (linear, for very long tracks).
    static let largestTable = 4_000_000

    /// Each sentence's start and end. `marks` are the sentences' starts as the marks give them
    /// (never decreasing), `pauses[i]` the break written before sentence `i` (0 for the first),
    /// `sounds` the sounding stretches, in order.
    static func align(marks: [Int], pauses: [Int], sounds: [Range<Int>], total: Int) -> [(start: Int, end: Int)] {
        let count = marks.count
        guard count > 0, let first = sounds.first, let last = sounds.last else {
            return []
        }
        let silences = zip(sounds, sounds.dropFirst()).map { $0.upperBound..<$1.lowerBound }
        let matched = match(marks: marks, pauses: pauses, silences: silences)
        var starts = [Int](repeating: 0, count: count)
        var ends = [Int](repeating: 0, count: count)
        starts[0] = min(first.lowerBound, marks[0])
        ends[count - 1] = max(last.upperBound, min(marks[count - 1], total))
        var earliest = starts[0]
        for boundary in 1..<count {
            if let silence = matched[boundary] {
                ends[boundary - 1] = silence.lowerBound
                starts[boundary] = silence.upperBound
            } else {
                // Between the boundaries around it that were found, at its mark.
                let next = ((boundary + 1)..<count).lazy.compactMap { matched[$0]?.lowerBound }.first ?? ends[count - 1]
                let time = min(max(marks[boundary], earliest), max(next, earliest))
                ends[boundary - 1] = time
                starts[boundary] = time
            }
            earliest = starts[boundary]
        }
        return (0..<count).map { (starts[$0], max(ends[$0], starts[$0])) }
    }

    /// For each boundary (index 1…), the silence it is matched to, or nil. `stretch`: how many
    /// boundaries' choices are held at once (by default about √boundaries; all of them, as
    /// tests compare, give the same path).
    static func match(marks: [Int], pauses: [Int], silences: [Range<Int>], stretch: Int? = nil) -> [Range<Int>?] {
        let count = marks.count
        var result = [Range<Int>?](repeating: nil, count: count)
        guard count > 1, !silences.isEmpty else { return result }
        func fits(_ boundary: Int, _ silence: Range<Int>) -> Bool {
            let pause = boundary < pauses.count ? pauses[boundary] : 0
            return pause >= shortestBreakMs && silence.count >= pause * 9 / 10 - 20
        }
        let boundaries = count - 1
        let width = silences.count
        if boundaries * width > largestTable {
            var next = 0
            for boundary in 1..<count {
                var best: Int?
                for index in next..<width where fits(boundary, silences[index]) {
                    if let chosen = best, abs(silences[index].upperBound - marks[boundary]) >= abs(silences[chosen].upperBound - marks[boundary]) { break }
                    best = index
                }
                if let best {
                    result[boundary] = silences[best]
                    next = best + 1
                }
            }
            return result
        }
        // cost[k]: the least cost of the boundaries so far using only silences before k.
        // choice[k] (for one boundary): on that best path, the silence the boundary took, or -1.
        func step(_ boundary: Int, _ cost: [Int], recording choice: inout [Int32]) -> [Int] {
            var nextCost = [Int](repeating: 0, count: width + 1)
            var best = Int.max
            var bestIndex: Int32 = -1
            for state in 0...width {
                nextCost[state] = cost[state] + unmatchedCost
                if best < nextCost[state] {
                    nextCost[state] = best
                    if !choice.isEmpty { choice[state] = bestIndex }
                }
                if state < width, fits(boundary, silences[state]) {
                    let total = cost[state] + abs(silences[state].upperBound - marks[boundary])
                    if total < best { (best, bestIndex) = (total, Int32(state)) }
                }
            }
            return nextCost
        }
        // The best path is read backwards from the boundaries' choices. Kept for every boundary
        // they took boundaries × silences × 4 bytes (large for an hour-long track); so the costs
        // are kept at the start of every stretch of about √boundaries boundaries, and each
        // stretch's choices are made again from them when the path gets there.
        let stretch = max(1, stretch ?? Int(Double(boundaries).squareRoot().rounded(.up)))
        var starts: [[Int]] = []
        var cost = [Int](repeating: 0, count: width + 1)
        var noChoice: [Int32] = []
        for boundary in 1..<count {
            if (boundary - 1) % stretch == 0 { starts.append(cost) }
            cost = step(boundary, cost, recording: &noChoice)
        }
        var state = width
        for (index, start) in starts.enumerated().reversed() {
            let first = 1 + index * stretch
            let end = min(count, first + stretch)
            var choices: [[Int32]] = []
            cost = start
            for boundary in first..<end {
                var choice = [Int32](repeating: -1, count: width + 1)
                cost = step(boundary, cost, recording: &choice)
                choices.append(choice)
            }
            for boundary in stride(from: end - 1, through: first, by: -1) {
                let taken = choices[boundary - first][state]
                if taken >= 0 {
                    result[boundary] = silences[Int(taken)]
                    state = Int(taken)
                }
            }
        }
        return result
    }
}
