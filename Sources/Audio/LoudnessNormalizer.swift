import Foundation
import ExpoModel
import ExpoSystem

/// What `LoudnessNormalizer` made: measurements of the published file.
public struct LoudnessReport: Sendable, Equatable {
    /// Integrated loudness of the output file (BS.1770-4), LUFS; `-infinity` for silence.
    public var integratedLUFS: Double
    /// Sample peak of the output file, dBFS; `-infinity` for digital silence.
    public var peakDBFS: Double
    /// Length of the output file, head and tail silence included.
    public var durationSeconds: Double
    public var sampleRate: Int
    /// Gain applied before the limiter, dB (0 for silent input).
    public var gainDB: Double
    /// Silence before the audio, exactly as written (a whole number of frames). An event at
    /// `t` seconds in the input is at `t + headSilenceSeconds` in the output.
    public var headSilenceSeconds: Double
    /// Integrated loudness of the input, LUFS.
    public var inputLUFS: Double
    /// Sample peak of the input, dBFS.
    public var inputPeakDBFS: Double
    /// How many times the gain-and-limit pass ran (1 to `maximumPasses`).
    public var passes: Int
}

/// Makes a published track from raw synthesizer output: measures it, then applies one gain and
/// a peak limiter so that it reaches `targetLUFS` with no sample above `peakCeilingDBFS`, and
/// adds silence at both ends.
///
/// Pass 1 measures the input's integrated loudness. Pass 2 streams the input again through
/// gain → limiter → 16-bit rounding into a `WAVWriter`, measuring what it writes. Limiting lowers
/// loudness a little, so when the result is more than `toleranceLU` from the target, pass 2 runs
/// again with a corrected gain: the difference at first, then scaled by the loudness-per-gain
/// slope seen between the last two passes (at most `maximumPasses` passes; the last is kept). Only one block of samples is in memory at a time.
///
/// Timing: the limiter's delay is compensated, so the output is the input shifted by exactly
/// `headSilenceSeconds` (rounded to whole frames; see `LoudnessReport.headSilenceSeconds`).
/// Input whose loudness cannot be measured (silence, or under 400 ms long) is not amplified:
/// it is passed through at 0 dB, still under the peak ceiling.
public struct LoudnessNormalizer: Sendable {
    public var targetLUFS: Double
    public var peakCeilingDBFS: Double
    public var headSilenceSeconds: Double
    public var tailSilenceSeconds: Double
    /// Accepted distance of the result from `targetLUFS`.
    public var toleranceLU: Double
    /// Upper bound on gain-and-limit passes.
    public var maximumPasses: Int
    /// Frames per processing block.
    public var blockFrames: Int

    public init(
        targetLUFS: Double = -19, peakCeilingDBFS: Double = -1,
        headSilenceSeconds: Double = 0, tailSilenceSeconds: Double = 0,
        toleranceLU: Double = 0.5, maximumPasses: Int = 3, blockFrames: Int = 1 << 15
    ) {
        self.targetLUFS = targetLUFS
        self.peakCeilingDBFS = peakCeilingDBFS
        self.headSilenceSeconds = headSilenceSeconds
        self.tailSilenceSeconds = tailSilenceSeconds
        self.toleranceLU = toleranceLU
        self.maximumPasses = maximumPasses
        self.blockFrames = blockFrames
    }

    /// Normalizes the 16-bit mono WAV at `input` into a new WAV at `output` (same sample rate),
    /// written atomically. `cues` are positions in the input; they are written shifted by the
    /// head silence. `measuredInput`, when given, is a `LoudnessMeter` that has already seen
    /// every sample of `input` (e.g. while it was being written): the first pass, which only
    /// measures, is then skipped. A meter that has not seen as many frames as the file holds
    /// is ignored.
    /// - Throws: `ExpoError` for unreadable or unsupported input, unwritable output, or
    ///   parameters out of range.
    public func normalize(
        input: URL, output: URL, cues: [CuePoint] = [], measuredInput: LoudnessMeter? = nil
    ) throws -> LoudnessReport {
        try validate()
        let reader = try WAVReader(url: input)
        guard reader.format.isPCM16Mono else {
            throw ExpoError.unsupportedAudioFormat(
                file: input.path, found: reader.format.summary, needed: "16-bit PCM mono")
        }
        return try normalize(source: reader, output: output, cues: cues, measuredInput: measuredInput)
    }

