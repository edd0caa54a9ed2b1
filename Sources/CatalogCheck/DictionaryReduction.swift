import ExpoSystem
import Foundation

/// A Hunspell .aff/.dic pair cut down to what can take part in reading a given set of words,
/// so that libhunspell answers `spell`, `stem` and `analyze` for those words exactly as with the
/// whole dictionary, in a fraction of its memory (hunspell-ko: 11 MB of affix rules, 99,000 of
/// them, and 101,000 roots).
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
    static let sfx: [UInt8] = Array("SFX".utf8)

    /// Bytes of a file being read: a line or a field of it, in the reader's buffer, valid only
    /// during the call that is given it (see `forEachLine`). The helpers generic over bytes
    /// (`tokens`, `number`, `numbers`, `hash`) are specialised for it where they are defined
    /// (`@_specialize`): their callers are in other files, which, unless the module is compiled
    /// whole, see only their declarations and would call the generic code for every byte
    /// (Benchmarks/README.md, "A plain swift build's check").
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// One suffix rule: its flag, strip, text added and continuation flags.
    struct Rule {
        var flag: Int
        var strip: Bytes
        var add: Bytes
        var continuation: [Int]
    }

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
    static func write(
        affix: String, dictionary: String, words: Set<String>,
        to affixOutput: POSIXFile, _ dictionaryOutput: POSIXFile
    ) throws -> DictionaryReduction? {
        let raw = substrings(of: words.map { Array($0.utf8) })
        var fields: [Bytes] = []
        fields.reserveCapacity(fieldsRead)
        let affixes = try readAffix(affix, raw: raw, fields: &fields)
        guard affixes.understoodAll, affixes.encoding == "UTF-8", affixes.flagType == "num" else { return nil }
        // The words as Hunspell looks them up (after ICONV), and as given.
        var forms = words.map { Array($0.utf8) }
        if !affixes.iconv.isEmpty { forms += forms.map { convert($0, table: affixes.iconv, longest: affixes.iconvLongest) } }
        var occurring = substrings(of: forms)
        // An intermediate form's substrings within the form it was made from are there already.
        for (form, known) in try intermediateForms(of: affix, affixes, forms: forms, occurring: occurring, fields: &fields) {
            occurring.insertSubstrings(of: form, endingAfter: known)
        }
        // The .aff written reduced here while the .dic is reduced beside it.
        var affixResult: Result<DictionaryReduction?, Error> = .success(nil)
        var rootsResult: Result<(kept: Int, of: Int)?, Error> = .success(nil)
        let aliasStrip = affixes.aliases.map { $0.map { affixes.longestStrip[$0] ?? 0 }.max() ?? 0 }
        ParallelWork.forEach(2, threads: min(2, ParallelWork.defaultThreads)) { part in
            if part == 0 {
                // ICONV patterns that occur in no word convert none: left out, but for a table
                // given in more than one piece (whose counts would have to be kept apart).
                let conversions = affixes.iconvHeaders == 1 ? (raw, affixes.iconvKept) : nil
                affixResult = Result {
                    try writeRules(of: affix, occurring: occurring, aliases: affixes.aliases, conversions: conversions, to: affixOutput)
                }
            } else {
                rootsResult = Result {
                    try writeRoots(
                        of: dictionary, occurring: occurring, aliases: affixes.aliases, aliasStrip: aliasStrip,
                        longestStrip: affixes.longestStrip, to: dictionaryOutput)
                }
            }
        }
        guard var result = try affixResult.get(), let roots = try rootsResult.get() else { return nil }
        (result.rootsKept, result.roots) = roots
        return result
    }

    /// What the first reading of a .aff finds: the flag type and encoding, the aliases, the
    /// ICONV patterns that occur in the words, the flags that can follow a suffix, each flag's
    /// longest strip and where each suffix group is in the file; whether it understood it all.
    private struct AffixSummary {
        var flagType: String?, encoding: String?
        var aliases: [[Int]] = [], aliasCountSeen = false
        var iconv: [[UInt8]: [UInt8]] = [:], iconvLongest = 0, iconvHeaders = 0, iconvKept = 0
        var lastFlags = Set<Int>(), longestStrip: [Int: Int] = [:]
        var groups: [Int: [Range<Int>]] = [:]
        var understoodAll = true
    }

    /// The first reading of `affix` (see `AffixSummary`); it stops at the first line not
    /// understood. `raw` holds the substrings of the words as given.
    private static func readAffix(_ affix: String, raw: HashSet, fields: inout [Bytes]) throws -> AffixSummary {
        var found = AffixSummary()
        var groupStart = 0
        var groupStrip = 0
        var remaining = GroupsLeft()
        var currentGroup: Int?
        try forEachLine(of: affix) { line, place in
            // An OCONV pair (a tenth of the lines) is kept as it is: only its name is read.
            if line.count > oconv.count, line.starts(with: oconv), line[line.startIndex + oconv.count] == 32 { return true }
            tokens(line, into: &fields)
            guard let first = fields.first, first.first != UInt8(ascii: "#") else { return true }
            // Most lines are suffix rules or ICONV pairs: their name is not made into a String.
            let name = first.elementsEqual(sfx) ? "SFX" : first.elementsEqual(iconvName) ? "ICONV" : String(decoding: first, as: UTF8.self)
            guard understood.contains(name) else {
                found.understoodAll = false
                return false
            }
            switch name {
            case "SET": found.encoding = fields.count > 1 ? String(decoding: fields[1], as: UTF8.self) : nil
            case "FLAG": found.flagType = fields.count > 1 ? String(decoding: fields[1], as: UTF8.self) : nil
            case "AF":
                guard fields.count >= 2 else {
                    found.understoodAll = false
                    return false
                }
                if !found.aliasCountSeen {
                    found.aliasCountSeen = true
                    return true
                }
                guard let flags = numbers(fields[1]) else {
                    found.understoodAll = false
                    return false
                }
                found.aliases.append(flags)
            case "ICONV":
                if fields.count == 2 {
                    found.iconvHeaders += 1
                    return true
                }
                guard fields.count >= 3, !fields[1].contains(UInt8(ascii: "_")), !fields[2].contains(UInt8(ascii: "_")) else {
                    found.understoodAll = false
                    return false
                }
                if raw.contains(hash(fields[1])) {
                    found.iconvKept += 1
                    found.iconv[Array(fields[1])] = Array(fields[2])
                    found.iconvLongest = max(found.iconvLongest, fields[1].count)
                }
            case "SFX":
                guard let (rule, header) = parseSuffix(fields, aliases: found.aliases, remaining: &remaining, group: &currentGroup) else {
                    found.understoodAll = false
                    return false
                }
                if header {
                    (groupStart, groupStrip) = (place.lowerBound, 0)
                    return true
                }
                if !rule.continuation.isEmpty { found.lastFlags.formUnion(rule.continuation) }
                groupStrip = max(groupStrip, rule.strip.count)
                if remaining[rule.flag] == 0 {
                    found.longestStrip[rule.flag] = max(found.longestStrip[rule.flag] ?? 0, groupStrip)
                    found.groups[rule.flag, default: []].append(groupStart..<place.upperBound)
                }
            default: break
            }
            return true
        }
        return found
    }

    /// The intermediate forms of twofold suffixes, read from the groups that can come last: for
    /// each of their rules that strips something, each form with the rule's text taken off its
    /// end and its strip put back, and how many of its first bytes are the form's.
    private static func intermediateForms(
        of affix: String, _ affixes: AffixSummary, forms: [[UInt8]], occurring: HashSet,
        fields: inout [Bytes]
    ) throws -> [(form: [UInt8], known: Int)] {
        var intermediates: [(form: [UInt8], known: Int)] = []
        for flag in affixes.lastFlags.sorted() {
            for range in affixes.groups[flag] ?? [] {
                var remaining = GroupsLeft()
                var currentGroup: Int?
                try forEachLine(of: affix, in: range) { line, _ in
                    tokens(line, into: &fields)
                    guard let (rule, header) = parseSuffix(fields, aliases: affixes.aliases, remaining: &remaining, group: &currentGroup) else { return false }
                    guard !header, !rule.strip.isEmpty, occurring.contains(hash(rule.add)) else { return true }
                    let add = Array(rule.add)
                    let strip = Array(rule.strip)
                    for form in forms where form.count >= add.count {
                        // Its last byte first: a place it does not end at costs one comparison.
                        for end in add.count...form.count
                        where form[end - 1] == add[add.count - 1]
                            && form[(end - add.count)..<end].elementsEqual(add)
                        {
                            intermediates.append((Array(form[..<(end - add.count)]) + strip, end - add.count))
                        }
                    }
                    return true
                }
            }
        }
        return intermediates
    }
}
