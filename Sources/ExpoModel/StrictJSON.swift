/// A strict RFC 8259 reader of a JSON document's bytes, run before a lenient parser
/// (JSONSerialization, JSONDecoder) builds anything from them: what those accept or hide —
/// trailing commas, comments, NaN and Infinity, numbers with leading zeros, a key given twice in
/// one object, lone UTF-16 surrogates — is an error here, named by line, column and JSON path.
public struct StrictJSON: Sendable {
    /// A place in the document: line and column counted from 1, the column in characters.
    public struct Location: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        /// `line:column`, as compilers and editors write it.
        public var description: String { "\(line):\(column)" }
    }

    /// What is wrong: the grammar, or a limit the caller set.
    public enum Problem: Sendable, Equatable {
        /// The text is not strict JSON (or repeats a key, or has a lone surrogate); the reason
        /// says what and what to write instead.
        case syntax(String)
        /// The root array has more elements than `maximumRootElements`.
        case tooManyRootElements(limit: Int)
        /// A string is longer, in bytes as written, than `maximumStringBytes`.
        case stringTooLong(bytes: Int, limit: Int)
    }

    /// The first problem found, where it is and the JSON path of the value it is in.
    public struct Failure: Error, Sendable, Equatable {
        /// Where the problem is.
        public var location: Location
        /// The JSON path of the value it is in, e.g. `$[3].title`.
        public var path: String
        /// What it is.
        public var problem: Problem

        /// The problem in words, a limit in general terms.
        public var reason: String {
            switch problem {
            case .syntax(let reason): reason
            case .tooManyRootElements(let limit): "the root array has more than \(counted(limit, "element")); shorten it"
            case .stringTooLong(let bytes, let limit): "a string of \(counted(bytes, "byte")), more than the \(limit) allowed; shorten it"
            }
        }
    }

    /// The most elements the root array may have (an items file's entries).
    public var maximumRootElements = Int.max
    /// The most bytes one string may have as written.
    public var maximumStringBytes = Int.max
    /// How deeply arrays and objects may nest.
    public var maximumDepth = 512
    /// Whether to keep the location of every value by its path, for errors found later.
    public var recordsLocations = false
    /// The location of every value by its JSON path, when `recordsLocations` is set.
    public private(set) var locations: [String: Location] = [:]

    public init() {}

    /// Reads `bytes` as one JSON value (a UTF-8 byte-order mark before it is skipped); throws
    /// `Failure` at the first problem.
    public mutating func check(_ bytes: some Collection<UInt8>) throws(Failure) {
        var scanner = Scanner(bytes: Array(bytes), settings: self)
        try scanner.run()
        locations = scanner.locations
    }

    /// The location of the value at `path`, or of the nearest enclosing value that was recorded.
    public func location(of path: String) -> Location? {
        var path = path
        while true {
            if let location = locations[path] { return location }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return nil }
            path = String(path[..<cut])
        }
    }
}

/// The state machine behind `StrictJSON.check`.
private struct Scanner {
    struct Level {
        var isObject: Bool
        var keys: Set<[UInt8]> = []
        var key: String?
        var index = 0
    }

    enum Expect { case value, firstValueOrClose, afterComma, keyOrClose, key, colon, commaOrClose, end }

    let bytes: [UInt8]
    let settings: StrictJSON
    var i = 0
    var line = 1
    var lineStart = 0
    /// Where the column was last counted to, and the column there: counting goes on from it, so
    /// that a catalog written on one line is counted once, not from its start at every value.
    var counted = (index: 0, column: 1)
    var stack: [Level] = []
    var expect = Expect.value
    var locations: [String: StrictJSON.Location] = [:]

