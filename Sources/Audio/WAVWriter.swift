import ExpoModel
import ExpoSystem
import Foundation

/// Streams 16-bit PCM mono audio into a WAV file without holding it in memory.
///
/// Samples go to a hidden temporary file next to the destination (`.NAME.wav.partial-<pid>`);
/// `finish(cues:)` completes the header, appends the cue points, flushes the data to disk and
/// renames the file into place atomically, so the destination is either the old file or the
/// complete new one. `cancel()`, a failed `finish`, or dropping an unfinished writer delete the
/// temporary file. Files that would exceed 4 GiB (the RIFF size limit) are refused.
public final class WAVWriter {
    /// Where the finished file goes.
    public let url: URL
    /// Frames per second written into the header.
    public let sampleRate: Int
    /// Sample frames appended so far.
    public private(set) var framesWritten: UInt64 = 0
    /// The hidden file the samples are streamed to until `finish`.
    public let temporaryURL: URL
    /// The finished file's SHA-256 (lowercase hex), hashed from the bytes as they were written,
    /// so that nobody need read the file back to learn it: set by `finish` when the file's size
    /// was announced with `expect` before the first sample and came out exactly so (the header
    /// then was final from the start); nil otherwise, and for audio copied inside the kernel
    /// (`appendAudio`), whose bytes never pass through this process.
    public private(set) var sha256: String?

    /// Length of the canonical header: RIFF (12) + `fmt ` chunk (24) + `data` chunk header (8).
    static let headerBytes = 44
    /// The largest file the RIFF format's 32-bit sizes can describe.
    public static let maximumFileBytes: UInt64 = 1 << 32

    private let limitBytes: UInt64
    private let durable: Bool
    private var output: AtomicFile?
    /// The open temporary file while the writer is unfinished.
    private var file: POSIXFile? { output?.file }
    private let buffer: UnsafeMutableRawBufferPointer
    private var bufferedBytes = 0
    /// Bytes written to the file so far (the buffer not counted).
    private var bytesInFile: UInt64 = 0
    /// Where the written bytes not yet handed to `startWriteback` begin.
    private var writebackFrom: UInt64 = 0
    /// The digest of the bytes written so far, when `expected` says what the header holds.
    private var hasher: SHA256Digest? = SHA256Digest()
    /// The frames and cue-chunk bytes `expect` announced before the first sample (the header
    /// already says so); nil when the header will only be right once `finish` rewrites it.
    private var expected: (frames: UInt64, trailerBytes: UInt64)?
    /// A durable file asks the kernel to start writing to the disk every this many bytes.
    static let writebackBytes: UInt64 = 4 << 20

    /// Starts a WAV file for `url` at `sampleRate` frames per second. A `durable` file is
    /// flushed to the disk before it is renamed into place; a scratch file that is read back
    /// and deleted by the same process need not be (`durable: false` saves the disk writes).
    /// - Throws: `ExpoError.system` when the temporary file cannot be created (e.g. the
    ///   folder does not exist or is not writable).
    public convenience init(url: URL, sampleRate: Int, durable: Bool = true) throws {
        try self.init(url: url, sampleRate: sampleRate, limitBytes: Self.maximumFileBytes, durable: durable)
    }

    /// As the public initializer, with a smaller size limit so tests can reach it.
    init(url: URL, sampleRate: Int, limitBytes: UInt64, durable: Bool = true) throws {
        guard sampleRate > 0, sampleRate <= Int(Int32.max) / 2 else {
            throw ExpoError.invalidAudioArgument("WAV sample rate must be positive, not \(sampleRate).")
        }
        self.url = url
        self.sampleRate = sampleRate
        self.limitBytes = min(limitBytes, Self.maximumFileBytes)
        self.durable = durable
        // Open before `buffer` exists: a throw here leaves the object uninitialised (no deinit).
        let opened = try AtomicFile(url.path)
        temporaryURL = URL(fileURLWithPath: opened.temporaryPath)
        buffer = .allocate(byteCount: 1 << 16, alignment: 2)
        output = opened
        writeHeader(dataBytes: 0, riffBytes: 0)
    }

    deinit {
        output?.abandon()
        buffer.deallocate()
    }

