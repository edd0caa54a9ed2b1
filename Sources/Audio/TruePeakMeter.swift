import Foundation
import ExpoModel
import CEbur128

/// True peak (ITU-R BS.1770-4 Annex 2: the signal oversampled 4× below 96 kHz, 2× below
/// 192 kHz) and, optionally, integrated loudness of a mono signal, as blocks of samples are fed
/// in order. Loudness is libebur128's; the true peak is libebur128's interpolator run in Swift
/// (`TruePeakInterpolator`: the same filter and arithmetic, the same result) only where it can
/// exceed the peak found so far. The Audio stage's only caller of libebur128; its state never
/// leaves this type.
///
/// Samples are full scale ±1.0 (`Float`) or 16-bit integers, read as value / 32768.
/// Not thread-safe: feed one meter from one task at a time.
public final class TruePeakMeter {
    /// Frames per second of the measured signal.
    public let sampleRate: Int
    /// Whether integrated loudness is measured as well (`EBUR128_MODE_I`).
    public let measuresLoudness: Bool
    /// Frames measured so far.
    public private(set) var framesProcessed: UInt64 = 0
    private var state: UnsafeMutablePointer<ebur128_state>?
    private var interpolator: TruePeakInterpolator
    private var conversion: [Float] = []

    /// - Parameters:
    ///   - sampleRate: frames per second (libebur128 accepts 1 Hz to 2.8 MHz).
    ///   - measuresLoudness: also measure integrated loudness (costs a K-weighting filter per
    ///     sample); without it only the true peak is available.
    /// - Throws: `ExpoError.loudnessLibraryFailed` when libebur128 cannot set up its state.
    public init(sampleRate: Int, measuresLoudness: Bool = true) throws {
        self.sampleRate = sampleRate
        self.measuresLoudness = measuresLoudness
        guard sampleRate > 0, sampleRate <= 2_822_400 else {
            throw ExpoError.loudnessLibraryFailed(operation: "set up a mono \(sampleRate) Hz measurement", code: nil)
        }
        interpolator = TruePeakInterpolator(sampleRate: sampleRate)
        if measuresLoudness {
            guard let state = ebur128_init(1, UInt(sampleRate), Int32(bitPattern: EBUR128_MODE_I.rawValue)) else {
                throw ExpoError.loudnessLibraryFailed(operation: "set up a mono \(sampleRate) Hz measurement", code: nil)
            }
            self.state = state
        }
    }

    deinit {
        // nil when `init` threw: libebur128 would dereference it.
        if state != nil { ebur128_destroy(&state) }
    }

    /// Measures 16-bit samples (value / 32768).
    /// - Throws: `ExpoError.loudnessLibraryFailed` when libebur128 fails (out of memory).
    public func process(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        if state != nil { try check(ebur128_add_frames_short(state, base, samples.count), "measure \(samples.count) samples") }
        // As libebur128 reads them: value / 32768 as a Float (exact).
        if conversion.count < samples.count { conversion = [Float](repeating: 0, count: samples.count) }
        conversion.withUnsafeMutableBufferPointer { floats in
            for index in 0..<samples.count { floats[index] = Float(Double(samples[index]) / 32_768) }
            interpolator.process(UnsafeBufferPointer(rebasing: floats[0..<samples.count]))
        }
        framesProcessed += UInt64(samples.count)
    }

    /// Measures 16-bit samples (value / 32768).
    public func process(_ samples: [Int16]) throws {
        try samples.withUnsafeBufferPointer { try process($0) }
    }

    /// Measures samples given at full scale ±1.0.
    /// - Throws: `ExpoError.loudnessLibraryFailed` when libebur128 fails (out of memory).
    public func process(_ samples: UnsafeBufferPointer<Float>) throws {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        if state != nil { try check(ebur128_add_frames_float(state, base, samples.count), "measure \(samples.count) samples") }
        interpolator.process(samples)
        framesProcessed += UInt64(samples.count)
    }

    /// Measures samples given at full scale ±1.0.
    public func process(_ samples: [Float]) throws {
        try samples.withUnsafeBufferPointer { try process($0) }
    }

