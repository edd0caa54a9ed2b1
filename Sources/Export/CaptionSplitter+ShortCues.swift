/// The page's last pass over a track's cues: a cue too short to read is lengthened, or joined
/// to its neighbour (CaptionSplitter makes each sentence's cues; this evens out the track's).
extension CaptionSplitter {
    /// A track's cues with each one shorter than `minDuration` made long enough, the others
    /// left as they are (none then lasts more than `maxDuration`): it stays up into the silence
    /// after it (until the next cue at most, or `trackEnd`), else comes up earlier into the
    /// silence before it, else takes the time from a neighbour that can spare it, else joins a
    /// neighbour of the same sentence when both fit one cue's lines. Cues stay in order and
    /// never overlap; what was covered stays covered.
    static func lengthenShortCues(_ input: [GuidePageCues.Cue], trackEnd: Double) -> [GuidePageCues.Cue] {
        var cues = input
        var index = 0
        while index < cues.count {
            defer { index += 1 }
            var cue = cues[index]
            guard cue.end - cue.start < minDuration else { continue }
            let after = index + 1 < cues.count ? cues[index + 1].start : max(trackEnd, cue.end)
            let before = index > 0 ? cues[index - 1].end : 0
            cue.end = min(after, max(cue.end, cue.start + minDuration))
            cue.start = max(before, min(cue.start, cue.end - minDuration))
            var missing = minDuration - (cue.end - cue.start)
            if missing > 0, index + 1 < cues.count, cue.end == after,
                cues[index + 1].end - cues[index + 1].start - missing >= minDuration
            {
                cue.end += missing
                cues[index + 1].start = cue.end
                missing = 0
            }
            if missing > 0, index > 0, cue.start == before, cues[index - 1].end - cues[index - 1].start - missing >= minDuration {
                cue.start -= missing
                cues[index - 1].end = cue.start
                missing = 0
            }
            cues[index] = cue
            guard missing > 0 else { continue }
            for neighbour in [index + 1, index - 1] where cues.indices.contains(neighbour) {
                guard cues[neighbour].sentence == cue.sentence else { continue }
                let (first, second) = neighbour > index ? (cue, cues[neighbour]) : (cues[neighbour], cue)
                let words = (first.text + " " + second.text).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
                let lines = lineBreak(words)
                guard lines.count <= maxLines, lines.allSatisfy({ length([$0][...]) <= maxColumns }),
                    second.end - first.start <= maxDuration
                else { continue }
                let joined = GuidePageCues.Cue(
                    start: first.start, end: second.end, text: lines.joined(separator: "\n"),
                    sentence: cue.sentence)
                let low = min(index, neighbour)
                cues.replaceSubrange(low...(low + 1), with: [joined])
                index = low - 1
                break
            }
        }
        return cues
    }
}
