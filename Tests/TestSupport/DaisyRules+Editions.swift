import Foundation

/// DAISY 2.02: the NCC's metadata, its headings and their links, the SMIL 1.0 files' pars and times.
enum Daisy202Rules {
    static let required = [
        "dc:title", "dc:format", "dc:identifier", "dc:language", "dc:publisher", "dc:date",
        "ncc:charset", "ncc:generator", "ncc:multimediaType", "ncc:narrator", "ncc:tocItems",
        "ncc:totalTime", "ncc:pageFront", "ncc:pageNormal", "ncc:pageSpecial", "ncc:depth", "ncc:files",
    ]
    static let multimediaTypes = ["audioOnly", "audioNcc", "audioPartText", "audioFullText", "textPartAudio", "textNcc"]

    static func check(_ book: inout BookFolder) {
        let ncc = "ncc.html"
        guard let root = book.xml(ncc) else { return }
        var meta: [String: String] = [:]
        for element in root.elements("meta") {
            guard let name = element.attributes["name"] else { continue }
            if meta[name] != nil { book.problem(ncc, "meta \(name) is given twice") }
            meta[name] = element.attributes["content"]
        }
        for name in required where (meta[name] ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            book.problem(ncc, "the required meta \(name) is missing or empty")
        }
        if let format = meta["dc:format"], format != "Daisy 2.02" { book.problem(ncc, "dc:format is \"\(format)\", not \"Daisy 2.02\"") }
        if let type = meta["ncc:multimediaType"], !multimediaTypes.contains(type) { book.problem(ncc, "ncc:multimediaType \"\(type)\" is not one of the six") }
        for name in ["ncc:pageFront", "ncc:pageNormal", "ncc:pageSpecial"] where meta[name] != nil && Int(meta[name]!) == nil {
            book.problem(ncc, "\(name) is not a number")
        }
        let html = root.all.first { $0.localName == "html" }
        if html?.attributes["xml:lang"] == nil && html?.attributes["lang"] == nil { book.problem(ncc, "the html element has no language") }
        let headings = (root.elements("body").first?.all ?? []).filter { ["h1", "h2", "h3", "h4", "h5", "h6"].contains($0.localName) }
        guard let first = headings.first, first.localName == "h1", first.attributes["class"] == "title" else {
            return book.problem(ncc, "the first heading is not <h1 class=\"title\">")
        }
        if meta["ncc:tocItems"] != String(headings.count) {
            book.problem(ncc, "ncc:tocItems is \(meta["ncc:tocItems"] ?? "missing"), but the NCC has \(headings.count) headings")
        }
        let depth = headings.compactMap { Int($0.localName.dropFirst()) }.max() ?? 0
        if meta["ncc:depth"] != String(depth) { book.problem(ncc, "ncc:depth is \(meta["ncc:depth"] ?? "missing"), but the deepest heading is h\(depth)") }
        var smilOrder: [String] = []
        for heading in headings {
            let links = heading.elements("a")
            guard links.count == 1, let href = links[0].attributes["href"] else {
                book.problem(ncc, "heading \"\(heading.fullText)\" has no single link into a SMIL file")
                continue
            }
            book.resolve(href, from: ncc, what: "heading \"\(heading.fullText)\"")
            let file = String(href.prefix { $0 != "#" })
            if !smilOrder.contains(file) { smilOrder.append(file) }
        }
        let fullAudio = meta["ncc:multimediaType"] == "audioFullText"
        let total = checkSmilFiles(&book, order: smilOrder, fullAudio: fullAudio)
        book.checkTime(meta["ncc:totalTime"], equals: total, tolerance: 0.5, file: ncc, what: "ncc:totalTime")
        checkFiles(&book, ncc: ncc, order: smilOrder, declared: meta["ncc:files"])
    }

