import Foundation

/// A marker in a WAV file: a sample position and its label (stored as a `cue ` chunk entry plus
/// an `adtl` `labl` sub-chunk, which audio editors show as markers).
public struct CuePoint: Sendable, Hashable, Codable {
    /// Position in sample frames from the start of the audio data.
    public var sampleOffset: UInt32
    /// Free text, stored as UTF-8 and NUL-terminated.
    public var label: String

    public init(sampleOffset: UInt32, label: String) {
        self.sampleOffset = sampleOffset
        self.label = label
    }
}

extension WAVWriter {
    /// What `finish` writes after the audio: the cue chunks, then the tags' `LIST`/`INFO` chunk.
    public static func trailer(cues: [CuePoint], tags: WAVInfoTags?) -> [UInt8] {
        cueChunks(cues) + (tags?.chunk ?? [])
    }

    /// The `cue ` chunk and the `LIST`/`adtl` chunk with one `labl` per cue; empty without cues.
    /// Cue identifiers are 1-based positions in `cues`. Every chunk starts on an even offset: an
    /// odd-sized `labl` is followed by one pad byte, counted in the LIST size but not its own.
    static func cueChunks(_ cues: [CuePoint]) -> [UInt8] {
        guard !cues.isEmpty else { return [] }
        var bytes = [UInt8]()
        bytes += Array("cue ".utf8)
        putUInt32(UInt32(4 + 24 * cues.count), into: &bytes)
        putUInt32(UInt32(cues.count), into: &bytes)
        for (index, cue) in cues.enumerated() {
            putUInt32(UInt32(index + 1), into: &bytes)  // identifier
            putUInt32(cue.sampleOffset, into: &bytes)  // position (no playlist: the frame)
            bytes += Array("data".utf8)  // chunk holding the sample
            putUInt32(0, into: &bytes)  // chunk start (no `wavl` list)
            putUInt32(0, into: &bytes)  // block start (uncompressed PCM)
            putUInt32(cue.sampleOffset, into: &bytes)
        }
        var list = [UInt8]()
        list += Array("adtl".utf8)
        for (index, cue) in cues.enumerated() {
            let text = Array(cue.label.utf8) + [0]
            list += Array("labl".utf8)
            putUInt32(UInt32(4 + text.count), into: &list)
            putUInt32(UInt32(index + 1), into: &list)
            list += text
            if text.count % 2 == 1 { list.append(0) }
        }
        bytes += Array("LIST".utf8)
        putUInt32(UInt32(list.count), into: &bytes)
        bytes += list
        return bytes
    }

    static func putUInt32(_ value: UInt32, into bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    static func putUInt16(_ value: UInt16, into bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }
}
