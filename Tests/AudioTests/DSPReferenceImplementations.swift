import ExpoModel
import ExpoSystem
import Foundation
import TestSupport

@testable import Audio

// Frozen copies of the audio kernels as they were before the speed work of issue 5: the
// per-sample loudness meter (transposed direct form II biquads), the look-ahead peak limiter (in
// DSPReferenceLimiter.swift) and the 16-bit quantizer. The tests compare the current kernels against them (the meter
// within 1e-9 LU, the limiter and the quantizer bit for bit), and Benchmarks/dsp-kernels.sh
// compiles this file next to the sources to time old against new. Do not optimise these.

/// The transposed direct form II biquad the meter used to run.
struct ReferenceBiquad {
    let coefficients: BiquadCoefficients
    var state1 = 0.0
    var state2 = 0.0

    init(_ coefficients: BiquadCoefficients) {
        self.coefficients = coefficients
    }

    mutating func process(_ x: Double) -> Double {
        let c = coefficients
        let y = c.b0 * x + state1
        state1 = c.b1 * x - c.a1 * y + state2
        state2 = c.b2 * x - c.a2 * y
        return y
    }
}

/// The 16-bit quantizer as it was: ×32768, NaN → 0, clip, round half away from zero.
func referenceQuantize(_ sample: Float) -> Int16 {
    let scaled = sample * 32768
    let finite = scaled.isNaN ? 0 : scaled
    let clipped = Swift.min(Swift.max(finite, -32768), 32767)
    let magic: Float = 12_582_912
    let shifted = clipped + magic
    let offset = clipped - (shifted - magic)
    var whole = Int32(bitPattern: shifted.bitPattern) &- Int32(bitPattern: magic.bitPattern)
    whole &+= (offset == 0.5 && clipped > 0 ? 1 : 0) &- (offset == -0.5 && clipped < 0 ? 1 : 0)
    return Int16(truncatingIfNeeded: whole)
}

/// The block quantizer as it was: `referenceQuantize` on each sample.
func referenceQuantize(_ samples: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Int16>) {
    precondition(output.count >= samples.count)
    for index in 0..<samples.count { output[index] = referenceQuantize(samples[index]) }
}

/// The loudness meter as it was: one sample at a time through two transposed direct form II biquads.
struct ReferenceLoudnessMeter {
    /// Frames per second of the measured signal.
    let sampleRate: Int
    /// Frames measured so far.
    private(set) var framesProcessed: UInt64 = 0
    /// Largest absolute sample value so far, full scale 1.0.
    private(set) var samplePeak: Double = 0

    /// Frames in one 100 ms gating step (a block is four steps).
    let stepFrames: Int
    private var preFilter: ReferenceBiquad
    private var highPass: ReferenceBiquad
    private var stepSum = 0.0
    private var stepFill = 0
    /// Sum of squares of the last (up to) three completed steps, oldest first.
    private var previousSteps: [Double] = []
    /// Mean square of each completed 400 ms block.
    private var blockPowers: [Double] = []

    /// The absolute gate, −70 LUFS.
    static let absoluteGateLUFS = -70.0
    /// The relative gate, 10 LU below the absolutely gated loudness.
    static let relativeGateLU = -10.0

    init(sampleRate: Int) {
        precondition(sampleRate >= 10, "ReferenceLoudnessMeter needs a sample rate of at least 10 Hz")
        self.sampleRate = sampleRate
        stepFrames = max(1, Int((Double(sampleRate) / 10).rounded()))
        preFilter = ReferenceBiquad(KWeighting.preFilter(sampleRate: Double(sampleRate)))
        highPass = ReferenceBiquad(KWeighting.highPass(sampleRate: Double(sampleRate)))
        previousSteps.reserveCapacity(3)
    }

    /// Measures 16-bit samples (value / 32768).
    mutating func process(_ samples: UnsafeBufferPointer<Int16>) {
        measure(count: samples.count) { Double(samples[$0]) / 32768 }
    }

