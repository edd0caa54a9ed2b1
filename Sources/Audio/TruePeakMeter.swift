import CEbur128
import ExpoModel
import Foundation

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
        interpolator.process(samples)
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
        return ExpoError(
            .resources, "libebur128 could not \(operation): \(reason)",
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
/// samples far under its peak. What keeps the same result cheaper: a phase whose only
/// coefficient is 1 (the centre tap: its outputs are samples, already in the sample peak) is not
/// computed; the samples are held as `Double` (each `Float` exactly), converted once instead of
/// once per tap; a block's outputs are computed eight side by side in registers, each still
/// summed tap by tap in libebur128's order (so every sum is the same `Double`); and the largest
/// magnitudes are taken in four independent runs, each skipping a NaN as the single run did.
struct TruePeakInterpolator {
    /// Outputs per input sample.
    let factor: Int
    /// Each computed phase's coefficients and how many samples back each one reads.
    let coefficients: [[Double]]
    let delays: [[Int]]
    /// The same, all phases one after the other (phase p's taps at `phaseTaps[p]`), for the loop.
    private let flatCoefficients: [Double]
    private let flatDelays: [Int]
    private let phaseTaps: [Range<Int>]
    /// Largest sum of |coefficient| over the phases.
    private let gainBound: Double
    /// Samples an output reads before the current one.
    private let reach: Int
    /// The last `reach` samples then the current call's, as `Double`; the first `reach` are
    /// zeros before the first call, as libebur128 starts.
    private var buffer: [Double]
    /// The true peak so far (linear, full scale 1.0).
    private(set) var peak: Double = 0
    /// Samples per block whose bound is checked before it is interpolated.
    static let block = 32
    /// Outputs summed side by side.
    private typealias Lanes = SIMD8<Double>

    init(sampleRate: Int) {
        factor = sampleRate < 96_000 ? 4 : sampleRate < 192_000 ? 2 : 1
        let taps = 49
        var coefficients = [[Double]](repeating: [], count: factor)
        var delays = [[Int]](repeating: [], count: factor)
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
        buffer = [Double](repeating: 0, count: reach)
        // Double(x) * 1 rounded to Float is x itself: such a phase's outputs are samples.
        let computed = coefficients.indices.filter { coefficients[$0] != [1] }
        self.coefficients = computed.map { coefficients[$0] }
        self.delays = computed.map { delays[$0] }
        flatCoefficients = self.coefficients.flatMap { $0 }
        flatDelays = self.delays.flatMap { $0 }
        var first = 0
        phaseTaps = self.coefficients.map { taps in
            defer { first += taps.count }
            return first..<(first + taps.count)
        }
    }

    /// The largest |sample| of `samples`, NaN skipped (as `max(largest, abs(sample))` in one run
    /// skips it), in four independent runs so that the comparisons overlap.
    @inline(__always)
    static func largestMagnitude<Sample: BinaryFloatingPoint>(_ samples: UnsafeBufferPointer<Sample>) -> Sample {
        var m0: Sample = 0
        var m1: Sample = 0
        var m2: Sample = 0
        var m3: Sample = 0
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

    /// Measures samples given at full scale ±1.0.
    mutating func process(_ samples: UnsafeBufferPointer<Float>) {
        guard !samples.isEmpty else { return }
        // The sample peak: libebur128 reports the larger of it and the interpolated peak.
        peak = max(peak, Double(Self.largestMagnitude(samples)))
        guard factor > 1 else { return }
        interpolate(count: samples.count) { target in
            for index in 0..<samples.count { target[index] = Double(samples[index]) }
        }
    }

    /// Measures 16-bit samples, as libebur128 reads them: value / 32768 (a `Float`, exactly).
    mutating func process(_ samples: UnsafeBufferPointer<Int16>) {
        guard !samples.isEmpty else { return }
        var largest: Int16 = 0
        var smallest: Int16 = 0
        for sample in samples {
            largest = Swift.max(largest, sample)
            smallest = Swift.min(smallest, sample)
        }
        peak = max(peak, Double(Swift.max(Int32(largest), -Int32(smallest))) / 32_768)
        guard factor > 1 else { return }
        interpolate(count: samples.count) { target in
            for index in 0..<samples.count { target[index] = Double(samples[index]) / 32_768 }
        }
    }

    /// Interpolates the `count` samples that `fill` writes after the history, and keeps the
    /// last `reach` of them as the next call's history.
    @inline(__always)
    private mutating func interpolate(count: Int, fill: (UnsafeMutableBufferPointer<Double>) -> Void) {
        let reach = reach
        let gainBound = gainBound
        if buffer.count < reach + count { buffer.append(contentsOf: repeatElement(0, count: reach + count - buffer.count)) }
        var peak = peak
        buffer.withUnsafeMutableBufferPointer { all in
            let base = all.baseAddress!
            fill(UnsafeMutableBufferPointer(start: base + reach, count: count))
            flatCoefficients.withUnsafeBufferPointer { coefficients in
                flatDelays.withUnsafeBufferPointer { delays in
                    var start = 0
                    while start < count {
                        let end = min(count, start + Self.block)
                        // Outputs for inputs start..<end read buffer[start ..< reach + end].
                        let blockLargest = Self.largestMagnitude(UnsafeBufferPointer(start: base + start, count: reach + end - start))
                        if blockLargest * gainBound * (1 + 1e-9) > peak {
                            for taps in phaseTaps {
                                Self.phaseOutputs(
                                    base + reach, from: start, to: end, coefficients: coefficients, delays: delays,
                                    taps: taps, peak: &peak)
                            }
                        }
                        start = end
                    }
                }
            }
            // The history: the last `reach` samples (zeros, or the previous call's, included).
            (base).update(from: base + count, count: reach)
        }
        self.peak = peak
    }

    /// One phase's outputs for the samples at `from..<to` of `samples` (which may read `reach`
    /// samples before it), raising `peak` to their largest magnitude. Each output is summed tap
    /// by tap from 0, in the taps' order: eight outputs side by side, then one at a time.
    @inline(__always)
    private static func phaseOutputs(
        _ samples: UnsafeMutablePointer<Double>, from start: Int, to end: Int,
        coefficients: UnsafeBufferPointer<Double>, delays: UnsafeBufferPointer<Int>, taps: Range<Int>,
        peak: inout Double
    ) {
        var output = start
        while output + Lanes.scalarCount <= end {
            var sum = Lanes(repeating: 0)
            for tap in taps {
                let read = UnsafeRawPointer(samples + (output - delays[tap])).loadUnaligned(as: Lanes.self)
                sum += read * coefficients[tap]
            }
            // `peak` is always a `Float`'s value (a sample's or an output's), so an output's
            // magnitude exceeds it exactly when it exceeds `Float(peak)` (a NaN never does).
            let outputs = SIMD8<Float>(sum)
            let bound = Float(peak)
            if any((outputs .> bound) .| (outputs .< -bound)) {
                for lane in 0..<Lanes.scalarCount {
                    let magnitude = Double(abs(Float(sum[lane])))
                    if magnitude > peak { peak = magnitude }
                }
            }
            output += Lanes.scalarCount
        }
        while output < end {
            var sum = 0.0
            for tap in taps { sum += samples[output - delays[tap]] * coefficients[tap] }
            let magnitude = Double(abs(Float(sum)))
            if magnitude > peak { peak = magnitude }
            output += 1
        }
    }
}
