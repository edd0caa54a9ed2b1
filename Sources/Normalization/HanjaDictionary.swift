import CHangul
import ExpoModel
import ExpoSystem
import Foundation
import Hangul
import KoreanMorphology

/// Hangul readings of Hanja, from libhangul's dictionary (Debian libhangul-data).
///
/// This is the only file that talks to libhangul; its pointers never leave it. The dictionary
/// maps Hangul readings to Hanja, so on first use the table is loaded once and a reverse index
/// (Hanja character → readings, most common first) is built from its one-syllable entries.
/// Words are then found longest first by trying the readings their characters allow.
final class HanjaDictionary: @unchecked Sendable {
    // @unchecked Sendable: `table` is only read by libhangul after loading, and every call into
    // libhangul plus every access to `wordCache` happens while holding `lock`. `readings` is
    // immutable after `init`. So no two threads ever touch the C table or the cache at once.

    /// The process-wide dictionary, loaded lazily on first use; nil when libhangul's data is missing.
    static let shared: HanjaDictionary? = HanjaDictionary()

    /// The longest Hanja word tried as one dictionary entry.
    private static let longestWord = 8
    /// At most this many reading combinations are checked for one word.
    private static let combinationLimit = 48

    /// Characters whose commonest reading the dictionary's order does not show.
    private static let commonReadings: [UInt32: Unicode.Scalar] = {
        let pairs =
            "寺사度도說설車차金금北북樂악行행不불宅택復복便편更경見견率률殺살識식切절洞동參참省성數수"
            + "若약茶차丹단拓척塞색推추暴폭讀독降강惡악易역狀상索색沈침齊제葉엽刺자否부布포糖당反반句구"
            + "龜귀則칙畫화分분女녀六륙十십五오洛락李리樓루龍룡禮례良량流류留류論론利리理리林림立립"
        var table: [UInt32: Unicode.Scalar] = [:]
        var scalars = pairs.unicodeScalars.makeIterator()
        while let hanja = scalars.next(), let reading = scalars.next() { table[hanja.value] = reading }
        return table
    }()

    private let table: OpaquePointer
    private let readings: [UInt32: [Unicode.Scalar]]
    private let lock = NSLock()
    private var wordCache: [String: String] = [:]

    private init?() {
        guard let table = hanja_table_load(nil) else { return nil }
        self.table = table
        // Each one-character entry filed under a syllable, as (character, rank, syllable), in the
        // order found; sorted by character then rank below, ties kept in that order.
        var entries: [(hanja: UInt32, rank: Double, syllable: UInt32)] = []
        entries.reserveCapacity(32_768)
        var key = [CChar](repeating: 0, count: 4)
        for code in HangulSyllable.range {
            // UTF-8 of a syllable of U+AC00...U+D7A3 is three bytes.
            key[0] = CChar(bitPattern: UInt8(0xE0 | (code >> 12)))
            key[1] = CChar(bitPattern: UInt8(0x80 | ((code >> 6) & 0x3F)))
            key[2] = CChar(bitPattern: UInt8(0x80 | (code & 0x3F)))
            key[3] = 0
            guard let list = hanja_table_match_exact(table, key) else { continue }
            let count = Int(hanja_list_get_size(list))
            for index in 0..<count {
                guard let value = hanja_list_get_nth_value(list, UInt32(index)),
                    let hanja = Self.onlyScalar(of: value)
                else { continue }
                // The comment ("즐거울 락") names the reading the entry is filed under when it is
                // the character's own; other entries are initial-sound variants (녀 under 여).
                // Rank by relative place in the syllable's list (the dictionary lists common
                // characters first), penalised when the entry is only a variant. The syllable's
                // three bytes found in the comment's UTF-8 can only be that syllable.
                var rank = Double(index) / Double(max(count, 1))
                if let comment = hanja_list_get_nth_comment(list, UInt32(index)), strstr(comment, key) == nil {
                    rank += 1
                }
                if Self.commonReadings[hanja]?.value == code { rank = -1 }
                entries.append((hanja, rank, code))
            }
            hanja_list_delete(list)
        }
        let order = entries.indices.sorted { left, right in
            let a = entries[left]
            let b = entries[right]
            if a.hanja != b.hanja { return a.hanja < b.hanja }
            if a.rank != b.rank { return a.rank < b.rank }
            return left < right
        }
        var readings: [UInt32: [Unicode.Scalar]] = [:]
        readings.reserveCapacity(16_384)
        var start = 0
        while start < order.count {
            let hanja = entries[order[start]].hanja
            var end = start
            var syllables: [Unicode.Scalar] = []
            while end < order.count, entries[order[end]].hanja == hanja {
                syllables.append(Unicode.Scalar(entries[order[end]].syllable)!)
                end += 1
            }
            readings[hanja] = syllables
            start = end
        }
        self.readings = readings
    }

