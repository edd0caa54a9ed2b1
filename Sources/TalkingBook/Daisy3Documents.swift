import Foundation

/// The ANSI/NISO Z39.86-2005 book: the package (`book.opf`), the navigation (`navigation.ncx`),
/// the text (`book.xml`, DTBook), one SMIL file per chapter, the resources (`resources.res`)
/// and the chapters' MP3s.
struct Daisy3Book {
    let plan: DaisyPlan

    static let packageName = "book.opf"
    static let ncxName = "navigation.ncx"
    static let textName = "book.xml"
    static let resourcesName = "resources.res"

    /// Every text file of the book, in the order they are archived (the package first).
    func textFiles() -> [(String, String)] {
        var files: [(String, String)] = [
            (Self.packageName, package()), (Self.ncxName, ncx()),
            (Self.resourcesName, resources()), (Self.textName, dtbook()),
        ]
        for (index, chapter) in plan.chapters.enumerated() {
            files.append((chapter.smilName, smil(chapter, index: index)))
        }
        return files
    }

    /// The id of a sentence in book.xml, unique across the chapters: `c2-s5`.
    static func sentenceID(_ chapter: DaisyPlan.Chapter, _ sentence: Int) -> String {
        "c\(chapter.number)-" + ChapterXHTML.sentenceID(sentence)
    }

    private static let prolog = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"

    private var language: String { XMLText.escape(plan.book.document.language) }

    private func meta(_ name: String, _ content: String) -> String {
        "<meta name=\"\(name)\" content=\"\(XMLText.escape(content))\"/>\n"
    }

    /// The package: Dublin Core and `dtb:` metadata, every file in the manifest, the SMIL files in the spine.
    func package() -> String {
        let document = plan.book.document
        var out = Self.prolog + "<!DOCTYPE package PUBLIC \"+//ISBN 0-9673008-1-9//DTD OEB 1.2 Package//EN\""
        out += " \"http://openebook.org/dtds/oeb-1.2/oebpkg12.dtd\">\n"
        out += "<package xmlns=\"http://openebook.org/namespaces/oeb-package/1.0/\" unique-identifier=\"uid\">\n<metadata>\n"
        out += "<dc-metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
        out += " xmlns:oebpackage=\"http://openebook.org/namespaces/oeb-package/1.0/\">\n"
        out += "<dc:Format>ANSI/NISO Z39.86-2005</dc:Format>\n"
        out += "<dc:Language>\(language)</dc:Language>\n<dc:Date>\(plan.date)</dc:Date>\n"
        out += "<dc:Publisher>\(XMLText.escape(plan.publisher))</dc:Publisher>\n"
        out += "<dc:Title>\(XMLText.escape(XMLText.singleLine(document.title)))</dc:Title>\n"
        if let creator = document.creator { out += "<dc:Creator>\(XMLText.escape(XMLText.singleLine(creator)))</dc:Creator>\n" }
        out += "<dc:Identifier id=\"uid\">\(XMLText.escape(document.identifier))</dc:Identifier>\n</dc-metadata>\n<x-metadata>\n"
        out += meta("dtb:multimediaType", plan.multimediaType)
        out += meta("dtb:multimediaContent", plan.multimediaType == "textNCX" ? "text" : "audio,text")
        out += meta("dtb:totalTime", SMILClock.fullClock(plan.totalMilliseconds))
        out += meta("dtb:narrator", XMLText.singleLine(document.narrator ?? plan.generator))
        out += meta("dtb:producer", plan.generator)
        out += "</x-metadata>\n</metadata>\n<manifest>\n"
        var items: [(String, String, String)] = [
            ("opf", Self.packageName, "text/xml"), ("ncx", Self.ncxName, "application/x-dtbncx+xml"),
            ("resource", Self.resourcesName, "application/x-dtbresource+xml"),
            ("dtbook", Self.textName, "application/x-dtbook+xml"),
        ]
        items += plan.chapters.map { ("smil\($0.number)", $0.smilName, "application/smil") }
        items += plan.book.audioFiles.map { ($0.itemID, $0.fileName, $0.mediaType) }
        for (id, href, type) in items {
            out += "<item id=\"\(id)\" href=\"\(href)\" media-type=\"\(type)\"/>\n"
        }
        out += "</manifest>\n<spine>\n"
        out += plan.chapters.map { "<itemref idref=\"smil\($0.number)\"/>\n" }.joined()
        return out + "</spine>\n</package>\n"
    }

