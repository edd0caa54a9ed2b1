import ExpoSystem
import Foundation

// The reduced files written: the .aff's rules and the .dic's roots that can take part in reading
// the words (see `DictionaryReduction`).
extension DictionaryReduction {
    /// Writes `affix` to `output` with every line but the rules whose text occurs nowhere; a
    /// group keeps its last rule when none occurs (libhunspell refuses a group of none). With
    /// `conversions`, only the ICONV lines whose pattern is in its `words` (the substrings of the
    /// words as given) are written, under their count `kept` (no table when none is). The rules
    /// kept, of how many; nil when a group is left unfinished.
    static func writeRules(
        of affix: String, occurring: HashSet, aliases: [[Int]], conversions: (words: HashSet, kept: Int)?,
        to file: POSIXFile
    ) throws -> DictionaryReduction? {
        var result = DictionaryReduction()
        let output = Output(file)
        var group: (header: [[UInt8]], lines: [UInt8], kept: Int)?
        var remaining = GroupsLeft()
        var currentGroup: Int?
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
    static func writeRoots(
        of dictionary: String, occurring: HashSet, aliases: [[Int]], aliasStrip: [Int],
        longestStrip: [Int: Int], to file: POSIXFile
    ) throws -> (kept: Int, of: Int)? {
        var kept: [UInt8] = []
        var keptCount = 0
        var count = 0
        var isFirst = true
        var understoodRoots = true
        try forEachLine(of: dictionary) { line, _ in
            if isFirst {
                isFirst = false
                return true
            }
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
        let output = Output(file)
        output.write(Array(String(keptCount).utf8))
        output.write(kept, newline: false)
        try output.close()
        return (keptCount, count)
    }

    /// A file written a piece at a time (opened and closed by the caller).
    final class Output {
        let file: POSIXFile
        var pending: [UInt8] = []

        init(_ file: POSIXFile) {
            self.file = file
        }

        /// Adds `bytes` (and a line end), written at the next `flush`.
        func write(_ bytes: some Sequence<UInt8>, newline: Bool = true) {
            pending += bytes
            if newline { pending.append(10) }
        }

        func flush() throws {
            try pending.withUnsafeBytes { try file.write($0) }
            pending.removeAll(keepingCapacity: true)
        }

        func close() throws {
            try flush()
        }
    }
}