    /// Every SMIL file in the NCC's order: its pars, its duration and its elapsed time.
    private static func checkSmilFiles(_ book: inout BookFolder, order: [String], fullAudio: Bool) -> Double {
        var elapsed = 0.0
        for smil in order {
            guard let root = book.xml(smil) else { continue }
            let played = book.checkPars(smil, root: root, begin: "clip-begin", end: "clip-end", requireAudio: fullAudio)
            let meta = Dictionary(
                root.elements("meta").compactMap { element in
                    element.attributes["name"].map { ($0, element.attributes["content"] ?? "") }
                }, uniquingKeysWith: { first, _ in first })
            let tolerance = 0.001 * Double(root.elements("par").count + 1)
            book.checkTime(root.elements("seq").first?.attributes["dur"], equals: played, tolerance: tolerance, file: smil, what: "the seq's dur")
            book.checkTime(meta["ncc:timeInThisSmil"], equals: played, tolerance: tolerance, file: smil, what: "ncc:timeInThisSmil")
            book.checkTime(
                meta["ncc:totalElapsedTime"], equals: elapsed, tolerance: 0.001 * Double(order.count) + tolerance,
                file: smil, what: "ncc:totalElapsedTime")
            if meta["dc:format"] != "Daisy 2.02" { book.problem(smil, "dc:format is not \"Daisy 2.02\"") }
            for id in BookFolder.duplicateIDs(root) { book.problem(smil, "the id \(id) is given twice") }
            elapsed += played
        }
        return elapsed
    }

    /// Every file the SMIL files name is present, and `ncc:files` counts the book's files.
    private static func checkFiles(_ book: inout BookFolder, ncc: String, order: [String], declared: String?) {
        var named: Set<String> = [ncc]
        for smil in order {
            named.insert(smil)
            for element in book.xml(smil)?.all ?? [] {
                guard let src = element.attributes["src"] else { continue }
                named.insert(String(src.prefix { $0 != "#" }))
            }
        }
        for name in named.sorted() where !book.exists(name) { book.problem(ncc, "\(name) is named by the book but missing") }
        for name in book.fileNames where !named.contains(name) { book.problem(ncc, "\(name) is in the folder but no SMIL file names it") }
        if declared != String(named.count) { book.problem(ncc, "ncc:files is \(declared ?? "missing"), but the book has \(named.count) files") }
    }
}

