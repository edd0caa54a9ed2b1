/// The Xing/Info frame and its LAME extension (the "LAME tag"): frame and byte counts, seek table,
/// encoder delay and padding (for gapless decoding), music length and CRCs. Layout: "Xing"/"Info",
/// flags, [frames], [bytes], [100-byte TOC], [quality], then 36 bytes starting "LAME".
struct LAMETag {
    var frame: [UInt8]
    let xingOffset: Int
    let flags: UInt32
    let lameOffset: Int?

    /// Offset of "Xing" or "Info" in the frame at `frame`, if it is an info frame.
    static func xingOffset(_ bytes: [UInt8], frame: Range<Int>, header: MP3FrameHeader) -> Int? {
        let at = frame.lowerBound + header.sideInfoOffset + header.sideInfoLength
        guard at + 8 <= frame.upperBound else { return nil }
        let tag = bytes[at..<at + 4]
        return tag.elementsEqual("Xing".utf8) || tag.elementsEqual("Info".utf8) ? at - frame.lowerBound : nil
    }

    init?(frame: [UInt8], header: MP3FrameHeader) {
        guard let xing = Self.xingOffset(frame, frame: 0..<frame.count, header: header) else { return nil }
        self.frame = frame
        xingOffset = xing
        flags = readBE32(frame, xing + 4)
        var lame = xing + 8
        if flags & 1 != 0 { lame += 4 }
        if flags & 2 != 0 { lame += 4 }
        if flags & 4 != 0 { lame += 100 }
        if flags & 8 != 0 { lame += 4 }
        lameOffset = lame + 36 <= frame.count && frame[lame..<lame + 4].elementsEqual("LAME".utf8) ? lame : nil
    }

    /// True when the stream is constant-bitrate ("Info" rather than "Xing").
    var isCBR: Bool { frame[xingOffset..<xingOffset + 4].elementsEqual("Info".utf8) }

    /// Encoder delay in samples (0 without a LAME extension).
    var delay: Int {
        guard let l = lameOffset else { return 0 }
        return Int(frame[l + 21]) << 4 | Int(frame[l + 22] >> 4)
    }

    /// Padding in samples at the end (0 without a LAME extension).
    var padding: Int {
        guard let l = lameOffset else { return 0 }
        return Int(frame[l + 22] & 0x0F) << 8 | Int(frame[l + 23])
    }

    var framesField: UInt32? { flags & 1 != 0 ? readBE32(frame, xingOffset + 8) : nil }
    var bytesField: UInt32? { flags & 2 != 0 ? readBE32(frame, xingOffset + 8 + (flags & 1 != 0 ? 4 : 0)) : nil }
    var musicLength: UInt32? { lameOffset.map { readBE32(frame, $0 + 28) } }
    var musicCRC: UInt16? { lameOffset.map { UInt16(frame[$0 + 32]) << 8 | UInt16(frame[$0 + 33]) } }
    var tagCRC: UInt16? { lameOffset.map { UInt16(frame[$0 + 34]) << 8 | UInt16(frame[$0 + 35]) } }

    /// Rewrites the fields describing the whole stream and recomputes the tag CRC.
    mutating func update(
        frames: Int, bytes: Int, toc: [UInt8], delay: Int, padding: Int,
        musicLength: Int, musicCRC: UInt16
    ) {
        var field = xingOffset + 8
        if flags & 1 != 0 {
            writeBE32(&frame, field, UInt32(frames))
            field += 4
        }
        if flags & 2 != 0 {
            writeBE32(&frame, field, UInt32(bytes))
            field += 4
        }
        if flags & 4 != 0 { frame.replaceSubrange(field..<field + 100, with: toc) }
        guard let l = lameOffset else { return }
        frame[l + 21] = UInt8((delay >> 4) & 0xFF)
        frame[l + 22] = UInt8((delay & 0x0F) << 4) | UInt8((padding >> 8) & 0x0F)
        frame[l + 23] = UInt8(padding & 0xFF)
        writeBE32(&frame, l + 28, UInt32(musicLength))
        frame[l + 32] = UInt8(musicCRC >> 8)
        frame[l + 33] = UInt8(musicCRC & 0xFF)
        let crc = LAMETag.crc16(frame[0..<(l + 34)], seed: 0)
        frame[l + 34] = UInt8(crc >> 8)
        frame[l + 35] = UInt8(crc & 0xFF)
    }

    /// The Xing seek table: entry i is the byte position (of 256ths of `totalBytes`) of the frame
    /// at i % of the duration. `frameStarts` are byte offsets from the info frame's start.
    static func seekTable(frameStarts: [Int], totalBytes: Int) -> [UInt8] {
        (0..<100).map { percent in
            guard !frameStarts.isEmpty, totalBytes > 0 else { return 0 }
            let index = min(frameStarts.count - 1, percent * frameStarts.count / 100)
            return UInt8(min(255, frameStarts[index] * 256 / totalBytes))
        }
    }

    /// LAME's CRC-16 (polynomial 0x8005, bit-reflected form 0xA001, initial value 0).
    static func crc16(_ bytes: ArraySlice<UInt8>, seed: UInt16) -> UInt16 {
        var crc = seed
        for byte in bytes { crc = (crc >> 8) ^ crcTable[Int((crc ^ UInt16(byte)) & 0xFF)] }
        return crc
    }

    private static let crcTable: [UInt16] = (0..<256).map { index in
        var value = UInt16(index)
        for _ in 0..<8 { value = value & 1 != 0 ? (value >> 1) ^ 0xA001 : value >> 1 }
        return value
    }
}

func readBE32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
}

func writeBE32(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
    for index in 0..<4 { bytes[offset + index] = UInt8((value >> UInt32(24 - 8 * index)) & 0xFF) }
}
