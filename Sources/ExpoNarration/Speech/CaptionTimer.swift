/// Times one caption cue per sentence from espeak-ng's events: a sentence starts at its
/// `<mark>` and ends at the last clause end heard before the next sentence's mark.
public struct CaptionTimer: Sendable {
    private var markMilliseconds: [Int: Int] = [:]
    private var clauseEnds: [Int] = []

    public init() {}

    /// Records an event of the utterance.
    public mutating func record(_ event: SpeechEvent) {
        switch event.kind {
        case let .mark(name):
            if let index = SSMLBuilder.sentenceIndex(forMark: name), markMilliseconds[index] == nil {
                markMilliseconds[index] = event.audioMilliseconds
            }
        case .clauseEnd, .messageEnd:
            clauseEnds.append(event.audioMilliseconds)
        case .word, .sentence:
            break
        }
    }

    /// One cue per display sentence, in seconds from the start of the published WAV.
    /// `offset` is the silence put before the speech; `speechDuration` the raw audio's length.
    public func cues(sentences: [String], speechDuration: Double, offset: Double) -> [CaptionCue] {
        let total = Int((speechDuration * 1000).rounded())
        var starts: [Int] = []
        var previous = 0
        for index in sentences.indices {
            // A sentence without a mark (espeak-ng said nothing for it) starts where the last did.
            let start = min(max(markMilliseconds[index] ?? previous, previous), total)
            starts.append(start)
            previous = start
        }
        let ends = clauseEnds.sorted()
        var cues: [CaptionCue] = []
        for (index, text) in sentences.enumerated() {
            let start = starts[index]
            let limit = index + 1 < starts.count ? starts[index + 1] : total
            var end = ends.last(where: { $0 > start && $0 <= limit }) ?? limit
            if end <= start { end = min(start + 1, max(limit, start + 1)) }
            cues.append(CaptionCue(
                start: offset + Double(start) / 1000,
                end: offset + Double(end) / 1000,
                text: text
            ))
        }
        // Sentences that took no time share the next one's cue rather than flash by.
        return cues.filter { !$0.text.isEmpty }
    }
}
