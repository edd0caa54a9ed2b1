import ExpoModel
import ExpoSystem
import Foundation

/// The sample format a WAV file declares in its `fmt ` chunk.
public struct WAVFormat: Sendable, Hashable {
    /// `WAVE_FORMAT_*` tag; for `WAVE_FORMAT_EXTENSIBLE` files, the tag of the sub-format.
    public var formatTag: UInt16
    public var channels: Int
    public var sampleRate: Int
    public var bitsPerSample: Int
    /// Bytes per frame (all channels of one sample instant).
    public var blockAlign: Int

    /// Integer PCM.
    public static let pcmTag: UInt16 = 1
    /// `WAVE_FORMAT_EXTENSIBLE`: the real tag is in the sub-format GUID.
    public static let extensibleTag: UInt16 = 0xFFFE

    /// 16-bit integer PCM with one channel: the only format `WAVReader.read` decodes.
    public var isPCM16Mono: Bool {
        formatTag == Self.pcmTag && channels == 1 && bitsPerSample == 16 && blockAlign == 2
    }

    /// E.g. "PCM 16-bit, 1 channel, 22050 Hz".
    public var summary: String {
        let kind =
            switch formatTag {
            case Self.pcmTag: "PCM"
            case 3: "IEEE float"
            case 6: "A-law"
            case 7: "µ-law"
            default: "format 0x" + String(formatTag, radix: 16)
            }
        return "\(kind) \(bitsPerSample)-bit, \(channels) channel\(channels == 1 ? "" : "s"), \(sampleRate) Hz"
    }
}

/// Reads a WAV file: its format, cue points with labels, and its 16-bit mono PCM samples in
/// blocks, sequentially, without loading the file into memory.
///
/// The chunk walk follows the RIFF rules: chunks it does not know are skipped, odd-sized chunks
/// are followed by a pad byte, and a `data` chunk whose size runs past the end of the file (as
/// left by an interrupted recorder) is cut to the bytes actually there.
public final class WAVReader {
    public let url: URL
    public let format: WAVFormat
    /// Whole frames in the `data` chunk.
    public let frameCount: UInt64
    /// Cue points in file order, labelled from the `LIST`/`adtl` chunk when it has a `labl`
    /// for them (otherwise the label is empty).
    public let cuePoints: [CuePoint]
    /// The next frame `read` returns.
    public private(set) var position: UInt64 = 0

    /// `frameCount` in seconds.
    public var durationSeconds: Double { Double(frameCount) / Double(format.sampleRate) }

    private var file: POSIXFile?
    private let dataOffset: UInt64

    /// Opens `url` and walks its chunks.
    /// - Throws: `ExpoError.system` when it cannot be opened, `.notWAV` when it is not a
    ///   RIFF/WAVE file, `.malformed` when `fmt ` or `data` is missing or inconsistent.
    public init(url: URL) throws {
        self.url = url
        let path = url.path
        let file = try POSIXFile.openForReading(path)
        do {
            let layout = try Self.walkChunks(file)
            format = layout.format
            frameCount = layout.dataBytes / UInt64(max(layout.format.blockAlign, 1))
            dataOffset = layout.dataOffset
            cuePoints = layout.cues
            self.file = file
        } catch {
            file.closeQuietly()
            throw error
        }
    }

    deinit {
        file?.closeQuietly()
    }

    /// Reads up to `maxFrames` frames; an empty array means the end of the audio.
    /// - Throws: `.unsupportedFormat` unless the file is 16-bit PCM mono.
    public func read(maxFrames: Int) throws -> [Int16] {
        let count = Int(min(UInt64(max(maxFrames, 0)), frameCount - position))
        guard count > 0 else {
            try requirePCM16Mono()
            return []
        }
        var samples = [Int16](repeating: 0, count: count)
        let got = try samples.withUnsafeMutableBufferPointer { try read(into: $0) }
        if got < count { samples.removeLast(count - got) }
        return samples
    }