    /// The largest magnitude of the 4×-oversampled signal so far (linear, full scale 1.0;
    /// never below the sample peak); 0 before any sound.
    public func truePeak() throws -> Double {
        interpolator.peak
    }

    /// The true peak in dBTP (decibels relative to full scale); `-infinity` for digital silence.
    public func truePeakDBTP() throws -> Double {
        let peak = try truePeak()
        return peak > 0 ? 20 * log10(peak) : -.infinity
    }

    /// Gated integrated loudness (BS.1770-4) in LUFS; `-infinity` when no block passes the
    /// gates (silence, or less than 400 ms of audio).
    /// - Throws: `ExpoError.invalidAudioArgument` when the meter was made without loudness.
    public func integratedLoudness() throws -> Double {
        guard measuresLoudness else {
            throw ExpoError.invalidAudioArgument("This TruePeakMeter was made without loudness measurement.")
        }
        var loudness = 0.0
        try check(ebur128_loudness_global(state, &loudness), "report the integrated loudness")
        return loudness
    }

    private func check(_ status: Int32, _ operation: @autoclosure () -> String) throws {
        guard status != Int32(EBUR128_SUCCESS.rawValue) else { return }
        throw ExpoError.loudnessLibraryFailed(operation: operation(), code: status)
    }
}

extension ExpoError {
    /// libebur128 failed (`code`: its error code, nil when it returned no state at all).
    public static func loudnessLibraryFailed(operation: String, code: Int32?) -> ExpoError {
        let reason: String
        switch code.map(UInt32.init(bitPattern:)) {
        case nil: reason = "it returned no state (out of memory, or the parameters are out of its range)"
        case EBUR128_ERROR_NOMEM.rawValue: reason = "out of memory"
        case let other?: reason = "error \(other)"
        }
        return ExpoError(.resources, "libebur128 could not \(operation): \(reason)",
                         advice: "Free some memory and run again.")
    }
}

/// libebur128's (1.2) true-peak interpolator, in Swift: a 49-tap Hann-windowed sinc split into
/// `factor` phases (4 below 96 kHz, 2 below 192 kHz, none above), each output accumulated in
/// `Double` from `Float` samples in libebur128's order and rounded to `Float`, the peak being
/// the largest magnitude of those outputs and of the samples. So it measures exactly what
/// libebur128 measures (a test compares the two), but computes the outputs only for blocks
/// where they can exceed the peak so far: no output of a phase exceeds the sum of its
/// coefficients' magnitudes times the largest sample it reads, and speech spends most of its
/// samples far under its peak. Three things keep the same result cheaper: a phase whose only
/// coefficient is 1 (the centre tap: its outputs are samples, already in the sample peak) is not
/// computed; a block's outputs are computed side by side, each still summed tap by tap in
/// libebur128's order (so every sum is the same `Double`); and the largest magnitudes are taken
/// in four independent runs, each skipping a NaN as the single run did.
struct TruePeakInterpolator {
    /// Outputs per input sample.
    let factor: Int
    /// Each computed phase's coefficients and how many samples back each one reads.
    let coefficients: [[Double]]
    let delays: [[Int]]
    /// Largest sum of |coefficient| over the phases.
    private let gainBound: Double
    /// Samples an output reads before the current one.
    private let reach: Int
    /// The last `reach` samples, oldest first (zeros before the first, as libebur128 starts).
    private var history: [Float]
    private var buffer: [Float] = []
    /// One block's sums, one phase at a time.
    private var sums = [Double](repeating: 0, count: TruePeakInterpolator.block)
    /// The true peak so far (linear, full scale 1.0).
    private(set) var peak: Double = 0
    /// Samples per block whose bound is checked before it is interpolated.
    static let block = 32

