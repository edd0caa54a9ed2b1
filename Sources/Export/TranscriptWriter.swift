import ExpoModel

/// Writes `guide.txt`: the whole guide as plain lines a screen reader reads well.
///
/// Layout: the guide's title on the first line; then each track in order. The poster's facts
/// follow as "라벨: 값" lines, each entry starts with a heading line "항목 3 / 13: 이름" (the
/// poster is not counted, as on the page), and every summary and paragraph is one line with a
/// blank line before it; an audio description is a line under its heading ("생김새"). The text is the blocks' display text, so dates and counts read as in
/// the display scripts. No decorative symbols are added, and line breaks inside the data
/// become spaces so a paragraph never splits.
public enum TranscriptWriter {
    /// The transcript of `tracks`, titled after `summary`, ending with a newline.
    public static func render(tracks: [Track], summary: GuideSummary) -> String {
        let title = GuideOutline.oneLine(summary.title)
        var lines: [String] = [title]
        let numbers = GuideOutline.entryNumbers(of: tracks)
        for (track, number) in zip(tracks, numbers) {
            let heading = GuideOutline.oneLine(GuideOutline.headingPrefix(entryNumber: number) + track.title)
            // The poster's heading is the guide's title: it is not said twice.
            if heading != title {
                lines += ["", heading]
            }
            var previous: Block.Role? = .title
            for block in track.blocks where block.role != .title {
                let text = GuideOutline.oneLine(block.displayText)
                guard !text.isEmpty else { continue }
                if !(block.role == .fact && previous == .fact) { lines.append("") }
                // What the picture shows is a part of its own, under its heading.
                if block.role == .appearance { lines.append(GuideOutline.oneLine(block.label)) }
                lines.append(text)
                previous = block.role
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
