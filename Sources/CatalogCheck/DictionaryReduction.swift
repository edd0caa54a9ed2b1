import ExpoSystem
import Foundation

/// A Hunspell .aff/.dic pair cut down to what can take part in reading a given set of words,
/// so that libhunspell answers `spell`, `stem` and `analyze` for those words exactly as with the
/// whole dictionary, in a fraction of its memory (hunspell-ko: 11 MB of affix rules, 99,000 of
/// them, and 101,000 roots, about 54 MB once loaded).
///
/// Why it is sound, for a dictionary of suffixes only (hunspell-ko's shape): Hunspell first
/// converts the word with the .aff's ICONV table; every reading of the converted word w (or of
/// a compound part of it, a substring) is a root r with at most two suffixes. The last suffix
/// adds its text at the end of w, so its text occurs in w. The suffix before it (a twofold
/// suffix) ends an intermediate form, w with the last suffix's text taken off and its strip put
/// back: its text occurs in one of those forms, which are made here for the few rules that can
/// come last (their flag is in some rule's continuation class) and strip something. A root r
/// read with a suffix that strips s leaves r without s in w or in such a form, so r without its
/// longest strip (a prefix of every such rest) occurs there too. Rules and roots failing these
/// tests cannot take part in any reading, and leaving them out changes no answer; nor does
/// leaving out the ICONV patterns that occur in no word (Hunspell converts only the word asked,
/// at the places a pattern matches). Everything else of the .aff is kept as it is. Anything whose effect this does not model (prefixes, other
/// flag types, compound flags and patterns that change the parts, IGNORE) makes `reduce` return
/// nil, and the whole dictionary is used. Substrings are compared by 64-bit hashes: a collision
/// only keeps a rule that was not needed.
struct DictionaryReduction {
    /// How many affix rules and roots were kept, of how many.
    var rulesKept = 0, rules = 0
    var rootsKept = 0, roots = 0

    /// "SFX", the start of a suffix line.
    private static let sfx: [UInt8] = Array("SFX".utf8)

    /// Bytes of a file being read: a line or a field of it, in the reader's buffer, valid only
    /// during the call that is given it (see `forEachLine`).
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// One suffix rule: its flag, strip, text added and continuation flags.
    private struct Rule { var flag: Int; var strip: Bytes; var add: Bytes; var continuation: [Int] }

    /// The .aff directives whose effect on spell, stem and analyze the reduction keeps (the
    /// suggestion tables are kept but never used by the check).
    static let understood: Set<String> = [
        "SET", "FLAG", "AF", "SFX", "ICONV", "OCONV", "LANG", "VERSION", "NAME", "HOME", "WORDCHARS", "FORBIDDENWORD",
        "ONLYINCOMPOUND", "COMPOUNDMIN", "COMPOUNDRULE", "COMPOUNDMORESUFFIXES", "NOSUGGEST", "KEEPCASE",
        "TRY", "MAP", "REP", "KEY", "MAXCPDSUGS", "MAXNGRAMSUGS", "MAXDIFF", "ONLYMAXDIFF", "NOSPLITSUGS", "SUGSWITHDOTS",
    ]