    /// Appends PCM samples. A write failure (disk full, file too large for the file system…)
    /// throws, closes the writer and deletes the temporary file.
    public func append(_ samples: UnsafeBufferPointer<Int16>) throws {
        try reserve(frames: samples.count)
        var done = 0
        while done < samples.count {
            let count = try roomInBuffer(upTo: samples.count - done)
            let target = (buffer.baseAddress! + bufferedBytes).assumingMemoryBound(to: UInt16.self)
            #if _endian(little)
                UnsafeMutableRawPointer(target).copyMemory(from: samples.baseAddress! + done, byteCount: count * 2)
            #else
                for index in 0..<count { target[index] = UInt16(bitPattern: samples[done + index]).littleEndian }
            #endif
            bufferedBytes += count * 2
            done += count
        }
    }

    /// Appends PCM samples.
    public func append(_ samples: [Int16]) throws {
        try samples.withUnsafeBufferPointer { try append($0) }
    }

    /// Appends samples given as floating point, full scale ±1.0. Each is scaled by 32768,
    /// rounded to the nearest integer and clipped to the Int16 range (NaN becomes 0).
    public func append(_ samples: UnsafeBufferPointer<Float>) throws {
        try reserve(frames: samples.count)
        var done = 0
        while done < samples.count {
            let count = try roomInBuffer(upTo: samples.count - done)
            let target = (buffer.baseAddress! + bufferedBytes).assumingMemoryBound(to: UInt16.self)
            for index in 0..<count {
                target[index] = UInt16(bitPattern: Self.quantize(samples[done + index])).littleEndian
            }
            bufferedBytes += count * 2
            done += count
        }
    }

    /// Appends samples given as floating point, full scale ±1.0 (see the buffer variant).
    public func append(_ samples: [Float]) throws {
        try samples.withUnsafeBufferPointer { try append($0) }
    }

    /// Appends `frames` frames of digital silence.
    public func appendSilence(frames: Int) throws {
        try reserve(frames: frames)
        var left = max(frames, 0)
        while left > 0 {
            let count = try roomInBuffer(upTo: left)
            (buffer.baseAddress! + bufferedBytes).initializeMemory(as: UInt8.self, repeating: 0, count: count * 2)
            bufferedBytes += count * 2
            left -= count
        }
    }

    /// Completes the file: sizes, cue points with their labels, the `tags` (a `LIST`/`INFO`
    /// chunk after the audio), flush to disk, atomic rename.
    ///
    /// Cue offsets past the end of the audio are refused before anything is written (the writer
    /// stays usable then). Any other failure deletes the temporary file and closes the writer.
    public func finish(cues: [CuePoint] = [], tags: WAVInfoTags? = nil) throws {
        guard let output else { throw ExpoError.writerClosed(file: url.path) }
        let file = output.file
        if let late = cues.first(where: { UInt64($0.sampleOffset) > framesWritten }) {
            throw ExpoError.invalidAudioArgument(
                "\(url.path): cue \"\(late.label)\" at frame \(late.sampleOffset) lies past the end of the audio (\(counted(framesWritten, "frame")))."
            )
        }
        let trailer = Self.trailer(cues: cues, tags: tags)
        let dataBytes = framesWritten * 2
        let total = UInt64(Self.headerBytes) + dataBytes + UInt64(trailer.count)
        let headerFinal = expected.map { $0.frames == framesWritten && $0.trailerBytes == UInt64(trailer.count) } ?? false
        do {
            guard total <= limitBytes else { throw ExpoError.audioTooLarge(file: url.path, limitBytes: limitBytes) }
            try flushBuffer()
            try trailer.withUnsafeBytes { bytes in
                try file.write(bytes)
                if headerFinal { hasher?.update(bytes) }
            }
            var sizes = [UInt8]()
            Self.putUInt32(UInt32(total - 8), into: &sizes)
            try sizes.withUnsafeBytes { try file.write($0, at: 4) }
            sizes.removeAll()
            Self.putUInt32(UInt32(dataBytes), into: &sizes)
            try sizes.withUnsafeBytes { try file.write($0, at: 40) }
            self.output = nil
            try output.commit(durable ? .fileAndFolder : .none)
            if headerFinal { sha256 = hasher.take()?.hexDigest() }
        } catch {
            cancel()
            throw error
        }
    }

    /// Abandons the file: deletes the temporary file; the destination is left untouched.
    public func cancel() {
        output?.abandon()
        output = nil
    }

