import Foundation
import ExpoModel
import ExpoSystem

/// Integrated loudness of a mono signal after ITU-R BS.1770-4, measured as samples stream by,
/// plus the sample peak.
///
/// The signal is K-weighted (`KWeighting`), cut into 400 ms blocks overlapping by 75 % (a new
/// block every 100 ms), and the blocks are gated: first at −70 LUFS absolute, then at 10 LU
/// below the loudness of the blocks that passed the first gate. Incomplete blocks at the end are
/// not counted, as the standard says. Memory: one `Double` per 100 ms of audio (about 290 kB
/// for an hour) and two segments of samples waiting to be filtered (about 260 kB at 22,050 Hz),
/// independent of the block size the caller feeds.
///
/// The filters run on two segments of the signal side by side (their recurrences are chains of
/// dependent operations; two independent chains keep the processor's units busy): segments are
/// fixed spans of the signal (`segmentFrames`, whole 100 ms steps), taken in pairs. The first of
/// a pair continues from the filters' state at the end of the pair before; the second starts
/// from rest `warmUpSteps` steps early, on the end of the first, which is long enough for the
/// filters' memory of everything before to decay under `Double`'s precision (their slowest pole
/// to the warm-up's length times its length below 2⁻⁶⁴). So the result differs from one filter
/// run from end to end only by rounding, and, segments being fixed positions of the signal, it
/// is the same however the caller cuts the signal.
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
    /// Steps per segment.
    let segmentSteps: Int
    /// Steps the second segment of a pair is filtered from rest before its own frames; nil
    /// when the filters do not decay fast enough (rates far from audio's): the second segment
    /// then continues from the end of the first, one after the other.
    let warmUpSteps: Int?
    private let filter: KWeightingLanes
    /// Frames received but not filtered yet (at most two segments), full scale.
    private var pending: [Float] = []
    /// The filters' state after the last filtered frame, in lane 0.
    private var carried = KWeightingLanes.State.rest
    /// Sum of squares of the last (up to) three completed steps, oldest first.
    private var previousSteps: [Double] = []
    /// Mean square of each completed 400 ms block.
    private var blockPowers: [Double] = []

    /// The absolute gate, −70 LUFS.
    public static let absoluteGateLUFS = -70.0
    /// The relative gate, 10 LU below the absolutely gated loudness.
    public static let relativeGateLU = -10.0
    /// About how long a segment is, in seconds.
    static let segmentSeconds = 2.0

    public init(sampleRate: Int) {
        precondition(sampleRate >= 10, "LoudnessMeter needs a sample rate of at least 10 Hz")
        self.sampleRate = sampleRate
        let stepFrames = max(1, Int((Double(sampleRate) / 10).rounded()))
        self.stepFrames = stepFrames
        let pre = KWeighting.preFilter(sampleRate: Double(sampleRate))
        let highPass = KWeighting.highPass(sampleRate: Double(sampleRate))
        filter = KWeightingLanes(preFilter: pre, highPass: highPass)
        let warmUpSteps = KWeighting.decayFrames(of: [pre, highPass]).map { ($0 + stepFrames - 1) / stepFrames }
        self.warmUpSteps = warmUpSteps
        segmentSteps = max(Int((Self.segmentSeconds * 10).rounded()), 4 * (warmUpSteps ?? 0))
        previousSteps.reserveCapacity(3)
    }

    /// Frames in one segment.
    var segmentFrames: Int { segmentSteps * stepFrames }

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
        append(count: samples.count) { Float(base[$0]) / 32768 }  // exact
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
        append(count: samples.count) { base[$0] }
    }

    /// Measures samples given at full scale ±1.0.
    public mutating func process(_ samples: [Float]) {
        samples.withUnsafeBufferPointer { process($0) }
    }

    /// Gated integrated loudness in LUFS; `-infinity` when no block passes the gates (silence,
    /// or less than 400 ms of audio).
    public var integratedLoudness: Double {
        let absoluteGate = Self.power(ofLoudness: Self.absoluteGateLUFS)
        let loudEnough = finishedBlockPowers.filter { $0 > absoluteGate }
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
        finishedBlockPowers.map(Self.loudness(ofPower:))
    }

    /// The mean square of every completed block, the frames still waiting filtered too (on a
    /// copy: more samples can follow).
    private var finishedBlockPowers: [Double] {
        guard !pending.isEmpty else { return blockPowers }
        var copy = self
        copy.filterPending(final: true)
        return copy.blockPowers
    }

    /// LUFS of a mean square of the K-weighted signal (BS.1770: −0.691 + 10·log10 z).
    public static func loudness(ofPower power: Double) -> Double {
        power > 0 ? -0.691 + 10 * log10(power) : -.infinity
    }

    /// The mean square whose loudness is `lufs`.
    public static func power(ofLoudness lufs: Double) -> Double {
        pow(10, (lufs + 0.691) / 10)
    }

    /// Adds `count` samples (`sample(i)` the i-th, full scale) to the frames waiting, filtering
    /// each time two segments are complete.
    @inline(__always)
    private mutating func append(count: Int, sample: (Int) -> Float) {
        let pairFrames = 2 * segmentFrames
        if pending.capacity < pairFrames { pending.reserveCapacity(pairFrames) }
        var index = 0
        while index < count {
            let take = min(count - index, pairFrames - pending.count)
            let first = pending.count
            let start = index
            pending.append(contentsOf: repeatElement(0, count: take))
            pending.withUnsafeMutableBufferPointer { pending in
                let target = pending.baseAddress! + first
                for offset in 0..<take { target[offset] = sample(start &+ offset) }
            }
            index += take
            if pending.count == pairFrames { filterPending(final: false) }
        }
        framesProcessed += UInt64(count)
    }

    /// Filters the frames waiting, up to two segments, and adds their complete steps to the
    /// blocks. `final`: the frames after the last complete step are dropped (they make no
    /// complete block) instead of waiting for more.
    private mutating func filterPending(final: Bool) {
        let frames = final ? pending.count / stepFrames * stepFrames : pending.count
        let firstSteps = min(frames, segmentFrames) / stepFrames
        let secondSteps = max(0, frames - segmentFrames) / stepFrames
        var sums = [Double](repeating: 0, count: firstSteps + secondSteps)
        let filter = filter, stepFrames = stepFrames, segmentFrames = segmentFrames
        // Lane 0: the first segment, from where the filters stopped; lane 1: the second, from
        // rest. A lane with nothing to do is fed silence and its results are dropped.
        var state = carried
        let silence = [Float](repeating: 0, count: stepFrames)
        pending.withUnsafeBufferPointer { frames in
            silence.withUnsafeBufferPointer { silence in
                sums.withUnsafeMutableBufferPointer { sums in
                    let signal = frames.baseAddress!, nothing = silence.baseAddress!
                    guard let warmUpSteps, secondSteps > 0 else {
                        // One after the other, in lane 0: the first segment's steps, then the
                        // second's from where the first ended.
                        for step in 0..<(firstSteps + secondSteps) {
                            sums[step] = state.filter(signal + step * stepFrames, nothing, frames: stepFrames, filter).x
                        }
                        return
                    }
                    // The second segment's step `step` (negative: warming up on the first
                    // segment's last steps) beside the first's step `step + warmUpSteps`.
                    let secondStart = signal + segmentFrames
                    for step in -warmUpSteps..<max(secondSteps, firstSteps - warmUpSteps) {
                        let firstStep = step + warmUpSteps
                        let first = firstStep < firstSteps ? signal + firstStep * stepFrames : nothing
                        let second = step < secondSteps ? secondStart + step * stepFrames : nothing
                        let stepSums = state.filter(first, second, frames: stepFrames, filter)
                        if firstStep < firstSteps { sums[firstStep] = stepSums.x }
                        if step >= 0 && step < secondSteps { sums[firstSteps + step] = stepSums.y }
                    }
                    state = state.secondAsFirst
                }
            }
        }
        carried = state
        for sum in sums { completeStep(filter.weightedSquareScale * sum) }
        // A final pass runs on a copy: letting its frames go spares copying the buffer it shares.
        if final { pending = [] } else { pending.removeAll(keepingCapacity: true) }
    }

    private mutating func completeStep(_ stepSum: Double) {
        if previousSteps.count == 3 {
            let blockSum = previousSteps.reduce(stepSum, +)
            blockPowers.append(blockSum / Double(4 * stepFrames))
            previousSteps.removeFirst()
        }
        previousSteps.append(stepSum)
    }
}
