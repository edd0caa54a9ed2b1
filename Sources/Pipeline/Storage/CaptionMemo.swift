import ExpoModel
import ExpoSystem
import Export
import Foundation
import GuideCache

/// Each track's caption cues as split before, kept in the cache folder in one file
/// (`captions`), so that a run whose tracks and timings did not change does not split them again
/// (`CaptionSplitter` was a quarter of a warm run). An entry's key is the SHA-256 of everything
/// the cues are made from (`TrackCaptions.inputs`: the sentences, the audio's cues and length)
/// and of the code that makes them (`ProgramIdentity`: the program and every library it runs,
/// by inode, size and times), so another build, another library or other input is a miss, never
/// a wrong hit. The file is rewritten only when a track was split now (it then keeps only this
/// run's entries); an entry that cannot be read is split again.
final class CaptionMemo {
    /// The memo file, or nil when the run has no cache folder (then every track is split).
    let file: URL?
    private var stored: [String: Substring] = [:]
    private var kept: [String: String] = [:]
    private var changed = false
    /// Tracks split in this run (for tests).
    private(set) var splitCount = 0

    static let fileName = CacheEntryKind.captions.name
    static let header = "expo-narrate captions 1"

    init(cacheFolder: URL?) {
        file = cacheFolder?.appendingPathComponent(Self.fileName)
        guard let file, let data = FileTree.readSmallFile(file.path) else { return }
        stored = Self.parse(String(decoding: data, as: UTF8.self))
    }

    /// The entries of a memo file's text: a header with the SHA-256 of the rest, then for each
    /// track "= KEY LINES" and that many lines of cues (`TrackCaptions.encoded`). Nothing from a
    /// file with another header or whose rest is not what the header's digest says (damage); a
    /// malformed entry ends the reading (the entries before it are kept).
    static func parse(_ text: String) -> [String: Substring] {
        guard let newline = text.utf8.firstIndex(of: 10) else { return [:] }
        let rest = text[text.utf8.index(after: newline)...]
        guard text[..<newline] == Substring(header + " " + SHA256Digest.key([String(rest)])) else { return [:] }
        var entries: [String: Substring] = [:]
        let lines = rest.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < lines.count, lines[index].hasPrefix("= ") {
            let fields = lines[index].split(separator: " ")
            // Each of the entry's lines must end in a line feed: one more (perhaps empty) follows.
            guard fields.count == 3, CacheFolder.isKey(String(fields[1])), let count = Int(fields[2]), count >= 0,
                index + count + 1 < lines.count
            else { break }
            if count == 0 {
                entries[String(fields[1])] = Substring("")
            } else {
                let first = lines[index + 1].startIndex
                let last = lines[index + count].endIndex
                entries[String(fields[1])] = rest[first..<rest.utf8.index(after: last)]
            }
            index += count + 1
        }
        return entries
    }

    /// The key of the cues of `track` and `result` made by this program.
    static func key(track: Track, result: TrackResult) -> String {
        SHA256Digest.key([programKey, TrackCaptions.inputs(track: track, result: result)])
    }

    private static let programKey = SHA256Digest.key(["caption code", ProgramIdentity.current])

    /// Reads the program's part of the key now (it is read once per process): before a library
    /// is opened at run time, which would otherwise make it part of the key in some runs only.
    static func readProgramKey() {
        _ = programKey
    }

    /// The cues of `track` timed by `result`: kept ones when the memo has them, else split now.
    func captions(track: Track, result: TrackResult) -> TrackCaptions {
        guard file != nil else {
            splitCount += 1
            return TrackCaptions(track: track, result: result)
        }
        let key = Self.key(track: track, result: result)
        if let text = kept[key] ?? stored[key].map(String.init), let captions = TrackCaptions(encoded: Substring(text)) {
            kept[key] = text
            return captions
        }
        splitCount += 1
        let captions = TrackCaptions(track: track, result: result)
        kept[key] = captions.encoded
        changed = true
        return captions
    }

    /// Writes the memo with this run's entries when a track was split now; best effort (a memo
    /// that cannot be written only means splitting again next time).
    func save() {
        guard changed, let file else { return }
        changed = false
        var body = ""
        for (key, cues) in kept.sorted(by: { $0.key < $1.key }) {
            let lines = cues.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            body += "= \(key) \(lines)\n" + cues
        }
        let text = Self.header + " " + SHA256Digest.key([body]) + "\n" + body
        try? AtomicFile.write(Data(text.utf8), to: file)
    }
}
