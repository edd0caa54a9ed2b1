import ExpoModel
import ExpoSystem
import Foundation

/// Integrated loudness of a mono signal after ITU-R BS.1770-4, measured as samples stream by,
/// plus the sample peak.
///
/// The signal is K-weighted (`KWeighting`), cut into 400 ms blocks overlapping by 75 % (a new
/// block every 100 ms), and the blocks are gated: first at −70 LUFS absolute, then at 10 LU
/// below the loudness of the blocks that passed the first gate. Incomplete blocks at the end are
/// not counted, as the standard says. Memory: one `Double` per 100 ms of audio (about 290 kB
/// for an hour), independent of the block size the caller feeds.
///
/// Samples are full scale ±1.0 (`Float`) or 16-bit integers, read as value / 32768.
public struct LoudnessMeter: Sendable {
    /// Frames per second of the measured signal.
    public let sampleRate: Int
    /// Frames measured so far.
    public private(set) var framesProcessed: UInt64 = 0
    /// Largest absolute sample value so far, full scale 1.0.
    public private(set) var samplePeak: Double = 0

    /// Frames in one 100 ms gating step (a block is four steps).
    let stepFrames: Int
    private let filter: KWeightingPairFilter
    /// Inputs, pre-filter outputs and (unweighted) high-pass outputs of the two frames before
    /// the next one to filter, oldest in `x`. Inputs are full scale.
    private var inputHistory = SIMD2<Double>(0, 0)
    private var shelvedHistory = SIMD2<Double>(0, 0)
    private var weightedHistory = SIMD2<Double>(0, 0)
    /// Squares of the current step's frames filtered two at a time, one sum per lane.
    private var stepPairSums = SIMD2<Double>(0, 0)
    /// Frames of the current step received so far (the pending one included).
    private var stepFill = 0
    /// A frame received but not filtered yet: the first of a pair whose second is in the next
    /// call. Holding it keeps the arithmetic independent of how the caller cuts the signal.
    private var pendingSample: Double?
    /// Sum of squares of the last (up to) three completed steps, oldest first.
    private var previousSteps: [Double] = []
    /// Mean square of each completed 400 ms block.
    private var blockPowers: [Double] = []

    /// The absolute gate, −70 LUFS.
    public static let absoluteGateLUFS = -70.0
    /// The relative gate, 10 LU below the absolutely gated loudness.
    public static let relativeGateLU = -10.0

    public init(sampleRate: Int) {
        precondition(sampleRate >= 10, "LoudnessMeter needs a sample rate of at least 10 Hz")
        self.sampleRate = sampleRate
        stepFrames = max(1, Int((Double(sampleRate) / 10).rounded()))
        filter = KWeightingPairFilter(
            preFilter: KWeighting.preFilter(sampleRate: Double(sampleRate)),
            highPass: KWeighting.highPass(sampleRate: Double(sampleRate)))
        previousSteps.reserveCapacity(3)
    }