    /// Writes the dictionary `affix`/`dictionary` (.aff and .dic files) reduced to what can read
    /// `words` into `affixOutput` and `dictionaryOutput`; nil (and nothing useful written) when
    /// the .aff uses something the reduction does not model: then load the whole dictionary.
    /// The files are read a piece at a time and hardly anything of them is held, so that the
    /// reduction's own memory stays below the reduced dictionary's. The .aff is read whole twice
    /// (what it holds, then written reduced), the suffix groups that can come last once more, and
    /// the .dic once, on a thread of its own while the .aff is written (when a thread can be had).
    static func write(affix: String, dictionary: String, words: Set<String>,
                      to affixOutput: String, _ dictionaryOutput: String) throws -> DictionaryReduction? {
        // First reading: the flag type, the aliases, the ICONV patterns that occur in the words,
        // the flags that can follow a suffix, each flag's longest strip and where each suffix
        // group is in the file; nothing not understood.
        let raw = substrings(of: words.map { Array($0.utf8) })
        var flagType: String?, encoding: String?
        var aliases: [[Int]] = [], aliasCountSeen = false
        var iconv: [[UInt8]: [UInt8]] = [:], iconvLongest = 0, iconvHeaders = 0, iconvKept = 0
        var lastFlags = Set<Int>(), longestStrip: [Int: Int] = [:]
        var groups: [Int: [Range<Int>]] = [:], groupStart = 0, groupStrip = 0
        var remaining = GroupsLeft(), currentGroup: Int?
        var understoodAll = true
        var fields: [Bytes] = []
        fields.reserveCapacity(fieldsRead)
        try forEachLine(of: affix) { line, place in
            // An OCONV pair (a tenth of the lines) is kept as it is: only its name is read.
            if line.count > oconv.count, line.starts(with: oconv), line[line.startIndex + oconv.count] == 32 { return true }
            tokens(line, into: &fields)
            guard let first = fields.first, first.first != UInt8(ascii: "#") else { return true }
            // Most lines are suffix rules or ICONV pairs: their name is not made into a String.
            let name = first.elementsEqual(sfx) ? "SFX" : first.elementsEqual(iconvName) ? "ICONV" : String(decoding: first, as: UTF8.self)
            guard understood.contains(name) else { understoodAll = false; return false }
            switch name {
            case "SET": encoding = fields.count > 1 ? String(decoding: fields[1], as: UTF8.self) : nil
            case "FLAG": flagType = fields.count > 1 ? String(decoding: fields[1], as: UTF8.self) : nil
            case "AF":
                guard fields.count >= 2 else { understoodAll = false; return false }
                if !aliasCountSeen { aliasCountSeen = true; return true }
                guard let flags = numbers(fields[1]) else { understoodAll = false; return false }
                aliases.append(flags)
            case "ICONV":
                if fields.count == 2 {
                    iconvHeaders += 1
                    return true
                }
                guard fields.count >= 3, !fields[1].contains(UInt8(ascii: "_")), !fields[2].contains(UInt8(ascii: "_")) else {
                    understoodAll = false
                    return false
                }
                if raw.contains(hash(fields[1])) {
                    iconvKept += 1
                    iconv[Array(fields[1])] = Array(fields[2])
                    iconvLongest = max(iconvLongest, fields[1].count)
                }
            case "SFX":
                guard let (rule, header) = parseSuffix(fields, aliases: aliases, remaining: &remaining, group: &currentGroup) else {
                    understoodAll = false
                    return false
                }
                if header {
                    (groupStart, groupStrip) = (place.lowerBound, 0)
                    return true
                }
                if !rule.continuation.isEmpty { lastFlags.formUnion(rule.continuation) }
                groupStrip = max(groupStrip, rule.strip.count)
                if remaining[rule.flag] == 0 {
                    longestStrip[rule.flag] = max(longestStrip[rule.flag] ?? 0, groupStrip)
                    groups[rule.flag, default: []].append(groupStart..<place.upperBound)
                }
            default: break
            }
            return true
        }
        guard understoodAll, encoding == "UTF-8", flagType == "num" else { return nil }
        // The words as Hunspell looks them up (after ICONV), and as given.
        var forms = words.map { Array($0.utf8) }
        if !iconv.isEmpty { forms += forms.map { convert($0, table: iconv, longest: iconvLongest) } }
        var occurring = substrings(of: forms)
        // The groups that can come last, read again: the intermediate forms of twofold suffixes,
        // for their rules that strip something.
        var intermediates: [(form: [UInt8], known: Int)] = []
        for flag in lastFlags.sorted() {
            for range in groups[flag] ?? [] {
                remaining = GroupsLeft()
                currentGroup = nil
                try forEachLine(of: affix, in: range) { line, _ in
                    tokens(line, into: &fields)
                    guard let (rule, header) = parseSuffix(fields, aliases: aliases, remaining: &remaining, group: &currentGroup) else { return false }
                    guard !header, !rule.strip.isEmpty, occurring.contains(hash(rule.add)) else { return true }
                    let add = Array(rule.add), strip = Array(rule.strip)
                    for form in forms where form.count >= add.count {
                        // Its last byte first: a place it does not end at costs one comparison.
                        for end in add.count...form.count where form[end - 1] == add[add.count - 1]
                            && form[(end - add.count)..<end].elementsEqual(add) {
                            intermediates.append((Array(form[..<(end - add.count)]) + strip, end - add.count))
                        }
                    }
                    return true
                }
            }
        }
        // An intermediate form's substrings within the form it was made from are there already.
        for (form, known) in intermediates { occurring.insertSubstrings(of: form, endingAfter: known) }
        // The .aff written reduced here while the .dic is reduced beside it.
        var affixResult: Result<DictionaryReduction?, Error> = .success(nil)
        var rootsResult: Result<(kept: Int, of: Int)?, Error> = .success(nil)
        let aliasStrip = aliases.map { $0.map { longestStrip[$0] ?? 0 }.max() ?? 0 }
        ParallelWork.forEach(2, threads: min(2, ParallelWork.defaultThreads)) { part in
            if part == 0 {
                // ICONV patterns that occur in no word convert none: left out, but for a table
                // given in more than one piece (whose counts would have to be kept apart).
                let conversions = iconvHeaders == 1 ? (raw, iconvKept) : nil
                affixResult = Result {
                    try writeRules(of: affix, occurring: occurring, aliases: aliases, conversions: conversions, to: affixOutput)
                }
            } else {
                rootsResult = Result {
                    try writeRoots(of: dictionary, occurring: occurring, aliases: aliases, aliasStrip: aliasStrip,
                                   longestStrip: longestStrip, to: dictionaryOutput)
                }
            }
        }
        guard var result = try affixResult.get(), let roots = try rootsResult.get() else { return nil }
        (result.rootsKept, result.roots) = roots
        return result
    }

