import ExpoSystem
import Foundation

// The .aff and .dic read as bytes: lines a piece at a time, fields, numbers, suffix rules and
// ICONV conversion, without making a String of what is not kept (see `DictionaryReduction`).
extension DictionaryReduction {
    /// How many rules are left to read in each suffix group, by flag. Only the group being read
    /// can have any (a header is refused while it has), so its flag and count say it all, with
    /// no dictionary to look up per rule.
    struct GroupsLeft {
        var flag: Int?
        var left = 0
        subscript(flag: Int) -> Int { self.flag == flag ? left : 0 }
    }

    /// One SFX line: a group's header (`header` true) or one of its rules; nil when it is not
    /// what a header or rule of the group being read must be.
    static func parseSuffix(
        _ fields: [Bytes], aliases: [[Int]], remaining: inout GroupsLeft,
        group: inout Int?
    ) -> (Rule, header: Bool)? {
        guard fields.count >= 4, let flag = number(fields[1]) else { return nil }
        if remaining[flag] == 0 {
            guard let count = number(fields[3]), count > 0, group == nil || remaining[group!] == 0 else { return nil }
            remaining = GroupsLeft(flag: flag, left: count)
            group = flag
            let empty = fields[1][fields[1].startIndex..<fields[1].startIndex]
            return (Rule(flag: flag, strip: empty, add: empty, continuation: []), true)
        }
        guard group == flag else { return nil }
        remaining.left -= 1
        var add = fields[3]
        var continuation: [Int] = []
        if let slash = add.firstIndex(of: UInt8(ascii: "/")) {
            let flags = add[(slash + 1)...]
            add = add[..<slash]
            if !aliases.isEmpty {
                guard let alias = number(flags), alias >= 1, alias <= aliases.count else { return nil }
                continuation = aliases[alias - 1]
            } else {
                guard let list = numbers(flags) else { return nil }
                continuation = list
            }
        }
        let strip = fields[2]
        let isZero = { (field: Bytes) in field.count == 1 && field.first == UInt8(ascii: "0") }
        return (
            Rule(
                flag: flag, strip: isZero(strip) ? strip[strip.startIndex..<strip.startIndex] : strip,
                add: isZero(add) ? add[add.startIndex..<add.startIndex] : add, continuation: continuation), false
        )
    }

    /// Calls `body` with each line of the file at `path` (without its line end) and the bytes
    /// it takes in the file (its line end included), read a piece at a time, until it returns
    /// false; with `range`, only the lines in those bytes of the file. A line is valid only
    /// during the call.
    static func forEachLine(of path: String, in range: Range<Int>? = nil, _ body: (Bytes, Range<Int>) throws -> Bool) throws {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let file = POSIXFile(borrowing: handle.fileDescriptor, path: path)
        let end = range?.upperBound ?? Int.max
        // The offset in the file of the buffer's first byte, and how much of the buffer is read.
        var origin = range?.lowerBound ?? 0
        var filled = 0
        var buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: min(readSize, max(end - origin, 1)))
        defer { buffer.deallocate() }
        func trimmed(_ line: Bytes) -> Bytes { line.last == 13 ? line.dropLast() : line }
        while origin + filled < end {
            if filled == buffer.count {
                let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
                _ = larger.initialize(from: buffer)
                buffer.deallocate()
                buffer = larger
            }
            let count: Int
            do {
                count = try file.read(
                    into: UnsafeMutableRawBufferPointer(
                        start: buffer.baseAddress! + filled,
                        count: min(buffer.count - filled, end - origin - filled)),
                    at: UInt64(origin + filled))
            } catch {
                throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            if count == 0 { break }
            filled += count
            let bytes = UnsafeBufferPointer(buffer)
            var start = 0
            while start < filled, let found = memchr(bytes.baseAddress! + start, 10, filled - start) {
                let newline = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard try body(trimmed(bytes[start..<newline]), (origin + start)..<(origin + newline + 1)) else { return }
                start = newline + 1
            }
            if start > 0 {
                // The line not yet ended moves to the front.
                if filled > start { (buffer.baseAddress! + 0).update(from: buffer.baseAddress! + start, count: filled - start) }
                origin += start
                filled -= start
            }
        }
        if filled > 0 { _ = try body(trimmed(UnsafeBufferPointer(buffer)[0..<filled]), origin..<(origin + filled)) }
    }

    /// How much of a file is read at a time.
    static let readSize = 1 << 18

    /// How many fields of a line are read: the name and three more (a suffix rule's flag, strip
    /// and text with its continuation; nothing after them is used).
    static let fieldsRead = 4

    /// "OCONV" and "ICONV", the start of the output and input conversion lines.
    static let oconv: [UInt8] = Array("OCONV".utf8), iconvName: [UInt8] = Array("ICONV".utf8)

    /// The fields of one line, between spaces and tabs.
    static func tokens<Line: Collection<UInt8>>(_ line: Line) -> [Line.SubSequence] {
        var fields: [Line.SubSequence] = []
        tokens(line, into: &fields, limit: Int.max)
        return fields
    }

    /// The first `limit` fields of `line` into `fields` (emptied first), so that one array
    /// serves every line.
    @_specialize(where Line == Bytes)
    static func tokens<Line: Collection<UInt8>>(_ line: Line, into fields: inout [Line.SubSequence], limit: Int = fieldsRead) {
        fields.removeAll(keepingCapacity: true)
        var index = line.startIndex
        var start = line.startIndex
        while index < line.endIndex {
            if line[index] == 32 || line[index] == 9 {
                if index > start {
                    fields.append(line[start..<index])
                    if fields.count == limit { return }
                }
                start = line.index(after: index)
            }
            index = line.index(after: index)
        }
        if index > start { fields.append(line[start..<index]) }
    }

    /// A decimal number as `Int(String)` reads it (an optional sign, ASCII digits, nil on
    /// overflow or anything else), read from the bytes without making a String.
    @_specialize(where Text == Bytes)
    static func number<Text: Collection<UInt8>>(_ text: Text) -> Int? {
        var index = text.startIndex
        guard index < text.endIndex else { return nil }
        let negative = text[index] == UInt8(ascii: "-")
        if negative || text[index] == UInt8(ascii: "+") {
            index = text.index(after: index)
            guard index < text.endIndex else { return nil }
        }
        var value = 0
        while index < text.endIndex {
            let digit = Int(text[index]) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, carry) = negative ? tens.subtractingReportingOverflow(digit) : tens.addingReportingOverflow(digit)
            guard !overflow, !carry else { return nil }
            value = next
            index = text.index(after: index)
        }
        return value
    }

    /// A comma-separated list of numeric flags.
    @_specialize(where Text == Bytes)
    static func numbers<Text: Collection<UInt8>>(_ text: Text) -> [Int]? {
        var result: [Int] = []
        for part in text.split(separator: UInt8(ascii: ",")) {
            guard let value = number(part) else { return nil }
            result.append(value)
        }
        return result
    }

    /// `word` through an ICONV table, as Hunspell converts it: at each place the longest pattern
    /// that matches is replaced.
    static func convert(_ word: [UInt8], table: [[UInt8]: [UInt8]], longest: Int) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        outer: while index < word.count {
            var length = min(longest, word.count - index)
            while length > 0 {
                if let replacement = table[Array(word[index..<(index + length)])] {
                    result += replacement
                    index += length
                    continue outer
                }
                length -= 1
            }
            result.append(word[index])
            index += 1
        }
        return result
    }
}
