import Foundation

/// Builds the XHTML content document of one chapter.
///
/// Blocks get ids `b1`, `b2`, …; sentences get ids `s1`, `s2`, … counted across the chapter,
/// which the chapter's SMIL document references one `<par>` each.
struct ChapterXHTML {
    let plan: ChapterPlan
    let bookLanguage: String

    /// Id of the `<section>` holding the whole chapter.
    static let sectionID = "chapter"
    /// Id of the block element with the given 0-based block number.
    static func blockID(_ index: Int) -> String { "b\(index + 1)" }
    /// Id of the sentence span with the given 0-based sentence number.
    static func sentenceID(_ index: Int) -> String { "s\(index + 1)" }

    func render() -> String {
        let chapter = plan.chapter
        var out = XHTMLPage.header(
            language: bookLanguage,
            title: chapter.title, titleLanguage: chapter.titleLanguage)
        out += "<body>\n"
        let hasTitleBlock = chapter.blocks.contains { $0.role == .title && !$0.sentences.isEmpty }
        let labelledBy = hasTitleBlock ? firstTitleBlockID() : "heading"
        out += "<section id=\"\(Self.sectionID)\" epub:type=\"chapter\" aria-labelledby=\"\(labelledBy)\">\n"
        if !hasTitleBlock {
            out += "<h1 id=\"heading\"\(languageAttributes(chapter.titleLanguage))>"
            out += XMLText.escape(chapter.title) + "</h1>\n"
        }
        out += renderBlocks()
        out += "</section>\n</body>\n</html>\n"
        return out
    }

    private func firstTitleBlockID() -> String {
        let index = plan.chapter.blocks.firstIndex { $0.role == .title && !$0.sentences.isEmpty } ?? 0
        return Self.blockID(index)
    }

    private func renderBlocks() -> String {
        var out = ""
        var sentenceNumber = 0
        var seenTitle = false
        for (blockIndex, block) in plan.chapter.blocks.enumerated() {
            defer { sentenceNumber += block.sentences.count }
            guard !block.sentences.isEmpty else { continue }
            let (element, attributes) = elementFor(block.role, seenTitle: seenTitle)
            if let heading = block.heading, !XMLText.singleLine(heading).isEmpty {
                out += "<h2>\(XMLText.escape(XMLText.singleLine(heading)))</h2>\n"
            }
            out += "<\(element) id=\"\(Self.blockID(blockIndex))\"\(attributes)>"
            let spans = block.sentences.enumerated().map { offset, sentence in
                renderSentence(sentence, id: Self.sentenceID(sentenceNumber + offset))
            }
            out += spans.joined(separator: " ")
            out += "</\(element)>\n"
            if block.role == .title, !seenTitle, let picture = plan.chapter.picture {
                out += "<figure class=\"picture\"><img src=\"\(BookPlan.pictureHref(picture))\" alt=\"\(XMLText.escape(XMLText.singleLine(picture.alt)))\""
                out += " width=\"\(picture.width)\" height=\"\(picture.height)\"/></figure>\n"
            }
            if block.role == .title { seenTitle = true }
        }
        return out
    }

    private func elementFor(_ role: BookBlock.Role, seenTitle: Bool) -> (String, String) {
        switch role {
        case .title: return (seenTitle ? "h2" : "h1", "")
        case .fact: return ("p", " class=\"fact\"")
        case .summary: return ("p", " class=\"summary\"")
        case .paragraph: return ("p", "")
        case .appearance: return ("p", " class=\"appearance\"")
        }
    }

    private func renderSentence(_ sentence: BookSentence, id: String) -> String {
        // dir="auto" isolates the sentence for direction: an override or embedding the text
        // left open ends with its sentence.
        var out = "<span id=\"\(id)\" dir=\"auto\">"
        for run in sentence.runs {
            let text = XMLText.escape(run.text)
            if let language = run.language, !LanguageTag.same(language, bookLanguage) {
                out += "<span\(languageAttributes(language))>\(text)</span>"
            } else {
                out += text
            }
        }
        return out + "</span>"
    }

    private func languageAttributes(_ language: String?) -> String {
        XHTMLPage.languageAttributes(language, unless: bookLanguage)
    }
}

/// Pieces shared by every XHTML document of the book.
enum XHTMLPage {
    /// The prolog, `<html>` start tag and `<head>`.
    static func header(language: String, title: String, titleLanguage: String?) -> String {
        let lang = XMLText.escape(language)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n"
        out += "<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\""
        out += " lang=\"\(lang)\" xml:lang=\"\(lang)\">\n<head>\n<meta charset=\"UTF-8\"/>\n"
        out += "<title\(languageAttributes(titleLanguage, unless: language))>"
        out += XMLText.escape(XMLText.singleLine(title)) + "</title>\n"
        out += "<link rel=\"stylesheet\" type=\"text/css\" href=\"\(StyleSheet.fileName)\"/>\n</head>\n"
        return out
    }

    /// ` lang="…" xml:lang="…"` (plus `dir="rtl"` for right-to-left languages) when `language`
    /// is set and differs from `base`; otherwise the empty string.
    static func languageAttributes(_ language: String?, unless base: String) -> String {
        guard let language, !LanguageTag.same(language, base) else { return "" }
        let tag = XMLText.escape(language)
        let direction = LanguageTag.isRightToLeft(language) ? " dir=\"rtl\"" : ""
        return " lang=\"\(tag)\" xml:lang=\"\(tag)\"\(direction)"
    }
}

/// The book's style sheet: relative sizes only, and a highlight that does not rely on colour.
enum StyleSheet {
    static let fileName = "style.css"
    /// The class reading systems put on the element being read (`media:active-class`).
    static let activeClass = "-epub-media-overlay-active"

    static let text = """
        @charset "UTF-8";
        body { margin: 0 4%; line-height: 1.6; overflow-wrap: break-word; }
        :lang(ko) { word-break: keep-all; }
        h1 { font-size: 1.6em; line-height: 1.3; margin: 1em 0 0.6em; }
        h2 { font-size: 1.25em; line-height: 1.3; margin: 1em 0 0.5em; }
        p { margin: 0 0 0.8em; }
        p.fact { margin: 0 0 0.3em; padding-left: 0.8em; border-left: 0.2em solid #767676; }
        p.summary { font-weight: bold; margin: 0.8em 0; }
        figure.picture { margin: 0.8em 0; }
        figure.picture img { max-width: 100%; height: auto; }
        nav ol { list-style: none; padding-left: 0; }
        nav li { margin: 0.4em 0; }
        .\(activeClass) {
          background-color: #fff2a8;
          color: #000000;
          outline: 0.15em solid #000000;
          text-decoration: underline;
        }

        """
}
