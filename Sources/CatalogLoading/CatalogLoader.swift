import ExpoModel
import ExpoSystem
import Foundation

/// Reads catalogs in the original apps' JSON format and checks every field, so that a
/// mistake in the data is reported with its file and JSON path instead of a decoder dump.
public struct CatalogLoader: Sendable {
    /// Warnings collected while loading (empty strings, duplicate names, …).
    public private(set) var warnings: [CatalogWarning] = []
    /// How many entries and how long a field may be (checked before the JSON is parsed).
    public var limits = CatalogLimits()

    public init() {}

    /// Loads a poster file and an items file.
    public mutating func load(posterFile: URL, itemsFile: URL) throws -> Catalog {
        let poster = try loadPoster(from: posterFile)
        let entries = try loadEntries(from: itemsFile)
        return Catalog(poster: poster, entries: entries)
    }

    /// Loads the poster object (`title, visitors, location, duration, description`).
    public mutating func loadPoster(from file: URL) throws -> Poster {
        let name = file.lastPathComponent
        let (root, preflight) = try Self.parse(file, limits: limits, rootIsEntries: false)
        var reader = FieldReader(file: name, preflight: preflight)
        let object = try reader.object(root, at: "$")
        var poster = Poster(
            title: try reader.string(object, "title", at: "$"),
            visitors: try reader.count(object, "visitors", at: "$"),
            location: try reader.string(object, "location", at: "$"),
            duration: try reader.string(object, "duration", at: "$"),
            description: try reader.string(object, "description", at: "$")
        )
        try reader.readPictureFields(object, at: "$", into: &poster)
        if poster.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw reader.invalid("$.title", "the title is empty")
        }
        warnings += reader.warnings
        return poster
    }

    /// Loads the entries array (`[{name, image_name, short_desc, desc}]`).
    public mutating func loadEntries(from file: URL) throws -> [Entry] {
        let name = file.lastPathComponent
        let (root, preflight) = try Self.parse(file, limits: limits, rootIsEntries: true)
        var reader = FieldReader(file: name, preflight: preflight)
        guard let array = root as? [Any] else {
            throw reader.invalid("$", "expected an array of entries, found \(FieldReader.kind(of: root))")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(array.count)
        var seen: [String: Int] = [:]
        for (index, element) in array.enumerated() {
            let path = "$[\(index)]"
            let object = try reader.object(element, at: path)
            var entry = Entry(
                name: try reader.string(object, "name", at: path),
                imageName: try reader.string(object, "image_name", at: path, required: false),
                shortDescription: try reader.string(object, "short_desc", at: path, required: false),
                description: try reader.string(object, "desc", at: path, required: false)
            )
            try reader.readPictureFields(object, at: path, into: &entry)
            if entry.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                reader.warn("\(path).name", "the entry has no name; it is narrated as \"항목 \(index + 1)\"")
            }
            if let first = seen[entry.name] {
                reader.warn("\(path).name", "the name \"\(entry.name)\" is also used by $[\(first)]; both are narrated, under different file names")
            } else {
                seen[entry.name] = index
            }
            entries.append(entry)
        }
        warnings += reader.warnings
        return entries
    }

    /// The largest catalog file read (a catalog of 10,000 long entries is a few tens of MB);
    /// anything larger is refused before it is read into memory.
    static let maximumFileBytes = 256 << 20

    /// Reads a JSON file strictly (RFC 8259, a UTF-8 byte-order mark accepted) and parses it;
    /// returns the value and the strict pass, which knows where each value is.
    static func parse(_ file: URL, limits: CatalogLimits = CatalogLimits(), rootIsEntries: Bool = false) throws -> (Any, JSONPreflight) {
        let name = file.lastPathComponent
        if let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) {
            let type = attributes[.type] as? FileAttributeType
            if type == .typeDirectory {
                throw ExpoError.catalogUnreadable(file: file.path, reason: "it is a folder, not a JSON file")
            }
            if type != .typeRegular {
                throw ExpoError.catalogUnreadable(file: file.path, reason: "it is not a regular file (a device, a pipe or a socket)")
            }
            if let size = (attributes[.size] as? NSNumber)?.intValue, size > maximumFileBytes {
                throw ExpoError.catalogUnreadable(
                    file: file.path, reason: "it is \(size >> 20) MB, more than the \(maximumFileBytes >> 20) MB a catalog may be; split it")
            }
        }
        var data: Data
        do {
            // Opened without blocking: a named pipe put there after the check above is refused, not waited on.
            data = try InputFile.contents(of: file.path, limit: maximumFileBytes)
        } catch {
            throw ExpoError.catalogUnreadable(file: file.path, reason: error.reason)
        }
        guard data.count <= maximumFileBytes else {
            throw ExpoError.catalogUnreadable(file: file.path, reason: "it is more than the \(maximumFileBytes >> 20) MB a catalog may be; split it")
        }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data = data.dropFirst(3) }
        if String(data: data, encoding: .utf8) == nil {
            throw ExpoError.catalogNotJSON(file: name, reason: "the file is not UTF-8 text")
        }
        var preflight = JSONPreflight(file: name, limits: limits, rootIsEntries: rootIsEntries)
        try preflight.check(data)
        do {
            return (try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]), preflight)
        } catch {
            throw ExpoError.catalogNotJSON(file: name, reason: ExpoError.reason(of: error))
        }
    }
}

/// Checks the fields of one JSON object and records warnings with their paths.
struct FieldReader {
    let file: String
    /// The strict pass over the file, which places an error at its line and column.
    let preflight: JSONPreflight?
    var warnings: [CatalogWarning] = []

    init(file: String, preflight: JSONPreflight? = nil) {
        self.file = file
        self.preflight = preflight
    }

