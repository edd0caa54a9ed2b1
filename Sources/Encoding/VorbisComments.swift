import ExpoModel

/// Vorbis-comment fields (RFC 7845 §5.2) for tags and chapters, shared by the Opus encoder and
/// the guide assembler.
enum VorbisComments {
    /// `KEY=value` pairs for the metadata and the chapters, in the order they are written.
    static func fields(_ metadata: TrackMetadata, chapters: [ChapterMark]) -> [(String, String)] {
        var fields: [(String, String)] = []
        if let title = metadata.title { fields.append(("TITLE", title)) }
        if let artist = metadata.artist { fields.append(("ARTIST", artist)) }
        if let album = metadata.album { fields.append(("ALBUM", album)) }
        if let number = metadata.trackNumber { fields.append(("TRACKNUMBER", number)) }
        for (index, chapter) in chapters.enumerated() {
            let key = "CHAPTER" + pad(Int64(index + 1), 3)
            fields.append((key, timestamp(chapter.startSeconds)))
            fields.append((key + "NAME", chapter.title))
        }
        return fields
    }

    /// `HH:MM:SS.mmm`, rounded to the millisecond.
    static func timestamp(_ seconds: Double) -> String {
        let totalMs = Int64((max(0, seconds) * 1000).rounded())
        let ms = totalMs % 1000
        let s = (totalMs / 1000) % 60
        let m = (totalMs / 60_000) % 60
        let h = totalMs / 3_600_000
        return "\(pad(h, 2)):\(pad(m, 2)):\(pad(s, 2)).\(pad(ms, 3))"
    }

    /// A complete OpusTags packet.
    static func opusTagsPacket(vendor: String, fields: [(String, String)]) -> [UInt8] {
        var bytes = Array("OpusTags".utf8)
        let vendorBytes = Array(vendor.utf8)
        appendLE32(&bytes, UInt32(vendorBytes.count))
        bytes += vendorBytes
        appendLE32(&bytes, UInt32(fields.count))
        for (key, value) in fields {
            let entry = Array("\(key)=\(value)".utf8)
            appendLE32(&bytes, UInt32(entry.count))
            bytes += entry
        }
        return bytes
    }

    /// Checks chapters: at most 999 (three digits), in order, none negative.
    static func validate(_ chapters: [ChapterMark], file: String) throws(ExpoError) {
        guard chapters.count <= 999 else { throw .invalidArgument("\(file): at most 999 chapters can be written, not \(chapters.count).") }
        var previous = -Double.infinity
        for chapter in chapters {
            guard chapter.startSeconds.isFinite, chapter.startSeconds >= 0, chapter.startSeconds >= previous else {
                throw .invalidArgument(
                    "\(file): chapter \"\(chapter.title)\" starts at \(chapter.startSeconds) s; chapters must start at 0 s or later, in order.")
            }
            previous = chapter.startSeconds
        }
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