    /// Normalizes the samples of `source` into a new WAV at `output` (same sample rate),
    /// written atomically; otherwise as `normalize(input:output:cues:measuredInput:)`.
    public func normalize(
        source: PCMSampleSource, output: URL, cues: [CuePoint] = [], measuredInput: LoudnessMeter? = nil
    ) throws -> LoudnessReport {
        try validate()
        let sampleRate = source.sampleRate

        let inputMeter = try measure(source, reusing: measuredInput)
        let inputLUFS = inputMeter.integratedLoudness
        let measurable = inputLUFS.isFinite

        let headFrames = Int((headSilenceSeconds * Double(sampleRate)).rounded())
        let tailFrames = Int((tailSilenceSeconds * Double(sampleRate)).rounded())
        let shiftedCues = try cues.map { cue in
            let offset = UInt64(cue.sampleOffset) + UInt64(headFrames)
            guard offset <= UInt64(UInt32.max) else {
                throw ExpoError.audioTooLarge(file: output.path, limitBytes: WAVWriter.maximumFileBytes)
            }
            return CuePoint(sampleOffset: UInt32(offset), label: cue.label)
        }

        var gainDB = measurable ? targetLUFS - inputLUFS : 0
        var pass = 0
        var previous: (gainDB: Double, lufs: Double)?
        while true {
            pass += 1
            let writer = try WAVWriter(url: output, sampleRate: sampleRate)
            writer.expect(frames: UInt64(headFrames) + source.frameCount + UInt64(tailFrames),
                          trailerBytes: UInt64(WAVWriter.cueChunks(shiftedCues).count))
            source.rewind()
            let outputMeter = try render(
                from: source, into: writer, gainDB: gainDB, headFrames: headFrames, tailFrames: tailFrames)
            let outputLUFS = outputMeter.integratedLoudness
            let close = !measurable || !outputLUFS.isFinite || abs(outputLUFS - targetLUFS) <= toleranceLU
            if close || pass >= maximumPasses {
                try writer.finish(cues: shiftedCues)
                return LoudnessReport(
                    integratedLUFS: outputLUFS, peakDBFS: outputMeter.samplePeakDBFS,
                    durationSeconds: Double(outputMeter.framesProcessed) / Double(sampleRate),
                    sampleRate: sampleRate, gainDB: gainDB,
                    headSilenceSeconds: Double(headFrames) / Double(sampleRate),
                    inputLUFS: inputLUFS, inputPeakDBFS: inputMeter.samplePeakDBFS, passes: pass)
            }
            writer.cancel()
            // Each dB of gain adds at most one dB of loudness, less when the limiter works harder.
            // After two passes the observed slope (secant) says how much less.
            var slope = 1.0
            if let previous, outputLUFS != previous.lufs, gainDB != previous.gainDB {
                slope = min(1, max(0.2, (outputLUFS - previous.lufs) / (gainDB - previous.gainDB)))
            }
            previous = (gainDB, outputLUFS)
            gainDB += (targetLUFS - outputLUFS) / slope
        }
    }

