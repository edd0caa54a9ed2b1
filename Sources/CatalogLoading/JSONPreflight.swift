import ExpoModel
import Foundation

/// How large a catalog may be, checked on the raw bytes before anything is built from them, so
/// that memory stays proportional to what is accepted.
public struct CatalogLimits: Sendable, Equatable {
    /// Entries in the items array (default 20,000: the original catalog has 13).
    public var maximumEntries = 20_000
    /// Bytes of one string as written in the JSON (default 16 MiB).
    public var maximumFieldBytes = 16 << 20

    /// The highest `maximumEntries` may be set to.
    public static let largestEntryCount = 1_000_000
    /// The highest `maximumFieldBytes` may be set to: a catalog file's own limit (256 MiB).
    public static let largestFieldBytes = 256 << 20

    public init() {}
}

/// One pass over a JSON document's bytes, before JSONSerialization reads it, for what that
/// parser hides or cannot bound: a key given twice in one object (JSONSerialization silently
/// keeps the last), a lone UTF-16 surrogate escape (which it reports as "unexpected end of
/// file"), too many entries and too long strings. Malformed JSON is left to the parser.
struct JSONPreflight {
    private struct Level {
        var isObject: Bool
        var keys: Set<[UInt8]> = []
        var expectingKey = true
        var key = ""
        var index = 0
        var hasValue = false
    }

    let file: String
    let limits: CatalogLimits
    /// Whether the root array is the entries array (the items file).
    let rootIsEntries: Bool
    private var stack: [Level] = []

    init(file: String, limits: CatalogLimits, rootIsEntries: Bool) {
        self.file = file
        self.limits = limits
        self.rootIsEntries = rootIsEntries
    }

    /// Throws `ExpoError` (category `.data`) naming the JSON path of the first problem.
    mutating func check(_ bytes: UnsafeRawBufferPointer) throws {
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                try noteValue()
                stack.append(Level(isObject: byte == UInt8(ascii: "{")))
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                i += 1
            case UInt8(ascii: ","):
                if !stack.isEmpty {
                    stack[stack.count - 1].expectingKey = stack[stack.count - 1].isObject
                    if !stack[stack.count - 1].isObject {
                        stack[stack.count - 1].index += 1
                        stack[stack.count - 1].hasValue = false
                    }
                }
                i += 1
            case UInt8(ascii: "\""):
                i = try string(bytes, from: i + 1)
            default:
                if byte > 0x20, byte != UInt8(ascii: ":") { try noteValue() }
                i += 1
            }
        }
    }

    /// A value starts in the innermost container: counts entries of the root array.
    private mutating func noteValue() throws {
        guard var level = stack.last, !level.isObject, !level.hasValue else { return }
        level.hasValue = true
        stack[stack.count - 1] = level
        if rootIsEntries, stack.count == 1, level.index + 1 > limits.maximumEntries {
            throw ExpoError.catalogInvalid(file: file, path: "$",
                reason: "it has more than \(counted(limits.maximumEntries, "entry", "entries")), the most a catalog may have; split it or raise the limit")
        }
    }

    /// Scans a string whose opening quote is before `start`; returns the index after its end.
    private mutating func string(_ bytes: UnsafeRawBufferPointer, from start: Int) throws -> Int {
        var i = start
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
            if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                if bytes[i + 1] == UInt8(ascii: "u") { try surrogate(bytes, at: i) }
                i += 2
            } else {
                i += 1
            }
        }
        let length = i - start
        if length > limits.maximumFieldBytes {
            throw ExpoError.catalogInvalid(file: file, path: path(),
                reason: "the text is \(Self.size(length)), more than the \(Self.size(limits.maximumFieldBytes)) a field may be; shorten it or raise the limit")
        }
        if var level = stack.last, level.isObject, level.expectingKey {
            let key = Array(bytes[start..<min(i, bytes.count)])
            level.key = String(decoding: key, as: UTF8.self)
            level.expectingKey = false
            let isNew = level.keys.insert(key).inserted
            stack[stack.count - 1] = level
            guard isNew else {
                throw ExpoError.catalogInvalid(file: file, path: path(),
                    reason: "the key \"\(level.key)\" appears twice in one object; keep one")
            }
        } else {
            try noteValue()
        }
        return i + 1
    }

    /// `\uXXXX` at `i`: a high surrogate must be followed by `\u` and a low one, and a low one
    /// must follow a high one.
    private func surrogate(_ bytes: UnsafeRawBufferPointer, at i: Int) throws {
        guard let unit = Self.hex4(bytes, at: i + 2) else { return }
        if (0xDC00...0xDFFF).contains(unit), i >= 6, bytes[i - 6] == UInt8(ascii: "\\"), bytes[i - 5] == UInt8(ascii: "u"),
           let previous = Self.hex4(bytes, at: i - 4), (0xD800...0xDBFF).contains(previous) { return }
        if (0xD800...0xDBFF).contains(unit), i + 11 < bytes.count, bytes[i + 6] == UInt8(ascii: "\\"),
           bytes[i + 7] == UInt8(ascii: "u"), let next = Self.hex4(bytes, at: i + 8), (0xDC00...0xDFFF).contains(next) { return }
        guard (0xD800...0xDFFF).contains(unit) else { return }
        throw ExpoError.catalogInvalid(file: file, path: path(),
            reason: "the text has a lone UTF-16 surrogate (\\u\(String(unit, radix: 16, uppercase: true))), which is not a character; remove it or give its pair")
    }

    /// A byte count in words: "42 bytes", "3 MB".
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : counted(bytes, "byte")
    }

    private static func hex4(_ bytes: UnsafeRawBufferPointer, at i: Int) -> Int? {
        guard i + 4 <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[i..<i + 4] {
            guard let digit = Int(String(UnicodeScalar(byte)), radix: 16) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    /// The JSON path of where the scan is, e.g. `$[3].desc`.
    private func path() -> String {
        stack.reduce("$") { path, level in
            level.isObject ? (level.key.isEmpty ? path : path + "." + level.key) : path + "[\(level.index)]"
        }
    }
}
