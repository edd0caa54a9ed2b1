import Foundation

/// The DAISY 2.02 book: `ncc.html` (the navigation centre, with the book's metadata), one
/// XHTML text and one SMIL 1.0 file per chapter, and the chapters' MP3s.
struct Daisy202Book {
    let plan: DaisyPlan
    /// Sizes of the audio files in bytes, by file name (for `ncc:kByteSize`).
    let audioSizes: [String: Int]

    static let nccName = "ncc.html"

    static func textName(_ chapter: DaisyPlan.Chapter) -> String { chapter.plan.chapter.id + ".html" }

    /// Every text file of the book, in the order they are archived (ncc.html first).
    func textFiles() -> [(String, String)] {
        var files: [(String, String)] = []
        for (index, chapter) in plan.chapters.enumerated() {
            files.append((Self.textName(chapter), content(chapter)))
            files.append((chapter.smilName, smil(chapter, index: index)))
        }
        let ncc = ncc(otherFiles: files)
        return [(Self.nccName, ncc)] + files
    }

    private static let xhtmlDoctype =
        "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\""
        + " \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">\n"

    private func header(title: String, titleLanguage: String?) -> String {
        let language = XMLText.escape(plan.book.document.language)
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + Self.xhtmlDoctype
        out += "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"\(language)\" xml:lang=\"\(language)\">\n<head>\n"
        out += "<meta http-equiv=\"Content-type\" content=\"text/html; charset=utf-8\"/>\n"
        out += "<title\(languageAttributes(titleLanguage))>\(XMLText.escape(XMLText.singleLine(title)))</title>\n"
        return out
    }

    /// The NCC: metadata, then one heading per navigation point, the first the book's title.
    /// `otherFiles` are the text files beside it; they, the audio and the NCC itself are the
    /// book's files (`ncc:files`, `ncc:kByteSize`).
    func ncc(otherFiles: [(String, String)]) -> String {
        let document = plan.book.document
        var out = header(title: document.title, titleLanguage: document.titleLanguage)
        let body = nccBody()
        let textBytes = otherFiles.reduce(0) { $0 + $1.1.utf8.count }
        let audioBytes = plan.book.audioFiles.reduce(0) { $0 + (audioSizes[$1.fileName] ?? 0) }
        // ncc.html's own size is estimated without this figure's digits, which change it by a few bytes.
        let kiloBytes = (textBytes + audioBytes + out.utf8.count + body.utf8.count + 2048) / 1024
        let files = otherFiles.count + plan.book.audioFiles.count + 1
        for (name, content) in metadata(kiloBytes: kiloBytes, files: files) {
            out += "<meta name=\"\(name)\" content=\"\(XMLText.escape(content))\"/>\n"
        }
        return out + "</head>\n" + body
    }

    /// The NCC's metadata in the order the specification lists its sets (Dublin Core, then ncc:).
    func metadata(kiloBytes: Int, files: Int) -> [(String, String)] {
        let document = plan.book.document
        var items: [(String, String)] = [("dc:title", XMLText.singleLine(document.title))]
        if let creator = document.creator { items.append(("dc:creator", XMLText.singleLine(creator))) }
        items += [
            ("dc:date", plan.date), ("dc:format", "Daisy 2.02"), ("dc:identifier", document.identifier),
            ("dc:language", document.language), ("dc:publisher", plan.publisher),
            ("ncc:charset", "utf-8"), ("ncc:depth", String(plan.depth)), ("ncc:files", String(files)),
            ("ncc:footnotes", "0"), ("ncc:generator", plan.generator), ("ncc:kByteSize", String(kiloBytes)),
            ("ncc:maxPageNormal", "0"), ("ncc:multimediaType", plan.multimediaType),
            ("ncc:narrator", XMLText.singleLine(document.narrator ?? plan.generator)),
            ("ncc:pageFront", "0"), ("ncc:pageNormal", "0"), ("ncc:pageSpecial", "0"), ("ncc:prodNotes", "0"),
            ("ncc:setInfo", "1 of 1"), ("ncc:sidebars", "0"), ("ncc:tocItems", String(plan.navPoints.count)),
            ("ncc:totalTime", DaisyClock.hoursMinutesSeconds(plan.totalMilliseconds)),
        ]
        return items
    }