    /// Fills `buffer` from the current position; returns how many frames it got (0 at the end).
    /// - Throws: `.unsupportedFormat` unless the file is 16-bit PCM mono.
    public func read(into buffer: UnsafeMutableBufferPointer<Int16>) throws -> Int {
        try requirePCM16Mono()
        guard let file else { throw ExpoError.malformedWAV(file: url.path, reason: "reader closed") }
        let count = Int(min(UInt64(buffer.count), frameCount - position))
        guard count > 0 else { return 0 }
        let raw = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[0..<(count * 2)])
        let bytes = try file.read(into: raw, at: dataOffset + position * 2)
        let frames = bytes / 2
        guard frames > 0 else {
            throw ExpoError.malformedWAV(file: url.path, reason: "the audio data ends early, at frame \(position)")
        }
        for index in 0..<frames { buffer[index] = Int16(littleEndian: buffer[index]) }
        position += UInt64(frames)
        return frames
    }

    /// Copies the bytes of `frames` frames from `frame` on to the current position of `target`
    /// inside the kernel. Returns the bytes copied: fewer than asked when the kernel cannot
    /// copy between these files (the caller copies the rest itself). Byte order needs no care:
    /// both files are little-endian WAV data.
    func copyData(fromFrame frame: UInt64, frames: UInt64, to target: POSIXFile) throws -> UInt64 {
        guard let file else { throw ExpoError.malformedWAV(file: url.path, reason: "reader closed") }
        let count = min(frames, frameCount - min(frame, frameCount))
        let bytes = try target.copy(from: file, offset: dataOffset + frame * 2, length: count * 2)
        guard bytes % 2 == 0 else {
            throw ExpoError.malformedWAV(file: url.path, reason: "a copy stopped in the middle of a sample")
        }
        return bytes
    }

    /// Moves the read position to `frame` (clamped to the end).
    public func seek(toFrame frame: UInt64) {
        position = min(frame, frameCount)
    }

    /// Closes the file now instead of at deinit. Reads after it throw.
    public func close() {
        file?.closeQuietly()
        file = nil
    }

    private func requirePCM16Mono() throws {
        guard format.isPCM16Mono else {
            throw ExpoError.unsupportedAudioFormat(file: url.path, found: format.summary, needed: "16-bit PCM mono")
        }
    }

    // MARK: - Chunk walk

    private struct Layout {
        var format: WAVFormat
        var dataOffset: UInt64
        var dataBytes: UInt64
        var cues: [CuePoint]
    }

    /// Checks the 12-byte RIFF/WAVE header.
    private static func checkRIFFHeader(_ file: POSIXFile) throws {
        let riff = try readBytes(file, at: 0, count: 12)
        guard riff.count == 12 else {
            throw ExpoError.notWAV(file: file.path, reason: "only \(counted(riff.count, "byte")) long")
        }
        let magic = String(decoding: riff[0..<4], as: UTF8.self)
        guard magic == "RIFF" else {
            let why = magic == "RF64" ? "RF64 (WAV over 4 GiB) is not supported" : "it does not start with RIFF"
            throw ExpoError.notWAV(file: file.path, reason: why)
        }
        guard String(decoding: riff[8..<12], as: UTF8.self) == "WAVE" else {
            throw ExpoError.notWAV(file: file.path, reason: "its RIFF form type is not WAVE")
        }
    }

    /// The (identifier, sample offset) of each entry of a `cue ` chunk's body.
    private static func parseCues(_ bytes: [UInt8]) -> [(id: UInt32, offset: UInt32)] {
        guard bytes.count >= 4 else { return [] }
        var cues: [(id: UInt32, offset: UInt32)] = []
        for index in 0..<Int(uint32(bytes, 0)) {
            let start = 4 + index * 24
            guard start + 24 <= bytes.count else { break }
            cues.append((uint32(bytes, start), uint32(bytes, start + 20)))
        }
        return cues
    }

    private static func walkChunks(_ file: POSIXFile) throws -> Layout {
        let path = file.path
        let fileSize = try file.size()
        try checkRIFFHeader(file)
        // The RIFF size may be wrong in files from interrupted writers; the file size rules.
        var offset: UInt64 = 12
        var format: WAVFormat?
        var data: (offset: UInt64, bytes: UInt64)?
        var cueOffsets: [(id: UInt32, offset: UInt32)] = []
        var labels: [UInt32: String] = [:]
        while offset + 8 <= fileSize {
            let header = try readBytes(file, at: offset, count: 8)
            let id = String(decoding: header[0..<4], as: UTF8.self)
            let size = UInt64(uint32(header, 4))
            let body = offset + 8
            let available = fileSize - body
            switch id {
            case "fmt ":
                guard size >= 16, size <= available else {
                    throw ExpoError.malformedWAV(
                        file: path, reason: "the fmt chunk is \(counted(size, "byte")), too short or cut off")
                }
                format = try parseFormat(readBytes(file, at: body, count: Int(min(size, 40))), path: path)
            case "data":
                if data == nil { data = (body, min(size, available)) }
            case "cue ":
                guard size <= available, size <= 16 << 20 else { break }
                cueOffsets += parseCues(try readBytes(file, at: body, count: Int(size)))
            case "LIST":
                guard size >= 4, size <= available, size <= 16 << 20 else { break }
                let bytes = try readBytes(file, at: body, count: Int(size))
                if String(decoding: bytes[0..<4], as: UTF8.self) == "adtl" {
                    parseLabels(bytes, into: &labels)
                }
            default:
                break  // unknown chunk: skipped
            }
            if size > available { break }  // a cut-off chunk is the last one
            offset = body + size + (size & 1)
        }
        guard let format else { throw ExpoError.malformedWAV(file: path, reason: "it has no fmt chunk") }
        guard let data else { throw ExpoError.malformedWAV(file: path, reason: "it has no data chunk") }
        guard format.sampleRate > 0, format.channels > 0, format.blockAlign > 0 else {
            throw ExpoError.malformedWAV(
                file: path, reason: "its fmt chunk declares \(format.summary), block size \(format.blockAlign)")
        }
        let cues = cueOffsets.map { CuePoint(sampleOffset: $0.offset, label: labels[$0.id] ?? "") }
        return Layout(format: format, dataOffset: data.offset, dataBytes: data.bytes, cues: cues)
    }

    private static func parseFormat(_ bytes: [UInt8], path: String) throws -> WAVFormat {
        var tag = uint16(bytes, 0)
        if tag == WAVFormat.extensibleTag {
            // cbSize(2) validBits(2) channelMask(4), then the sub-format GUID whose first two bytes are the tag.
            guard bytes.count >= 26 else {
                throw ExpoError.malformedWAV(file: path, reason: "its extensible fmt chunk is too short")
            }
            tag = uint16(bytes, 24)
        }
        return WAVFormat(
            formatTag: tag, channels: Int(uint16(bytes, 2)), sampleRate: Int(uint32(bytes, 4)),
            bitsPerSample: Int(uint16(bytes, 14)), blockAlign: Int(uint16(bytes, 12)))
    }

    /// Reads the `labl` sub-chunks of an `adtl` list (skipping `note`, `ltxt` and others).
    private static func parseLabels(_ list: [UInt8], into labels: inout [UInt32: String]) {
        var offset = 4
        while offset + 8 <= list.count {
            let id = String(decoding: list[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(uint32(list, offset + 4))
            let body = offset + 8
            guard size <= list.count - body else { return }
            if id == "labl", size >= 4 {
                let cueID = uint32(list, body)
                var text = list[(body + 4)..<(body + size)]
                if let nul = text.firstIndex(of: 0) { text = text[..<nul] }
                labels[cueID] = String(decoding: text, as: UTF8.self)
            }
            offset = body + size + (size & 1)
        }
    }

    private static func readBytes(_ file: POSIXFile, at offset: UInt64, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: offset) }
        bytes.removeLast(count - got)
        return bytes
    }

    private static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
