import ExpoModel
import ExpoSystem
import KoreanSpeech
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
    /// Cues are in order and never overlap; a sentence that took no time shares the next cue.
    public func cues(sentences: [String], speechDuration: Double, offset: Double) -> [CaptionCue] {
        let total = Int((speechDuration * 1000).rounded())
        let starts = startTimes(count: sentences.count, total: total)
        let ends = clauseEnds.sorted()
        var cues: [CaptionCue] = []
        var carried = ""
        for (index, text) in sentences.enumerated() {
            let start = starts[index]
            let limit = index + 1 < starts.count ? starts[index + 1] : total
            let end = ends.last(where: { $0 > start && $0 <= limit }) ?? limit
            let joined = carried.isEmpty ? text : carried + " " + text
            guard end > start else {
                carried = joined
                continue
            }
            carried = ""
            cues.append(CaptionCue(start: offset + Double(start) / 1000, end: offset + Double(end) / 1000, text: joined))
        }
        if !carried.isEmpty {
            if var last = cues.popLast() {
                last.text += " " + carried
                cues.append(last)
            } else {
                cues.append(CaptionCue(start: offset, end: offset + max(Double(total) / 1000, 0.001), text: carried))
            }
        }
        return cues
    }

    /// Each sentence's start in milliseconds: its mark, or for a sentence without one, a
    /// time spread evenly between the marks around it. Never decreasing.
    private func startTimes(count: Int, total: Int) -> [Int] {
        var starts = [Int?](repeating: nil, count: count)
        for (index, ms) in markMilliseconds where index < count { starts[index] = min(max(ms, 0), total) }
        var result: [Int] = []
        var index = 0
        var previous = 0
        while index < count {
            if let known = starts[index] {
                previous = max(known, previous)
                result.append(previous)
                index += 1
                continue
            }
            var next = index
            while next < count, starts[next] == nil { next += 1 }
            let upper = next < count ? max(starts[next]!, previous) : total
            let gap = next - index + 1
            for step in 1...(next - index) {
                result.append(previous + (upper - previous) * step / gap)
            }
            previous = result.last ?? previous
            index = next
        }
        return result
    }
}
