import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import Audio

@Suite("SampleSpool")
struct SampleSpoolTests {
    /// Distinct, sign-varying samples, so a misplaced or byte-swapped one shows.
    static func ramp(_ count: Int, from start: Int = 0) -> [Int16] {
        (0..<count).map { Int16(truncatingIfNeeded: (start + $0) &* 7919 &- 30000) }
    }

    static func readAll(_ spool: SampleSpool, blockFrames: Int) throws -> [Int16] {
        var all: [Int16] = []
        var block = [Int16](repeating: 0, count: blockFrames)
        while true {
            let count = try block.withUnsafeMutableBufferPointer { try spool.read(into: $0) }
            if count == 0 { return all }
            all += block[0..<count]
        }
    }

    /// Read blocks of 7 frames are the smallest: the boundaries of the appends, the chunks and
    /// the memory limit (none after the first frame a multiple of 7) fall inside a call. One-frame
    /// blocks never crossed one inside a call, and read 595,307 frames twice per case one call at
    /// a time: 7.1 million calls over the six limits, 40 % of the audio tests' CPU.
    @Test(
        "what goes in comes out, in order, whatever the memory limit and the block sizes",
        arguments: [0, 1, 1000, SampleSpool.chunkFrames, SampleSpool.chunkFrames + 5, 1 << 23],
        [7, 333, 65536])
    func roundTrip(memoryLimit: Int, readBlock: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let spool = SampleSpool(sampleRate: 22050, memoryLimitFrames: memoryLimit, scratchFolder: folder.url)
        var expected: [Int16] = []
        // Appends of uneven sizes that cross chunk and memory-limit boundaries.
        for size in [0, 1, 999, SampleSpool.chunkFrames - 3, 70_000, 5, SampleSpool.chunkFrames + 17] {
            let samples = Self.ramp(size, from: expected.count)
            try samples.withUnsafeBufferPointer { try spool.append($0) }
            expected += samples
        }
        #expect(spool.frameCount == UInt64(expected.count))
        #expect(spool.framesHeldInMemory == min(memoryLimit, expected.count))
        // The scratch file has no name: nothing ever appears in the folder.
        #expect(try folder.contents().isEmpty)
        #expect(try Self.readAll(spool, blockFrames: readBlock) == expected)
        // A second pass after rewinding reads the same.
        spool.rewind()
        #expect(try Self.readAll(spool, blockFrames: readBlock) == expected)
    }

    @Test("discard frees everything; the scratch file never has a name")
    func discard() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let spool = SampleSpool(sampleRate: 22050, memoryLimitFrames: 10, scratchFolder: folder.url)
        try Self.ramp(100).withUnsafeBufferPointer { try spool.append($0) }
        #expect(spool.framesHeldInMemory == 10)
        #expect(try folder.contents().isEmpty)
        spool.discard()
        #expect(try folder.contents().isEmpty)
        #expect(spool.frameCount == 0)
        #expect(try Self.readAll(spool, blockFrames: 64).isEmpty)
    }

    @Test("releasing a spool leaves nothing in its scratch folder")
    func releaseRemovesScratch() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        do {
            let spool = SampleSpool(sampleRate: 22050, memoryLimitFrames: 0, scratchFolder: folder.url)
            try Self.ramp(10).withUnsafeBufferPointer { try spool.append($0) }
            #expect(try Self.readAll(spool, blockFrames: 64) == Self.ramp(10))
        }
        #expect(try folder.contents().isEmpty)
    }

    @Test("an unwritable scratch folder is an error naming the file, once memory is full")
    func unwritableScratch() throws {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        let spool = SampleSpool(sampleRate: 22050, memoryLimitFrames: 4, scratchFolder: missing)
        try Self.ramp(4).withUnsafeBufferPointer { try spool.append($0) }
        #expect(throws: ExpoError.self) {
            try Self.ramp(1).withUnsafeBufferPointer { try spool.append($0) }
        }
        do {
            try Self.ramp(1).withUnsafeBufferPointer { try spool.append($0) }
        } catch {
            #expect(error.localizedDescription.contains(missing.path), "\(error.localizedDescription)")
        }
    }

    @Test("the normalizer gives the same file from a spool as from the same samples in a WAV")
    func normalizerSourcesAgree() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let samples =
            Signal.sine(frequency: 220, amplitude: 0.05, sampleRate: 22050, seconds: 3)
            + Signal.sine(frequency: 1500, amplitude: 0.9, sampleRate: 22050, seconds: 1)
        let integers = samples.map(WAVWriter.quantize)
        let writer = try WAVWriter(url: folder.file("in.wav"), sampleRate: 22050)
        try writer.append(integers)
        try writer.finish()
        let spool = SampleSpool(sampleRate: 22050, memoryLimitFrames: 30_000, scratchFolder: folder.url)
        try integers.withUnsafeBufferPointer { try spool.append($0) }

        let normalizer = LoudnessNormalizer(targetLUFS: -19, peakCeilingDBFS: -1, headSilenceSeconds: 0.3, tailSilenceSeconds: 0.6)
        let fromFile = try normalizer.normalize(input: folder.file("in.wav"), output: folder.file("a.wav"))
        let fromSpool = try normalizer.normalize(source: spool, output: folder.file("b.wav"))
        #expect(fromFile == fromSpool)
        #expect(try Data(contentsOf: folder.file("a.wav")) == Data(contentsOf: folder.file("b.wav")))
    }
}
