import Foundation

/// Reads a rendered page back as a browser would see its text, without the writer's own
/// helpers (so that a bug in its escaping cannot hide itself): elements by name, their text
/// with tags removed and character references resolved, and whatever is not well-formed
/// markup of the allowed kinds.
enum PageReading {
    struct Element {
        /// What follows the tag name in the start tag (the attributes, with a leading space).
        var attributes: String
        /// Everything between the start and the end tag.
        var inner: String

        func attribute(_ name: String) -> String? {
            guard let start = attributes.range(of: " \(name)=\"") else { return nil }
            let rest = attributes[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }

        var text: String { PageReading.text(inner) }
    }

    /// Every `<name …>…</name>` in `html`, in order; elements of the same name are not nested
    /// in the page, so the first end tag closes each.
    static func elements(_ name: String, in html: String) -> [Element] {
        var found: [Element] = []
        var rest = Substring(html)
        while let open = rest.range(of: "<\(name)") {
            let afterName = rest[open.upperBound...]
            guard let next = afterName.first else { break }
            guard next == " " || next == ">" else {
                rest = afterName
                continue
            }
            guard let tagEnd = afterName.firstIndex(of: ">"), let close = afterName.range(of: "</\(name)>") else { break }
            found.append(
                Element(
                    attributes: String(afterName[..<tagEnd]),
                    inner: String(afterName[afterName.index(after: tagEnd)..<close.lowerBound])))
            rest = afterName[close.upperBound...]
        }
        return found
    }

    /// The text a reader sees: tags removed, references resolved.
    static func text(_ html: String) -> String {
        var visible = ""
        var inTag = false
        for character in html {
            switch character {
            case "<": inTag = true
            case ">" where inTag: inTag = false
            default: if !inTag { visible.append(character) }
            }
        }
        return resolvingReferences(visible)
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;` and other numeric references resolved.
    static func resolvingReferences(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let reference = rest[ampersand...].prefix { $0 != ";" && !$0.isWhitespace }
            guard let resolved = resolve(reference.dropFirst()), rest[reference.endIndex...].first == ";" else {
                result.append("&")
                rest = rest[rest.index(after: ampersand)...]
                continue
            }
            result += resolved
            rest = rest[rest.index(after: reference.endIndex)...]
        }
        return result + rest
    }

    private static func resolve(_ name: Substring) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#"), let value = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
    }

    /// Every `<` that does not open one of `allowedTags`, and every `&` that does not start a
    /// character reference, with a little of what follows: text from the data that became markup.
    static func strayMarkup(in html: String, allowedTags: Set<String>) -> [String] {
        var stray: [String] = []
        var index = html.startIndex
        while index < html.endIndex {
            let rest = html[html.index(after: index)...]
            switch html[index] {
            case "<":
                let name = String(rest.prefix { !$0.isWhitespace && $0 != ">" })
                if !allowedTags.contains(name) { stray.append("<" + rest.prefix(30)) }
            case "&":
                let reference = rest.prefix { $0 != ";" && !$0.isWhitespace }
                if resolve(reference) == nil || rest.dropFirst(reference.count).first != ";" {
                    stray.append("&" + rest.prefix(30))
                }
            default: break
            }
            index = html.index(after: index)
        }
        return stray
    }

    /// `text` as one line: every run of whitespace one space, none at either end.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control } })
            .joined(separator: " ")
    }
}
