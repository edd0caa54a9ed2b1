import CHunspell
import Foundation

/// A Hunspell spelling dictionary (Debian: hunspell-ko for Korean), through libhunspell.
///
/// This is the only file that talks to libhunspell; its pointers never leave it. One dictionary
/// is used by one thread at a time (the checker is sequential); it is not `Sendable`.
public final class SpellingDictionary {
    /// The folders Debian installs Hunspell dictionaries in.
    public static let searchFolders = ["/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts"]

    /// The dictionary file pair that was loaded (the .aff file).
    public let affixFile: String
    private let handle: OpaquePointer

    /// Loads the dictionary `name` (e.g. "ko_KR", "ko") from the first folder of `folders` that
    /// has both its .aff and .dic files; nil when none has.
    public init?(names: [String], folders: [String] = SpellingDictionary.searchFolders) {
        for folder in folders {
            for name in names {
                let aff = folder + "/" + name + ".aff", dic = folder + "/" + name + ".dic"
                guard FileManager.default.isReadableFile(atPath: aff), FileManager.default.isReadableFile(atPath: dic),
                      let handle = Hunspell_create(aff, dic) else { continue }
                self.handle = handle
                self.affixFile = aff
                return
            }
        }
        return nil
    }

    deinit { Hunspell_destroy(handle) }

    /// Whether the dictionary accepts `word` (with its particles and endings).
    public func knows(_ word: String) -> Bool {
        Hunspell_spell(handle, word) != 0
    }

    /// The dictionary forms (lemmas) `word` may come from: 문서를 → 문서, 알려져 → 알려지다.
    public func stems(of word: String) -> [String] {
        list { Hunspell_stem(handle, $0, word) }
    }

    /// Hunspell's morphological analyses of `word`, e.g. " st:문서 fl:541" (a stem with an
    /// affix) or " pa:개 st:개" (a compound of parts).
    public func analyses(of word: String) -> [String] {
        list { Hunspell_analyze(handle, $0, word) }
    }

    private func list(_ call: (UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32) -> [String] {
        var result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = Int(call(&result))
        defer { if result != nil { Hunspell_free_list(handle, &result, Int32(count)) } }
        guard count > 0, let words = result else { return [] }
        return (0..<count).compactMap { words[$0].map { String(cString: $0) } }
    }
}
