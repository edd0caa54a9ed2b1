import ExpoModel
import ExpoSystem
import Foundation

/// What `LoudnessNormalizer` made: measurements of the published file.
public struct LoudnessReport: Sendable, Equatable {
    /// Integrated loudness of the output file (BS.1770-4), LUFS; `-infinity` for silence.
    public var integratedLUFS: Double
    /// Sample peak of the output file, dBFS; `-infinity` for digital silence.
    public var peakDBFS: Double
    /// True peak of the output file (BS.1770-4 Annex 2, 4× oversampled, as libebur128
    /// measures it), dBTP; `-infinity` for digital silence. Measured whether or not a
    /// true-peak ceiling was set.
    public var truePeakDBTP: Double
    /// The ceiling the limiter held the samples under in the kept pass, dBFS (after rounding
    /// down to whole 16-bit steps): `peakCeilingDBFS`, or lower to meet the true-peak ceiling.
    public var limiterCeilingDBFS: Double
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
    /// How many times the gain-and-limit pass ran (1 to `maximumPasses +
    /// maximumTruePeakPasses`).
    public var passes: Int
    /// SHA-256 of the output file, hashed as it was written (see `WAVWriter.sha256`).
    public var sha256: String?
}

/// Makes a published track from raw synthesizer output: measures it, then applies one gain and
/// a peak limiter so that it reaches `targetLUFS` with no sample above `peakCeilingDBFS` (and,
/// when `truePeakCeilingDBTP` is set, a true peak at most that), and adds silence at both ends.
///
/// Pass 1 measures the input's integrated loudness. Pass 2 streams the input again through
/// gain → limiter → 16-bit rounding into a `WAVWriter`, measuring what it writes. Limiting lowers
/// loudness a little, so when the result is more than `toleranceLU` from the target, pass 2 runs
/// again with a corrected gain: the difference at first, then scaled by the loudness-per-gain
/// slope seen between the last two passes (at most `maximumPasses` passes; the last is kept). Only one block of samples is in memory at a time.
///
/// True peak: the limiter works on samples, and the waveform between them (what a decoder or a
/// DAC reconstructs, and what a lossy encoder adds to) can rise above them. Each pass measures
/// the true peak of exactly what it writes (libebur128, `TruePeakMeter`). The limiter starts at
/// the lower of the sample ceiling and `firstPassTruePeakMarginDB` under the true-peak one;
/// when a pass's true peak is above `truePeakCeilingDBTP`, the limiter's ceiling is lowered by
/// the overshoot plus `truePeakMarginDB` and the pass runs again (at most
/// `maximumTruePeakPasses` such extra passes), the loudness correction going on as before:
/// limiting harder lowers loudness slightly, and the gain makes it up.
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
    /// The highest true peak allowed (BS.1770-4 Annex 2), dBTP; nil: only samples are limited.
    public var truePeakCeilingDBTP: Double?
    /// Upper bound on the passes run again because the true peak was above its ceiling, on top
    /// of `maximumPasses`.
    public var maximumTruePeakPasses: Int
    /// How far under the true-peak ceiling the limiter's samples start, dB. The true peak of
    /// limited speech is a little above its samples (0.05–0.3 dB on espeak-ng Korean), so
    /// starting at the ceiling itself costs most tracks a second pass; starting this much lower
    /// lets most finish in one, their peaks at most this much lower than needed.
    public var firstPassTruePeakMarginDB = 0.3

    /// How far below the true-peak ceiling a rerun aims, dB: lowering the limiter's ceiling by
    /// exactly the overshoot can leave a hair above it (other peaks, 16-bit rounding).
    public static let truePeakMarginDB = 0.1

    /// - Parameters:
    ///   - truePeakCeilingDBTP: the highest true peak allowed, dBTP (a voice profile's
    ///     `truePeakCeilingDBTP`); nil limits only the samples, as before.
    ///   - Others: see the properties of the same names.
    public init(
        targetLUFS: Double = -19, peakCeilingDBFS: Double = -1,
        headSilenceSeconds: Double = 0, tailSilenceSeconds: Double = 0,
        toleranceLU: Double = 0.5, maximumPasses: Int = 3, blockFrames: Int = 1 << 15,
        truePeakCeilingDBTP: Double? = nil, maximumTruePeakPasses: Int = 4
    ) {
        self.targetLUFS = targetLUFS
        self.peakCeilingDBFS = peakCeilingDBFS
        self.headSilenceSeconds = headSilenceSeconds
        self.tailSilenceSeconds = tailSilenceSeconds
        self.toleranceLU = toleranceLU
        self.maximumPasses = maximumPasses
        self.blockFrames = blockFrames
        self.truePeakCeilingDBTP = truePeakCeilingDBTP
        self.maximumTruePeakPasses = maximumTruePeakPasses
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
        source: PCMSampleSource, output: URL, cues: [CuePoint] = [], tags: WAVInfoTags? = nil,
        measuredInput: LoudnessMeter? = nil
    ) throws -> LoudnessReport {
        try validate()
        let sampleRate = source.sampleRate

        let inputMeter = try measure(source, reusing: measuredInput)
        let inputLUFS = inputMeter.integratedLoudness
        let measurable = inputLUFS.isFinite

        let headFrames = Int((headSilenceSeconds * Double(sampleRate)).rounded())
        let tailFrames = Int((tailSilenceSeconds * Double(sampleRate)).rounded())
        let shiftedCues = try Self.shift(cues, by: headFrames, output: output)

        var gainDB = measurable ? targetLUFS - inputLUFS : 0
        var ceilingDB = min(peakCeilingDBFS, truePeakCeilingDBTP.map { $0 - firstPassTruePeakMarginDB } ?? peakCeilingDBFS)
        var pass = 0
        var truePeakPasses = 0
        var previous: (gainDB: Double, lufs: Double)?
        while true {
            pass += 1
            let writer = try WAVWriter(url: output, sampleRate: sampleRate)
            writer.expect(
                frames: UInt64(headFrames) + source.frameCount + UInt64(tailFrames),
                trailerBytes: UInt64(WAVWriter.trailer(cues: shiftedCues, tags: tags).count))
            source.rewind()
            let ceiling = Self.quantizedCeiling(ceilingDB)
            let rendered = try render(
                from: source, into: writer, gainDB: gainDB, ceiling: ceiling, headFrames: headFrames,
                tailFrames: tailFrames)
            let outputLUFS = rendered.meter.integratedLoudness
            let close = !measurable || !outputLUFS.isFinite || abs(outputLUFS - targetLUFS) <= toleranceLU
            // −infinity (silence) minus a ceiling is never above 0.
            let overshoot = truePeakCeilingDBTP.map { rendered.truePeakDBTP - $0 } ?? 0
            let peakDone = !(overshoot > 0) || truePeakPasses >= maximumTruePeakPasses
            if (close || pass >= maximumPasses + truePeakPasses) && peakDone {
                try writer.finish(cues: shiftedCues, tags: tags)
                return LoudnessReport(
                    integratedLUFS: outputLUFS, peakDBFS: rendered.meter.samplePeakDBFS,
                    truePeakDBTP: rendered.truePeakDBTP, limiterCeilingDBFS: 20 * log10(Double(ceiling)),
                    durationSeconds: Double(rendered.meter.framesProcessed) / Double(sampleRate),
                    sampleRate: sampleRate, gainDB: gainDB,
                    headSilenceSeconds: Double(headFrames) / Double(sampleRate),
                    inputLUFS: inputLUFS, inputPeakDBFS: inputMeter.samplePeakDBFS, passes: pass,
                    sha256: writer.sha256)
            }
            writer.cancel()
            if !close { gainDB = correctedGain(gainDB, reached: outputLUFS, previous: &previous) }
            if !peakDone {
                truePeakPasses += 1
                ceilingDB -= overshoot + Self.truePeakMarginDB
                previous = nil  // a slope seen at another ceiling says little about this one
            }
        }
    }

    /// The gain for the next pass after `gainDB` reached `lufs`. Each dB of gain adds at most
    /// one dB of loudness, less when the limiter works harder: after two passes the observed
    /// slope (secant) says how much less. `previous` becomes this pass.
    private func correctedGain(
        _ gainDB: Double, reached lufs: Double, previous: inout (gainDB: Double, lufs: Double)?
    ) -> Double {
        var slope = 1.0
        if let previous, lufs != previous.lufs, gainDB != previous.gainDB {
            slope = min(1, max(0.2, (lufs - previous.lufs) / (gainDB - previous.gainDB)))
        }
        previous = (gainDB, lufs)
        return gainDB + (targetLUFS - lufs) / slope
    }

    /// `cues` moved `headFrames` later.
    private static func shift(_ cues: [CuePoint], by headFrames: Int, output: URL) throws -> [CuePoint] {
        try cues.map { cue in
            let offset = UInt64(cue.sampleOffset) + UInt64(headFrames)
            guard offset <= UInt64(UInt32.max) else {
                throw ExpoError.audioTooLarge(file: output.path, limitBytes: WAVWriter.maximumFileBytes)
            }
            return CuePoint(sampleOffset: UInt32(offset), label: cue.label)
        }
    }

    /// The loudness of `source`: `measuredInput` when it measured all of it, else measured now.
    private func measure(_ source: PCMSampleSource, reusing measuredInput: LoudnessMeter?) throws -> LoudnessMeter {
        if let measuredInput, measuredInput.sampleRate == source.sampleRate,
            measuredInput.framesProcessed == source.frameCount
        {
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

    /// The limiter ceiling for `peakCeilingDBFS` as a whole number of 16-bit steps, so that
    /// rounding to 16 bits can never land above it.
    var quantizedCeiling: Float { Self.quantizedCeiling(peakCeilingDBFS) }

    /// `decibels` (dBFS) as a limiter ceiling of a whole number of 16-bit steps, rounded down.
    static func quantizedCeiling(_ decibels: Double) -> Float {
        let steps = (pow(10, decibels / 20) * 32768).rounded(.down)
        return Float(max(1, steps)) / 32768
    }

    /// What one pass wrote, as measured while writing it.
    private struct Rendered {
        var meter: LoudnessMeter
        var truePeakDBTP: Double
    }

    /// One gain-and-limit pass: head silence, the delay-compensated limited signal, tail silence.
    /// The written (16-bit) samples are measured for loudness and true peak.
    private func render(
        from source: PCMSampleSource, into writer: WAVWriter, gainDB: Double, ceiling: Float, headFrames: Int,
        tailFrames: Int
    ) throws -> Rendered {
        let sampleRate = source.sampleRate
        var meter = LoudnessMeter(sampleRate: sampleRate)
        let peakMeter = try TruePeakMeter(sampleRate: sampleRate, measuresLoudness: false)
        var limiter = PeakLimiter(sampleRate: sampleRate, ceiling: ceiling)
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
                try peakMeter.process(samples)
                try writer.append(samples)
            }
        }

        try Self.writeSilence(headFrames, from: silence, into: writer, meter: &meter, peakMeter: peakMeter)
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
        // The tail silence too: the oversampling filter needs it to finish the last samples.
        try Self.writeSilence(tailFrames, from: silence, into: writer, meter: &meter, peakMeter: peakMeter)
        return Rendered(meter: meter, truePeakDBTP: try peakMeter.truePeakDBTP())
    }

    /// Writes and meters `frames` of silence, in pieces of `silence`'s length.
    private static func writeSilence(
        _ frames: Int, from silence: [Int16], into writer: WAVWriter,
        meter: inout LoudnessMeter, peakMeter: TruePeakMeter
    ) throws {
        var left = frames
        while left > 0 {
            let count = min(left, silence.count)
            try silence.withUnsafeBufferPointer { all in
                let part = UnsafeBufferPointer(rebasing: all[0..<count])
                meter.process(part)
                try peakMeter.process(part)
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
        guard maximumPasses >= 1, blockFrames >= 1, toleranceLU > 0, maximumTruePeakPasses >= 0,
            firstPassTruePeakMarginDB >= 0, firstPassTruePeakMarginDB < 20
        else {
            throw ExpoError.invalidAudioArgument(
                "maximumPasses and blockFrames must be at least 1, toleranceLU above 0, maximumTruePeakPasses 0 or more, "
                    + "firstPassTruePeakMarginDB from 0 to 20.")
        }
        if let truePeakCeilingDBTP, !(truePeakCeilingDBTP.isFinite && truePeakCeilingDBTP <= 0 && truePeakCeilingDBTP > -60) {
            throw ExpoError.invalidAudioArgument(
                "True-peak ceiling must be between -60 and 0 dBTP, not \(truePeakCeilingDBTP).")
        }
    }
}