    /// Writes `affix` to `output` with every line but the rules whose text occurs nowhere; a
    /// group keeps its last rule when none occurs (libhunspell refuses a group of none). With
    /// `conversions`, only the ICONV lines whose pattern is in its `words` (the substrings of the
    /// words as given) are written, under their count `kept` (no table when none is). The rules
    /// kept, of how many; nil when a group is left unfinished.
    private static func writeRules(of affix: String, occurring: HashSet, aliases: [[Int]], conversions: (words: HashSet, kept: Int)?,
                                   to path: String) throws -> DictionaryReduction? {
        var result = DictionaryReduction()
        let output = try Output(path: path)
        var group: (header: [[UInt8]], lines: [UInt8], kept: Int)?
        var remaining = GroupsLeft(), currentGroup: Int?
        var fields: [Bytes] = []
        fields.reserveCapacity(fieldsRead)
        try forEachLine(of: affix) { line, _ in
            guard line.starts(with: sfx) else {
                if let conversions, line.starts(with: iconvName) {
                    tokens(line, into: &fields)
                    if fields.count == 2, fields[0].elementsEqual(iconvName) {
                        if conversions.kept > 0 { output.write(Array("ICONV \(conversions.kept)".utf8)) }
                        return true
                    }
                    if fields.count >= 3, fields[0].elementsEqual(iconvName), !conversions.words.contains(hash(fields[1])) { return true }
                }
                output.write(line)
                return true
            }
            tokens(line, into: &fields)
            guard let (rule, header) = parseSuffix(fields, aliases: aliases, remaining: &remaining, group: &currentGroup) else { return false }
            if header {
                group = (fields.prefix(3).map { Array($0) }, [], 0)
                return true
            }
            result.rules += 1
            if rule.add.isEmpty || occurring.contains(hash(rule.add)) {
                group!.lines += line
                group!.lines.append(10)
                group!.kept += 1
            }
            // The group's last rule is this line: a group that kept none keeps it.
            if remaining[rule.flag] == 0, var done = group {
                if done.kept == 0 {
                    done.lines = Array(line) + [10]
                    done.kept = 1
                }
                result.rulesKept += done.kept
                output.write(done.header.joined(separator: [32]) + [32] + Array(String(done.kept).utf8))
                output.write(done.lines, newline: false)
                group = nil
            }
            if output.pending.count >= 1 << 16 { try output.flush() }
            return true
        }
        try output.close()
        return group == nil ? result : nil
    }

