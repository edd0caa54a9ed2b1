import Foundation
import FoundationXML

/// The rules of DAISY 2.02 and ANSI/NISO Z39.86-2005 that a DAISY player depends on, checked
/// on a book's unpacked folder: written from the specifications, independent of the writer
/// (it reads the files, not the plan). Each problem is one line naming the file and the rule.
public enum DaisyRules {
    /// Which specification the folder is checked against.
    public enum Edition: String, Sendable, CaseIterable {
        case daisy202, daisy3
    }

    /// The problems of the book in `folder`; empty when it keeps every rule. `audioSeconds`
    /// gives each audio file's length (measured by whoever calls, e.g. the manifest or ffprobe).
    public static func problems(in folder: URL, edition: Edition, audioSeconds: [String: Double]) -> [String] {
        var book = BookFolder(folder: folder, audioSeconds: audioSeconds)
        switch edition {
        case .daisy202: Daisy202Rules.check(&book)
        case .daisy3: Daisy3Rules.check(&book)
        }
        return book.problems
    }

    /// A clock value in seconds: SMIL full (`1:02:03.5`) and partial (`02:03.5`) clock values,
    /// timecounts (`12.5s`, `12.5`, `300ms`) and SMIL 1.0's `npt=` prefix; nil when malformed.
    public static func seconds(_ value: String) -> Double? {
        var text = value.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("npt=") { text.removeFirst(4) }
        if text.contains(":") {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard (2...3).contains(parts.count), parts.dropLast().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
                let last = Double(parts.last!), last >= 0, last < 60
            else { return nil }
            let whole = parts.dropLast().compactMap { Double($0) }
            return whole.reduce(0) { $0 * 60 + $1 } * 60 + last
        }
        for (suffix, scale) in [("ms", 0.001), ("s", 1.0), ("min", 60.0), ("h", 3600.0)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).flatMap { $0 >= 0 ? $0 * scale : nil }
        }
        return Double(text).flatMap { $0 >= 0 ? $0 : nil }
    }
}

