import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import Audio

@Suite("WAVReader")
struct WAVReaderTests {
    private func write(_ bytes: [UInt8], named name: String, in folder: TemporaryFolder) throws -> URL {
        let url = folder.file(name)
        try Data(bytes).write(to: url)
        return url
    }

    @Test("skips unknown and odd-sized chunks, finds data before or after the cue list")
    func robustChunkWalk() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let samples: [Int16] = [10, -20, 30, -40, 50]
        let cue =
            RIFFBytes.u32(2)
            + RIFFBytes.u32(7) + RIFFBytes.u32(0) + Array("data".utf8) + RIFFBytes.u32(0) + RIFFBytes.u32(0)
            + RIFFBytes.u32(1)
            + RIFFBytes.u32(9) + RIFFBytes.u32(0) + Array("data".utf8) + RIFFBytes.u32(0) + RIFFBytes.u32(0)
            + RIFFBytes.u32(4)
        let labels =
            Array("adtl".utf8)
            + RIFFBytes.chunk("note", RIFFBytes.u32(7) + Array("ignored\0".utf8))
            + RIFFBytes.chunk("labl", RIFFBytes.u32(9) + Array("끝\0".utf8))  // odd size: padded
            + RIFFBytes.chunk("labl", RIFFBytes.u32(7) + Array("start\0".utf8))
        let bytes = RIFFBytes.riff([
            RIFFBytes.chunk("junk", [1, 2, 3]),  // odd size, pad byte follows
            RIFFBytes.fmt(rate: 16000),
            RIFFBytes.chunk("LIST", Array("INFOISFT".utf8) + RIFFBytes.u32(4) + Array("sox\0".utf8)),
            RIFFBytes.chunk("data", RIFFBytes.pcm(samples)),
            RIFFBytes.chunk("cue ", cue),
            RIFFBytes.chunk("LIST", labels),
        ])
        let reader = try WAVReader(url: write(bytes, named: "odd.wav", in: folder))
        #expect(
            reader.format == WAVFormat(formatTag: 1, channels: 1, sampleRate: 16000, bitsPerSample: 16, blockAlign: 2))
        #expect(reader.frameCount == 5)
        #expect(reader.cuePoints == [CuePoint(sampleOffset: 1, label: "start"), CuePoint(sampleOffset: 4, label: "끝")])
        #expect(try reader.read(maxFrames: 2) == [10, -20])
        #expect(try reader.read(maxFrames: 100) == [30, -40, 50])
        #expect(try reader.read(maxFrames: 100) == [])
        reader.seek(toFrame: 4)
        #expect(try reader.read(maxFrames: 100) == [50])
    }

    @Test("a data chunk whose size runs past the end of the file is cut to what is there")
    func truncatedData() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bytes = RIFFBytes.riff([
            RIFFBytes.fmt(),
            // Declared as 4 GiB, holding three frames and half of a fourth, no pad byte.
            Array("data".utf8) + RIFFBytes.u32(0xFFFF_FFFF) + RIFFBytes.pcm([1, 2, 3]) + [9],
        ])
        let reader = try WAVReader(url: write(bytes, named: "cut.wav", in: folder))
        #expect(reader.frameCount == 3)
        #expect(try reader.read(maxFrames: 10) == [1, 2, 3])
    }

    @Test("reads WAVE_FORMAT_EXTENSIBLE 16-bit mono as PCM")
    func extensible() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let pcmGUID: [UInt8] = [1, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71]
        let fmt =
            RIFFBytes.u16(0xFFFE) + RIFFBytes.u16(1) + RIFFBytes.u32(48000) + RIFFBytes.u32(96000)
            + RIFFBytes.u16(2) + RIFFBytes.u16(16) + RIFFBytes.u16(22) + RIFFBytes.u16(16) + RIFFBytes.u32(4) + pcmGUID
        let bytes = RIFFBytes.riff([RIFFBytes.chunk("fmt ", fmt), RIFFBytes.chunk("data", RIFFBytes.pcm([-5, 5]))])
        let reader = try WAVReader(url: write(bytes, named: "ext.wav", in: folder))
        #expect(reader.format.isPCM16Mono)
        #expect(reader.format.sampleRate == 48000)
        #expect(try reader.read(maxFrames: 8) == [-5, 5])
    }

    @Test(
        "opens other formats to describe them but refuses to decode them",
        arguments: [
            (UInt16(3), UInt16(1), UInt16(32), "IEEE float 32-bit, 1 channel, 22050 Hz"),
            (1, 2, 16, "PCM 16-bit, 2 channels, 22050 Hz"),
            (1, 1, 8, "PCM 8-bit, 1 channel, 22050 Hz"),
            (7, 1, 8, "µ-law 8-bit, 1 channel, 22050 Hz"),
        ])
    func unsupportedFormats(tag: UInt16, channels: UInt16, bits: UInt16, summary: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bytes = RIFFBytes.riff([
            RIFFBytes.fmt(tag: tag, channels: channels, bits: bits),
            RIFFBytes.chunk("data", [UInt8](repeating: 0, count: 16)),
        ])
        let url = try write(bytes, named: "other.wav", in: folder)
        let reader = try WAVReader(url: url)
        #expect(reader.format.summary == summary)
        #expect(!reader.format.isPCM16Mono)
        let error = #expect(throws: ExpoError.self) { try reader.read(maxFrames: 4) }
        #expect(error == .unsupportedAudioFormat(file: url.path, found: summary, needed: "16-bit PCM mono"))
        #expect(error?.errorDescription?.hasPrefix(url.path) == true)
    }

    @Test(
        "says clearly when a file is not a usable WAV",
        arguments: [
            ([UInt8](), "only 0 bytes long"),
            (Array("hello, this is text".utf8), "it does not start with RIFF"),
            (Array("RF64".utf8) + [UInt8](repeating: 0, count: 40), "RF64 (WAV over 4 GiB) is not supported"),
            (RIFFBytes.riff([RIFFBytes.fmt()], form: "AVI "), "its RIFF form type is not WAVE"),
        ])
    func notWAV(bytes: [UInt8], reason: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = try write(bytes, named: "bad.wav", in: folder)
        #expect(throws: ExpoError.notWAV(file: url.path, reason: reason)) { try WAVReader(url: url) }
    }

    @Test(
        "reports missing or broken chunks",
        arguments: [
            (RIFFBytes.riff([RIFFBytes.chunk("data", [0, 0])]), "it has no fmt chunk"),
            (RIFFBytes.riff([RIFFBytes.fmt()]), "it has no data chunk"),
            (
                RIFFBytes.riff([RIFFBytes.chunk("fmt ", [1, 0, 1, 0])]),
                "the fmt chunk is 4 bytes, too short or cut off"
            ),
        ])
    func malformed(bytes: [UInt8], reason: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = try write(bytes, named: "broken.wav", in: folder)
        #expect(throws: ExpoError.malformedWAV(file: url.path, reason: reason)) { try WAVReader(url: url) }
    }

    @Test("a missing file is a system error naming it")
    func missingFile() throws {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/track.wav")
        let error = #expect(throws: ExpoError.self) { try WAVReader(url: url) }
        #expect(error?.errorDescription?.hasPrefix(url.path + ": cannot open: ") == true)
    }

    @Test("reads into a caller's buffer block by block")
    func bufferReads() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("ramp.wav")
        let ramp = (0..<10_000).map { Int16(truncatingIfNeeded: $0 * 7) }
        let writer = try WAVWriter(url: url, sampleRate: 8000)
        try writer.append(ramp)
        try writer.finish()
        let reader = try WAVReader(url: url)
        #expect(reader.durationSeconds == 1.25)
        var buffer = [Int16](repeating: 0, count: 4096)
        var collected: [Int16] = []
        var counts: [Int] = []
        while true {
            let count = try buffer.withUnsafeMutableBufferPointer { try reader.read(into: $0) }
            if count == 0 { break }
            counts.append(count)
            collected += buffer[0..<count]
        }
        #expect(counts == [4096, 4096, 1808])
        #expect(collected == ramp)
        #expect(reader.position == 10_000)
    }
}
