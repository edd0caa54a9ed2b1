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
        while let (page, end) = try page(in: bytes, at: offset, fileOffset: offset, atEnd: true, file: file) {
            pages.append(page)
            offset = end
        }
        return pages
    }

    /// The page that starts at `offset` in `bytes`, checked, and the offset after it; nil when
    /// `bytes` ends there, or when it ends inside the page and more may follow (`atEnd` false).
    /// `fileOffset` is where `offset` is in the file, for the messages.
    static func page(
        in bytes: [UInt8], at offset: Int, fileOffset: Int, atEnd: Bool,
        file: String
    ) throws(ExpoError) -> (page: Page, end: Int)? {
        guard offset < bytes.count else { return nil }
        if bytes.count - offset < 27, !atEnd { return nil }
        guard bytes.count - offset >= 27, bytes[offset..<offset + 4].elementsEqual("OggS".utf8) else {
            throw .malformed(file: file, reason: "no Ogg page at byte \(fileOffset)")
        }
        let segmentCount = Int(bytes[offset + 26])
        let bodyStart = offset + 27 + segmentCount
        guard bodyStart <= bytes.count else {
            if !atEnd { return nil }
            throw .malformed(file: file, reason: "truncated Ogg page header")
        }
        let lacing = Array(bytes[(offset + 27)..<bodyStart])
        let bodyLength = lacing.reduce(0) { $0 + Int($1) }
        guard bodyStart + bodyLength <= bytes.count else {
            if !atEnd { return nil }
            throw .malformed(file: file, reason: "truncated Ogg page")
        }
        var header = Array(bytes[offset..<bodyStart])
        let stored = readLE32(header, 22)
        header[22..<26] = [0, 0, 0, 0]
        let crc = crc32(bytes[bodyStart..<(bodyStart + bodyLength)], seed: crc32(header[...], seed: 0))
        guard crc == stored else { throw .malformed(file: file, reason: "Ogg page CRC mismatch at byte \(fileOffset)") }
        let page = Page(
            headerType: bytes[offset + 5], granule: Int64(bitPattern: readLE64(bytes, offset + 6)),
            serial: readLE32(bytes, offset + 14), sequence: readLE32(bytes, offset + 18),
            lacing: lacing, body: bytes[bodyStart..<(bodyStart + bodyLength)])
        return (page, bodyStart + bodyLength)
    }

    /// The packets of one logical stream, in order, each with the granule position of the page
    /// on which it ends if it is the last packet ending there (else nil).
    static func packets(of pages: [Page]) -> [(data: [UInt8], granule: Int64?)] {
        var splitter = PacketSplitter()
        return pages.flatMap { splitter.packets(of: $0) }
    }

    /// Cuts pages, given in order, into packets: a packet may go on over several pages.
    struct PacketSplitter {
        private var partial: [UInt8] = []

        /// The packets that end on `page`, the last of them with the page's granule position
        /// (unless that is -1); the rest of a packet that goes on is kept for the next page.
        mutating func packets(of page: Page) -> [(data: [UInt8], granule: Int64?)] {
            var result: [(data: [UInt8], granule: Int64?)] = []
            var cursor = page.body.startIndex
            for laceValue in page.lacing {
                partial.append(contentsOf: page.body[cursor..<(cursor + Int(laceValue))])
                cursor += Int(laceValue)
                if laceValue < 255 {
                    result.append((partial, nil))
                    partial = []
                }
            }
            if !result.isEmpty, page.granule != -1 { result[result.count - 1].granule = page.granule }
            return result
        }
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
        bytes[22] = UInt8(crc & 0xFF)
        bytes[23] = UInt8((crc >> 8) & 0xFF)
        bytes[24] = UInt8((crc >> 16) & 0xFF)
        bytes[25] = UInt8(crc >> 24)
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

/// The pages of an Ogg file in order, checked, read a chunk at a time: only the page being read
/// is in memory (a guide's track can be an hour long).
struct OggPageReader {
    let file: String
    private let input: InputFile?
    private var buffer: [UInt8]
    /// Where the next page starts in `buffer`, and where `buffer` starts in the file.
    private var offset = 0
    private var bufferStart = 0
    private var atEnd: Bool

    /// The pages of the file at `path`.
    init(path: String) throws(ExpoError) {
        file = path
        input = try InputFile(path: path)
        buffer = []
        atEnd = false
    }

    /// The pages of `bytes`, a whole file (`file` names it in messages).
    init(bytes: [UInt8], file: String) {
        self.file = file
        input = nil
        buffer = bytes
        atEnd = true
    }

    /// The next page, or nil at the end of the file.
    mutating func next() throws(ExpoError) -> Ogg.Page? {
        while true {
            if let (page, end) = try Ogg.page(
                in: buffer, at: offset, fileOffset: bufferStart + offset, atEnd: atEnd,
                file: file)
            {
                offset = end
                return page
            }
            guard let input, !atEnd else { return nil }
            buffer.removeSubrange(0..<offset)
            bufferStart += offset
            offset = 0
            if try input.read(appendingTo: &buffer, count: 1 << 16) == 0 { atEnd = true }
        }
    }
}

/// A single-stream, mono or stereo Ogg Opus file read packet by packet: its headers at once,
/// then its audio packets in order, each checked, one page in memory at a time.
struct OggOpusPacketReader {
    private(set) var head: [UInt8] = []
    private(set) var tags: [UInt8] = []
    /// Pre-skip from OpusHead, 48 kHz samples.
    var preSkip: Int { Int(head[10]) | Int(head[11]) << 8 }
    /// Granule position of the last page read: the file's final granule (pre-skip + real
    /// samples) once `next` has returned nil.
    private(set) var lastGranule: Int64 = 0
    private var pages: OggPageReader
    private var splitter = Ogg.PacketSplitter()
    private let serial: UInt32
    /// Packets read from a page but not yet returned.
    private var waiting: [[UInt8]] = []
    private var nextWaiting = 0

    init(pages: OggPageReader) throws(ExpoError) {
        self.pages = pages
        guard let first = try self.pages.next() else { throw .malformed(file: pages.file, reason: "empty file") }
        serial = first.serial
        lastGranule = first.granule
        waiting = splitter.packets(of: first).map(\.data)
        // The two headers and at least one audio packet.
        while waiting.count < 3, let page = try nextPage() { waiting += splitter.packets(of: page).map(\.data) }
        guard waiting.count >= 3, waiting[0].starts(with: Array("OpusHead".utf8)), waiting[0].count >= 19,
            waiting[1].starts(with: Array("OpusTags".utf8))
        else {
            throw .malformed(file: pages.file, reason: "no OpusHead/OpusTags headers or no audio packets")
        }
        head = waiting[0]
        tags = waiting[1]
        nextWaiting = 2
    }

    /// The next audio packet, or nil after the last.
    mutating func next() throws(ExpoError) -> [UInt8]? {
        while nextWaiting == waiting.count {
            guard let page = try nextPage() else { return nil }
            waiting = splitter.packets(of: page).map(\.data)
            nextWaiting = 0
        }
        let packet = waiting[nextWaiting]
        nextWaiting += 1
        guard OpusPacket.samples48k(packet) != nil else {
            throw .malformed(file: pages.file, reason: "an Opus packet with an invalid TOC")
        }
        return packet
    }

    private mutating func nextPage() throws(ExpoError) -> Ogg.Page? {
        guard let page = try pages.next() else { return nil }
        guard page.serial == serial else {
            throw .malformed(file: pages.file, reason: "more than one logical stream (chained or multiplexed Ogg)")
        }
        lastGranule = page.granule
        return page
    }
}

/// The Opus parts of an Ogg Opus file held whole: headers and audio packets with their timing.
struct OggOpusStream {
    var head: [UInt8]
    var tags: [UInt8]
    var packets: [[UInt8]] = []
    /// Pre-skip from OpusHead, 48 kHz samples.
    var preSkip: Int
    /// Input sample rate recorded in OpusHead (informational).
    var inputSampleRate: Int
    /// Granule position of the last page: pre-skip + real samples.
    var finalGranule: Int64
    /// Sum of every packet's duration, 48 kHz samples.
    var packetSamples: Int64 = 0

    /// Parses a single-stream, mono or stereo Ogg Opus file.
    init(bytes: [UInt8], file: String) throws(ExpoError) {
        var reader = try OggOpusPacketReader(pages: OggPageReader(bytes: bytes, file: file))
        head = reader.head
        tags = reader.tags
        preSkip = reader.preSkip
        inputSampleRate = Int(readLE32(head, 12))
        while let packet = try reader.next() {
            packets.append(packet)
            packetSamples += Int64(OpusPacket.samples48k(packet)!)
        }
        finalGranule = reader.lastGranule
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
