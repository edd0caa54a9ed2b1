import ExpoModel

/// Reading and writing Ogg pages (RFC 3533) and Ogg Opus headers (RFC 7845), in Swift: used to
/// inspect what the Opus encoder wrote, to write its pages and to remux several tracks' packets into one logical stream.
enum Ogg {
    /// One page's fields. `body` holds the page's packet data; `lacing` its segment table.
    struct Page {
        var headerType: UInt8
        var granule: Int64
        var serial: UInt32
        var sequence: UInt32
        var lacing: [UInt8]
        var body: ArraySlice<UInt8>
    }

    static let continued: UInt8 = 1, beginOfStream: UInt8 = 2, endOfStream: UInt8 = 4

    /// The pages of `bytes`, checked (capture pattern, version, CRC).
    static func pages(in bytes: [UInt8], file: String) throws(ExpoError) -> [Page] {
        var pages: [Page] = []
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 27, bytes[offset..<offset + 4].elementsEqual("OggS".utf8) else {
                throw .malformed(file: file, reason: "no Ogg page at byte \(offset)")
            }
            let segmentCount = Int(bytes[offset + 26])
            let bodyStart = offset + 27 + segmentCount
            guard bodyStart <= bytes.count else { throw .malformed(file: file, reason: "truncated Ogg page header") }
            let lacing = Array(bytes[(offset + 27)..<bodyStart])
            let bodyLength = lacing.reduce(0) { $0 + Int($1) }
            guard bodyStart + bodyLength <= bytes.count else { throw .malformed(file: file, reason: "truncated Ogg page") }
            var header = Array(bytes[offset..<bodyStart])
            let stored = readLE32(header, 22)
            header[22..<26] = [0, 0, 0, 0]
            let crc = crc32(bytes[bodyStart..<(bodyStart + bodyLength)], seed: crc32(header[...], seed: 0))
            guard crc == stored else { throw .malformed(file: file, reason: "Ogg page CRC mismatch at byte \(offset)") }
            pages.append(Page(
                headerType: bytes[offset + 5], granule: Int64(bitPattern: readLE64(bytes, offset + 6)),
                serial: readLE32(bytes, offset + 14), sequence: readLE32(bytes, offset + 18),
                lacing: lacing, body: bytes[bodyStart..<(bodyStart + bodyLength)]))
            offset = bodyStart + bodyLength
        }
        return pages
    }

    /// The packets of one logical stream, in order, each with the granule position of the page
    /// on which it ends if it is the last packet ending there (else nil).
    static func packets(of pages: [Page]) -> [(data: [UInt8], granule: Int64?)] {
        var result: [(data: [UInt8], granule: Int64?)] = []
        var partial: [UInt8] = []
        for page in pages {
            var cursor = page.body.startIndex
            var lastCompleted: Int?
            for laceValue in page.lacing {
                partial.append(contentsOf: page.body[cursor..<(cursor + Int(laceValue))])
                cursor += Int(laceValue)
                if laceValue < 255 {
                    result.append((partial, nil))
                    partial = []
                    lastCompleted = result.count - 1
                }
            }
            if let last = lastCompleted, page.granule != -1 { result[last].granule = page.granule }
        }
        return result
    }

    /// Serialises one page with its CRC.
    static func pageBytes(_ page: Page) -> [UInt8] {
        var bytes: [UInt8] = Array("OggS".utf8) + [0, page.headerType]
        appendLE64(&bytes, UInt64(bitPattern: page.granule))
        appendLE32(&bytes, page.serial)
        appendLE32(&bytes, page.sequence)
        appendLE32(&bytes, 0)
        bytes.append(UInt8(page.lacing.count))
        bytes += page.lacing
        bytes += page.body
        let crc = crc32(bytes[...], seed: 0)
        bytes[22] = UInt8(crc & 0xFF); bytes[23] = UInt8((crc >> 8) & 0xFF)
        bytes[24] = UInt8((crc >> 16) & 0xFF); bytes[25] = UInt8(crc >> 24)
        return bytes
    }

    /// Lacing values for one packet of `length` bytes (a multiple of 255 ends with a 0).
    static func lacing(forPacketOfLength length: Int) -> [UInt8] {
        [UInt8](repeating: 255, count: length / 255) + [UInt8(length % 255)]
    }

    /// Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, initial value 0, no final xor.
    static func crc32(_ bytes: ArraySlice<UInt8>, seed: UInt32) -> UInt32 {
        var crc = seed
        for byte in bytes {
            crc = (crc << 8) ^ crcTable[Int(((crc >> 24) ^ UInt32(byte)) & 0xFF)]
        }
        return crc
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index) << 24
        for _ in 0..<8 { value = (value & 0x8000_0000) != 0 ? (value << 1) ^ 0x04C1_1DB7 : value << 1 }
        return value
    }
}

