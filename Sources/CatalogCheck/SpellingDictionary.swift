import CHunspellShim
import ExpoSystem
import Foundation

/// A Hunspell spelling dictionary (Debian: hunspell-ko for Korean), through libhunspell.
///
/// This is the only file that talks to libhunspell, through CHunspellShim, which catches every
/// C++ exception (memory short under `ulimit -v` is `std::bad_alloc`); its pointers never leave
/// it. A call that fails leaves the dictionary failed: later calls answer as if it knew every
/// word (no finding is made from a failed dictionary), and `failure` says why. One dictionary is
/// used by one thread at a time (the checker is sequential); it is not `Sendable`.
public final class SpellingDictionary {
    /// The folders Debian installs Hunspell dictionaries in.
    public static let searchFolders = ["/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts"]

    /// A dictionary that exists but could not be loaded.
    public struct LoadFailure: Error, CustomStringConvertible {
        /// The .aff file and libhunspell's reason.
        public let description: String
    }

    /// The dictionary file pair that was loaded (the .aff file).
    public let affixFile: String
    /// Why a call failed (e.g. "out of memory"), after which the dictionary is not used; nil
    /// while every call has worked.
    public private(set) var failure: String?
    private let handle: OpaquePointer
    /// The words a reduced dictionary was loaded for; asking another fails the dictionary, since
    /// its answer could differ from the whole dictionary's.
    private let words: Set<String>?

    /// Whether only the part of the dictionary that can read the words given at loading was
    /// loaded (see `DictionaryReduction`); false when the whole dictionary was.
    public let isReduced: Bool

    /// Loads the dictionary `name` (e.g. "ko_KR", "ko") from the first folder of `folders` that
    /// has both its .aff and .dic files; nil when none has; `LoadFailure` when libhunspell
    /// failed to load it. With `words`, only what can take part in reading those words is
    /// loaded (about a tenth of hunspell-ko's memory for a catalog's words), through a reduced
    /// copy of the files in a private temporary folder removed at once; the answers for those
    /// words are the whole dictionary's, and other words must not be asked. `beforeLoading` is
    /// called once the files are chosen (and reduced), just before libhunspell loads them.
    public init?(
        names: [String], folders: [String] = SpellingDictionary.searchFolders, onlyFor words: Set<String>? = nil,
        beforeLoading: () -> Void = {}
    ) throws {
        for folder in folders {
            for name in names {
                let aff = folder + "/" + name + ".aff"
                let dic = folder + "/" + name + ".dic"
                guard FileManager.default.isReadableFile(atPath: aff), FileManager.default.isReadableFile(atPath: dic) else { continue }
                var files = (aff: aff, dic: dic)
                // The reduced copy: two unnamed files (no folder, no name left whatever ends the
                // process), which libhunspell opens by their /proc/self/fd paths.
                var reduced: (aff: POSIXFile, dic: POSIXFile)?
                defer {
                    reduced?.aff.closeQuietly()
                    reduced?.dic.closeQuietly()
                }
                if let words {
                    do {
                        let folder = ChildProcess.temporaryFolder
                        let copy = (
                            aff: try POSIXFile.createUnnamed(in: folder, shownAs: folder),
                            dic: try POSIXFile.createUnnamed(in: folder, shownAs: folder)
                        )
                        reduced = copy
                        if try DictionaryReduction.write(affix: aff, dictionary: dic, words: words, to: copy.aff, copy.dic) != nil {
                            files = (copy.aff.procPath, copy.dic.procPath)
                        }
                        // What the reduction freed is given back before libhunspell loads: part
                        // of it was another thread's heap, which the loading would not reuse.
                        HeapMemory.releaseFreePages()
                    } catch {
                        // No room for the copy: the whole dictionary answers the same.
                    }
                }
                beforeLoading()
                var error = [CChar](repeating: 0, count: 256)
                let size = error.count
                guard let handle = expo_hunspell_create(files.aff, files.dic, &error, size) else {
                    throw LoadFailure(description: "\(aff): \(Self.text(error))")
                }
                self.handle = handle
                self.affixFile = aff
                self.isReduced = files.aff != aff
                self.words = isReduced ? words : nil
                return
            }
        }
        return nil
    }

    deinit { expo_hunspell_destroy(handle) }

    /// Whether the dictionary accepts `word` (with its particles and endings).
    public func knows(_ word: String) -> Bool {
        guard failure == nil, covers(word) else { return true }
        var error = [CChar](repeating: 0, count: 256)
        let size = error.count
        let result = expo_hunspell_spell(handle, word, &error, size)
        if result < 0 { failure = Self.text(error) }
        return result != 0
    }

    /// The dictionary forms (lemmas) `word` may come from: 문서를 → 문서, 알려져 → 알려지다.
    public func stems(of word: String) -> [String] {
        guard covers(word) else { return [] }
        return list { expo_hunspell_stem(handle, word, $0, $1, $2) }
    }

    /// Hunspell's morphological analyses of `word`, e.g. " st:문서 fl:541" (a stem with an
    /// affix) or " pa:개 st:개" (a compound of parts).
    public func analyses(of word: String) -> [String] {
        guard covers(word) else { return [] }
        return list { expo_hunspell_analyze(handle, word, $0, $1, $2) }
    }

    /// Whether `word` is one the dictionary was loaded for; if not, the dictionary is failed.
    private func covers(_ word: String) -> Bool {
        guard let words, !words.contains(word) else { return true }
        failure = failure ?? "the word '\(word)' was asked of a dictionary reduced to other words (a defect of the check)"
        return false
    }

    /// The NUL-terminated text in `buffer`.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private typealias ListCall = (
        UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        UnsafeMutablePointer<CChar>, Int
    ) -> Int32

    private func list(_ call: ListCall) -> [String] {
        guard failure == nil else { return [] }
        var result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var error = [CChar](repeating: 0, count: 256)
        let size = error.count
        let count = Int(call(&result, &error, size))
        defer { expo_hunspell_free_list(result, Int32(max(count, 0))) }
        guard count >= 0 else {
            failure = Self.text(error)
            return []
        }
        guard let words = result else { return [] }
        return (0..<count).compactMap { words[$0].map { String(cString: $0) } }
    }
}
