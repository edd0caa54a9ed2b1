import ExpoModel

/// Writes ID3v2.4.0 tags (id3.org "ID3 tag version 2.4.0 - Main Structure" and the "ID3v2
/// Chapter Frame Addendum" 1.0): text frames in UTF-8 and CHAP/CTOC chapter frames, with
/// sync-safe sizes, no unsynchronisation, no extended header, no footer.
enum ID3v2 {
    /// A complete tag. Chapter k ends where k+1 starts; the last ends at `durationMs`. Sizes do
    /// not depend on the times, so a tag can be rewritten in place once the duration is known.
    static func tag(_ metadata: TrackMetadata, chapters: [ChapterMark], durationMs: UInt32) throws(ExpoError) -> [UInt8] {
        var body: [UInt8] = []
        let texts: [(String, String?)] = [
            ("TIT2", metadata.title), ("TPE1", metadata.artist),
            ("TALB", metadata.album), ("TRCK", metadata.trackNumber),
        ]
        for case (let id, let value?) in texts { body += try frame(id, textPayload(value)) }
        if !chapters.isEmpty {
            guard chapters.count <= 255 else {
                throw .invalidArgument("An ID3v2 table of contents holds at most 255 chapters, not \(chapters.count).")
            }
            let ids = chapters.indices.map { "chp\($0 + 1)" }
            body += try frame("CTOC", tableOfContents(childIDs: ids))
            for (index, chapter) in chapters.enumerated() {
                let start = milliseconds(chapter.startSeconds)
                let end = index + 1 < chapters.count ? milliseconds(chapters[index + 1].startSeconds) : max(start, durationMs)
                body += try frame("CHAP", chapterPayload(id: ids[index], startMs: start, endMs: end, title: chapter.title))
            }
        }
        guard body.count < 1 << 28 else { throw .invalidArgument("An ID3v2 tag cannot exceed 256 MiB.") }
        return Array("ID3".utf8) + [4, 0, 0] + syncSafe(body.count) + body
    }

    /// Length of the ID3v2 tag at the start of `bytes` (0 if there is none).
    static func tagLength(_ bytes: [UInt8]) -> Int {
        guard bytes.count >= 10, bytes[0..<3].elementsEqual("ID3".utf8) else { return 0 }
        let size = bytes[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
        let footer = bytes[5] & 0x10 != 0 ? 10 : 0
        return 10 + size + footer
    }

    static func milliseconds(_ seconds: Double) -> UInt32 {
        UInt32(clamping: Int64((max(0, seconds) * 1000).rounded()))
    }

    /// A frame: 4-character ID, sync-safe size, two zero flag bytes, payload.
    private static func frame(_ id: String, _ payload: [UInt8]) throws(ExpoError) -> [UInt8] {
        guard payload.count < 1 << 28 else { throw .invalidArgument("ID3v2 frame \(id) is too large.") }
        return Array(id.utf8) + syncSafe(payload.count) + [0, 0] + payload
    }

    /// Text frame payload: encoding 3 (UTF-8), then the text.
    private static func textPayload(_ text: String) -> [UInt8] { [3] + Array(text.utf8) }

    /// CHAP: element ID (terminated), start/end time in ms, start/end byte offsets unused
    /// (0xFFFFFFFF), then a TIT2 sub-frame with the title.
    private static func chapterPayload(id: String, startMs: UInt32, endMs: UInt32, title: String) throws(ExpoError) -> [UInt8] {
        var payload = Array(id.utf8) + [0]
        for value in [startMs, endMs, UInt32.max, UInt32.max] { payload += bigEndian(value) }
        return payload + (try frame("TIT2", textPayload(title)))
    }

    /// CTOC: element ID "toc" (terminated), flags (top-level 0x02 | ordered 0x01), entry count,
    /// the child element IDs (each terminated).
    private static func tableOfContents(childIDs: [String]) -> [UInt8] {
        var payload = Array("toc".utf8) + [0, 0x03, UInt8(childIDs.count)]
        for id in childIDs { payload += Array(id.utf8) + [0] }
        return payload
    }

    private static func syncSafe(_ value: Int) -> [UInt8] {
        [21, 14, 7, 0].map { UInt8((value >> $0) & 0x7F) }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8((value >> UInt32($0)) & 0xFF) }
    }
}
