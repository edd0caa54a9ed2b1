import ExpoModel

/// Each sentence's clip in its chapter's audio: the timing every talking-book edition shares
/// (the EPUB's Media Overlays, and any other edition made from `TalkingBookExport.document`).
///
/// The clips of a chapter follow each other without gaps: the first starts at the audio's
/// start, each runs to the next one's start, the last to the audio's end. So a reading system
/// that plays clip by clip plays the pauses the voice profile asks for (the slow profile's long
/// pauses are there for listeners who need the time), no sound of the chapter lies outside a
/// clip, and the clips add up to the chapter's audio: its `media:duration` is the file's.
enum SentenceClips {
    /// One clip per sentence, in order, gapless over `0...audioEnd` (seconds); nil for a
    /// sentence heard within another's cue (see `matched`). A clip's start is its cue's start
    /// (the first clip's is 0).
    static func gapless(sentences: [String], cues: [CaptionCue], audioEnd: Double) -> [(start: Double, end: Double)?] {
        let matched = matched(sentences: sentences, cues: cues)
        let narrated = matched.indices.filter { matched[$0] != nil }
        var result = matched
        for (place, index) in narrated.enumerated() {
            let start = place == 0 ? 0 : matched[index]!.start
            // The last runs to the audio's end (to its cue's end when the audio ends before the
            // clip starts: the book then refuses it, as it refuses any clip past its audio).
            let end =
                place + 1 < narrated.count
                ? matched[narrated[place + 1]]!.start
                : audioEnd > start ? audioEnd : matched[index]!.end
            result[index] = (start, end)
        }
        return result
    }

    /// Which caption cue is which sentence's: cues are one per sentence, except that a sentence
    /// that took no time shares the next one (its text joined in front). One span per sentence,
    /// in order: its cue's; nil for a sentence heard within another's cue.
    static func matched(sentences: [String], cues: [CaptionCue]) -> [(start: Double, end: Double)?] {
        var result: [(start: Double, end: Double)?] = []
        var cueIndex = 0
        var pending: [String] = []
        for sentence in sentences {
            pending.append(sentence)
            guard cueIndex < cues.count else {
                result.append(nil)
                continue
            }
            if pending.joined(separator: " ") == cues[cueIndex].text || cues[cueIndex].text.hasSuffix(sentence) {
                result += Array(repeating: nil, count: pending.count - 1)
                result.append((cues[cueIndex].start, cues[cueIndex].end))
                pending.removeAll()
                cueIndex += 1
            }
        }
        result += Array(repeating: nil, count: max(0, sentences.count - result.count))
        return Array(result.prefix(sentences.count))
    }
}