    /// Measures 16-bit samples (value / 32768).
    mutating func process(_ samples: [Int16]) {
        samples.withUnsafeBufferPointer { process($0) }
    }

    /// Measures samples given at full scale ±1.0.
    mutating func process(_ samples: UnsafeBufferPointer<Float>) {
        measure(count: samples.count) { Double(samples[$0]) }
    }

    /// Measures samples given at full scale ±1.0.
    mutating func process(_ samples: [Float]) {
        samples.withUnsafeBufferPointer { process($0) }
    }

    /// Gated integrated loudness in LUFS; `-infinity` when no block passes the gates (silence,
    /// or less than 400 ms of audio).
    var integratedLoudness: Double {
        let absoluteGate = Self.power(ofLoudness: Self.absoluteGateLUFS)
        let loudEnough = blockPowers.filter { $0 > absoluteGate }
        guard !loudEnough.isEmpty else { return -.infinity }
        let ungatedMean = loudEnough.reduce(0, +) / Double(loudEnough.count)
        let relativeGate = ungatedMean * pow(10, Self.relativeGateLU / 10)
        let kept = loudEnough.filter { $0 > relativeGate }
        guard !kept.isEmpty else { return -.infinity }
        return Self.loudness(ofPower: kept.reduce(0, +) / Double(kept.count))
    }

    /// Sample peak in dBFS (0 dBFS = full scale); `-infinity` for digital silence.
    var samplePeakDBFS: Double {
        samplePeak > 0 ? 20 * log10(samplePeak) : -.infinity
    }

    /// Loudness of each completed 400 ms block, in LUFS (ungated), for inspection and tests.
    var blockLoudness: [Double] {
        blockPowers.map(Self.loudness(ofPower:))
    }

    /// LUFS of a mean square of the K-weighted signal (BS.1770: −0.691 + 10·log10 z).
    static func loudness(ofPower power: Double) -> Double {
        power > 0 ? -0.691 + 10 * log10(power) : -.infinity
    }

    /// The mean square whose loudness is `lufs`.
    static func power(ofLoudness lufs: Double) -> Double {
        pow(10, (lufs + 0.691) / 10)
    }

    /// Measures `count` samples, `sample(i)` being the i-th: peak, K-weighting and the sum of
    /// squares of each 100 ms step. The filters' state, the peak and the running sum stay in
    /// local variables for the length of a step; the arithmetic is the same, in the same order,
    /// as one sample at a time.
    @inline(__always)
    private mutating func measure(count: Int, sample: (Int) -> Double) {
        let pre = preFilter.coefficients
        let high = highPass.coefficients
        var pre1 = preFilter.state1
        var pre2 = preFilter.state2
        var high1 = highPass.state1
        var high2 = highPass.state2
        var peak = samplePeak
        var index = 0
        while index < count {
            let run = min(count - index, stepFrames - stepFill)
            var sum = stepSum
            for position in index..<(index + run) {
                let x = sample(position)
                let magnitude = abs(x)
                if magnitude > peak { peak = magnitude }
                let shelved = pre.b0 * x + pre1
                pre1 = pre.b1 * x - pre.a1 * shelved + pre2
                pre2 = pre.b2 * x - pre.a2 * shelved
                let weighted = high.b0 * shelved + high1
                high1 = high.b1 * shelved - high.a1 * weighted + high2
                high2 = high.b2 * shelved - high.a2 * weighted
                sum += weighted * weighted
            }
            stepSum = sum
            stepFill += run
            index += run
            if stepFill == stepFrames { completeStep() }
        }
        preFilter.state1 = pre1
        preFilter.state2 = pre2
        highPass.state1 = high1
        highPass.state2 = high2
        samplePeak = peak
        framesProcessed += UInt64(count)
    }

    private mutating func completeStep() {
        if previousSteps.count == 3 {
            let blockSum = previousSteps.reduce(stepSum, +)
            blockPowers.append(blockSum / Double(4 * stepFrames))
            previousSteps.removeFirst()
        }
        previousSteps.append(stepSum)
        stepSum = 0
        stepFill = 0
    }
}