/// One parsed XML element with its attributes, its text and its children.
public final class DaisyElement {
    public let name: String
    public let attributes: [String: String]
    public var text = ""
    public var children: [DaisyElement] = []

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// This element and every element inside it, in document order.
    public var all: [DaisyElement] { [self] + children.flatMap(\.all) }
    /// The name without its namespace prefix.
    public var localName: String { name.split(separator: ":").last.map(String.init) ?? name }
    /// Every element inside named `name` (local name), in document order.
    public func elements(_ name: String) -> [DaisyElement] { all.filter { $0.localName == name } }
    /// The whole text inside, spaces collapsed.
    public var fullText: String {
        (text + children.map(\.fullText).joined()).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// Parses XML (well-formedness is itself a rule: a file that does not parse is a problem).
final class DaisyXMLReader: NSObject, XMLParserDelegate {
    private var stack: [DaisyElement] = []
    private var root: DaisyElement?

    static func parse(_ data: Data) -> (root: DaisyElement?, error: String?) {
        let parser = XMLParser(data: data)
        let reader = DaisyXMLReader()
        parser.delegate = reader
        guard parser.parse(), let root = reader.root else {
            return (nil, parser.parserError.map { "\($0.localizedDescription) at line \(parser.lineNumber)" } ?? "no root element")
        }
        return (root, nil)
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        let element = DaisyElement(name: name, attributes: attributes)
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }
}

/// The book's folder as the rules read it: its files, each XML file parsed once, and the problems found.
struct BookFolder {
    let folder: URL
    let audioSeconds: [String: Double]
    private(set) var problems: [String] = []
    private var parsed: [String: DaisyElement?] = [:]

    init(folder: URL, audioSeconds: [String: Double]) {
        self.folder = folder
        self.audioSeconds = audioSeconds
    }

    /// The names of the regular files in the folder (a DAISY book is one flat folder).
    var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    mutating func problem(_ file: String, _ rule: String) { problems.append("\(file): \(rule)") }

    func exists(_ name: String) -> Bool {
        !name.contains("/") && FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
    }

    /// The parsed root of `name`, or nil (with a problem said once) if it is missing or not XML.
    mutating func xml(_ name: String) -> DaisyElement? {
        if let known = parsed[name] { return known }
        var root: DaisyElement?
        if let data = try? Data(contentsOf: folder.appendingPathComponent(name)) {
            let result = DaisyXMLReader.parse(data)
            root = result.root
            if let error = result.error { problem(name, "is not well-formed XML (\(error))") }
        } else {
            problem(name, "is missing")
        }
        parsed[name] = root
        return root
    }

    /// Every `id` in `name`.
    mutating func ids(_ name: String) -> Set<String> {
        Set(xml(name)?.all.compactMap { $0.attributes["id"] } ?? [])
    }

    /// Checks that `reference` (`file#id`) names a file of the book and an id inside it.
    mutating func resolve(_ reference: String?, from file: String, what: String) {
        guard let reference, let hash = reference.firstIndex(of: "#") else {
            problem(file, "\(what) \"\(reference ?? "")\" has no file#id")
            return
        }
        let target = String(reference[..<hash])
        let id = String(reference[reference.index(after: hash)...])
        guard exists(target) else { return problem(file, "\(what) \"\(reference)\" names a file that is not in the book") }
        if !ids(target).contains(id) { problem(file, "\(what) \"\(reference)\" names an id that \(target) does not have") }
    }

    /// The ids of `root` that occur more than once.
    static func duplicateIDs(_ root: DaisyElement) -> [String] {
        var seen = Set<String>()
        var twice = Set<String>()
        for id in root.all.compactMap({ $0.attributes["id"] }) where !seen.insert(id).inserted { twice.insert(id) }
        return twice.sorted()
    }

    /// The checks every SMIL file's pars share: text and audio present, the text resolves, the
    /// clips inside their audio and in order. Returns the sum of the clips' lengths in seconds.
    mutating func checkPars(_ smil: String, root: DaisyElement, begin: String, end: String, requireAudio: Bool) -> Double {
        var played = 0.0
        var previousEnd: [String: Double] = [:]
        for (index, par) in root.elements("par").enumerated() {
            let parName = "par \(index + 1)" + (par.attributes["id"].map { " (\($0))" } ?? "")
            let texts = par.children.filter { $0.localName == "text" }
            if texts.count != 1 { problem(smil, "\(parName) has \(texts.count) text elements, not one") }
            for text in texts { resolve(text.attributes["src"], from: smil, what: "\(parName)'s text") }
            let audios = par.children.filter { $0.localName == "audio" }
            if audios.isEmpty, requireAudio { problem(smil, "\(parName) has no audio clip in a book of full audio") }
            for audio in audios {
                guard let src = audio.attributes["src"], exists(src) else {
                    problem(smil, "\(parName)'s audio \"\(audio.attributes["src"] ?? "")\" is not in the book")
                    continue
                }
                guard let from = audio.attributes[begin].flatMap(DaisyRules.seconds),
                    let to = audio.attributes[end].flatMap(DaisyRules.seconds)
                else {
                    problem(smil, "\(parName)'s clip has no valid \(begin)/\(end)")
                    continue
                }
                if to <= from { problem(smil, "\(parName)'s clip ends (\(to) s) before it begins (\(from) s)") }
                if let length = audioSeconds[src], to > length + 0.0005 {
                    problem(smil, "\(parName)'s clip ends at \(to) s, after the end of \(src) (\(length) s)")
                } else if audioSeconds[src] == nil {
                    problem(smil, "\(parName)'s audio \(src) has no known length")
                }
                if let last = previousEnd[src], from < last - 0.0005 {
                    problem(smil, "\(parName)'s clip begins at \(from) s, before the previous clip's end (\(last) s)")
                }
                previousEnd[src] = to
                played += max(0, to - from)
            }
        }
        if root.elements("par").isEmpty { problem(smil, "has no par") }
        return played
    }

    /// Checks that `value` is the clock value of `seconds`, within `tolerance`.
    mutating func checkTime(_ value: String?, equals seconds: Double, tolerance: Double, file: String, what: String) {
        guard let value, let parsed = DaisyRules.seconds(value) else {
            return problem(file, "\(what) is missing or not a clock value (\"\(value ?? "")\")")
        }
        if abs(parsed - seconds) > tolerance {
            problem(file, "\(what) is \(value) (\(parsed) s), but the clips add up to \(seconds) s")
        }
    }
}
