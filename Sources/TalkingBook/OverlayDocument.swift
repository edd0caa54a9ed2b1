import Foundation

/// Builds the SMIL Media Overlay document of one narrated chapter.
///
/// One `<seq>` per block that has narrated sentences (so reading systems can move by
/// paragraph), and inside it one `<par>` per narrated sentence, in reading order.
struct OverlayDocument {
    let plan: ChapterPlan

    func render() -> String {
        let xhtml = plan.xhtmlName
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<smil xmlns=\"http://www.w3.org/ns/SMIL\" xmlns:epub=\"http://www.idpf.org/2007/ops\""
        out += " version=\"3.0\">\n<body id=\"overlay\" epub:textref=\"\(xhtml)#\(ChapterXHTML.sectionID)\">\n"
        var sentenceNumber = 0
        for (blockIndex, block) in plan.chapter.blocks.enumerated() {
            let numbers = sentenceNumber..<(sentenceNumber + block.sentences.count)
            sentenceNumber += block.sentences.count
            let pars = numbers.compactMap(par)
            guard !pars.isEmpty else { continue }
            let blockID = ChapterXHTML.blockID(blockIndex)
            out += "<seq id=\"seq-\(blockID)\" epub:textref=\"\(xhtml)#\(blockID)\">\n"
            out += pars.joined()
            out += "</seq>\n"
        }
        out += "</body>\n</smil>\n"
        return out
    }

    private func par(_ sentenceNumber: Int) -> String? {
        guard let clip = plan.clips[sentenceNumber], let audio = plan.audio else { return nil }
        let id = ChapterXHTML.sentenceID(sentenceNumber)
        return "<par id=\"par-\(id)\"><text src=\"\(plan.xhtmlName)#\(id)\"/>"
            + "<audio src=\"\(audio.href)\" clipBegin=\"\(SMILClock.timecount(clip.begin))\""
            + " clipEnd=\"\(SMILClock.timecount(clip.end))\"/></par>\n"
    }
}

/// Builds the EPUB navigation document: the table of contents and the landmarks.
///
/// The navigation document is not in the spine, so the landmarks point only at spine items
/// (a link to `nav.xhtml#toc` would be EPUBCheck's RSC-011).
struct NavigationDocument {
    static let fileName = "nav.xhtml"
    let plan: BookPlan

    private var labels: (toc: String, landmarks: String, start: String, language: String?) {
        let language = plan.document.language
        if language.lowercased().hasPrefix("ko") { return ("차례", "주요 위치", "본문 시작", nil) }
        let english = language.lowercased().hasPrefix("en") ? nil : "en"
        return ("Contents", "Landmarks", "Start of content", english)
    }

    func render() -> String {
        let document = plan.document
        let labels = labels
        let labelLanguage = XHTMLPage.languageAttributes(labels.language, unless: document.language)
        var out = XHTMLPage.header(
            language: document.language, title: document.title,
            titleLanguage: document.titleLanguage)
        out += "<body>\n<nav epub:type=\"toc\" id=\"toc\" role=\"doc-toc\" aria-labelledby=\"toc-title\">\n"
        out += "<h1 id=\"toc-title\"\(labelLanguage)>\(labels.toc)</h1>\n<ol>\n"
        for chapter in plan.chapters {
            let title = XMLText.escape(XMLText.singleLine(chapter.chapter.title))
            let lang = XHTMLPage.languageAttributes(chapter.chapter.titleLanguage, unless: document.language)
            out += "<li><a href=\"\(chapter.xhtmlName)\"\(lang)>\(title)</a></li>\n"
        }
        out += "</ol>\n</nav>\n"
        out += "<nav epub:type=\"landmarks\" id=\"landmarks\" hidden=\"hidden\">\n"
        out += "<h2\(labelLanguage)>\(labels.landmarks)</h2>\n<ol>\n"
        if let first = plan.chapters.first {
            out += "<li><a epub:type=\"bodymatter\" href=\"\(first.xhtmlName)\"\(labelLanguage)>"
            out += "\(labels.start)</a></li>\n"
        }
        out += "</ol>\n</nav>\n</body>\n</html>\n"
        return out
    }
}

/// `META-INF/container.xml`, pointing at the package document.
enum ContainerDocument {
    static let path = "META-INF/container.xml"
    static let packagePath = "EPUB/package.opf"

    static let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles>
            <rootfile full-path="\(packagePath)" media-type="application/oebps-package+xml"/>
          </rootfiles>
        </container>

        """
}
