import ExpoModel
import ExpoSystem
import Foundation

/// The five coefficients of a second-order IIR section, normalised so that a0 = 1:
/// y[n] = b0·x[n] + b1·x[n-1] + b2·x[n-2] − a1·y[n-1] − a2·y[n-2].
public struct BiquadCoefficients: Sendable, Hashable {
    public var b0: Double
    public var b1: Double
    public var b2: Double
    public var a1: Double
    public var a2: Double

    public init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.a1 = a1
        self.a2 = a2
    }
}

/// The two K-weighting stages in cascade, in direct form I, advanced two frames at a time.
///
/// For a section y[n] = f[n] − a1·y[n−1] − a2·y[n−2] (f the feed-forward part), the next
/// frame unrolls to y[n+1] = f[n+1] − a1·f[n] + (a1² − a2)·y[n−1] + a1·a2·y[n−2]: both frames of
/// a pair depend only on the two outputs before the pair, so a pair costs one multiply-and-add
/// step of recurrence on two `Double` lanes instead of two dependent steps of one. The high-pass
/// runs on its numerator 1, −2, 1 and its gain g is applied to the sum of squares (g²) instead
/// of to each output. Same filters as the standard's transposed form, rounded differently
/// (relative differences around 1e-13 on speech).
struct KWeightingPairFilter: Sendable {
    /// Pre-filter feed-forward, per lane, on (x[n], x[n+1]), (x[n−1], x[n]), (x[n−2], x[n−1])
    /// and (x[n−2], x[n−2]).
    var feedForward0: SIMD2<Double>
    var feedForward1: SIMD2<Double>
    var feedForward2: SIMD2<Double>
    var feedForward3: SIMD2<Double>
    /// Pre-filter recurrence, per lane, on (y[n−2], y[n−1]) and on (y[n−1], y[n−2]): the
    /// last two outputs as they are and swapped (one shuffle, off the first product's path).
    let shelfFromSameLane: SIMD2<Double>
    let shelfFromOtherLane: SIMD2<Double>
    /// High-pass: the −a1·e[n] term of the pair's second lane, and the recurrence as above.
    let highPassInputCarry: SIMD2<Double>
    let highPassFromSameLane: SIMD2<Double>
    let highPassFromOtherLane: SIMD2<Double>
    /// The single-frame form, for a step's odd last frame.
    var pre: BiquadCoefficients
    let highPass: BiquadCoefficients
    /// g², the high-pass gain's effect on a sum of squares.
    let weightedSquareScale: Double

    init(preFilter p: BiquadCoefficients, highPass h: BiquadCoefficients) {
        precondition(h.b1 == -2 * h.b0 && h.b2 == h.b0, "the RLB high-pass has numerator g·(1, −2, 1)")
        feedForward0 = SIMD2(p.b0, p.b0)
        feedForward1 = SIMD2(p.b1, p.b1 - p.a1 * p.b0)
        feedForward2 = SIMD2(p.b2, p.b2 - p.a1 * p.b1)
        feedForward3 = SIMD2(0, -p.a1 * p.b2)
        // y[n] = … − a2·y[n−2] − a1·y[n−1];  y[n+1] = … + (a1² − a2)·y[n−1] + a1·a2·y[n−2].
        shelfFromSameLane = SIMD2(-p.a2, p.a1 * p.a1 - p.a2)
        shelfFromOtherLane = SIMD2(-p.a1, p.a1 * p.a2)
        highPassInputCarry = SIMD2(0, -h.a1)
        highPassFromSameLane = SIMD2(-h.a2, h.a1 * h.a1 - h.a2)
        highPassFromOtherLane = SIMD2(-h.a1, h.a1 * h.a2)
        pre = p
        highPass = h
        weightedSquareScale = h.b0 * h.b0
    }

    /// The same filter for inputs that are `scale` times full scale (scale a power of two, so
    /// that the result is exactly the same).
    @inline(__always)
    func scaled(byInput scale: Double) -> KWeightingPairFilter {
        var copy = self
        copy.feedForward0 *= scale
        copy.feedForward1 *= scale
        copy.feedForward2 *= scale
        copy.feedForward3 *= scale
        copy.pre.b0 *= scale
        copy.pre.b1 *= scale
        copy.pre.b2 *= scale
        return copy
    }

    /// The filters' memory between frames: lane x the older of the last two frames.
    struct State {
        var inputs: SIMD2<Double>
        var shelved: SIMD2<Double>
        /// High-pass outputs before the gain g.
        var weighted: SIMD2<Double>
        /// Running sums of the squared (unweighted) outputs, one per lane.
        var pairSums: SIMD2<Double>

