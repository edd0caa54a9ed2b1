import Foundation

/// The Hangul spellings of words that libhangul's word dictionary (`hanja.txt`, lines
/// `한글:漢字:뜻`) writes wholly in Hanja: 석유 (石油), 금요일 (金曜日), 기념일 (記念日). A word listed
/// only with a native part (물약 as 물藥) or not listed (앞일, 솜이불) is not one. The
/// pronunciation asks it where the standard's ㄴ 첨가 (제29항) depends on whether a compound's
/// parts are Sino-Korean morphemes.
///
/// Words of two to four syllables are kept as `KoreanLexicon.key`s; the file is read once, on
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
        keys = Set(words.compactMap { KoreanLexicon.key($0.unicodeScalars.map(\.value)) })
    }

    /// Reads a file in libhangul's `hanja.txt` format; nil when it cannot be read or lists no
    /// Sino-Korean word.
    public init?(file: String) {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        var keys = Set<UInt64>()
        keys.reserveCapacity(200_000)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            var hangul: [UInt32] = []
            var hanja: [UInt32] = []
            for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x0A {
                defer { lineStart = end + 1 }
                guard end - lineStart > 6, bytes[lineStart] != 0x23 else { continue }     // '#'
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<end])
                guard Self.field(line, 0, into: &hangul), hangul.count >= 2, hangul.count <= 4,
                      hangul.allSatisfy({ $0 >= 0xAC00 && $0 <= 0xD7A3 }),
                      Self.field(line, 1, into: &hanja), hanja.count == hangul.count,
                      hanja.allSatisfy(Self.isHanja),
                      let key = KoreanLexicon.key(hangul) else { continue }
                keys.insert(key)
            }
        }
        guard !keys.isEmpty else { return nil }
        self.keys = keys
    }

    /// Whether the syllables (U+AC00–U+D7A3, two to four) spell a word written wholly in Hanja.
    @inlinable public func contains<C: Collection>(_ syllables: C) -> Bool where C.Element == UInt32 {
        guard let key = KoreanLexicon.key(syllables) else { return false }
        return contains(key: key)
    }

    /// Same, for a word packed by `KoreanLexicon.key`.
    public func contains(key: UInt64) -> Bool { keys.contains(key) }

    /// Whether a scalar is a CJK ideograph (the unified blocks and the compatibility block).
    static func isHanja(_ c: UInt32) -> Bool {
        (0x3400...0x4DBF).contains(c) || (0x4E00...0x9FFF).contains(c) || (0xF900...0xFAFF).contains(c)
            || (0x20000...0x2FFFF).contains(c)
    }

    /// Decodes the `index`-th `:`-separated field of a UTF-8 line into scalars; false when the
    /// line has fewer fields or the field is not valid UTF-8.
    private static func field(_ line: UnsafeBufferPointer<UInt8>, _ index: Int, into out: inout [UInt32]) -> Bool {
        out.removeAll(keepingCapacity: true)
        var i = 0
        var current = 0
        while i < line.count, current < index {
            if line[i] == 0x3A { current += 1 }
            i += 1
        }
        guard current == index else { return false }
        while i < line.count, line[i] != 0x3A {
            let b0 = UInt32(line[i])
            let length = b0 < 0x80 ? 1 : b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4
            guard i + length <= line.count else { return false }
            var c = length == 1 ? b0 : b0 & (0xFF >> (length + 1))
            for k in stride(from: 1, to: length, by: 1) { c = c << 6 | UInt32(line[i + k] & 0x3F) }
            out.append(c)
            i += length
        }
        return true
    }
}