    init(bytes: [UInt8], settings: StrictJSON) {
        self.bytes = bytes
        self.settings = settings
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            i = 3
            lineStart = 3
        }
    }

    mutating func run() throws(StrictJSON.Failure) {
        while true {
            try skipWhitespace()
            guard i < bytes.count else { return try finish() }
            let byte = bytes[i]
            switch expect {
            case .value, .firstValueOrClose, .afterComma:
                if byte == UInt8(ascii: "]"), expect != .value, stack.last?.isObject == false {
                    if expect == .afterComma { throw fail("a comma before ']' (a trailing comma); remove it") }
                    close()
                } else {
                    try value(byte)
                }
            case .keyOrClose, .key:
                if byte == UInt8(ascii: "}") {
                    if expect == .key { throw fail("a comma before '}' (a trailing comma); remove it") }
                    close()
                } else if byte == UInt8(ascii: "\"") {
                    try key()
                } else {
                    throw fail("\(shown(byte)) where a key in double quotes should be")
                }
            case .colon:
                guard byte == UInt8(ascii: ":") else { throw fail("\(shown(byte)) where ':' should follow the key") }
                i += 1
                expect = .value
            case .commaOrClose:
                try commaOrClose(byte)
            case .end:
                throw fail("\(shown(byte)) after the JSON value ends; remove the rest, or add the '{' or '[' that should hold it all")
            }
        }
    }

    mutating func finish() throws(StrictJSON.Failure) {
        if expect == .end { return }
        if stack.isEmpty, expect == .value {
            throw fail("the file has no JSON value (it is empty or only spaces)")
        }
        throw fail("the file ends before the JSON does (an unclosed \(stack.last?.isObject == true ? "'{'" : "'['") or string); complete it")
    }

    mutating func commaOrClose(_ byte: UInt8) throws(StrictJSON.Failure) {
        let isObject = stack[stack.count - 1].isObject
        switch byte {
        case UInt8(ascii: ","):
            i += 1
            if isObject {
                stack[stack.count - 1].key = nil
                expect = .key
            } else {
                stack[stack.count - 1].index += 1
                expect = .afterComma
            }
        case UInt8(ascii: "}") where isObject, UInt8(ascii: "]") where !isObject:
            close()
        default:
            throw fail("\(shown(byte)) where ',' or '\(isObject ? "}" : "]")' should be")
        }
    }

    mutating func close() {
        i += 1
        stack.removeLast()
        expect = stack.isEmpty ? .end : .commaOrClose
    }

    mutating func value(_ byte: UInt8) throws(StrictJSON.Failure) {
        if stack.count == 1, stack[0].isObject == false, stack[0].index >= settings.maximumRootElements {
            throw StrictJSON.Failure(location: location(), path: path(), problem: .tooManyRootElements(limit: settings.maximumRootElements))
        }
        if settings.recordsLocations { locations[path()] = location() }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard stack.count < settings.maximumDepth else {
                throw fail("arrays and objects nested more than \(settings.maximumDepth) deep; flatten the data")
            }
            stack.append(Scanner.Level(isObject: byte == UInt8(ascii: "{")))
            i += 1
            expect = byte == UInt8(ascii: "{") ? .keyOrClose : .firstValueOrClose
            return
        case UInt8(ascii: "\""):
            try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try number()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            try literal()
        default:
            throw fail(unexpectedValue(byte))
        }
        expect = stack.isEmpty ? .end : .commaOrClose
    }

    func unexpectedValue(_ byte: UInt8) -> String {
        if starts(with: "NaN") || starts(with: "Infinity") {
            return "NaN and Infinity are not JSON numbers; write a number or null"
        }
        if byte == UInt8(ascii: "'") { return "a string in single quotes; JSON strings use double quotes" }
        if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ",") {
            return "\(shown(byte)) where a value should be (a missing value or an extra comma); remove it or add the value"
        }
        return "\(shown(byte)) where a value should be (a string in double quotes, a number, an object, an array, true, false or null)"
    }

    mutating func literal() throws(StrictJSON.Failure) {
        for word in ["true", "false", "null"] where starts(with: word) {
            let end = i + word.utf8.count
            if end < bytes.count, Self.isWordByte(bytes[end]) { break }
            i = end
            return
        }
        throw fail("a word that is not true, false or null; put text in double quotes")
    }

    mutating func number() throws(StrictJSON.Failure) {
        if bytes[i] == UInt8(ascii: "-") {
            i += 1
            if starts(with: "Infinity") || starts(with: "NaN") { throw fail("NaN and Infinity are not JSON numbers; write a number or null") }
        }
        guard i < bytes.count, Self.isDigit(bytes[i]) else { throw fail("a '-' without digits after it; write a number") }
        if bytes[i] == UInt8(ascii: "0"), i + 1 < bytes.count, Self.isDigit(bytes[i + 1]) {
            throw fail("a number with a leading zero; write it without (e.g. 7, not 07), or as a string")
        }
        digits()
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, Self.isDigit(bytes[i]) else { throw fail("a '.' without digits after it; write e.g. 1.0") }
            digits()
        }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, Self.isDigit(bytes[i]) else { throw fail("an exponent without digits; write e.g. 1e3") }
            digits()
        }
        if i < bytes.count, Self.isWordByte(bytes[i]) || bytes[i] == UInt8(ascii: ".") {
            throw fail("\(shown(bytes[i])) inside a number; write a plain decimal number")
        }
    }

    mutating func digits() {
        while i < bytes.count, Self.isDigit(bytes[i]) { i += 1 }
    }

    mutating func key() throws(StrictJSON.Failure) {
        let start = i + 1
        try string()
        let raw = Array(bytes[start..<(i - 1)])
        let name = String(decoding: raw, as: UTF8.self)
        stack[stack.count - 1].key = name
        guard stack[stack.count - 1].keys.insert(raw).inserted else {
            i = start - 1
            throw fail("the key \"\(excerpt(name))\" appears twice in one object; keep one")
        }
        expect = .colon
    }

    /// Reads the string whose opening quote is at `i`, leaving `i` after its closing quote.
    mutating func string() throws(StrictJSON.Failure) {
        let start = i
        i += 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
            let byte = bytes[i]
            if byte < 0x20 {
                throw fail(
                    byte == 0x0A
                        ? "a line break inside a string; write it as \\n, or close the string"
                        : "a control character (U+\(Self.hex(Int(byte)))) inside a string; write it as an escape")
            }
            if byte == UInt8(ascii: "\\") { try escape() } else { i += 1 }
        }
        guard i < bytes.count else {
            i = start
            throw fail("a string that is not closed; add the closing '\"'")
        }
        i += 1
        let length = i - start - 2
        if length > settings.maximumStringBytes {
            i = start
            throw StrictJSON.Failure(
                location: location(), path: path(),
                problem: .stringTooLong(bytes: length, limit: settings.maximumStringBytes))
        }
    }

    mutating func escape() throws(StrictJSON.Failure) {
        guard i + 1 < bytes.count else {
            i += 1
            return
        }
        let letter = bytes[i + 1]
        if letter == UInt8(ascii: "u") {
            guard let unit = hex4(at: i + 2) else { throw fail("a \\u escape without four hexadecimal digits; write e.g. \\u00E9") }
            if (0xD800...0xDBFF).contains(unit), bytes.count > i + 7, bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u"),
                let low = hex4(at: i + 8), (0xDC00...0xDFFF).contains(low)
            {
                i += 12
                return
            }
            if (0xD800...0xDFFF).contains(unit) {
                throw fail("the text has a lone UTF-16 surrogate (\\u\(Self.hex(unit))), which is not a character; remove it or give its pair")
            }
            i += 6
            return
        }
        guard "\"\\/bfnrt".utf8.contains(letter) else {
            throw fail("an escape \(shown(letter, after: "\\")) that JSON does not have; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
        }
        i += 2
    }
}

