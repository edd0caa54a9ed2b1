import ExpoModel

/// Parsing MPEG audio Layer III frame headers and walking the frames of a file (ISO/IEC 11172-3
/// and 13818-3), in Swift: used to join tracks' frames and to check the bit reservoir.
struct MP3FrameHeader: Equatable {
    var isMPEG1: Bool
    var versionBits: UInt8
    var hasCRC: Bool
    var bitrateIndex: Int
    var sampleRate: Int
    var padding: Bool
    var isMono: Bool

    /// Frame length in bytes, header included.
    var length: Int {
        let kbps = (isMPEG1 ? Self.mpeg1Kbps : Self.mpeg2Kbps)[bitrateIndex]
        return (isMPEG1 ? 144 : 72) * kbps * 1000 / sampleRate + (padding ? 1 : 0)
    }
    /// PCM samples per channel in one frame.
    var samplesPerFrame: Int { isMPEG1 ? 1152 : 576 }
    /// Bytes of side information after the header (and its CRC).
    var sideInfoLength: Int { isMPEG1 ? (isMono ? 17 : 32) : (isMono ? 9 : 17) }
    /// Offset of the side information in the frame.
    var sideInfoOffset: Int { hasCRC ? 6 : 4 }

    static let mpeg1Kbps = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
    static let mpeg2Kbps = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]

    /// Parses the 4 bytes at `offset`; nil if they are not a valid Layer III header.
    init?(_ bytes: [UInt8], at offset: Int) {
        guard offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] & 0xE0 == 0xE0 else { return nil }
        let b1 = bytes[offset + 1]
        let b2 = bytes[offset + 2]
        let b3 = bytes[offset + 3]
        versionBits = (b1 >> 3) & 3
        guard versionBits != 1, (b1 >> 1) & 3 == 1 else { return nil }
        isMPEG1 = versionBits == 3
        hasCRC = b1 & 1 == 0
        bitrateIndex = Int(b2 >> 4)
        let rateIndex = Int((b2 >> 2) & 3)
        guard (1...14).contains(bitrateIndex), rateIndex != 3 else { return nil }
        let rates = [[11_025, 12_000, 8_000], [], [22_050, 24_000, 16_000], [44_100, 48_000, 32_000]]
        sampleRate = rates[Int(versionBits)][rateIndex]
        padding = (b2 >> 1) & 1 == 1
        isMono = b3 >> 6 == 3
    }

    /// The side information's `main_data_begin`: how many bytes of earlier frames this frame's
    /// audio data starts in (0 = it uses no bit reservoir).
    func mainDataBegin(_ bytes: [UInt8], frameOffset: Int) -> Int {
        let at = frameOffset + sideInfoOffset
        return isMPEG1 ? Int(bytes[at]) << 1 | Int(bytes[at + 1] >> 7) : Int(bytes[at])
    }

    /// A frame of digital silence with this header's version, rate and mode, at `bitrateIndex`:
    /// all side information zero (no reservoir, no Huffman data), so it decodes to zeros.
    static func silentFrame(templateBytes: [UInt8], bitrateIndex: Int) -> [UInt8] {
        var header = MP3FrameHeader(templateBytes, at: 0)!
        header.bitrateIndex = bitrateIndex
        header.padding = false
        header.hasCRC = false
        var frame = [UInt8](repeating: 0, count: header.length)
        frame[0] = 0xFF
        frame[1] = (templateBytes[1] & 0xFE) | 1
        frame[2] = UInt8(bitrateIndex << 4) | (templateBytes[2] & 0x0C)
        frame[3] = templateBytes[3] & 0xCF
        return frame
    }
}

/// The layout of an MP3 file written by `MP3FileEncoder`: ID3v2 tag, info frame, audio frames.
struct MP3FileLayout {
    /// Bytes before the first frame (the ID3v2 tag).
    var audioStart: Int
    /// The LAME/Xing info frame, if the first frame is one.
    var infoFrame: Range<Int>?
    /// Each audio frame's byte range (info frame excluded).
    var frames: [Range<Int>]
    var header: MP3FrameHeader

    init(bytes: [UInt8], file: String) throws(ExpoError) {
        audioStart = ID3v2.tagLength(bytes)
        var offset = audioStart
        var frames: [Range<Int>] = []
        var first: MP3FrameHeader?
        while offset + 4 <= bytes.count {
            if bytes[offset..<offset + 3].elementsEqual("TAG".utf8) { break }
            guard let header = MP3FrameHeader(bytes, at: offset), offset + header.length <= bytes.count else {
                throw .malformed(file: file, reason: "no MPEG Layer III frame at byte \(offset)")
            }
            if let first, first.sampleRate != header.sampleRate || first.isMono != header.isMono {
                throw .malformed(file: file, reason: "frames of different rates or modes at byte \(offset)")
            }
            first = first ?? header
            frames.append(offset..<offset + header.length)
            offset += header.length
        }
        guard let first, !frames.isEmpty else { throw .malformed(file: file, reason: "no MP3 frames") }
        header = first
        if LAMETag.xingOffset(bytes, frame: frames[0], header: first) != nil {
            infoFrame = frames.removeFirst()
        }
        self.frames = frames
    }
}