        /// Filters frames n and n+1 (`input`), adding their squares to `pairSums`.
        @inline(__always)
        mutating func filterPair(_ input: SIMD2<Double>, _ c: KWeightingPairFilter) {
            let previousInputs = SIMD2(inputs.y, input.x)
            let feedForward =
                c.feedForward0 * input + c.feedForward1 * previousInputs
                + c.feedForward2 * inputs + c.feedForward3 * SIMD2(repeating: inputs.x)
            let shelf =
                (feedForward + c.shelfFromSameLane * shelved)
                + c.shelfFromOtherLane * SIMD2(shelved.y, shelved.x)
            let previousShelf = SIMD2(shelved.y, shelf.x)
            let difference = (shelf + shelved) - (previousShelf + previousShelf)
            let highPassInput = difference + c.highPassInputCarry * SIMD2(repeating: difference.x)
            let output =
                (highPassInput + c.highPassFromSameLane * weighted)
                + c.highPassFromOtherLane * SIMD2(weighted.y, weighted.x)
            pairSums += output * output
            inputs = input
            shelved = shelf
            weighted = output
        }

        /// Filters one frame, adding its square to the first lane of `pairSums`.
        @inline(__always)
        mutating func filterLast(_ input: Double, _ c: KWeightingPairFilter) {
            let p = c.pre
            let h = c.highPass
            let feedForward = p.b0 * input + p.b1 * inputs.y + p.b2 * inputs.x
            let shelf = feedForward - p.a1 * shelved.y - p.a2 * shelved.x
            let difference = (shelf + shelved.x) - (shelved.y + shelved.y)
            let output = difference - h.a1 * weighted.y - h.a2 * weighted.x
            pairSums.x += output * output
            inputs = SIMD2(inputs.y, input)
            shelved = SIMD2(shelved.y, shelf)
            weighted = SIMD2(weighted.y, output)
        }
    }
}

/// The K-weighting filter of ITU-R BS.1770-4 at any sample rate.
///
/// The standard gives its two filters only as coefficients for 48 kHz. Each is the bilinear
/// transform, pre-warped at its corner frequency, of a second-order analog prototype; the
/// prototype parameters below are the ones that reproduce the 48 kHz table (they are the
/// values published with the reference implementations). Transforming the same prototypes
/// at another rate gives that rate's filters.
public enum KWeighting {
    /// Stage 1, the "pre-filter": a high shelf modelling the acoustic effect of the head,
    /// +4 dB above about 1.7 kHz.
    public static func preFilter(sampleRate: Double) -> BiquadCoefficients {
        let cornerHz = 1681.974450955533
        let shelfGainDB = 3.999843853973347
        let q = 0.7071752369554196
        // Analog prototype, frequency normalised to the corner:
        //   H(s) = (Vh·s² + Vb·s/Q + 1) / (s² + s/Q + 1),  Vh = high-frequency gain,
        //   Vb = gain of the band term (a slightly asymmetric shelf: Vb = Vh^0.49967).
        let highGain = pow(10, shelfGainDB / 20)
        let bandGain = pow(highGain, 0.4996667741545416)
        // Bilinear transform s ← (1/K)·(z−1)/(z+1), K = tan(π·f0/fs), then divide by a0.
        let k = tan(Double.pi * cornerHz / sampleRate)
        let a0 = 1 + k / q + k * k
        return BiquadCoefficients(
            b0: (highGain + bandGain * k / q + k * k) / a0,
            b1: 2 * (k * k - highGain) / a0,
            b2: (highGain - bandGain * k / q + k * k) / a0,
            a1: 2 * (k * k - 1) / a0,
            a2: (1 - k / q + k * k) / a0)
    }

    /// Stage 2, the "RLB" high-pass: second order, about 38 Hz.
    public static func highPass(sampleRate: Double) -> BiquadCoefficients {
        let cornerHz = 38.13547087602444
        let q = 0.5003270373238773
        // Analog prototype H(s) = g·s² / (s² + s/Q + 1). The standard's 48 kHz filter has
        // numerator 1, −2, 1, i.e. a pass-band gain g equal to its own a0 (about +0.04 dB),
        // which its −0.691 dB constant takes into account. Keeping that same g at every rate
        // keeps the whole measurement independent of the sample rate.
        let passBandGain = denominatorA0(cornerHz: cornerHz, q: q, sampleRate: 48000)
        let k = tan(Double.pi * cornerHz / sampleRate)
        let a0 = denominatorA0(cornerHz: cornerHz, q: q, sampleRate: sampleRate)
        let gain = passBandGain / a0
        return BiquadCoefficients(
            b0: gain, b1: -2 * gain, b2: gain,
            a1: 2 * (k * k - 1) / a0,
            a2: (1 - k / q + k * k) / a0)
    }

    private static func denominatorA0(cornerHz: Double, q: Double, sampleRate: Double) -> Double {
        let k = tan(Double.pi * cornerHz / sampleRate)
        return 1 + k / q + k * k
    }
}
