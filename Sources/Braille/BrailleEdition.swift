import ExpoModel

/// The guide's tracks as a braille book: the poster and every entry from their display text
/// (not the spoken text: digits stay digits, Latin names stay Latin), each a chapter.
public enum BrailleEdition {
    /// What the title page says under the title, and the contents page's heading.
    static let subtitle = "점자 안내서"
    static let contentsHeading = "차례"

    /// The book of `tracks`, laid out on pages of `size`.
    public static func book(tracks: [Track], transcriber: BrailleTranscriber, size: BraillePageSize) throws -> BrailleBook {
        var chapters: [BrailleBook.Chapter] = []
        for track in tracks {
            var blocks: [BrailleBook.Chapter.Block] = []
            for block in track.blocks where block.role != .title {
                // Sentence by sentence, so that liblouis is never given a whole long paragraph.
                let sentences = try block.sentences.map { try transcriber.braille($0.display) }
                blocks.append(.init(braille: sentences.joined(separator: "\u{2800}"), indented: block.role == .paragraph))
            }
            chapters.append(.init(heading: try transcriber.braille(track.title), blocks: blocks))
        }
        let title = tracks.first?.title ?? ""
        return try BrailleBook.layout(
            title: try transcriber.braille(title), subtitle: try transcriber.braille(subtitle),
            contentsHeading: try transcriber.braille(contentsHeading), chapters: chapters, size: size,
            number: { try transcriber.braille(String($0)) })
    }

    /// The characters of `tracks`' display text that no table writes, which the braille spells
    /// out in words (each once, in order of appearance), for the manifest to name.
    public static func unwritable(tracks: [Track], transcriber: BrailleTranscriber) throws -> [Character] {
        var seen: Set<Character> = []
        var found: [Character] = []
        for track in tracks {
            for block in track.blocks {
                for character in try transcriber.unwritable(block.displayText) where seen.insert(character).inserted {
                    found.append(character)
                }
            }
        }
        return found
    }
}
