import ExpoModel
import ExpoSystem
import Foundation

/// CRC-32 (IEEE 802.3, as ZIP uses it), table driven.
struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = (value & 1) != 0 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
        }
        return value
    }

    private var state: UInt32 = 0xFFFF_FFFF

    /// The checksum of everything passed to `update` so far.
    var checksum: UInt32 { state ^ 0xFFFF_FFFF }

    mutating func update(_ data: Data) {
        var state = self.state
        Self.table.withUnsafeBufferPointer { table in
            data.withUnsafeBytes { bytes in
                for byte in bytes {
                    state = table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8)
                }
            }
        }
        self.state = state
    }
}

/// A minimal ZIP writer for EPUB containers: stored (uncompressed) entries only,
/// no extra fields, a fixed DOS timestamp, and no ZIP64, so equal input gives equal bytes.
///
/// Large files are streamed twice (checksum, then copy) instead of being loaded whole,
/// so every local header carries its real sizes and CRC and no data descriptors are needed.
final class ZipWriter {
    /// 1980-01-01 00:00:00, the earliest DOS date: the time stamp of every entry.
    static let dosTime: UInt16 = 0
    static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1
    private static let chunkSize = 1 << 16
    private static let flushThreshold = 1 << 20

    private let file: POSIXFile
    private var buffer = Data()
    private var offset: UInt64 = 0
    private var centralDirectory = Data()
    private var entryCount = 0

    init(file: POSIXFile) {
        self.file = file
    }

    /// Adds an entry holding `data`.
    func add(name: String, data: Data) throws {
        var crc = CRC32()
        crc.update(data)
        try addHeader(name: name, crc: crc.checksum, size: UInt64(data.count))
        try emit(data)
    }

    /// Adds an entry holding the file at `url`, read in chunks.
    func add(name: String, file url: URL) throws {
        let (crc, size) = try Self.checksum(of: url)
        try addHeader(name: name, crc: crc, size: size)
        var copied = CRC32()
        var copiedSize: UInt64 = 0
        try Self.forEachChunk(of: url) { chunk in
            copied.update(chunk)
            copiedSize += UInt64(chunk.count)
            try emit(chunk)
        }
        guard copied.checksum == crc, copiedSize == size else { throw ExpoError.audioChanged(url.path) }
    }

    /// Writes the central directory and the end record, and flushes everything to the handle.
    func finish() throws {
        let directoryOffset = offset
        let directorySize = UInt64(centralDirectory.count)
        guard entryCount < 0xFFFF, directoryOffset + directorySize < 0xFFFF_FFFF else {
            throw ExpoError.archiveTooLarge
        }
        try emit(centralDirectory)
        var end = Data()
        end.appendLE(UInt32(0x0605_4B50))
        end.appendLE(UInt16(0))  // this disk
        end.appendLE(UInt16(0))  // disk with the central directory
        end.appendLE(UInt16(entryCount))
        end.appendLE(UInt16(entryCount))
        end.appendLE(UInt32(directorySize))
        end.appendLE(UInt32(directoryOffset))
        end.appendLE(UInt16(0))  // comment length
        try emit(end)
        try flush()
    }

    private func addHeader(name: String, crc: UInt32, size: UInt64) throws {
        let nameBytes = Data(name.utf8)
        guard size < 0xFFFF_FFFF, offset < 0xFFFF_FFFF, nameBytes.count < 0xFFFF else {
            throw ExpoError.archiveTooLarge
        }
        let flags: UInt16 = name.allSatisfy(\.isASCII) ? 0 : 0x0800  // bit 11: UTF-8 name
        var local = Data()
        local.appendLE(UInt32(0x0403_4B50))
        appendCommonFields(to: &local, flags: flags, crc: crc, size: UInt32(size), nameLength: nameBytes.count)
        local.append(nameBytes)

        var central = Data()
        central.appendLE(UInt32(0x0201_4B50))
        central.appendLE(UInt16(20))  // made by: MS-DOS, ZIP 2.0
        appendCommonFields(
            to: &central, flags: flags, crc: crc, size: UInt32(size),
            nameLength: nameBytes.count)
        central.appendLE(UInt16(0))  // comment length
        central.appendLE(UInt16(0))  // disk number
        central.appendLE(UInt16(0))  // internal attributes
        central.appendLE(UInt32(0))  // external attributes
        central.appendLE(UInt32(offset))  // local header offset
        central.append(nameBytes)
        centralDirectory.append(central)
        entryCount += 1
        try emit(local)
    }

    /// Version needed, flags, method, time, date, CRC, sizes, name and extra lengths.
    private func appendCommonFields(
        to data: inout Data, flags: UInt16, crc: UInt32, size: UInt32,
        nameLength: Int
    ) {
        data.appendLE(UInt16(10))  // version needed: 1.0 (stored)
        data.appendLE(flags)
        data.appendLE(UInt16(0))  // method: stored
        data.appendLE(Self.dosTime)
        data.appendLE(Self.dosDate)
        data.appendLE(crc)
        data.appendLE(size)  // compressed size
        data.appendLE(size)  // uncompressed size
        data.appendLE(UInt16(nameLength))
        data.appendLE(UInt16(0))  // extra field length
    }

    private func emit(_ data: Data) throws {
        buffer.append(data)
        offset += UInt64(data.count)
        if buffer.count >= Self.flushThreshold { try flush() }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try file.write($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private static func checksum(of url: URL) throws -> (UInt32, UInt64) {
        var crc = CRC32()
        var size: UInt64 = 0
        try forEachChunk(of: url) { chunk in
            crc.update(chunk)
            size += UInt64(chunk.count)
        }
        return (crc.checksum, size)
    }

    private static func forEachChunk(of url: URL, _ body: (Data) throws -> Void) throws {
        let input: FileHandle
        do {
            input = try FileHandle(forReadingFrom: url)
        } catch {
            throw ExpoError.unreadableAudio(url.path)
        }
        defer { try? input.close() }
        while true {
            let chunk: Data?
            do {
                chunk = try input.read(upToCount: chunkSize)
            } catch {
                throw ExpoError.unreadableAudio(url.path)
            }
            guard let chunk, !chunk.isEmpty else { return }
            try body(chunk)
        }
    }
}

extension Data {
    /// Appends an integer in little-endian byte order.
    mutating func appendLE<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