    init(sampleRate: Int) {
        factor = sampleRate < 96_000 ? 4 : sampleRate < 192_000 ? 2 : 1
        let taps = 49
        var coefficients = [[Double]](repeating: [], count: factor), delays = [[Int]](repeating: [], count: factor)
        if factor > 1 {
            for tap in 0..<taps {
                let m = Double(tap) - Double(taps - 1) / 2
                var value = 1.0
                if abs(m) > 0.000001 { value = sin(m * .pi / Double(factor)) / (m * .pi / Double(factor)) }
                value *= 0.5 * (1 - cos(2 * .pi * Double(tap) / Double(taps - 1)))
                if abs(value) > 0.000001 {
                    coefficients[tap % factor].append(value)
                    delays[tap % factor].append(tap / factor)
                }
            }
        }
        gainBound = coefficients.map { $0.reduce(0) { $0 + abs($1) } }.max() ?? 1
        reach = delays.flatMap { $0 }.max() ?? 0
        history = [Float](repeating: 0, count: reach)
        // Double(x) * 1 rounded to Float is x itself: such a phase's outputs are samples.
        let computed = coefficients.indices.filter { coefficients[$0] != [1] }
        self.coefficients = computed.map { coefficients[$0] }
        self.delays = computed.map { delays[$0] }
    }

    /// The largest |sample| of `samples`, NaN skipped (as `max(largest, abs(sample))` in one run
    /// skips it), in four independent runs so that the comparisons overlap.
    @inline(__always)
    static func largestMagnitude(_ samples: UnsafeBufferPointer<Float>) -> Float {
        var m0: Float = 0, m1: Float = 0, m2: Float = 0, m3: Float = 0
        var index = 0
        let count = samples.count
        while index + 4 <= count {
            m0 = max(m0, abs(samples[index]))
            m1 = max(m1, abs(samples[index + 1]))
            m2 = max(m2, abs(samples[index + 2]))
            m3 = max(m3, abs(samples[index + 3]))
            index += 4
        }
        while index < count {
            m0 = max(m0, abs(samples[index]))
            index += 1
        }
        return max(max(m0, m1), max(m2, m3))
    }

    mutating func process(_ samples: UnsafeBufferPointer<Float>) {
        guard !samples.isEmpty else { return }
        // The sample peak: libebur128 reports the larger of it and the interpolated peak.
        peak = max(peak, Double(Self.largestMagnitude(samples)))
        guard factor > 1 else { return }
        let count = samples.count
        if buffer.count < reach + count { buffer = [Float](repeating: 0, count: reach + count) }
        let reach = reach, gainBound = gainBound
        var peak = peak
        buffer.withUnsafeMutableBufferPointer { all in
            for index in 0..<reach { all[index] = history[index] }
            for index in 0..<count { all[reach + index] = samples[index] }
            let input = UnsafeBufferPointer(all)
            coefficients.withUnsafeBufferPointer { phases in
                delays.withUnsafeBufferPointer { phaseDelays in
                    sums.withUnsafeMutableBufferPointer { sums in
                        var start = 0
                        while start < count {
                            let end = min(count, start + Self.block)
                            // Outputs for inputs start..<end read buffer[start ..< reach + end].
                            let blockLargest = Self.largestMagnitude(UnsafeBufferPointer(rebasing: input[start..<(reach + end)]))
                            if Double(blockLargest) * gainBound * (1 + 1e-9) > peak {
                                let outputs = end - start
                                let sum = sums.baseAddress!
                                for phase in 0..<phases.count {
                                    let taps = phases[phase], back = phaseDelays[phase]
                                    sum.update(repeating: 0, count: outputs)
                                    for tap in 0..<taps.count {
                                        let coefficient = taps[tap]
                                        // The sample that output n reads through this tap is read[n].
                                        let read = input.baseAddress! + (reach + start - back[tap])
                                        for n in 0..<outputs { sum[n] += Double(read[n]) * coefficient }
                                    }
                                    for n in 0..<outputs {
                                        let magnitude = Double(abs(Float(sum[n])))
                                        if magnitude > peak { peak = magnitude }
                                    }
                                }
                            }
                            start = end
                        }
                    }
                }
            }
            for index in 0..<reach { history[index] = all[count + index] }
        }
        self.peak = peak
    }
}
