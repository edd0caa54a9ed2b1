import Foundation
import Hangul

/// The Hangul spellings of words that libhangul's word dictionary (`hanja.txt`, lines
/// `한글:漢字:뜻`) writes wholly in Hanja: 석유 (石油), 금요일 (金曜日), 기념일 (記念日). A word listed
/// only with a native part (물약 as 물藥) or not listed (앞일, 솜이불) is not one. The
/// pronunciation asks it where the standard's ㄴ 첨가 (제29항) depends on whether a compound's
/// parts are Sino-Korean morphemes.
///
/// Words of two to four syllables are kept as `PartsOfSpeech.key`s; the file is read once, on
/// first use, with no C library.
public struct SinoKoreanWords: Sendable {
    private let keys: Set<UInt64>

    /// The files `installed` tries, in order (Debian's libhangul-data and a local install).
    public static let searchFiles = ["/usr/share/libhangul/hanja/hanja.txt", "/usr/local/share/libhangul/hanja/hanja.txt"]

    /// The installed libhangul word dictionary's Sino-Korean words, loaded on first use; nil
    /// when no file is installed (the pronunciation then decides from hunspell-ko alone).
    public static let installed: SinoKoreanWords? = {
        for file in searchFiles {
            if let words = SinoKoreanWords(file: file) { return words }
        }
        return nil
    }()

    /// Words given as Hangul strings (for tests and callers with their own list).
    public init(words: [String]) {
        keys = Set(words.compactMap { PartsOfSpeech.key($0.unicodeScalars.map(\.value)) })
    }

    /// Reads a file in libhangul's `hanja.txt` format; nil when it cannot be read or lists no
    /// Sino-Korean word.
    public init?(file: String) {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        var keys = Set<UInt64>()
        keys.reserveCapacity(300_000)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x0A {
                defer { lineStart = end + 1 }
                if let key = Self.sinoKey(UnsafeBufferPointer(rebasing: bytes[lineStart..<end])) { keys.insert(key) }
            }
        }
        guard !keys.isEmpty else { return nil }
        self.keys = keys
    }

    /// Whether the syllables (U+AC00–U+D7A3, two to four) spell a word written wholly in Hanja.
    @inlinable public func contains<C: Collection>(_ syllables: C) -> Bool where C.Element == UInt32 {
        guard let key = PartsOfSpeech.key(syllables) else { return false }
        return contains(key: key)
    }

    /// Same, for a word packed by `PartsOfSpeech.key`.
    public func contains(key: UInt64) -> Bool { keys.contains(key) }

    /// Whether a scalar is a CJK ideograph (the unified blocks and the compatibility block).
    static func isHanja(_ c: UInt32) -> Bool {
        (0x3400...0x4DBF).contains(c) || (0x4E00...0x9FFF).contains(c) || (0xF900...0xFAFF).contains(c)
            || (0x20000...0x2FFFF).contains(c)
    }

    /// The `PartsOfSpeech.key` of a line `한글:漢字:…` whose Hangul has two to four syllables and
    /// whose Hanja has one ideograph per syllable; nil for any other line (comments included).
    private static func sinoKey(_ line: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var i = 0
        var key: UInt64 = 0
        var n: UInt64 = 0
        while i < line.count, line[i] != 0x3A {  // the Hangul: 3 bytes a syllable
            guard n < 4, i + 2 < line.count, let c = scalar3(line, i), HangulSyllable.contains(c) else { return nil }
            key = key << 14 | UInt64(c - HangulSyllable.first)
            n += 1
            i += 3
        }
        guard n >= 2, i < line.count else { return nil }
        i += 1
        var m: UInt64 = 0
        while i < line.count, line[i] != 0x3A {  // the Hanja: 3 or 4 bytes each
            let b0 = line[i]
            let length = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : 0
            guard length > 0, i + length <= line.count else { return nil }
            var c = UInt32(b0) & (length == 4 ? 0x07 : 0x0F)
            for k in 1..<length { c = c << 6 | UInt32(line[i + k] & 0x3F) }
            guard isHanja(c) else { return nil }
            m += 1
            i += length
        }
        return m == n ? key | n << 61 : nil
    }

    /// The scalar of a 3-byte UTF-8 sequence at `i`; nil when the bytes are not one.
    @inline(__always) private static func scalar3(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32? {
        guard b[i] & 0xF0 == 0xE0, b[i + 1] & 0xC0 == 0x80, b[i + 2] & 0xC0 == 0x80 else { return nil }
        return UInt32(b[i] & 0x0F) << 12 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F)
    }
}
