import Foundation
import Hangul

/// The part-of-speech classes of Korean words, read from Debian's Korean spelling dictionary
/// (hunspell-ko: `ko.dic` and the affix aliases of `ko.aff`), for the readings that depend on
/// grammar: whether a word is a noun, a predicate's stem (verb or adjective), or an adnominal
/// form (-(으)ㄴ, -(으)ㄹ).
///
/// hunspell-ko stores each word in conjoining jamo with an affix alias (`AF` line of ko.aff).
/// The alias's flags tell the class, as the dictionary's own compound rules use them:
/// - flags 530–541 (particles 이, 을, 의 …): a nominal (noun, pronoun, numeral);
/// - flags 30–507 (endings -으시-, -었-, -겠-, -어 …) on a word ending in 다: a predicate,
///   whose stem is the word without 다 (삼다 → 삼, 더듬다 → 더듬);
/// - flag 21 (`COMPOUNDRULE (21)(22)`, the -(으)ㄹ form before a bound noun): 먹을, 갈, 올;
/// - flag 19 (`COMPOUNDRULE (19)(20)`, the -(으)ㄴ form): 먹은, 간, 신;
/// - no flags at all: a determiner or interjection (옛, 온).
/// Flag 540 alone marks adverbs (늘, 곧), which take 은/는 and so count as nominals here and
/// are also classed `adverb`.
///
/// Words of one to four syllables are kept, packed into one `UInt64` each (14 bits a syllable
/// index, 3 bits the length), so the table of about 90,000 keys is small and a look-up
/// allocates nothing. It is loaded once per process; of ko.aff only the aliases at its start are
/// read.
public struct PartsOfSpeech: Sendable {
    /// The classes one written word belongs to (a word may have several: 신 is a noun and the
    /// -ㄴ form of 신다).
    public struct WordClass: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        /// Creates a class set from its bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// A noun, pronoun or numeral (takes particles).
        public static let nominal = WordClass(rawValue: 1)
        /// The stem of a verb or adjective (the dictionary form without 다).
        public static let predicateStem = WordClass(rawValue: 2)
        /// An adnominal -(으)ㄹ form (먹을, 갈).
        public static let adnominalL = WordClass(rawValue: 4)
        /// An adnominal -(으)ㄴ form (먹은, 간).
        public static let adnominalN = WordClass(rawValue: 8)
        /// A word listed without affixes: a determiner or interjection (옛, 온, 헌).
        public static let uninflected = WordClass(rawValue: 16)
        /// An adverb: listed with flag 540 (은/는) and no other particle flag (역시, 이미, 곧);
        /// such a word is `nominal` too.
        public static let adverb = WordClass(rawValue: 32)
        /// A noun, pronoun or numeral listed with particle flags beyond 540 (이름, 요리); a word
        /// can be this and an `adverb` (요리 料理 and the adverb 요리).
        public static let noun = WordClass(rawValue: 64)
    }

    private var table: [UInt64: UInt8]

    /// The folders Debian installs Hunspell dictionaries in, searched in order.
    public static let searchFolders = ["/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts"]

    /// The lexicon of the installed hunspell-ko, loaded on first use; nil when it is not
    /// installed (the pronunciation and the normaliser then use their rules alone:
    /// `unavailableNote` says so). `EXPO_NARRATE_HUNSPELL_FOLDERS` (folders separated by `:`)
    /// replaces the searched folders.
    public static let installed: PartsOfSpeech? = {
        for (affix, dictionary) in installedFiles {
            if let lexicon = PartsOfSpeech(affixFile: affix, dictionaryFile: dictionary) { return lexicon }
        }
        return nil
    }()

    /// The affix and dictionary files `installed` tries, in order: those of the searched
    /// folders that exist.
    static var installedFiles: [(affix: String, dictionary: String)] {
        searchedFolders.flatMap { folder in ["ko", "ko_KR"].map { (folder + "/" + $0 + ".aff", folder + "/" + $0 + ".dic") } }
            .filter { FileManager.default.isReadableFile(atPath: $0.0) && FileManager.default.isReadableFile(atPath: $0.1) }
    }

    /// The folders `installed` searches: `EXPO_NARRATE_HUNSPELL_FOLDERS` or `searchFolders`.
    static var searchedFolders: [String] {
        ProcessInfo.processInfo.environment["EXPO_NARRATE_HUNSPELL_FOLDERS"].map { $0.split(separator: ":").map(String.init) }
            ?? searchFolders
    }

    /// One line for the user when `installed` is nil, else nil.
    /// Told from the files' presence alone, without reading them, so that a process that
    /// pronounces nothing never loads the lexicon.
    public static var unavailableNote: String? {
        !installedFiles.isEmpty
            ? nil
            : "note: the Korean dictionary hunspell-ko (ko.dic, ko.aff) was not found in \(searchedFolders.joined(separator: ", ")); "
                + "readings that depend on grammar (tensing after -(으)ㄹ and verb stems, ㄴ 첨가 after modifiers) "
                + "follow the spelling rules alone; install it with 'apt-get install hunspell-ko'"
    }

    /// Reads a hunspell-ko dictionary; nil when either file cannot be read or holds no words.
    public init?(affixFile: String, dictionaryFile: String) {
        guard let affix = Self.aliasSection(affixFile),
            let dictionary = FileManager.default.contents(atPath: dictionaryFile)
        else { return nil }
        let aliases = Self.aliasClasses(affix)
        var table: [UInt64: UInt8] = [:]
        table.reserveCapacity(120_000)
        dictionary.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var syllables: [UInt32] = []
            syllables.reserveCapacity(32)
            var lineStart = 0
            var first = true
            for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x0A {
                defer { lineStart = end + 1 }
                if first {
                    first = false
                    continue
                }  // the word count
                guard end > lineStart else { continue }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<end])
                let slash = line.firstIndex(of: 0x2F) ?? line.count
                var alias = slash + 1 < line.count ? 0 : -1  // -1: no flags at all
                if alias == 0 {
                    for b in line[(slash + 1)...] where b >= 0x30 && b <= 0x39 && alias < 1_000_000 {
                        alias = alias * 10 + Int(b - 0x30)  // capped: a malformed line never overflows
                    }
                }
                guard alias < aliases.count, alias < 0 || aliases[alias] != 0,
                    Self.composeSyllables(UnsafeBufferPointer(rebasing: line[..<slash]), into: &syllables)
                else { continue }
                var classes = alias < 0 ? WordClass.uninflected.rawValue : aliases[alias]
                if classes & Self.predicateFlag != 0 {
                    classes &= ~Self.predicateFlag
                    if syllables.count >= 2, syllables.last == 0xB2E4 {  // 다
                        if let key = Self.key(syllables.dropLast()) { table[key, default: 0] |= WordClass.predicateStem.rawValue }
                    }
                }
                if classes != 0, let key = Self.key(syllables[...]) { table[key, default: 0] |= classes }
            }
        }
        guard !table.isEmpty else { return nil }
        self.table = table
    }

    /// The classes of a word given as syllable scalars (U+AC00–U+D7A3); empty when the
    /// dictionary does not list it.
    @inlinable public func classes<C: Collection>(of syllables: C) -> WordClass where C.Element == UInt32 {
        guard let key = Self.key(syllables) else { return [] }
        return classes(forKey: key)
    }

    /// The classes of the word packed into `key` (`key(_:)`).
    public func classes(forKey key: UInt64) -> WordClass {
        WordClass(rawValue: table[key] ?? 0)
    }

    /// The classes of a word written as a string of Hangul syllables.
    public func classes(of word: String) -> WordClass {
        classes(of: word.unicodeScalars.map(\.value))
    }

    /// Internal bit: the alias has predicate endings (resolved against 다 when loading).
    private static let predicateFlag: UInt8 = 0x80

    /// The start of the affix file up to its first suffix rule, which holds the `AF` aliases
    /// (about 300 KB of hunspell-ko's 11 MB: the rules themselves are never read); nil when the
    /// file cannot be read or has no suffix rules.
    private static func aliasSection(_ path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var data = Data()
        let marker = Data("\nSFX ".utf8)
        while let chunk = try? handle.read(upToCount: 1 << 18), !chunk.isEmpty {
            let searchFrom = max(data.startIndex, data.endIndex - marker.count)
            data.append(chunk)
            if data.range(of: marker, in: searchFrom..<data.endIndex) != nil { return data }
        }
        return nil
    }

    /// Per `AF` alias (1-based, index 0 unused), the classes its flags give.
    private static func aliasClasses(_ affix: Data) -> [UInt8] {
        var result: [UInt8] = [0]
        affix.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            var seen = false
            for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x0A {
                defer { lineStart = end + 1 }
                let isAlias =
                    end - lineStart > 3 && bytes[lineStart] == 0x41 && bytes[lineStart + 1] == 0x46
                    && bytes[lineStart + 2] == 0x20  // "AF "
                if !isAlias {
                    if seen, end - lineStart >= 3, bytes[lineStart] == 0x53, bytes[lineStart + 1] == 0x46,
                        bytes[lineStart + 2] == 0x58
                    {
                        return
                    }  // the SFX rules: the aliases are behind us
                    continue
                }
                if !seen {
                    seen = true
                    continue
                }  // "AF count"
                var classes: UInt8 = 0
                var flag = 0
                var onlyFlag540: Bool? = nil  // nil: no particle flag seen yet
                for k in (lineStart + 3)...end {
                    let b = k < end ? bytes[k] : 0x2C
                    if b >= 0x30 && b <= 0x39 {
                        flag = min(flag * 10 + Int(b - 0x30), 1_000_000)
                        continue
                    }
                    switch flag {
                    case 19: classes |= WordClass.adnominalN.rawValue
                    case 21: classes |= WordClass.adnominalL.rawValue
                    case 30...507: classes |= predicateFlag
                    case 530...541:
                        classes |= WordClass.nominal.rawValue
                        onlyFlag540 = flag == 540 && onlyFlag540 != false
                    default: break
                    }
                    flag = 0
                }
                if let onlyFlag540 { classes |= onlyFlag540 ? WordClass.adverb.rawValue : WordClass.noun.rawValue }
                result.append(classes)
            }
        }
        return result
    }

    /// Conjoining jamo (and precomposed syllables) → syllable scalars; false for a word with
    /// anything else in it (digits, Latin letters).
    private static func composeSyllables(_ word: UnsafeBufferPointer<UInt8>, into out: inout [UInt32]) -> Bool {
        out.removeAll(keepingCapacity: true)
        var i = 0
        var lead: UInt32? = nil
        var vowel: UInt32? = nil
        func flush() -> Bool {
            guard let l = lead else { return vowel == nil }
            guard let v = vowel else { return false }
            out.append(HangulSyllable.compose(onset: UInt8(l), vowel: UInt8(v)))
            lead = nil
            vowel = nil
            return true
        }
        while i < word.count {
            let b0 = UInt32(word[i])
            guard b0 >= 0xE0, b0 < 0xF0, i + 2 < word.count else { return false }
            let c = (b0 & 0x0F) << 12 | UInt32(word[i + 1] & 0x3F) << 6 | UInt32(word[i + 2] & 0x3F)
            i += 3
            switch c {
            case ConjoiningJamo.leading:
                guard flush() else { return false }
                lead = c - ConjoiningJamo.leading.lowerBound
            case ConjoiningJamo.vowels:
                guard lead != nil, vowel == nil else { return false }
                vowel = c - ConjoiningJamo.vowels.lowerBound
            case ConjoiningJamo.trailing:
                guard let l = lead, let v = vowel else { return false }
                out.append(
                    HangulSyllable.compose(
                        onset: UInt8(l), vowel: UInt8(v),
                        coda: UInt8(c - ConjoiningJamo.trailing.lowerBound + 1)))
                lead = nil
                vowel = nil
            case HangulSyllable.range:
                guard flush() else { return false }
                out.append(c)
            default:
                return false
            }
        }
        return flush() && !out.isEmpty
    }

    /// One to four syllables packed into a key (14 bits each, the count in the top bits); nil
    /// for anything else. Callers may key their own closed lists of morphemes the same way.
    @inlinable public static func key<C: Collection>(_ syllables: C) -> UInt64? where C.Element == UInt32 {
        var key: UInt64 = 0
        var n: UInt64 = 0
        for s in syllables {
            guard n < 4, HangulSyllable.contains(s) else { return nil }
            key = key << 14 | UInt64(s - HangulSyllable.first)
            n += 1
        }
        return n == 0 ? nil : key | n << 61
    }
}