    /// The NCX: the title, then the navigation points nested by level, in play order.
    func ncx() -> String {
        let document = plan.book.document
        var out = Self.prolog + "<!DOCTYPE ncx PUBLIC \"-//NISO//DTD ncx 2005-1//EN\""
        out += " \"http://www.daisy.org/z3986/2005/ncx-2005-1.dtd\">\n"
        out += "<ncx xmlns=\"http://www.daisy.org/z3986/2005/ncx/\" version=\"2005-1\" xml:lang=\"\(language)\">\n<head>\n"
        out += meta("dtb:uid", document.identifier) + meta("dtb:depth", String(plan.depth))
        out += meta("dtb:generator", plan.generator)
        out += meta("dtb:totalPageCount", "0") + meta("dtb:maxPageNumber", "0")
        out += "</head>\n<docTitle><text>\(XMLText.escape(XMLText.singleLine(document.title)))</text></docTitle>\n<navMap>\n"
        var open: [Int] = []
        for (index, point) in plan.navPoints.enumerated() {
            while let level = open.last, level >= point.level {
                out += "</navPoint>\n"
                open.removeLast()
            }
            let chapter = plan.chapters[point.chapter]
            out += "<navPoint id=\"nav\(index + 1)\" class=\"h\(point.level)\" playOrder=\"\(index + 1)\">\n"
            out += "<navLabel><text\(xmlLanguage(point.titleLanguage))>\(XMLText.escape(point.title))</text></navLabel>\n"
            out += "<content src=\"\(chapter.smilName)#\(point.par.parID)\"/>\n"
            open.append(point.level)
        }
        out += String(repeating: "</navPoint>\n", count: open.count)
        return out + "</navMap>\n</ncx>\n"
    }

    /// The resources: the Korean words a player may speak for the book's navigation structures.
    func resources() -> String {
        var out = Self.prolog + "<!DOCTYPE resources PUBLIC \"-//NISO//DTD resource 2005-1//EN\""
        out += " \"http://www.daisy.org/z3986/2005/resource-2005-1.dtd\">\n"
        out += "<resources xmlns=\"http://www.daisy.org/z3986/2005/resource/\" version=\"2005-1\">\n"
        out += "<scope nsuri=\"http://www.daisy.org/z3986/2005/ncx/\">\n"
        out += "<nodeSet id=\"ns-navmap\" select=\"//navMap\">\n"
        out += "<resource xml:lang=\"\(language)\"><text>\(language.hasPrefix("ko") ? "차례" : "Contents")</text></resource>\n"
        return out + "</nodeSet>\n</scope>\n</resources>\n"
    }

    /// The text: the title, then one `level1` per chapter (with a `level2` per part), each
    /// sentence a `sent` whose `smilref` names its `par`.
    func dtbook() -> String {
        let document = plan.book.document
        var out = Self.prolog + "<!DOCTYPE dtbook PUBLIC \"-//NISO//DTD dtbook 2005-3//EN\""
        out += " \"http://www.daisy.org/z3986/2005/dtbook-2005-3.dtd\">\n"
        out += "<dtbook xmlns=\"http://www.daisy.org/z3986/2005/dtbook/\" version=\"2005-3\" xml:lang=\"\(language)\">\n<head>\n"
        out += meta("dtb:uid", document.identifier) + meta("dc:Title", XMLText.singleLine(document.title))
        out += meta("dc:Language", document.language) + meta("dc:Publisher", plan.publisher) + meta("dc:Date", plan.date)
        out += "</head>\n<book>\n<frontmatter>\n<doctitle\(xmlLanguage(document.titleLanguage))>"
        out += XMLText.escape(XMLText.singleLine(document.title)) + "</doctitle>\n</frontmatter>\n<bodymatter>\n"
        for chapter in plan.chapters { out += level(chapter) }
        return out + "</bodymatter>\n</book>\n</dtbook>\n"
    }

