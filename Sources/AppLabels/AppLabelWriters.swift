import Foundation

/// The labels as the files an app developer adds: JSON for any app, two iOS String Catalogs
/// (the shown texts, and the labels as a table of their own for `accessibilityLabel`), and an
/// Android string resource file whose `_description` strings are for `contentDescription`.
public enum AppLabelWriters {
    /// The String Catalog table of the shown texts.
    public static let displayTable = "Exhibition"
    /// The String Catalog table of the labels, for `accessibilityLabel`.
    public static let labelTable = "ExhibitionAccessibility"

    /// `labels.json`: the catalog, and each field's key, display text and label.
    public static func json(_ set: AppLabelSet) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(set)
        data.append(0x0A)
        return data
    }

    /// An iOS String Catalog (`.xcstrings`, version 1.0) of the display texts (`labels: false`)
    /// or of the labels (`labels: true`), keyed like the JSON.
    ///
    /// A label that mixes languages also has its parts, for VoiceOver to say each with its own
    /// language's rules (`accessibilitySpeechLanguage` on an attributed label): `KEY.languages`
    /// lists the parts' BCP 47 tags in order ("ko fr"; not to translate), and `KEY.1`, `KEY.2`, …
    /// hold the parts (docs/editions.md shows the code that joins them).
    public static func stringCatalog(_ set: AppLabelSet, labels: Bool) throws -> Data {
        var strings: [String: Any] = [:]
        func add(_ key: String, _ value: String, comment: String, translate: Bool = true) {
            var entry: [String: Any] = [
                "comment": comment, "extractionState": "manual",
                "localizations": [set.language: ["stringUnit": ["state": "translated", "value": value]]],
            ]
            if !translate { entry["shouldTranslate"] = false }
            strings[key] = entry
        }
        for label in set.labels {
            add(
                label.key, labels ? label.label : label.display,
                comment: labels ? "accessibilityLabel of \(label.field): what VoiceOver says" : "\(label.field), as shown")
            guard labels, let parts = label.parts else { continue }
            add(
                label.key + ".languages", parts.map(\.language).joined(separator: " "),
                comment: "The languages (BCP 47) of the parts \(label.key).1 to .\(parts.count), in order: "
                    + "give each part its language with accessibilitySpeechLanguage", translate: false)
            for (index, part) in parts.enumerated() {
                add(
                    label.key + ".\(index + 1)", part.text,
                    comment: "Part \(index + 1) of \(label.key)'s accessibilityLabel, spoken in \(part.language)")
            }
        }
        let catalog: [String: Any] = ["sourceLanguage": set.language, "strings": strings, "version": "1.0"]
        var data = try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(0x0A)
        return data
    }

    /// An Android `res/values/strings.xml`: `NAME` holds the shown text, `NAME_description` the
    /// label for `contentDescription`; NAME is the key with every other character as `_`. In a
    /// label that mixes languages, each part not in the set's language is an
    /// `<annotation lang="TAG">` (read with `getText` as an `android.text.Annotation` span, which
    /// the app turns into a `LocaleSpan` that TalkBack speaks in that language; `getString` gives
    /// the plain label).
    public static func androidStrings(_ set: AppLabelSet) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
        for label in set.labels {
            let name = androidName(label.key)
            xml += "    <string name=\"\(name)\">\(androidEscaped(label.display))</string>\n"
            let description =
                label.parts.map { parts in
                    parts.enumerated().map { index, part in
                        let text = androidEscaped(part.text, atStart: index == 0)
                        return part.language == set.language ? text : "<annotation lang=\"\(androidEscaped(part.language))\">\(text)</annotation>"
                    }.joined(separator: " ")
                } ?? androidEscaped(label.label)
            xml += "    <string name=\"\(name)_description\">\(description)</string>\n"
        }
        xml += "</resources>\n"
        return xml
    }

    /// A resource name Android accepts: lowercase ASCII letters, digits and `_`, starting with a letter.
    static func androidName(_ key: String) -> String {
        let name = String(key.lowercased().map { ($0.isASCII && ($0.isLetter || $0.isNumber)) ? $0 : "_" })
        return name.first?.isLetter == true ? name : "expo_" + name
    }

    /// Text as an Android string resource holds it: XML-escaped, and the characters aapt reads
    /// specially (quotes, apostrophes, backslashes, a leading @ or ?, line breaks) escaped.
    static func androidEscaped(_ text: String, atStart: Bool = true) -> String {
        var output = ""
        for (offset, character) in text.enumerated() {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "\\\""
            case "'": output += "\\'"
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "@" where offset == 0 && atStart, "?" where offset == 0 && atStart: output += "\\" + String(character)
            default:
                if character.unicodeScalars.allSatisfy({ $0.value < 0x20 }) { output += " " } else { output.append(character) }
            }
        }
        return output
    }
}
