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
    public static func stringCatalog(_ set: AppLabelSet, labels: Bool) throws -> Data {
        var strings: [String: Any] = [:]
        for label in set.labels {
            strings[label.key] = [
                "comment": labels ? "accessibilityLabel of \(label.field): what VoiceOver says" : "\(label.field), as shown",
                "extractionState": "manual",
                "localizations": [
                    set.language: ["stringUnit": ["state": "translated", "value": labels ? label.label : label.display]],
                ],
            ]
        }
        let catalog: [String: Any] = ["sourceLanguage": set.language, "strings": strings, "version": "1.0"]
        var data = try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(0x0A)
        return data
    }

    /// An Android `res/values/strings.xml`: `NAME` holds the shown text, `NAME_description` the
    /// label for `contentDescription`; NAME is the key with every other character as `_`.
    public static func androidStrings(_ set: AppLabelSet) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
        for label in set.labels {
            let name = androidName(label.key)
            xml += "    <string name=\"\(name)\">\(androidEscaped(label.display))</string>\n"
            xml += "    <string name=\"\(name)_description\">\(androidEscaped(label.label))</string>\n"
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
    static func androidEscaped(_ text: String) -> String {
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
            case "@" where offset == 0, "?" where offset == 0: output += "\\" + String(character)
            default:
                if character.unicodeScalars.allSatisfy({ $0.value < 0x20 }) { output += " " } else { output.append(character) }
            }
        }
        return output
    }
}
