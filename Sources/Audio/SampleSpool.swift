import ExpoModel
import ExpoSystem
import Foundation

/// 16-bit mono samples that can be read from the start, again and again: what
/// `LoudnessNormalizer` reads its input from.
public protocol PCMSampleSource: AnyObject {
    /// Frames per second.
    var sampleRate: Int { get }
    /// Frames in the whole source.
    var frameCount: UInt64 { get }
    /// Goes back to the first frame.
    func rewind()
    /// Fills `buffer` from the current position; returns how many frames it got (0 at the end).
    func read(into buffer: UnsafeMutableBufferPointer<Int16>) throws -> Int
}

extension WAVReader: PCMSampleSource {
    public var sampleRate: Int { format.sampleRate }
    public func rewind() { seek(toFrame: 0) }
}

/// Samples as a synthesizer makes them, kept in memory up to `memoryLimitFrames` and in a
/// scratch file beyond that, so a long track costs bounded memory and a short one no disk
/// writes at all. Memory grows in fixed chunks (nothing is copied when it grows). The scratch
/// file, if any, has no name and is gone at `discard()`, when the spool is released, or however
/// the process ends.
public final class SampleSpool: PCMSampleSource {
    public let sampleRate: Int
    public private(set) var frameCount: UInt64 = 0
    /// Frames kept in memory at most; the rest go to a scratch file in `scratchFolder`.
    public let memoryLimitFrames: Int
    /// The folder of the file that frames beyond the memory limit are written to (only if there
    /// are any): an unnamed file (`POSIXFile.createUnnamed`), so no name is ever taken or left.
    public let scratchFolder: URL

    /// Frames per memory chunk.
    public static let chunkFrames = 1 << 18
    private var chunks: [UnsafeMutableBufferPointer<Int16>] = []
    private var framesInMemory = 0
    private var scratch: POSIXFile?
    private var scratchFrames: UInt64 = 0
    /// Frames bound for the scratch file, written a block at a time: a synthesizer hands over a
    /// few thousand frames per call, and one write(2) each cost more system time than the copy.
    private var pending: [Int16] = []
    static let scratchBlockFrames = 1 << 15
    private var readPosition: UInt64 = 0

    /// - Parameters:
    ///   - memoryLimitFrames: frames kept in memory (default 8 Mi frames, 16 MB: about six
    ///     minutes at 22050 Hz).
    ///   - scratchFolder: where the file for what does not fit is made; only when needed.
    public init(sampleRate: Int, memoryLimitFrames: Int = 1 << 23, scratchFolder: URL) {
        self.sampleRate = sampleRate
        self.memoryLimitFrames = max(0, memoryLimitFrames)
        self.scratchFolder = scratchFolder
    }

    deinit {
        discard()
    }

    /// Frames held in memory (the first ones); the rest are in the scratch file.
    public var framesHeldInMemory: Int { framesInMemory }

    /// Adds samples at the end.
    /// - Throws: `ExpoError.system` when the scratch file cannot be written.
    public func append(_ samples: UnsafeBufferPointer<Int16>) throws {
        var done = 0
        while done < samples.count, framesInMemory < memoryLimitFrames {
            let offset = framesInMemory % Self.chunkFrames
            if offset == 0 {
                chunks.append(.allocate(capacity: Self.chunkFrames))
            }
            let count = min(samples.count - done, Self.chunkFrames - offset, memoryLimitFrames - framesInMemory)
            let target = chunks[chunks.count - 1].baseAddress! + offset
            target.update(from: samples.baseAddress! + done, count: count)
            framesInMemory += count
            done += count
        }
        if done < samples.count {
            if scratch == nil {
                scratch = try POSIXFile.createUnnamed(in: scratchFolder.path, shownAs: scratchFolder.path)
                pending.reserveCapacity(Self.scratchBlockFrames)
            }
            let first = pending.count
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: samples[done...]))
            // Through a pointer: `pending[index] = …` checked the array's uniqueness once per
            // sample (swift_isUniquelyReferenced, visible in a cold WAV run's profile). Little-endian
            // machines compile the loop away.
            pending.withUnsafeMutableBufferPointer { pending in
                for index in first..<pending.count { pending[index] = pending[index].littleEndian }
            }
            if pending.count >= Self.scratchBlockFrames { try writePending() }
        }
        frameCount += UInt64(samples.count)
    }

    /// Writes the frames waiting for the scratch file.
    private func writePending() throws {
        guard let scratch, !pending.isEmpty else { return }
        try pending.withUnsafeBytes { try scratch.write($0) }
        scratchFrames += UInt64(pending.count)
        pending.removeAll(keepingCapacity: true)
    }

    public func rewind() {
        readPosition = 0
    }

    public func read(into buffer: UnsafeMutableBufferPointer<Int16>) throws -> Int {
        try writePending()
        var got = 0
        while got < buffer.count, readPosition < UInt64(framesInMemory) {
            let position = Int(readPosition)
            let offset = position % Self.chunkFrames
            let count = min(buffer.count - got, Self.chunkFrames - offset, framesInMemory - position)
            (buffer.baseAddress! + got).update(from: chunks[position / Self.chunkFrames].baseAddress! + offset, count: count)
            got += count
            readPosition += UInt64(count)
        }
        if got < buffer.count, let scratch, readPosition < frameCount {
            let fileFrame = readPosition - UInt64(framesInMemory)
            let wanted = Int(min(UInt64(buffer.count - got), scratchFrames - fileFrame))
            let target = UnsafeMutableRawBufferPointer(
                start: UnsafeMutableRawPointer(buffer.baseAddress! + got), count: wanted * 2)
            let frames = try scratch.read(into: target, at: fileFrame * 2) / 2
            guard frames > 0 else {
                throw ExpoError.malformedWAV(file: scratchFolder.path, reason: "the scratch audio ends early")
            }
            for index in got..<(got + frames) { buffer[index] = Int16(littleEndian: buffer[index]) }
            got += frames
            readPosition += UInt64(frames)
        }
        return got
    }

    /// Frees the memory and removes the scratch file. The spool is empty afterwards.
    public func discard() {
        for chunk in chunks { chunk.deallocate() }
        chunks = []
        framesInMemory = 0
        if let scratch {
            scratch.closeQuietly()
            self.scratch = nil
        }
        scratchFrames = 0
        pending = []
        frameCount = 0
        readPosition = 0
    }
}
