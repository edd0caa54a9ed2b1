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
/// tests cannot take part in any reading, and leaving them out changes no answer; everything
/// else of the .aff is kept as it is. Anything whose effect this does not model (prefixes, other
/// flag types, compound flags and patterns that change the parts, IGNORE) makes `reduce` return
/// nil, and the whole dictionary is used. Substrings are compared by 64-bit hashes: a collision
/// only keeps a rule that was not needed.
struct DictionaryReduction {
    /// How many affix rules and roots were kept, of how many.
    var rulesKept = 0, rules = 0
    var rootsKept = 0, roots = 0

    /// "SFX", the start of a suffix line.
    private static let sfx: [UInt8] = Array("SFX".utf8)

    /// One suffix rule: its flag, strip, text added and continuation flags.
    private struct Rule { var flag: Int; var strip: ArraySlice<UInt8>; var add: ArraySlice<UInt8>; var continuation: [Int] }

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
    /// reduction's own memory stays below the reduced dictionary's.
    static func write(affix: String, dictionary: String, words: Set<String>,
                      to affixOutput: String, _ dictionaryOutput: String) throws -> DictionaryReduction? {
        // First reading: the flag type, the aliases, the ICONV patterns that occur in the words,
        // the flags that can follow a suffix, each flag's longest strip; nothing not understood.
        let raw = substrings(of: words.map { Array($0.utf8) })
        var flagType: String?, encoding: String?
        var aliases: [[Int]] = [], aliasCountSeen = false
        var iconv: [[UInt8]: [UInt8]] = [:], iconvLongest = 0
        var lastFlags = Set<Int>(), longestStrip: [Int: Int] = [:]
        var remaining = GroupsLeft(), currentGroup: Int?
        var understoodAll = true
        try forEachLine(of: affix) { line in
            let fields = tokens(line)
            guard let first = fields.first, first.first != UInt8(ascii: "#") else { return true }
            // Most lines are suffix rules: their name is not made into a String.
            let name = first.elementsEqual(sfx) ? "SFX" : String(decoding: first, as: UTF8.self)
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
                if fields.count == 2 { return true }
                guard fields.count >= 3, !fields[1].contains(UInt8(ascii: "_")), !fields[2].contains(UInt8(ascii: "_")) else {
                    understoodAll = false
                    return false
                }
                if raw.contains(hash(fields[1])) {
                    iconv[Array(fields[1])] = Array(fields[2])
                    iconvLongest = max(iconvLongest, fields[1].count)
                }
            case "SFX":
                guard let (rule, header) = parseSuffix(fields, aliases: aliases, remaining: &remaining, group: &currentGroup) else {
                    understoodAll = false
                    return false
                }
                if header { return true }
                lastFlags.formUnion(rule.continuation)
                longestStrip[rule.flag] = max(longestStrip[rule.flag] ?? 0, rule.strip.count)
            default: break
            }
            return true
        }
        guard understoodAll, encoding == "UTF-8", flagType == "num" else { return nil }
        // The words as Hunspell looks them up (after ICONV), and as given.
        var forms = words.map { Array($0.utf8) }
        if !iconv.isEmpty { forms += forms.map { convert($0, table: iconv, longest: iconvLongest) } }
        var occurring = substrings(of: forms)
        // Second reading: the intermediate forms of twofold suffixes, for the rules that can
        // come last and strip something.
        var intermediates: [[UInt8]] = []
        remaining = GroupsLeft()
        currentGroup = nil
        try forEachLine(of: affix) { line in
            guard line.starts(with: sfx) else { return true }
            guard let (rule, header) = parseSuffix(tokens(line), aliases: aliases, remaining: &remaining, group: &currentGroup) else { return false }
            guard !header, lastFlags.contains(rule.flag), !rule.strip.isEmpty, occurring.contains(hash(rule.add)) else { return true }
            for form in forms where form.count >= rule.add.count {
                for end in rule.add.count...form.count where form[(end - rule.add.count)..<end].elementsEqual(rule.add) {
                    intermediates.append(Array(form[..<(end - rule.add.count)]) + rule.strip)
                }
            }
            return true
        }
        if !intermediates.isEmpty { occurring.formUnion(substrings(of: intermediates)) }
        // Third reading, written as it goes: every line but the rules whose text occurs nowhere;
        // a group keeps its last rule when none occurs (libhunspell refuses a group of none).
        var result = DictionaryReduction()
        let output = try Output(path: affixOutput)
        var group: (header: [ArraySlice<UInt8>], lines: [UInt8], kept: Int)?
        remaining = GroupsLeft()
        currentGroup = nil
        try forEachLine(of: affix) { line in
            guard line.starts(with: sfx) else {
                try output.write(line)
                return true
            }
            let fields = tokens(line)
            guard let (rule, header) = parseSuffix(fields, aliases: aliases, remaining: &remaining, group: &currentGroup) else { return false }
            if header {
                group = (Array(fields.prefix(3)).map { ArraySlice(Array($0)) }, [], 0)
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
                try output.write(done.header.joined(separator: [32]) + [32] + Array(String(done.kept).utf8))
                try output.write(done.lines[...], newline: false)
                group = nil
            }
            return true
        }
        try output.close()
        guard group == nil else { return nil }
        // The roots kept: those whose rest after their longest strip occurs.
        let aliasStrip = aliases.map { $0.map { longestStrip[$0] ?? 0 }.max() ?? 0 }
        var kept: [UInt8] = []
        var isFirst = true, understoodRoots = true
        try forEachLine(of: dictionary) { line in
            if isFirst { isFirst = false; return true }
            guard !line.isEmpty else { return true }
            result.roots += 1
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
                result.rootsKept += 1
                kept += line
                kept.append(10)
            }
            return true
        }
        guard understoodRoots else { return nil }
        let dictionaryFile = try Output(path: dictionaryOutput)
        try dictionaryFile.write(Array(String(result.rootsKept).utf8)[...])
        try dictionaryFile.write(kept[...], newline: false)
        try dictionaryFile.close()
        return result
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
    private static func parseSuffix(_ fields: [ArraySlice<UInt8>], aliases: [[Int]], remaining: inout GroupsLeft,
                                    group: inout Int?) -> (Rule, header: Bool)? {
        guard fields.count >= 4, let flag = number(fields[1]) else { return nil }
        if remaining[flag] == 0 {
            guard let count = number(fields[3]), count > 0, group == nil || remaining[group!] == 0 else { return nil }
            remaining = GroupsLeft(flag: flag, left: count)
            group = flag
            return (Rule(flag: flag, strip: [], add: [], continuation: []), true)
        }
        guard group == flag else { return nil }
        remaining.left -= 1
        var add = fields[3][...]
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
        let zero: [UInt8] = [UInt8(ascii: "0")]
        return (Rule(flag: flag, strip: fields[2].elementsEqual(zero) ? [] : fields[2], add: add.elementsEqual(zero) ? [] : add,
                     continuation: continuation), false)
    }

    /// Calls `body` with each line of the file at `path` (without its line end), read a piece at
    /// a time, until it returns false.
    static func forEachLine(of path: String, _ body: (ArraySlice<UInt8>) throws -> Bool) throws {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var buffer: [UInt8] = []
        func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> { line.last == 13 ? line.dropLast() : line }
        while true {
            let chunk = try handle.read(upToCount: 1 << 16) ?? Data()
            if chunk.isEmpty { break }
            buffer += chunk
            var start = 0
            while let newline = Self.newline(in: buffer, from: start) {
                guard try body(trimmed(buffer[start..<newline])) else { return }
                start = newline + 1
            }
            buffer.removeFirst(start)
        }
        if !buffer.isEmpty { _ = try body(trimmed(buffer[...])) }
    }

    /// The index of the first line feed in `buffer` at or after `start` (memchr), or nil.
    private static func newline(in buffer: [UInt8], from start: Int) -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            guard start < bytes.count, let base = bytes.baseAddress,
                  let found = memchr(base + start, 10, bytes.count - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

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

        func write(_ bytes: ArraySlice<UInt8>, newline: Bool = true) throws {
            pending += bytes
            if newline { pending.append(10) }
            if pending.count >= 1 << 16 { try flush() }
        }

        func write(_ bytes: [UInt8]) throws { try write(bytes[...]) }

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
    static func tokens(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var fields: [ArraySlice<UInt8>] = []
        fields.reserveCapacity(8)
        var index = line.startIndex, start = line.startIndex
        while index < line.endIndex {
            if line[index] == 32 || line[index] == 9 {
                if index > start { fields.append(line[start..<index]) }
                start = index + 1
            }
            index += 1
        }
        if index > start { fields.append(line[start..<index]) }
        return fields
    }

    /// A decimal number as `Int(String)` reads it (an optional sign, ASCII digits, nil on
    /// overflow or anything else), read from the bytes without making a String.
    static func number(_ text: ArraySlice<UInt8>) -> Int? {
        var index = text.startIndex
        guard index < text.endIndex else { return nil }
        let negative = text[index] == UInt8(ascii: "-")
        if negative || text[index] == UInt8(ascii: "+") {
            index += 1
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
            index += 1
        }
        return value
    }

    /// A comma-separated list of numeric flags.
    static func numbers(_ text: ArraySlice<UInt8>) -> [Int]? {
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
    static func substrings(of forms: [[UInt8]]) -> Set<UInt64> {
        var result = Set<UInt64>()
        for form in forms {
            for start in form.indices where form[start] & 0xC0 != 0x80 {
                var value: UInt64 = 0xcbf29ce484222325
                for index in start..<form.count {
                    value = (value ^ UInt64(form[index])) &* 0x100000001b3
                    if index + 1 == form.count || form[index + 1] & 0xC0 != 0x80 { result.insert(value) }
                }
            }
        }
        return result
    }

    /// The FNV-1a hash `substrings(of:)` gives the same bytes.
    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var value: UInt64 = 0xcbf29ce484222325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100000001b3 }
        return value
    }
}