/// The Opus parts of an Ogg Opus file: headers and audio packets with their timing.
struct OggOpusStream {
    var head: [UInt8]
    var tags: [UInt8]
    var packets: [[UInt8]]
    /// Pre-skip from OpusHead, 48 kHz samples.
    var preSkip: Int
    /// Input sample rate recorded in OpusHead (informational).
    var inputSampleRate: Int
    /// Granule position of the last page: pre-skip + real samples.
    var finalGranule: Int64
    /// Sum of every packet's duration, 48 kHz samples.
    var packetSamples: Int64

    /// Parses a single-stream, mono or stereo Ogg Opus file.
    init(bytes: [UInt8], file: String) throws(ExpoError) {
        let pages = try Ogg.pages(in: bytes, file: file)
        guard let serial = pages.first?.serial else { throw .malformed(file: file, reason: "empty file") }
        guard pages.allSatisfy({ $0.serial == serial }) else {
            throw .malformed(file: file, reason: "more than one logical stream (chained or multiplexed Ogg)")
        }
        let all = Ogg.packets(of: pages)
        guard all.count >= 3, all[0].data.starts(with: Array("OpusHead".utf8)), all[0].data.count >= 19,
              all[1].data.starts(with: Array("OpusTags".utf8)) else {
            throw .malformed(file: file, reason: "no OpusHead/OpusTags headers or no audio packets")
        }
        head = all[0].data
        tags = all[1].data
        preSkip = Int(head[10]) | Int(head[11]) << 8
        inputSampleRate = Int(readLE32(head, 12))
        packets = all[2...].map(\.data)
        finalGranule = pages.last!.granule
        var total: Int64 = 0
        for packet in packets {
            guard let samples = OpusPacket.samples48k(packet) else {
                throw .malformed(file: file, reason: "an Opus packet with an invalid TOC")
            }
            total += Int64(samples)
        }
        packetSamples = total
    }
}

/// Reading an Opus packet's table-of-contents byte (RFC 6716 §3.1).
enum OpusPacket {
    /// Duration of `packet` in 48 kHz samples, or nil if it is malformed.
    static func samples48k(_ packet: [UInt8]) -> Int? {
        guard let toc = packet.first else { return nil }
        let config = Int(toc >> 3)
        let frameSamples: Int
        switch config {
        case 0..<12: frameSamples = [480, 960, 1920, 2880][config % 4]
        case 12..<16: frameSamples = [480, 960][config % 2]
        default: frameSamples = [120, 240, 480, 960][config % 4]
        }
        let frames: Int
        switch toc & 3 {
        case 0: frames = 1
        case 1, 2: frames = 2
        default:
            guard packet.count >= 2 else { return nil }
            frames = Int(packet[1] & 0x3F)
        }
        let total = frameSamples * frames
        return total > 0 && total <= 5760 ? total : nil
    }
}

func readLE32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
}

func readLE64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
    (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
}

func appendLE32(_ bytes: inout [UInt8], _ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
}

func appendLE64(_ bytes: inout [UInt8], _ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8((value >> UInt64(shift)) & 0xFF)) }
}