    /// The error for the value at `path`, placed at its line and column when they are known.
    func invalid(_ path: String, _ reason: String) -> ExpoError {
        ExpoError.catalogInvalid(file: preflight?.place(of: path) ?? file, path: path, reason: reason)
    }

    mutating func warn(_ path: String, _ message: String) {
        warnings.append(CatalogWarning(file: file, path: path, message: message))
    }

    func object(_ value: Any, at path: String) throws -> [String: Any] {
        guard let object = value as? [String: Any] else {
            throw invalid(path, "expected an object, found \(Self.kind(of: value))")
        }
        return object
    }

    /// A string field. A required field must be present and a string; an optional one that is
    /// missing or null is read as empty, with a warning.
    mutating func string(_ object: [String: Any], _ key: String, at path: String, required: Bool = true) throws -> String {
        let fieldPath = "\(path).\(key)"
        guard let value = object[key], !(value is NSNull) else {
            if required {
                let what = object[key] == nil ? "is missing" : "is null"
                throw invalid(fieldPath, "the required field \"\(key)\" \(what)")
            }
            warn(fieldPath, object[key] == nil ? "missing; read as empty" : "null; read as empty")
            return ""
        }
        guard let string = value as? String, !Self.isNumber(value) else {
            throw invalid(fieldPath, "expected a string, found \(Self.kind(of: value))")
        }
        let cleaned = Self.removingControlCharacters(string)
        if cleaned != string { warn(fieldPath, Self.controlCharactersNote(string)) }
        if cleaned.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, !required {
            warn(fieldPath, "empty")
        }
        return cleaned
    }

    /// A non-negative whole number (also accepted as a string of digits with separators).
    mutating func count(_ object: [String: Any], _ key: String, at path: String) throws -> Int {
        let fieldPath = "\(path).\(key)"
        guard let value = object[key], !(value is NSNull) else {
            let what = object[key] == nil ? "is missing" : "is null"
            throw invalid(fieldPath, "the required field \"\(key)\" \(what)")
        }
        let range = 0...Self.largestCount
        let limits = "a whole number of people from 0 to \(range.upperBound)"
        if Self.isNumber(value), let number = value as? NSNumber {
            // Read exactly (an integer as its digits, a fraction as what it is), then checked
            // against the range before it is used for anything.
            let double = number.doubleValue
            let exact =
                CheckedNumber.wholeNumber(number.stringValue)
                ?? (double.rounded() == double && abs(double) < 9e15 ? Int(double) : nil)
            guard let exact, range.contains(exact) else {
                throw invalid(fieldPath, "expected \(limits), found \(excerpt(number.stringValue))")
            }
            return exact
        }
        if let string = value as? String {
            let digits = string.filter { $0 != "," && $0 != " " }
            if let parsed = CheckedNumber.wholeNumber(digits) {
                guard range.contains(parsed) else {
                    throw invalid(fieldPath, "expected \(limits), found \"\(excerpt(string))\"")
                }
                warn(fieldPath, "a number written as a string; read as \(parsed)")
                return parsed
            }
        }
        throw invalid(fieldPath, "expected a whole number, found \(Self.kind(of: value))")
    }

    /// The largest count a catalog may give (just under 1경, 10¹⁶, the largest group the
    /// Korean numerals name).
    static let largestCount = 9_999_999_999_999_999

    static func isNumber(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        // Strings bridge to NSNumber nowhere, but booleans do: tell them apart by type id.
        return !(value is String) && numberKind(number) != "bool"
    }

    static func numberKind(_ number: NSNumber) -> String {
        String(cString: number.objCType) == "c" ? "bool" : "number"
    }

    static func kind(of value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case is String: return "a string"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case let number as NSNumber:
            return String(cString: number.objCType) == "c" ? "a boolean" : "a number"
        default: return "a value of another kind"
        }
    }

    /// `string` without control characters other than tab and line feed; a carriage return
    /// before a line feed is dropped (CRLF is a line break), a bare one becomes a space (a line
    /// break of old Mac files: the words on each side stay apart).
    static func removingControlCharacters(_ string: String) -> String {
        guard string.unicodeScalars.contains(where: { Self.isUnwantedControl($0) }) else { return string }
        var scalars = String.UnicodeScalarView()
        let source = Array(string.unicodeScalars)
        for (index, scalar) in source.enumerated() {
            if scalar == "\r" {
                if index + 1 < source.count, source[index + 1] == "\n" { continue }
                scalars.append(" ")
            } else if !Self.isUnwantedControl(scalar) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// What `removingControlCharacters` did to `string`, in words: which characters were removed
    /// (by code point: U+001B, U+0000, …), and whether a lone carriage return became a space or
    /// CRLF line ends lost their carriage return.
    static func controlCharactersNote(_ string: String) -> String {
        let source = Array(string.unicodeScalars)
        var removed: [UInt32] = []
        var lone = false
        var crlf = false
        for (index, scalar) in source.enumerated() {
            if scalar == "\r" {
                if index + 1 < source.count, source[index + 1] == "\n" { crlf = true } else { lone = true }
            } else if Self.isUnwantedControl(scalar), !removed.contains(scalar.value) {
                removed.append(scalar.value)
            }
        }
        var parts: [String] = []
        if !removed.isEmpty {
            let shown = removed.prefix(5).map { "U+" + String(format: "%04X", $0) }.joined(separator: ", ")
            parts.append("control characters removed (\(shown)\(removed.count > 5 ? ", …" : ""))")
        }
        if lone { parts.append("a lone carriage return read as a space") }
        if crlf { parts.append("carriage returns before line feeds dropped (CRLF line ends)") }
        return parts.joined(separator: "; ")
    }

    static func isUnwantedControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x0A || value == 0x09 { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