    /// The loudness of `source`: `measuredInput` when it measured all of it, else measured now.
    private func measure(_ source: PCMSampleSource, reusing measuredInput: LoudnessMeter?) throws -> LoudnessMeter {
        if let measuredInput, measuredInput.sampleRate == source.sampleRate,
           measuredInput.framesProcessed == source.frameCount {
            return measuredInput
        }
        var meter = LoudnessMeter(sampleRate: source.sampleRate)
        source.rewind()
        var block = [Int16](repeating: 0, count: blockFrames)
        while true {
            let count = try block.withUnsafeMutableBufferPointer { try source.read(into: $0) }
            if count == 0 { break }
            block.withUnsafeBufferPointer { meter.process(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        }
        return meter
    }

    /// The limiter ceiling as a whole number of 16-bit steps, so that rounding to 16 bits can
    /// never land above `peakCeilingDBFS`.
    var quantizedCeiling: Float {
        let steps = (pow(10, peakCeilingDBFS / 20) * 32768).rounded(.down)
        return Float(steps) / 32768
    }

    /// One gain-and-limit pass: head silence, the delay-compensated limited signal, tail silence.
    private func render(
        from source: PCMSampleSource, into writer: WAVWriter, gainDB: Double, headFrames: Int, tailFrames: Int
    ) throws -> LoudnessMeter {
        let sampleRate = source.sampleRate
        var meter = LoudnessMeter(sampleRate: sampleRate)
        var limiter = PeakLimiter(sampleRate: sampleRate, ceiling: quantizedCeiling)
        let gain = Float(pow(10, gainDB / 20))
        var framesToDrop = limiter.latency

        let silence = [Int16](repeating: 0, count: min(blockFrames, max(headFrames, tailFrames)))
        var quantized = [Int16](repeating: 0, count: max(blockFrames, limiter.latency))
        func emit(_ limited: UnsafeBufferPointer<Float>) throws {
            let dropped = min(framesToDrop, limited.count)
            framesToDrop -= dropped
            guard dropped < limited.count else { return }
            let count = limited.count - dropped
            try quantized.withUnsafeMutableBufferPointer { quantized in
                WAVWriter.quantize(UnsafeBufferPointer(rebasing: limited[dropped...]), into: quantized)
                let samples = UnsafeBufferPointer(rebasing: quantized[0..<count])
                meter.process(samples)
                try writer.append(samples)
            }
        }

        try Self.writeSilence(headFrames, from: silence, into: writer, meter: &meter)
        var block = [Int16](repeating: 0, count: blockFrames)
        var scaled = [Float](repeating: 0, count: blockFrames)
        var limited = [Float](repeating: 0, count: blockFrames)
        while true {
            let count = try block.withUnsafeMutableBufferPointer { try source.read(into: $0) }
            if count == 0 { break }
            block.withUnsafeBufferPointer { block in
                scaled.withUnsafeMutableBufferPointer { scaled in
                    for index in 0..<count { scaled[index] = Float(block[index]) / 32768 * gain }
                }
            }
            try scaled.withUnsafeBufferPointer { scaled in
                try limited.withUnsafeMutableBufferPointer { limited in
                    let part = UnsafeMutableBufferPointer(rebasing: limited[0..<count])
                    limiter.process(UnsafeBufferPointer(rebasing: scaled[0..<count]), into: part)
                    try emit(UnsafeBufferPointer(part))
                }
            }
        }
        try limiter.flush().withUnsafeBufferPointer { try emit($0) }
        try Self.writeSilence(tailFrames, from: silence, into: writer, meter: &meter)
        return meter
    }

    /// Writes and meters `frames` of silence, in pieces of `silence`'s length.
    private static func writeSilence(_ frames: Int, from silence: [Int16], into writer: WAVWriter,
                                     meter: inout LoudnessMeter) throws {
        var left = frames
        while left > 0 {
            let count = min(left, silence.count)
            try silence.withUnsafeBufferPointer { all in
                let part = UnsafeBufferPointer(rebasing: all[0..<count])
                meter.process(part)
                try writer.append(part)
            }
            left -= count
        }
    }

    private func validate() throws {
        guard targetLUFS.isFinite, targetLUFS < 0 else {
            throw ExpoError.invalidAudioArgument(
                "Target loudness must be a negative number of LUFS, not \(targetLUFS).")
        }
        guard peakCeilingDBFS.isFinite, peakCeilingDBFS <= 0, peakCeilingDBFS > -60 else {
            throw ExpoError.invalidAudioArgument("Peak ceiling must be between -60 and 0 dBFS, not \(peakCeilingDBFS).")
        }
        guard headSilenceSeconds >= 0, tailSilenceSeconds >= 0, headSilenceSeconds.isFinite, tailSilenceSeconds.isFinite
        else {
            throw ExpoError.invalidAudioArgument("Head and tail silence must be zero or more seconds.")
        }
        guard maximumPasses >= 1, blockFrames >= 1, toleranceLU > 0 else {
            throw ExpoError.invalidAudioArgument(
                "maximumPasses and blockFrames must be at least 1, toleranceLU above 0.")
        }
    }
}