    /// Writes the roots of `dictionary` whose rest after their longest strip occurs to `path`,
    /// under their count: how many were kept, of how many; nil when a root's flags are not
    /// understood.
    private static func writeRoots(of dictionary: String, occurring: HashSet, aliases: [[Int]], aliasStrip: [Int],
                                   longestStrip: [Int: Int], to path: String) throws -> (kept: Int, of: Int)? {
        var kept: [UInt8] = []
        var keptCount = 0, count = 0
        var isFirst = true, understoodRoots = true
        try forEachLine(of: dictionary) { line, _ in
            if isFirst { isFirst = false; return true }
            guard !line.isEmpty else { return true }
            count += 1
            var keep = line.contains(UInt8(ascii: "\\"))
            if !keep {
                let end = line.firstIndex { $0 == UInt8(ascii: "/") || $0 == 9 || $0 == 32 } ?? line.endIndex
                var strip = 0
                if end < line.endIndex, line[end] == UInt8(ascii: "/") {
                    let flagsEnd = line[(end + 1)...].firstIndex { $0 == 9 || $0 == 32 } ?? line.endIndex
                    let flags = line[(end + 1)..<flagsEnd]
                    if aliases.isEmpty, let list = numbers(flags) {
                        strip = list.map { longestStrip[$0] ?? 0 }.max() ?? 0
                    } else if !aliases.isEmpty, let alias = number(flags), alias >= 1, alias <= aliasStrip.count {
                        strip = aliasStrip[alias - 1]
                    } else {
                        understoodRoots = false
                        return false
                    }
                }
                var rest = line.startIndex + max(end - line.startIndex - strip, 0)
                while rest > line.startIndex, rest < line.endIndex, line[rest] & 0xC0 == 0x80 { rest -= 1 }
                keep = rest == line.startIndex || occurring.contains(hash(line[line.startIndex..<rest]))
            }
            if keep {
                keptCount += 1
                kept += line
                kept.append(10)
            }
            return true
        }
        guard understoodRoots else { return nil }
        let output = try Output(path: path)
        output.write(Array(String(keptCount).utf8))
        output.write(kept, newline: false)
        try output.close()
        return (keptCount, count)
    }

    /// How many rules are left to read in each suffix group, by flag. Only the group being read
    /// can have any (a header is refused while it has), so its flag and count say it all, with
    /// no dictionary to look up per rule.
    private struct GroupsLeft {
        var flag: Int?
        var left = 0
        subscript(flag: Int) -> Int { self.flag == flag ? left : 0 }
    }

