import ExpoModel
import ExpoSystem
import Normalization

/// Times one caption cue per sentence from espeak-ng's events: a sentence starts at its
/// `<mark>` and ends at the last clause end heard before the next sentence's mark. With the
/// places of the display words in the SSML (`TimedSSML.wordSpans`), each cue also gets when
/// each of its words is first heard: the earliest word event whose text position falls in the
/// word's span. A word no event falls in gets no time (its caption part is then timed by
/// length, see `CaptionSplitter`), as does one heard outside its sentence's cue.
public struct CaptionTimer: Sendable {
    private var markMilliseconds: [Int: Int] = [:]
    private var clauseEnds: [Int] = []
    /// Word events: text position → earliest audio time, in milliseconds.
    private var wordMilliseconds: [Int: Int] = [:]

    public init() {}

    /// Records an event of the utterance.
    public mutating func record(_ event: SpeechEvent) {
        switch event.kind {
        case .mark(let name):
            if let index = SSMLBuilder.sentenceIndex(forMark: name), markMilliseconds[index] == nil {
                markMilliseconds[index] = event.audioMilliseconds
            }
        case .clauseEnd, .messageEnd:
            clauseEnds.append(event.audioMilliseconds)
        case .word:
            let known = wordMilliseconds[event.textPosition] ?? Int.max
            wordMilliseconds[event.textPosition] = min(known, event.audioMilliseconds)
        case .sentence:
            break
        }
    }

    /// One cue per display sentence, in seconds from the start of the published WAV.
    /// `offset` is the silence put before the speech; `speechDuration` the raw audio's length.
    /// Cues are in order and never overlap; a sentence that took no time shares the next cue.
    /// With `wordSpans` (one list per sentence, one span per display word), each cue carries
    /// its words' start times (`CaptionCue.wordStarts`).
    ///
    /// With `sounds` (the sounding stretches of the published WAV, see `Audio.SoundSpans`) and
    /// `pauses` (the break before each sentence, see `SSMLBuilder.pausesBeforeSentences`),
    /// sentences are placed where the audio has them (`SentenceAligner`): each starts no later
    /// than its first sound and ends no earlier than its last, and no sound is outside them.
    public func cues(
        sentences: [String], wordSpans: [[ClosedRange<Int>?]]? = nil, speechDuration: Double,
        offset: Double, sounds: [Range<Double>] = [], pauses: [Int] = []
    ) -> [CaptionCue] {
        let total = Int((speechDuration * 1000).rounded())
        let marks = startTimes(count: sentences.count, total: total)
        let ends = clauseEnds.sorted()
        let offsetMs = Int((offset * 1000).rounded())
        let heard = sounds.map { Int(($0.lowerBound * 1000).rounded()) - offsetMs..<Int(($0.upperBound * 1000).rounded()) - offsetMs }
        let aligned = SentenceAligner.align(marks: marks, pauses: pauses, sounds: heard, total: total)
        let starts = aligned.isEmpty ? marks : aligned.map(\.start)
        let timed = wordSpans.map { $0.count == sentences.count } ?? false
        var cues: [CaptionCue] = []
        var carried = ""
        var carriedWords: [Double?] = []
        var carriedStart: Int?
        for (index, text) in sentences.enumerated() {
            let start = starts[index]
            let limit = aligned.isEmpty ? (index + 1 < starts.count ? starts[index + 1] : total) : aligned[index].end
            let end = aligned.isEmpty ? ends.last(where: { $0 > start && $0 <= limit }) ?? limit : limit
            let joined = carried.isEmpty ? text : carried + " " + text
            let cueStart = carriedStart ?? start
            var words = carriedWords
            if timed {
                words += wordTimes(
                    spans: wordSpans![index], words: Sentence.words(text).count,
                    within: cueStart...limit, offset: offset)
            }
            guard end > start else {
                carried = joined
                carriedWords = words
                if carriedStart == nil { carriedStart = start }
                continue
            }
            carried = ""
            carriedWords = []
            carriedStart = nil
            cues.append(
                CaptionCue(
                    start: offset + Double(start) / 1000, end: offset + Double(end) / 1000, text: joined,
                    wordStarts: timed ? words.map { $0.flatMap { $0 <= offset + Double(end) / 1000 ? $0 : nil } } : nil))
        }
        if !carried.isEmpty {
            if var last = cues.popLast() {
                last.text += " " + carried
                if timed { last.wordStarts = (last.wordStarts ?? []) + carriedWords }
                cues.append(last)
            } else {
                cues.append(
                    CaptionCue(
                        start: offset, end: offset + max(Double(total) / 1000, 0.001), text: carried,
                        wordStarts: timed ? carriedWords : nil))
            }
        }
        return cues
    }

    /// The start of each of `words` display words of a sentence, in seconds from the WAV's
    /// start: the earliest word event inside its span, if that falls within `within` (ms).
    private func wordTimes(
        spans: [ClosedRange<Int>?], words: Int, within: ClosedRange<Int>,
        offset: Double
    ) -> [Double?] {
        guard spans.count == words else { return Array(repeating: nil, count: words) }
        return spans.map { span in
            guard let span else { return nil }
            let heard = span.compactMap { wordMilliseconds[$0] }.min()
            guard let heard, within.contains(heard) else { return nil }
            return offset + Double(heard) / 1000
        }
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
