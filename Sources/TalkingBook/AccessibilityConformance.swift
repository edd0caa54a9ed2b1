/// Whether the book meets EPUB Accessibility 1.1 at WCAG 2.2 Level AA, checked from what the
/// writer will make of it, so that `dcterms:conformsTo` is only claimed when it is true.
///
/// What the book can fail, and is checked: every content document has a language (`lang` and
/// `xml:lang` from the book's, a well-formed tag; parts in another language marked with theirs,
/// WCAG 3.1.1/3.1.2); every chapter has a non-empty `<title>` and starts with one `<h1>` (its
/// title block, or the chapter title), later titles `<h2>`, so no heading level is skipped and
/// no heading is empty (1.3.1, 2.4.2, 2.4.6); the spine follows the guide's order and every
/// narrated chapter's clips go forward without overlapping, so reading and read-along orders
/// agree (1.3.2); and every picture has a text alternative a person wrote or is marked decorative
/// (1.1.1).
/// What holds by construction: the table of contents (`nav`), text that reflows and resizes
/// (relative sizes only, 1.4.4, 1.4.10), the highlight of the sentence read not by colour alone
/// and its contrast (black on #fff2a8, 18.3:1; the fact rule #767676 on white, 4.5:1; 1.4.1,
/// 1.4.3, 1.4.11), and the text of everything that is heard (1.2.1).
public enum AccessibilityConformance {
    /// The `dcterms:conformsTo` value of EPUB Accessibility 1.1 at WCAG 2.2 Level AA.
    public static let claim = "EPUB Accessibility 1.1 - WCAG 2.2 Level AA"

    /// The reasons `document` would not meet the claim; empty when it does.
    public static func failures(_ document: TalkingBookDocument) -> [String] {
        var failures: [String] = []
        if !LanguageTag.isWellFormed(document.language) { failures.append("the book's language is not a language tag") }
        for chapter in document.chapters {
            if XMLText.singleLine(chapter.title).isEmpty { failures.append("chapter \(chapter.id) has no title") }
            let titles = chapter.blocks.filter { $0.role == .title }
            if titles.contains(where: { block in
                block.sentences.allSatisfy { sentence in
                    XMLText.singleLine(sentence.runs.map(\.text).joined()).isEmpty
                }
            }) {
                failures.append("chapter \(chapter.id) has an empty heading")
            }
            let languages =
                chapter.blocks.flatMap { $0.sentences.flatMap { $0.runs.compactMap(\.language) } }
                + [chapter.titleLanguage].compactMap { $0 }
            if languages.contains(where: { !LanguageTag.isWellFormed($0) }) {
                failures.append("chapter \(chapter.id) marks a part with a malformed language tag")
            }
            // WCAG 1.1.1: a picture nobody wrote a text alternative for (nor marked decorative).
            if let picture = chapter.picture, !picture.hasAlternative {
                failures.append("chapter \(chapter.id)'s picture has no text alternative")
            }
            var previousEnd = -Double.infinity
            for clip in chapter.blocks.flatMap({ $0.sentences.compactMap(\.clip) }) {
                if clip.lowerBound < previousEnd { failures.append("chapter \(chapter.id) is read along out of order") }
                previousEnd = clip.upperBound
            }
        }
        return failures
    }
}