    private func nccBody() -> String {
        var out = "<body>\n"
        for (index, point) in plan.navPoints.enumerated() {
            let chapter = plan.chapters[point.chapter]
            let tag = "h\(point.level)"
            let titleClass = index == 0 ? " class=\"title\"" : ""
            out += "<\(tag) id=\"nav\(index + 1)\"\(titleClass)><a href=\"\(chapter.smilName)#\(point.par.textID)\""
            out += "\(languageAttributes(point.titleLanguage))>\(XMLText.escape(point.title))</a></\(tag)>\n"
        }
        return out + "</body>\n</html>\n"
    }

    /// A chapter's text: its blocks as a heading and paragraphs, each sentence a `span` with an id.
    func content(_ chapter: DaisyPlan.Chapter) -> String {
        let book = chapter.plan.chapter
        var out = header(title: book.title, titleLanguage: book.titleLanguage) + "</head>\n<body>\n"
        var sentence = 0
        var seenTitle = false
        for block in book.blocks {
            defer { sentence += block.sentences.count }
            guard !block.sentences.isEmpty else { continue }
            if let heading = block.heading.map(XMLText.singleLine), !heading.isEmpty {
                out += "<h2>\(XMLText.escape(heading))</h2>\n"
            }
            let element = block.role == .title ? (seenTitle ? "h2" : "h1") : "p"
            if block.role == .title { seenTitle = true }
            let spans = block.sentences.enumerated().map { offset, text in
                "<span id=\"\(ChapterXHTML.sentenceID(sentence + offset))\">" + runs(text) + "</span>"
            }
            out += "<\(element)>" + spans.joined(separator: " ") + "</\(element)>\n"
        }
        return out + "</body>\n</html>\n"
    }

    /// A chapter's SMIL 1.0 file: one `seq` holding one `par` per sentence.
    func smil(_ chapter: DaisyPlan.Chapter, index: Int) -> String {
        let document = plan.book.document
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        out += "<!DOCTYPE smil PUBLIC \"-//W3C//DTD SMIL 1.0//EN\" \"http://www.w3.org/TR/REC-smil/SMIL10.dtd\">\n"
        out += "<smil>\n<head>\n"
        let meta: [(String, String)] = [
            ("dc:format", "Daisy 2.02"), ("dc:identifier", document.identifier),
            ("dc:title", XMLText.singleLine(document.title)), ("ncc:generator", plan.generator),
            ("ncc:timeInThisSmil", DaisyClock.withMilliseconds(chapter.milliseconds)),
            ("ncc:totalElapsedTime", DaisyClock.withMilliseconds(plan.elapsedMilliseconds(before: index))),
        ]
        for (name, content) in meta {
            out += "<meta name=\"\(name)\" content=\"\(XMLText.escape(content))\"/>\n"
        }
        out += "<layout>\n<region id=\"txtView\"/>\n</layout>\n</head>\n<body>\n"
        out += "<seq dur=\"\(SMILClock.timecount(chapter.milliseconds))\">\n"
        let text = Self.textName(chapter)
        for par in chapter.pars {
            out += "<par endsync=\"last\" id=\"\(par.parID)\">\n"
            out += "<text src=\"\(text)#\(ChapterXHTML.sentenceID(par.sentence))\" id=\"\(par.textID)\"/>\n"
            if let clip = par.clip, let audio = chapter.plan.audio {
                out += "<audio src=\"\(audio.fileName)\" clip-begin=\"\(DaisyClock.normalPlayTime(clip.begin))\""
                out += " clip-end=\"\(DaisyClock.normalPlayTime(clip.end))\" id=\"aud-\(ChapterXHTML.sentenceID(par.sentence))\"/>\n"
            }
            out += "</par>\n"
        }
        return out + "</seq>\n</body>\n</smil>\n"
    }

    private func runs(_ sentence: BookSentence) -> String {
        sentence.runs.map { run in
            let text = XMLText.escape(run.text)
            let attributes = languageAttributes(run.language)
            return attributes.isEmpty ? text : "<span\(attributes)>\(text)</span>"
        }.joined()
    }

    private func languageAttributes(_ language: String?) -> String {
        XHTMLPage.languageAttributes(language, unless: plan.book.document.language)
    }
}