extension Scanner {
    /// Skips spaces, tabs and line breaks, counting lines; a comment is an error.
    mutating func skipWhitespace() throws(StrictJSON.Failure) {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D:
                i += 1
            case 0x0A:
                i += 1
                line += 1
                lineStart = i
            case UInt8(ascii: "/") where i + 1 < bytes.count && (bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "*")):
                throw fail("a comment; JSON has none, remove it (or keep the note in a field such as \"_note\" where the reader allows it)")
            default:
                return
            }
        }
    }

    mutating func fail(_ reason: String) -> StrictJSON.Failure {
        StrictJSON.Failure(location: location(), path: path(), problem: .syntax(reason))
    }

    /// The line and column of `i`, the column in characters (UTF-8 continuation bytes skipped).
    mutating func location() -> StrictJSON.Location {
        let end = min(i, bytes.count)
        if counted.index < lineStart || counted.index > end { counted = (lineStart, 1) }
        for byte in bytes[counted.index..<end] where byte & 0xC0 != 0x80 { counted.column += 1 }
        counted.index = end
        return StrictJSON.Location(line: line, column: counted.column)
    }

    /// The JSON path of where the scan is, e.g. `$[3].title`.
    func path() -> String {
        stack.reduce("$") { path, level in
            level.isObject ? (level.key.map { path + "." + $0 } ?? path) : path + "[\(level.index)]"
        }
    }

    /// A byte as a reader would name it: `'x'`, or `U+00A0` for one that does not print.
    func shown(_ byte: UInt8, after prefix: String = "") -> String {
        if byte > 0x20, byte < 0x7F { return "'\(prefix)\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "U+\(Self.hex(Int(byte)))" }
        let end = bytes[i...].prefix(4)
        let character = String(decoding: end, as: UTF8.self).first.map { "'\(prefix)\($0)'" }
        return character ?? "a byte that is not UTF-8"
    }

    func starts(with word: String) -> Bool {
        bytes[min(i, bytes.count)...].starts(with: word.utf8)
    }

    func hex4(at index: Int) -> Int? {
        guard index + 4 <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Int(String(Unicode.Scalar(byte)), radix: 16) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