    /// The one Unicode scalar that the UTF-8 C string `text` holds, or nil when it holds none,
    /// more than one, or bytes that are not UTF-8.
    private static func onlyScalar(of text: UnsafePointer<CChar>) -> UInt32? {
        let length = strlen(text)
        guard length > 0, length <= 4 else { return nil }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: length)
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        guard case .emptyInput = decoder.decode(&iterator) else { return nil }
        return scalar.value
    }

    deinit { hanja_table_delete(table) }

    /// Every reading of one Hanja character, most common first.
    func readings(of hanja: Unicode.Scalar) -> [Unicode.Scalar] {
        readings[hanja.value] ?? []
    }

    /// The Hangul reading of a run of Hanja: dictionary words longest first, then character by
    /// character with each character's most common reading. Characters without any reading are
    /// left out.
    func reading(of run: [Unicode.Scalar]) -> String {
        let key = String(String.UnicodeScalarView(run))
        lock.lock()
        defer { lock.unlock() }
        if let cached = wordCache[key] { return cached }
        var result = String.UnicodeScalarView()
        var start = 0
        while start < run.count {
            var matched = false
            var length = min(run.count - start, Self.longestWord)
            while length >= 2 {
                if let word = lockedWordReading(Array(run[start..<(start + length)]), wordInitial: result.isEmpty) {
                    var syllables = Array(word.unicodeScalars)
                    if result.isEmpty, let first = syllables.first {
                        syllables[0] = HangulSyllable.initialSoundRule(first)
                    }
                    result.append(contentsOf: syllables)
                    start += length
                    matched = true
                    break
                }
                length -= 1
            }
            if matched { continue }
            if let best = readings[run[start].value]?.first {
                result.append(result.isEmpty ? HangulSyllable.initialSoundRule(best) : best)
            }
            start += 1
        }
        let reading = String(result)
        if wordCache.count > 50_000 { wordCache.removeAll(keepingCapacity: true) }
        wordCache[key] = reading
        return reading
    }

    /// The words written wholly in Hanja that the dictionary files under the Hangul `word`
    /// (문서 → 文書); empty when it has none.
    func hanjaWords(readAs word: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        guard let list = word.withCString({ hanja_table_match_exact(table, $0) }) else { return [] }
        defer { hanja_list_delete(list) }
        var words: [String] = []
        for index in 0..<hanja_list_get_size(list) {
            guard let value = hanja_list_get_nth_value(list, UInt32(index)) else { continue }
            let text = String(cString: value)
            if !text.isEmpty, text.unicodeScalars.allSatisfy(ScalarClass.isHanja) { words.append(text) }
        }
        return words
    }

    /// The dictionary's reading of `word` as one entry, trying its characters' readings (the
    /// first also in its word-initial form when `wordInitial`: the dictionary files 樂浪 under
    /// 낙랑). libhangul also files some words under their characters' other readings (復活 under
    /// 복활 beside 부활, 比率 under 비률 beside 비율); when several readings are filed, the first
    /// that hunspell-ko knows as a Korean word is taken, else one other than the spelling of the
    /// characters' commonest readings. Must be called with `lock` held.
    private func lockedWordReading(_ word: [Unicode.Scalar], wordInitial: Bool) -> String? {
        var options: [[Unicode.Scalar]] = []
        for character in word {
            guard let characterReadings = readings[character.value], !characterReadings.isEmpty
            else { return nil }
            var choices = Array(characterReadings.prefix(4))
            if wordInitial, options.isEmpty {
                for reading in choices where !choices.contains(HangulSyllable.initialSoundRule(reading)) {
                    choices.append(HangulSyllable.initialSoundRule(reading))
                }
            }
            options.append(choices)
        }
        let target = String(String.UnicodeScalarView(word))
        var candidates: [String.UnicodeScalarView] = [String.UnicodeScalarView()]
        for choices in options {
            var next: [String.UnicodeScalarView] = []
            for prefix in candidates {
                for choice in choices {
                    var extended = prefix
                    extended.append(choice)
                    next.append(extended)
                    if next.count >= Self.combinationLimit { break }
                }
                if next.count >= Self.combinationLimit { break }
            }
            candidates = next
        }
        var filed: [String] = []
        for candidate in candidates {
            let hangul = String(candidate)
            guard let list = hangul.withCString({ hanja_table_match_exact(table, $0) }) else { continue }
            defer { hanja_list_delete(list) }
            let count = Int(hanja_list_get_size(list))
            for index in 0..<count {
                if let value = hanja_list_get_nth_value(list, UInt32(index)),
                    String(cString: value) == target
                {
                    filed.append(hangul)
                    break
                }
            }
        }
        guard filed.count > 1 else { return filed.first }
        if let lexicon = PartsOfSpeech.installed, let word = filed.first(where: { !lexicon.classes(of: $0).isEmpty }) {
            return word
        }
        // Neither known (proper names: 樂浪 filed as 악랑 and 낙랑): the reading filed apart from
        // the one spelt with every character's commonest reading.
        let commonest = options.map { $0[0] }
        return filed.first { !zip($0.unicodeScalars, commonest).allSatisfy { HangulSyllable.sameReading($0, $1) } } ?? filed[0]
    }
}

/// Sino-Korean words (한자어) by their Hangul spelling, from libhangul's Hanja dictionary.
public enum SinoKoreanWords {
    /// The Hanja spellings of the Sino-Korean word `hangul` (칠보 → 七寶); empty when the
    /// dictionary has none, or when libhangul's data is not installed.
    public static func hanja(for hangul: String) -> [String] {
        HanjaDictionary.shared?.hanjaWords(readAs: hangul) ?? []
    }
}
