import Foundation

/// What a WAV master says of itself in a RIFF `LIST`/`INFO` chunk, as players, sound editors
/// and ffprobe show it: the track's title (`INAM`), the guide it belongs to (`IPRD`, ffprobe's
/// "album"), its place in the guide (`ITRK`, "3/16", ffprobe's "track") and the program that
/// made it (`ISFT`). The texts are written in UTF-8, each NUL-terminated.
public struct WAVInfoTags: Sendable, Equatable, Codable {
    public var title: String
    public var album: String?
    public var trackNumber: String?
    public var software: String?

    public init(title: String, album: String? = nil, trackNumber: String? = nil, software: String? = nil) {
        self.title = title
        self.album = album
        self.trackNumber = trackNumber
        self.software = software
    }

    /// The fields in file order, those without a value left out.
    var fields: [(id: String, text: String)] {
        [("INAM", title), ("IPRD", album), ("ITRK", trackNumber), ("ISFT", software)].compactMap { field in
            let text = (field.1 ?? "").split(whereSeparator: { $0.isNewline || $0 == "\u{0}" }).joined(separator: " ")
            return text.isEmpty ? nil : (field.0, text)
        }
    }

    /// The `LIST` chunk: `INFO`, then one sub-chunk per field (its size counts the NUL, an odd
    /// size is followed by a pad byte counted in the list's size); empty without any field.
    public var chunk: [UInt8] {
        let fields = fields
        guard !fields.isEmpty else { return [] }
        var list = Array("INFO".utf8)
        for field in fields {
            let text = Array(field.text.utf8) + [0]
            list += Array(field.id.utf8)
            WAVWriter.putUInt32(UInt32(text.count), into: &list)
            list += text
            if text.count % 2 == 1 { list.append(0) }
        }
        var bytes = Array("LIST".utf8)
        WAVWriter.putUInt32(UInt32(list.count), into: &bytes)
        return bytes + list
    }

    /// The tags as one line of text, for a cache record to say which tags its file holds.
    public var fingerprint: String {
        "wav-info-1 " + fields.map { "\($0.id)=\($0.text)" }.joined(separator: "\u{1}")
    }
}