    /// Measures 16-bit samples (value / 32768).
    public mutating func process(_ samples: UnsafeBufferPointer<Int16>) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        // The peak as a separate pass over the integers (it vectorises); |−32768| needs Int32.
        var largest: Int16 = 0
        var smallest: Int16 = 0
        for sample in samples {
            largest = Swift.max(largest, sample)
            smallest = Swift.min(smallest, sample)
        }
        let magnitude = Double(Swift.max(Int32(largest), -Int32(smallest))) / 32768
        if magnitude > samplePeak { samplePeak = magnitude }
        // The filters see the integers themselves, the pre-filter's feed-forward coefficients
        // being divided by 32768 instead: scaling by a power of two is exact either way.
        measure(count: samples.count, inputScale: 1.0 / 32768) { Double(base[$0]) }
    }

    /// Measures 16-bit samples (value / 32768).
    public mutating func process(_ samples: [Int16]) {
        samples.withUnsafeBufferPointer { process($0) }
    }

    /// Measures samples given at full scale ±1.0.
    public mutating func process(_ samples: UnsafeBufferPointer<Float>) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        var largest: Float = 0
        for sample in samples {
            let magnitude = abs(sample)
            largest = magnitude > largest ? magnitude : largest  // NaN never wins, as before
        }
        if Double(largest) > samplePeak { samplePeak = Double(largest) }
        measure(count: samples.count, inputScale: 1) { Double(base[$0]) }
    }

    /// Measures samples given at full scale ±1.0.
    public mutating func process(_ samples: [Float]) {
        samples.withUnsafeBufferPointer { process($0) }
    }

    /// Gated integrated loudness in LUFS; `-infinity` when no block passes the gates (silence,
    /// or less than 400 ms of audio).
    public var integratedLoudness: Double {
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
    public var samplePeakDBFS: Double {
        samplePeak > 0 ? 20 * log10(samplePeak) : -.infinity
    }

    /// Loudness of each completed 400 ms block, in LUFS (ungated), for inspection and tests.
    public var blockLoudness: [Double] {
        blockPowers.map(Self.loudness(ofPower:))
    }

    /// LUFS of a mean square of the K-weighted signal (BS.1770: −0.691 + 10·log10 z).
    public static func loudness(ofPower power: Double) -> Double {
        power > 0 ? -0.691 + 10 * log10(power) : -.infinity
    }

    /// The mean square whose loudness is `lufs`.
    public static func power(ofLoudness lufs: Double) -> Double {
        pow(10, (lufs + 0.691) / 10)
    }

    /// K-weights `count` samples, `sample(i) · inputScale` being the i-th at full scale, and
    /// adds their squares to the 100 ms steps.
    ///
    /// Each step is filtered two frames at a time from its first frame on (an odd last frame
    /// alone), whatever the calls' boundaries: a frame that ends a call as the first of a pair
    /// waits in `pendingSample`. So the arithmetic, and the result, is the same however the
    /// signal is cut.
    @inline(__always)
    private mutating func measure(count: Int, inputScale: Double, sample: (Int) -> Double) {
        let coefficients = filter.scaled(byInput: inputScale)
        var state = KWeightingPairFilter.State(
            inputs: inputHistory / inputScale, shelved: shelvedHistory, weighted: weightedHistory,
            pairSums: stepPairSums)
        var index = 0
        if let pending = pendingSample, count > 0 {
            state.filterPair(SIMD2(pending / inputScale, sample(0)), coefficients)
            pendingSample = nil
            index = 1
            stepFill += 1
            if stepFill == stepFrames { completeStep(&state) }
        }
        while index < count {
            let run = min(count - index, stepFrames - stepFill)
            let pairEnd = index + (run & ~1)
            while index < pairEnd {
                state.filterPair(SIMD2(sample(index), sample(index + 1)), coefficients)
                index += 2
            }
            stepFill += run & ~1
            if run & 1 == 1 {
                if stepFill + 1 == stepFrames {
                    state.filterLast(sample(index), coefficients)
                } else {
                    pendingSample = sample(index) * inputScale
                }
                index += 1
                stepFill += 1
            }
            if stepFill == stepFrames { completeStep(&state) }
        }
        inputHistory = state.inputs * inputScale
        shelvedHistory = state.shelved
        weightedHistory = state.weighted
        stepPairSums = state.pairSums
        framesProcessed += UInt64(count)
    }

    private mutating func completeStep(_ state: inout KWeightingPairFilter.State) {
        let stepSum = filter.weightedSquareScale * (state.pairSums.x + state.pairSums.y)
        state.pairSums = SIMD2(0, 0)
        if previousSteps.count == 3 {
            let blockSum = previousSteps.reduce(stepSum, +)
            blockPowers.append(blockSum / Double(4 * stepFrames))
            previousSteps.removeFirst()
        }
        previousSteps.append(stepSum)
        stepFill = 0
    }
}