    private func level(_ chapter: DaisyPlan.Chapter) -> String {
        let pars = Dictionary(chapter.pars.map { ($0.sentence, $0) }, uniquingKeysWith: { first, _ in first })
        var out = "<level1 id=\"chapter\(chapter.number)\">\n"
        var sentence = 0
        var inPart = false
        var seenTitle = false
        for block in chapter.plan.chapter.blocks {
            defer { sentence += block.sentences.count }
            guard !block.sentences.isEmpty else { continue }
            if let heading = block.heading.map(XMLText.singleLine), !heading.isEmpty {
                out += (inPart ? "</level2>\n" : "") + "<level2>\n<h2>\(XMLText.escape(heading))</h2>\n"
                inPart = true
            }
            let element = block.role == .title ? (seenTitle || inPart ? "h2" : "h1") : "p"
            if block.role == .title { seenTitle = true }
            let sentences = block.sentences.enumerated().map { offset, text in
                let number = sentence + offset
                let reference = pars[number].map { " smilref=\"\(chapter.smilName)#\($0.parID)\"" } ?? ""
                return "<sent id=\"\(Self.sentenceID(chapter, number))\"\(reference)>" + runs(text) + "</sent>"
            }
            out += "<\(element)>" + sentences.joined(separator: " ") + "</\(element)>\n"
        }
        return out + (inPart ? "</level2>\n" : "") + "</level1>\n"
    }

    /// A chapter's SMIL file (the Z39.86 subset of SMIL 2.0): one `seq` of one `par` per sentence.
    func smil(_ chapter: DaisyPlan.Chapter, index: Int) -> String {
        var out = Self.prolog + "<!DOCTYPE smil PUBLIC \"-//NISO//DTD dtbsmil 2005-2//EN\""
        out += " \"http://www.daisy.org/z3986/2005/dtbsmil-2005-2.dtd\">\n"
        out += "<smil xmlns=\"http://www.w3.org/2001/SMIL20/\">\n<head>\n"
        out += meta("dtb:uid", plan.book.document.identifier) + meta("dtb:generator", plan.generator)
        out += meta("dtb:totalElapsedTime", SMILClock.fullClock(plan.elapsedMilliseconds(before: index)))
        out += "</head>\n<body>\n<seq id=\"seq1\" dur=\"\(SMILClock.timecount(chapter.milliseconds))\" fill=\"remove\">\n"
        for par in chapter.pars {
            out += "<par id=\"\(par.parID)\">\n"
            out += "<text id=\"\(par.textID)\" src=\"\(Self.textName)#\(Self.sentenceID(chapter, par.sentence))\"/>\n"
            if let clip = par.clip, let audio = chapter.plan.audio {
                out += "<audio src=\"\(audio.fileName)\" clipBegin=\"\(SMILClock.fullClock(clip.begin))\""
                out += " clipEnd=\"\(SMILClock.fullClock(clip.end))\"/>\n"
            }
            out += "</par>\n"
        }
        return out + "</seq>\n</body>\n</smil>\n"
    }

    private func runs(_ sentence: BookSentence) -> String {
        sentence.runs.map { run in
            let text = XMLText.escape(run.text)
            let attributes = xmlLanguage(run.language)
            return attributes.isEmpty ? text : "<span\(attributes)>\(text)</span>"
        }.joined()
    }

    /// ` xml:lang="…"` when `language` is set and differs from the book's.
    private func xmlLanguage(_ language: String?) -> String {
        guard let language, !LanguageTag.same(language, plan.book.document.language) else { return "" }
        return " xml:lang=\"\(XMLText.escape(language))\""
    }
}
