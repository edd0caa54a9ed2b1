/// Builds a LAME-style "Info" frame for CBR streams whose own frames are too small to hold one
/// (e.g. 48 kb/s at 22 050 Hz: 156-byte frames, while header + side info + Xing + LAME fields
/// need 169). The frame uses a larger bitrate (as LAME itself does for VBR streams), so the
/// stream keeps exact duration and gapless data. Field layout as `LAMETag` reads it.
enum InfoFrameWriter {
    /// The 4-byte header of the info frame: MPEG version and rate of the stream, mono, no CRC,
    /// the smallest bitrate whose frame has room for the tag.
    static func header(sampleRate: Int) -> (bytes: [UInt8], parsed: MP3FrameHeader)? {
        let versions: [(bits: UInt8, rates: [Int])] = [(3, [44_100, 48_000, 32_000]), (2, [22_050, 24_000, 16_000]), (0, [11_025, 12_000, 8_000])]
        guard let version = versions.first(where: { $0.rates.contains(sampleRate) }),
            let rateIndex = version.rates.firstIndex(of: sampleRate)
        else { return nil }
        for bitrateIndex in 1...14 {
            let bytes: [UInt8] = [0xFF, 0xE0 | version.bits << 3 | 0b010 | 1, UInt8(bitrateIndex << 4 | rateIndex << 2), 0xC0]
            guard let parsed = MP3FrameHeader(bytes, at: 0) else { return nil }
            if parsed.length >= parsed.sideInfoOffset + parsed.sideInfoLength + 156 { return (bytes, parsed) }
        }
        return nil
    }

    /// A complete info frame for a CBR stream of `frames` audio frames and `audioBytes` bytes.
    static func frame(
        sampleRate: Int, frames: Int, audioBytes: Int, kbps: Int, lowpassHz: Int,
        delay: Int, padding: Int, musicCRC: UInt16
    ) -> [UInt8]? {
        guard let (headerBytes, header) = header(sampleRate: sampleRate) else { return nil }
        var frame = [UInt8](repeating: 0, count: header.length)
        frame.replaceSubrange(0..<4, with: headerBytes)
        let xing = header.sideInfoOffset + header.sideInfoLength
        frame.replaceSubrange(xing..<xing + 4, with: Array("Info".utf8))
        writeBE32(&frame, xing + 4, 0x0F)
        let lame = xing + 120
        frame.replaceSubrange(lame..<lame + 9, with: Array("LAME3.100".utf8))
        frame[lame + 9] = 0x01  // tag revision 0, method 1 = CBR
        frame[lame + 10] = UInt8(min(255, lowpassHz / 100))
        frame[lame + 20] = UInt8(min(255, kbps))
        var tag = LAMETag(frame: frame, header: header)!
        let total = header.length + audioBytes
        let toc = (0..<100).map { UInt8($0 * 256 / 100) }  // constant bitrate: linear
        tag.update(
            frames: frames, bytes: total, toc: toc, delay: delay, padding: padding,
            musicLength: total, musicCRC: musicCRC)
        return tag.frame
    }
}