    /// Full scale ±1.0 to Int16: scaled by 32768, rounded to nearest (halves away from zero),
    /// clipped; NaN becomes 0.
    ///
    /// Branch-free, so that block loops vectorise: clipping before rounding gives the same
    /// result as after (from 32766.5 up rounds to 32767 either way, from -32767.5 down to
    /// -32768); adding 1.5·2^23 rounds to a whole number (halves to even) whose value is the low
    /// bits of the sum; a half that went toward zero is then moved away from it. Checked equal
    /// to `(sample * 32768).rounded()` then clipped, for every Float.
    @inline(__always)
    public static func quantize(_ sample: Float) -> Int16 {
        let scaled = sample * 32768
        let finite = scaled.isNaN ? 0 : scaled
        let clipped = Swift.min(Swift.max(finite, -32768), 32767)
        let magic: Float = 12_582_912  // 1.5 · 2^23: from 2^23 on, Floats are whole numbers
        let shifted = clipped + magic
        let offset = clipped - (shifted - magic)  // exact, from -0.5 to 0.5
        var whole = Int32(bitPattern: shifted.bitPattern) &- Int32(bitPattern: magic.bitPattern)
        whole &+= (offset == 0.5 && clipped > 0 ? 1 : 0) &- (offset == -0.5 && clipped < 0 ? 1 : 0)
        return Int16(truncatingIfNeeded: whole)
    }

    /// `quantize` applied to each of `samples`, into `output` (as long as `samples`).
    ///
    /// The same function bit for bit (checked on all 2³² Float values by
    /// Benchmarks/dsp-kernels.sh), in fewer vector operations: NaN, the clip and the rounding
    /// are selects the compiler maps onto SSE2 compare/min/max, and the rounding works on the
    /// magnitude (one tie test instead of two) with the sign put back on the integer.
    public static func quantize(_ samples: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Int16>) {
        precondition(output.count >= samples.count)
        guard let input = samples.baseAddress, let target = output.baseAddress else { return }
        let magic: Float = 12_582_912  // 1.5 · 2^23: from 2^23 on, Floats are whole numbers
        for index in 0..<samples.count {
            let scaled = input[index] * 32768
            let low = scaled > -32768 ? scaled : -32768  // maxps (NaN gives −32768 here…)
            let high = low < 32767 ? low : 32767  // minps
            let clipped = scaled == scaled ? high : 0  // (…and 0 here)
            let magnitude = abs(clipped)
            let shifted = magnitude + magic  // to nearest, ties to even
            var whole = Int32(bitPattern: shifted.bitPattern) &- Int32(bitPattern: magic.bitPattern)
            // A tie rounded down to even goes up instead: half away from zero.
            whole &+= magnitude - (shifted - magic) == 0.5 ? 1 : 0
            let negative = Int32(bitPattern: clipped.bitPattern) >> 31  // 0 or −1
            target[index] = Int16(truncatingIfNeeded: (whole ^ negative) &- negative)
        }
    }

    // MARK: - Bytes

    /// Refuses to grow the file past the limit, before writing any of the new frames.
    private func reserve(frames: Int) throws {
        guard file != nil else { throw ExpoError.writerClosed(file: url.path) }
        let after = UInt64(Self.headerBytes) + (framesWritten + UInt64(max(frames, 0))) * 2
        guard after <= limitBytes else { throw ExpoError.audioTooLarge(file: url.path, limitBytes: limitBytes) }
        framesWritten += UInt64(max(frames, 0))
    }

    /// How many of up to `frames` frames fit in the buffer now (at least one), flushing it
    /// first when it is full.
    @inline(__always)
    private func roomInBuffer(upTo frames: Int) throws -> Int {
        if bufferedBytes + 2 > buffer.count { try flushBuffer() }
        return min(frames, (buffer.count - bufferedBytes) / 2)
    }

