import ExpoModel
import ExpoSystem
import Foundation
import Hangul

/// Remembers what libhangul's Hanja dictionary answered, so that a later run over text whose
/// Hanja were all seen before does not load the dictionary (a 6 MB table and a reverse
/// index). The answers are the dictionary's own, keyed by exactly what was asked;
/// a memo written with another dictionary file or tool version is ignored.
///
/// The normalizer asks through `HanjaLookup`; the pipeline loads and saves the memo in the
/// cache folder.
public final class HanjaReadingMemo: @unchecked Sendable {
    // @unchecked Sendable: every access to the mutable state below happens while holding `lock`.

    /// The memo the normalizer consults.
    public static let shared = HanjaReadingMemo()

    private struct Stored: Codable {
        var stamp: String
        var characters: [String: String]
        var runs: [String: String]
    }

    private let lock = NSLock()
    private var characters: [UInt32: [Unicode.Scalar]] = [:]
    private var runs: [String: String] = [:]
    private var changed = false

    init() {}

    /// Adds what `file` remembers, if it was written for this dictionary and tool version. What
    /// it holds is verified before use: every reading must be Hangul, every key Hanja (the
    /// dictionary gives nothing else). A file that fails is removed, and the returned note says
    /// so (said once; the readings are looked up again).
    @discardableResult
    public func load(from file: URL, toolVersion: String) -> String? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        guard let stored = try? JSONDecoder().decode(Stored.self, from: data),
            stored.characters.allSatisfy({ $0.key.unicodeScalars.count == 1 && Self.isReading($0.value) && Self.isHanja($0.key) }),
            stored.runs.allSatisfy({ Self.isReading($0.value) && Self.isHanja($0.key) })
        else {
            try? FileManager.default.removeItem(at: file)
            return "The cached Hanja readings \(file.path) were damaged; they were removed and are looked up again"
        }
        guard stored.stamp == Self.stamp(toolVersion: toolVersion) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        for (key, value) in stored.characters {
            guard let character = key.unicodeScalars.first else { continue }
            characters[character.value] = characters[character.value] ?? Array(value.unicodeScalars)
        }
        runs.merge(stored.runs) { current, _ in current }
        return nil
    }

    /// Hangul syllables and spaces only (what a reading is); empty is allowed (no reading).
    private static func isReading(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { HangulSyllable.contains($0) || $0 == " " }
    }

    /// Han ideographs only (what the dictionary is asked).
    private static func isHanja(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isIdeographic }
    }

    /// Writes the memo to `file` (under a temporary name, then renamed) if it learnt anything.
    public func save(to file: URL, toolVersion: String) {
        lock.lock()
        guard changed else {
            lock.unlock()
            return
        }
        var stored = Stored(stamp: Self.stamp(toolVersion: toolVersion), characters: [:], runs: runs)
        for (key, value) in characters {
            guard let character = Unicode.Scalar(key) else { continue }
            stored.characters[String(Character(character))] = String(String.UnicodeScalarView(value))
        }
        changed = false
        lock.unlock()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(stored) else { return }
        // A memo that cannot be written is only time lost next run.
        try? AtomicFile.write(data, to: file)
    }

    /// The readings of one character: remembered, or asked of `dictionary` and remembered.
    func readings(of hanja: Unicode.Scalar, dictionary: () -> HanjaDictionary?) -> [Unicode.Scalar]? {
        lock.lock()
        if let known = characters[hanja.value] {
            lock.unlock()
            return known
        }
        lock.unlock()
        guard let dictionary = dictionary() else { return nil }
        let answer = dictionary.readings(of: hanja)
        lock.lock()
        characters[hanja.value] = answer
        changed = true
        lock.unlock()
        return answer
    }

    /// The reading of a run of Hanja: remembered, or asked of `dictionary` and remembered.
    func reading(of run: [Unicode.Scalar], dictionary: () -> HanjaDictionary?) -> String? {
        let key = String(String.UnicodeScalarView(run))
        lock.lock()
        if let known = runs[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        guard let dictionary = dictionary() else { return nil }
        let answer = dictionary.reading(of: run)
        lock.lock()
        if runs.count < 200_000 { runs[key] = answer }
        changed = true
        lock.unlock()
        return answer
    }

    /// How runs are read: a change (2: of a word filed under several readings, hunspell-ko's
    /// word) makes every older memo one to ignore, so its runs are read again.
    static let readingVersion = "runs 2"

    /// Names the dictionary file (by size and modification time), the tool's version and the
    /// reading's.
    static func stamp(toolVersion: String) -> String {
        let path = "/usr/share/libhangul/hanja/hanja.txt"
        guard let status = FileStatus.of(path, followingLinks: true) else { return "\(toolVersion) \(readingVersion) no-dictionary" }
        return "\(toolVersion) \(readingVersion) \(path) \(status.size) \(status.modifiedSeconds)"
    }
}

/// How the normalizer asks about Hanja: the memo first, libhangul's dictionary (loaded on
/// first need) otherwise.
enum HanjaLookup {
    private static func dictionary() -> HanjaDictionary? { HanjaDictionary.shared }

    /// Whether `hangul` (syllables, same count) is a reading of `hanja`, character by character;
    /// false when there is no dictionary.
    static func isReading(_ hangul: ArraySlice<Unicode.Scalar>, of hanja: [Unicode.Scalar]) -> Bool {
        guard hangul.count == hanja.count, !hanja.isEmpty else { return false }
        for (syllable, character) in zip(hangul, hanja) {
            guard let options = HanjaReadingMemo.shared.readings(of: character, dictionary: dictionary) else { return false }
            if !options.contains(where: { HangulSyllable.sameReading($0, syllable) }) { return false }
        }
        return true
    }

    /// The readings of one character, its own (본음) first; empty when there is no dictionary.
    static func readings(of hanja: Unicode.Scalar) -> [Unicode.Scalar] {
        HanjaReadingMemo.shared.readings(of: hanja, dictionary: dictionary) ?? []
    }

    /// The Hangul reading of a run of Hanja; empty when there is no dictionary.
    static func reading(of run: [Unicode.Scalar]) -> String {
        HanjaReadingMemo.shared.reading(of: run, dictionary: dictionary) ?? ""
    }
}