/// Z39.86-2005: the package's metadata and manifest, the NCX's navigation, the DTBook's
/// references and the SMIL files' pars and elapsed times.
enum Daisy3Rules {
    static func check(_ book: inout BookFolder) {
        let packages = book.fileNames.filter { $0.hasSuffix(".opf") }
        guard packages.count == 1, let opf = packages.first, let package = book.xml(opf) else {
            return book.problem("(book)", "has \(packages.count) package files (.opf), not one")
        }
        let dc = Dictionary(package.all.filter { $0.name.hasPrefix("dc:") }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in ["dc:Title", "dc:Publisher", "dc:Date", "dc:Format", "dc:Identifier", "dc:Language"]
        where (dc[name]?.fullText ?? "").isEmpty {
            book.problem(opf, "the required \(name) is missing or empty")
        }
        if dc["dc:Format"]?.fullText != "ANSI/NISO Z39.86-2005" { book.problem(opf, "dc:Format is not \"ANSI/NISO Z39.86-2005\"") }
        let uid = dc["dc:Identifier"]?.fullText ?? ""
        if let unique = package.attributes["unique-identifier"], dc["dc:Identifier"]?.attributes["id"] != unique {
            book.problem(opf, "unique-identifier \"\(unique)\" is not the dc:Identifier's id")
        }
        let meta = Dictionary(
            package.elements("meta").compactMap { element in
                element.attributes["name"].map { ($0, element.attributes["content"] ?? "") }
            }, uniquingKeysWith: { first, _ in first })
        for name in ["dtb:multimediaType", "dtb:multimediaContent", "dtb:totalTime", "dtb:narrator"] where (meta[name] ?? "").isEmpty {
            book.problem(opf, "the meta \(name) is missing or empty")
        }
        let items = package.elements("item")
        var byID: [String: (href: String, type: String)] = [:]
        for item in items {
            let href = item.attributes["href"] ?? ""
            let type = item.attributes["media-type"] ?? ""
            if !book.exists(href) { book.problem(opf, "the manifest lists \(href), which is missing") }
            byID[item.attributes["id"] ?? ""] = (href, type)
        }
        let listed = Set(byID.values.map(\.href))
        for name in book.fileNames where !listed.contains(name) { book.problem(opf, "\(name) is in the folder but not in the manifest") }
        for (type, what) in [
            ("application/x-dtbncx+xml", "NCX"), ("application/x-dtbook+xml", "DTBook"),
            ("application/x-dtbresource+xml", "resources"), ("text/xml", "package"),
        ]
        where byID.values.filter({ $0.type == type }).count != 1 {
            book.problem(opf, "the manifest does not list exactly one \(what) file (\(type))")
        }
        var spine: [String] = []
        for itemref in package.elements("itemref") {
            guard let item = byID[itemref.attributes["idref"] ?? ""], item.type == "application/smil" else {
                book.problem(opf, "the spine's idref \"\(itemref.attributes["idref"] ?? "")\" is not a SMIL item of the manifest")
                continue
            }
            spine.append(item.href)
        }
        let total = checkSmilFiles(&book, spine: spine, uid: uid, fullAudio: meta["dtb:multimediaType"] == "audioFullText")
        book.checkTime(meta["dtb:totalTime"], equals: total, tolerance: 0.001 * Double(spine.count + 1), file: opf, what: "dtb:totalTime")
        if let ncx = byID.values.first(where: { $0.type == "application/x-dtbncx+xml" })?.href {
            checkNCX(&book, ncx, uid: uid, spine: spine)
        }
        if let text = byID.values.first(where: { $0.type == "application/x-dtbook+xml" })?.href, let root = book.xml(text) {
            if root.attributes["xml:lang"] == nil { book.problem(text, "the dtbook element has no xml:lang") }
            for id in BookFolder.duplicateIDs(root) { book.problem(text, "the id \(id) is given twice") }
            for element in root.all where element.attributes["smilref"] != nil {
                book.resolve(element.attributes["smilref"], from: text, what: "smilref")
            }
        }
    }

    private static func checkSmilFiles(_ book: inout BookFolder, spine: [String], uid: String, fullAudio: Bool) -> Double {
        var elapsed = 0.0
        for smil in spine {
            guard let root = book.xml(smil) else { continue }
            let meta = Dictionary(
                root.elements("meta").compactMap { element in
                    element.attributes["name"].map { ($0, element.attributes["content"] ?? "") }
                }, uniquingKeysWith: { first, _ in first })
            if meta["dtb:uid"] != uid { book.problem(smil, "dtb:uid is not the package's dc:Identifier") }
            let tolerance = 0.001 * Double(root.elements("par").count + 1)
            book.checkTime(
                meta["dtb:totalElapsedTime"], equals: elapsed, tolerance: tolerance * Double(spine.count),
                file: smil, what: "dtb:totalElapsedTime")
            elapsed += book.checkPars(smil, root: root, begin: "clipBegin", end: "clipEnd", requireAudio: fullAudio)
            for id in BookFolder.duplicateIDs(root) { book.problem(smil, "the id \(id) is given twice") }
        }
        return elapsed
    }

    private static func checkNCX(_ book: inout BookFolder, _ ncx: String, uid: String, spine: [String]) {
        guard let root = book.xml(ncx) else { return }
        let meta = Dictionary(
            root.elements("meta").compactMap { element in
                element.attributes["name"].map { ($0, element.attributes["content"] ?? "") }
            }, uniquingKeysWith: { first, _ in first })
        if meta["dtb:uid"] != uid { book.problem(ncx, "dtb:uid is not the package's dc:Identifier") }
        if (root.elements("docTitle").first?.fullText ?? "").isEmpty { book.problem(ncx, "docTitle is missing or empty") }
        func depth(_ element: DaisyElement) -> Int {
            (element.localName == "navPoint" ? 1 : 0) + (element.children.map(depth).max() ?? 0)
        }
        let deepest = root.elements("navMap").first.map(depth) ?? 0
        if meta["dtb:depth"] != String(deepest) { book.problem(ncx, "dtb:depth is \(meta["dtb:depth"] ?? "missing"), but the navMap is \(deepest) deep") }
        let points = root.elements("navPoint")
        if points.isEmpty { book.problem(ncx, "the navMap has no navPoint") }
        var files: [String] = []
        for (index, point) in points.enumerated() {
            if point.attributes["playOrder"] != String(index + 1) {
                book.problem(ncx, "navPoint \(index + 1) has playOrder \(point.attributes["playOrder"] ?? "none"), not \(index + 1)")
            }
            if (point.children.first { $0.localName == "navLabel" }?.fullText ?? "").isEmpty { book.problem(ncx, "navPoint \(index + 1) has no label") }
            let src = point.children.first { $0.localName == "content" }?.attributes["src"]
            book.resolve(src, from: ncx, what: "navPoint \(index + 1)'s content")
            let file = String((src ?? "").prefix { $0 != "#" })
            if !spine.contains(file) { book.problem(ncx, "navPoint \(index + 1) points into \(file), which is not in the spine") }
            files.append(file)
        }
        let order = files.compactMap { spine.firstIndex(of: $0) }
        if order != order.sorted() { book.problem(ncx, "the navPoints do not follow the spine's order") }
    }
}