    /// One SFX line: a group's header (`header` true) or one of its rules; nil when it is not
    /// what a header or rule of the group being read must be.
    private static func parseSuffix(_ fields: [Bytes], aliases: [[Int]], remaining: inout GroupsLeft,
                                    group: inout Int?) -> (Rule, header: Bool)? {
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
        return (Rule(flag: flag, strip: isZero(strip) ? strip[strip.startIndex..<strip.startIndex] : strip,
                     add: isZero(add) ? add[add.startIndex..<add.startIndex] : add, continuation: continuation), false)
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
        var origin = range?.lowerBound ?? 0, filled = 0
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
                count = try file.read(into: UnsafeMutableRawBufferPointer(start: buffer.baseAddress! + filled,
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
    private static let readSize = 1 << 18

    /// How many fields of a line are read: the name and three more (a suffix rule's flag, strip
    /// and text with its continuation; nothing after them is used).
    static let fieldsRead = 4

    /// "OCONV" and "ICONV", the start of the output and input conversion lines.
    private static let oconv: [UInt8] = Array("OCONV".utf8), iconvName: [UInt8] = Array("ICONV".utf8)

    /// A file written a piece at a time.
    private final class Output {
        let handle: FileHandle
        var pending: [UInt8] = []

        init(path: String) throws {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        }

        /// Adds `bytes` (and a line end), written at the next `flush`.
        func write(_ bytes: some Sequence<UInt8>, newline: Bool = true) {
            pending += bytes
            if newline { pending.append(10) }
        }

        func flush() throws {
            try handle.write(contentsOf: pending)
            pending.removeAll(keepingCapacity: true)
        }

        func close() throws {
            try flush()
            try handle.close()
        }
    }

    /// The fields of one line, between spaces and tabs.
    static func tokens<Line: Collection<UInt8>>(_ line: Line) -> [Line.SubSequence] {
        var fields: [Line.SubSequence] = []
        tokens(line, into: &fields, limit: Int.max)
        return fields
    }

    /// The first `limit` fields of `line` into `fields` (emptied first), so that one array
    /// serves every line.
    static func tokens<Line: Collection<UInt8>>(_ line: Line, into fields: inout [Line.SubSequence], limit: Int = fieldsRead) {
        fields.removeAll(keepingCapacity: true)
        var index = line.startIndex, start = line.startIndex
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

    /// The hashes of every substring of `forms` that starts and ends on a character boundary.
    static func substrings(of forms: [[UInt8]]) -> HashSet {
        var result = HashSet()
        result.insertSubstrings(of: forms)
        return result
    }

    /// The FNV-1a hash `substrings(of:)` gives the same bytes.
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var value: UInt64 = 0xcbf29ce484222325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100000001b3 }
        return value
    }

    /// A set of hashes (`hash`'s), kept in one table of slots found by the hash itself, which is
    /// well mixed already: cheaper than `Set<UInt64>`, which hashes each value again, for the
    /// hundreds of thousands of substrings a catalog has.
    struct HashSet {
        /// The values; 0 marks an empty slot (0 itself is kept in `hasZero`).
        private var slots = [UInt64](repeating: 0, count: 1 << 10)
        private var shift = 64 - 10
        private var hasZero = false
        private(set) var count = 0

        /// The slot `value` is looked for first: its top bits, mixed (Fibonacci hashing).
        @inline(__always)
        private func home(_ value: UInt64) -> Int { Int(truncatingIfNeeded: (value &* 0x9E3779B97F4A7C15) >> UInt64(shift)) }

        @inline(__always)
        func contains(_ value: UInt64) -> Bool {
            if value == 0 { return hasZero }
            return slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                var index = home(value)
                while true {
                    let slot = slots[index]
                    if slot == value { return true }
                    if slot == 0 { return false }
                    index = (index + 1) & mask
                }
            }
        }

        mutating func insert(_ value: UInt64) {
            if value == 0 {
                if !hasZero { (hasZero, count) = (true, count + 1) }
                return
            }
            if (count + 1) * 4 > slots.count * 3 { grow() }
            let start = home(value)
            let added = slots.withUnsafeMutableBufferPointer { slots in
                let mask = slots.count - 1
                var index = start
                while true {
                    if slots[index] == value { return false }
                    if slots[index] == 0 {
                        slots[index] = value
                        return true
                    }
                    index = (index + 1) & mask
                }
            }
            if added { count += 1 }
        }

        /// Twice the slots, every value placed again.
        private mutating func grow() {
            let old = slots
            slots = [UInt64](repeating: 0, count: old.count * 2)
            shift -= 1
            count = hasZero ? 1 : 0
            for value in old where value != 0 { insert(value) }
        }

        /// Inserts the hashes of every substring of `forms` that starts and ends on a character
        /// boundary.
        mutating func insertSubstrings(of forms: [[UInt8]]) {
            for form in forms { insertSubstrings(of: form) }
        }

        /// Inserts the hashes of the substrings of `form` that start and end on a character
        /// boundary and end after its first `known` bytes.
        mutating func insertSubstrings(of form: [UInt8], endingAfter known: Int = 0) {
            for start in form.indices where form[start] & 0xC0 != 0x80 {
                var value: UInt64 = 0xcbf29ce484222325
                for index in start..<form.count {
                    value = (value ^ UInt64(form[index])) &* 0x100000001b3
                    if index >= known, index + 1 == form.count || form[index + 1] & 0xC0 != 0x80 { insert(value) }
                }
            }
        }
    }
}