    private func flushBuffer() throws {
        guard bufferedBytes > 0, let file else { return }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<bufferedBytes])
        do {
            try file.write(bytes)
            if expected != nil { hasher?.update(bytes) }
        } catch {
            cancel()  // a partial file is of no use: free the disk space at once
            throw error
        }
        bytesInFile += UInt64(bufferedBytes)
        bufferedBytes = 0
        startWritebackIfDue()
    }

    /// For a durable file, lets the disk start on what has been written (see
    /// `POSIXFile.startWriteback`), so that `finish` waits for the last few megabytes only.
    private func startWritebackIfDue() {
        guard durable, let file, bytesInFile - writebackFrom >= Self.writebackBytes else { return }
        file.startWriteback(offset: writebackFrom, length: bytesInFile - writebackFrom)
        writebackFrom = bytesInFile
    }

    /// Tells the writer the file will hold `frames` frames in all (and `trailerBytes` of cue
    /// chunks after them), so that the file system reserves the space at once instead of block
    /// by block. Only a hint: a file that ends up shorter or longer is still written correctly.
    /// Told before the first sample, the writer puts those sizes in the header at once and
    /// hashes the file as it writes it (see `sha256`).
    public func expect(frames: UInt64, trailerBytes: UInt64 = 0) {
        let total = UInt64(Self.headerBytes) + frames * 2 + trailerBytes
        file?.preallocate(length: total)
        guard file != nil, framesWritten == 0, bytesInFile == 0, expected == nil, total <= limitBytes else { return }
        writeHeader(dataBytes: UInt32(frames * 2), riffBytes: UInt32(total - 8))
        expected = (frames, trailerBytes)
    }

    /// Appends all the audio of `reader` (16-bit mono at this writer's rate), copied inside the
    /// kernel where it can be (see `POSIXFile.copy`), else block by block. `shouldStop` is asked
    /// between blocks of a few megabytes; when it says yes, this throws `ExpoError.interrupted`.
    public func appendAudio(of reader: WAVReader, shouldStop: () -> Bool = { false }) throws {
        guard reader.format.isPCM16Mono, reader.format.sampleRate == sampleRate else {
            throw ExpoError.unsupportedAudioFormat(
                file: reader.url.path, found: reader.format.summary, needed: "16-bit PCM mono at \(sampleRate) Hz")
        }
        guard let file else { throw ExpoError.writerClosed(file: url.path) }
        try flushBuffer()
        expected = nil  // the kernel copies these bytes: they are not hashed here
        reader.seek(toFrame: 0)
        let chunkFrames: UInt64 = 2 << 20
        var copied: UInt64 = 0
        do {
            while copied < reader.frameCount {
                if shouldStop() { throw ExpoError.interrupted }
                let frames = min(chunkFrames, reader.frameCount - copied)
                try reserve(frames: Int(frames))
                let bytes = try reader.copyData(fromFrame: copied, frames: frames, to: file)
                bytesInFile += bytes
                guard bytes == frames * 2 else {
                    // Not copied in the kernel: the rest goes through this process.
                    framesWritten -= frames - bytes / 2
                    copied += bytes / 2
                    break
                }
                copied += frames
                startWritebackIfDue()
            }
        } catch {
            cancel()
            throw error
        }
        guard copied < reader.frameCount else { return }
        reader.seek(toFrame: copied)
        var block = [Int16](repeating: 0, count: 1 << 15)
        while true {
            if shouldStop() { throw ExpoError.interrupted }
            let count = try block.withUnsafeMutableBufferPointer { try reader.read(into: $0) }
            if count == 0 { break }
            try block.withUnsafeBufferPointer { try append(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    private func writeHeader(dataBytes: UInt32, riffBytes: UInt32) {
        let header = Self.header(sampleRate: sampleRate, dataBytes: dataBytes, riffBytes: riffBytes)
        header.withUnsafeBytes { bytes in
            buffer.baseAddress!.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
        bufferedBytes = header.count
    }

    /// The 44-byte header of a file of `frames` frames and `trailerBytes` of cue chunks, as
    /// `finish` leaves it.
    static func header(sampleRate: Int, frames: UInt64, trailerBytes: UInt64) -> [UInt8] {
        header(
            sampleRate: sampleRate, dataBytes: UInt32(truncatingIfNeeded: frames * 2),
            riffBytes: UInt32(truncatingIfNeeded: UInt64(headerBytes) - 8 + frames * 2 + trailerBytes))
    }

    private static func header(sampleRate: Int, dataBytes: UInt32, riffBytes: UInt32) -> [UInt8] {
        var header = [UInt8]()
        header.reserveCapacity(Self.headerBytes)
        header += Array("RIFF".utf8)
        Self.putUInt32(riffBytes, into: &header)
        header += Array("WAVE".utf8)
        header += Array("fmt ".utf8)
        Self.putUInt32(16, into: &header)
        Self.putUInt16(1, into: &header)  // PCM
        Self.putUInt16(1, into: &header)  // mono
        Self.putUInt32(UInt32(sampleRate), into: &header)
        Self.putUInt32(UInt32(sampleRate * 2), into: &header)  // bytes per second
        Self.putUInt16(2, into: &header)  // bytes per frame
        Self.putUInt16(16, into: &header)  // bits per sample
        header += Array("data".utf8)
        Self.putUInt32(dataBytes, into: &header)
        return header
    }
}
