import ExpoModel

/// The size of a braille page: cells a line and lines a page (the page number's line included).
public struct BraillePageSize: Sendable, Equatable, Codable {
    public var cells: Int
    public var lines: Int

    /// 40 cells × 25 lines: the usual page of an embosser on 11 × 11.5 inch paper.
    public static let standard = BraillePageSize(cells: 40, lines: 25)

    public init(cells: Int, lines: Int) {
        self.cells = cells
        self.lines = lines
    }

    /// Checks the ranges a book can be laid out in.
    public func validate() throws {
        guard (20...100).contains(cells) else {
            throw ExpoError(.usage, "A braille line of \(cells) cells is outside 20 to 100")
        }
        guard (10...100).contains(lines) else {
            throw ExpoError(.usage, "A braille page of \(lines) lines is outside 10 to 100")
        }
    }
}

/// A braille book laid out in pages of Unicode braille lines: a title page, the contents, then
/// each chapter from a new page. Every page but the title page carries its number at the end
/// of its last line. Lines never exceed the page's cells, pages never its lines.
public struct BrailleBook: Sendable, Equatable {
    public var title: String
    public var size: BraillePageSize
    /// The pages, each a list of lines of Unicode braille (U+2800 is a blank cell).
    public var pages: [[String]]

    /// One chapter in braille: its heading, and its blocks (fact lines and paragraphs).
    public struct Chapter: Sendable, Equatable {
        public var heading: String
        public var blocks: [Block]

        public struct Block: Sendable, Equatable {
            public var braille: String
            /// Paragraphs begin two cells in, as Korean braille books do; fact lines do not.
            public var indented: Bool

            public init(braille: String, indented: Bool) {
                self.braille = braille
                self.indented = indented
            }
        }

        public init(heading: String, blocks: [Block]) {
            self.heading = heading
            self.blocks = blocks
        }
    }

    static let blank: Character = "\u{2800}"

    /// Lays out `chapters` under a title page (`title`, and `subtitle` below it) and a contents
    /// page headed `contentsHeading`; `number` writes a page number in braille.
    public static func layout(
        title: String, subtitle: String, contentsHeading: String, chapters: [Chapter],
        size: BraillePageSize, number: (Int) throws -> String
    ) throws -> BrailleBook {
        let textLines = size.lines - 1
        // The chapters' own pages, numbered from 1 for now.
        var chapterPages: [[[String]]] = []
        for chapter in chapters {
            var lines = wrap(chapter.heading, width: size.cells, indent: 0).map { centered($0, width: size.cells) }
            lines.append("")
            for block in chapter.blocks {
                lines += wrap(block.braille, width: size.cells, indent: block.indented ? 2 : 0)
            }
            chapterPages.append(paged(lines, linesPerPage: textLines))
        }
        // The contents: each chapter's heading with its page number at the end of its last line,
        // the numbers' width reserved on every entry so the count of lines does not depend on them.
        let bodyPageCount = chapterPages.reduce(0) { $0 + $1.count }
        let widest = try number(bodyPageCount + 2 + chapters.count).count
        func contents(startPages: [Int]) throws -> [String] {
            var lines = [centered(contentsHeading, width: size.cells), ""]
            for (chapter, page) in zip(chapters, startPages) {
                var entry = wrap(chapter.heading, width: size.cells - widest - 2, indent: 0)
                let pageNumber = try number(page)
                let last = entry.removeLast()
                let leader = String(repeating: "\u{2810}", count: max(1, size.cells - last.count - pageNumber.count - 2))
                entry.append(last + "\u{2800}" + leader + "\u{2800}" + pageNumber)
                lines += entry
            }
            return lines
        }
        let contentsPageCount = paged(try contents(startPages: chapters.map { _ in 0 }), linesPerPage: textLines).count
        var starts: [Int] = []
        var next = 2 + contentsPageCount
        for pages in chapterPages {
            starts.append(next)
            next += pages.count
        }
        var pages: [[String]] = [titlePage(title: title, subtitle: subtitle, size: size)]
        pages += paged(try contents(startPages: starts), linesPerPage: textLines)
        pages += chapterPages.flatMap { $0 }
        for index in pages.indices.dropFirst() {
            var page = pages[index]
            while page.count < textLines { page.append("") }
            let pageNumber = try number(index + 1)
            page.append(String(repeating: blank, count: size.cells - pageNumber.count) + pageNumber)
            pages[index] = page
        }
        pages = pages.map { $0.map(trimmed) }
        return BrailleBook(title: title, size: size, pages: pages)
    }

    /// The title page: the title centred a third of the way down, the subtitle two lines below.
    static func titlePage(title: String, subtitle: String, size: BraillePageSize) -> [String] {
        let titleLines = wrap(title, width: size.cells, indent: 0).map { centered($0, width: size.cells) }
        let subtitleLines = wrap(subtitle, width: size.cells, indent: 0).map { centered($0, width: size.cells) }
        let top = max(0, min(size.lines / 3, size.lines - titleLines.count - subtitleLines.count - 1))
        var lines = Array(repeating: "", count: top) + titleLines + [""] + subtitleLines
        if lines.count > size.lines { lines = Array(lines.prefix(size.lines)) }
        return lines
    }

    /// `braille` in lines of at most `width` cells, broken at blank cells; the first line
    /// starts `indent` cells in. A word longer than a line is cut.
    static func wrap(_ braille: String, width: Int, indent: Int) -> [String] {
        let words = braille.split(separator: blank, omittingEmptySubsequences: true)
        var lines: [String] = []
        var line = String(repeating: blank, count: indent)
        var lineHasWord = false
        for word in words {
            var word = Substring(word)
            while !word.isEmpty {
                let needed = (lineHasWord ? 1 : 0) + word.count
                if line.count + needed <= width {
                    line += (lineHasWord ? String(blank) : "") + word
                    lineHasWord = true
                    word = ""
                } else if !lineHasWord {
                    // Longer than a whole line: fill this one and go on with the rest.
                    let room = max(1, width - line.count)
                    line += word.prefix(room)
                    word = word.dropFirst(room)
                    lines.append(line)
                    line = ""
                } else {
                    lines.append(line)
                    line = ""
                    lineHasWord = false
                }
            }
        }
        if lineHasWord || lines.isEmpty { lines.append(line) }
        return lines
    }

    static func centered(_ line: String, width: Int) -> String {
        String(repeating: blank, count: max(0, (width - line.count) / 2)) + line
    }

    static func paged(_ lines: [String], linesPerPage: Int) -> [[String]] {
        var lines = lines
        while lines.last == "" { lines.removeLast() }
        if lines.isEmpty { return [[]] }
        return stride(from: 0, to: lines.count, by: linesPerPage).map { Array(lines[$0..<min($0 + linesPerPage, lines.count)]) }
    }

    static func trimmed(_ line: String) -> String {
        var line = Substring(line)
        while line.last == blank { line = line.dropLast() }
        return String(line)
    }
}
