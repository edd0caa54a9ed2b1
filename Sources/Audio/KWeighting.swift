import Foundation
import ExpoModel
import ExpoSystem

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

/// The two K-weighting stages in cascade, in direct form I, on two independent signals at
/// once: lane 0 and lane 1 of each `SIMD2` are two signals (two segments of one, in
/// `LoudnessMeter`), each filtered frame by frame with the same arithmetic whatever the other
/// lane holds. A section's recurrence is a chain of dependent operations; two chains side by
/// side keep the processor's units busy where one left them waiting.
///
/// The high-pass runs on its numerator 1, −2, 1 and its gain g is applied to the sum of squares
/// (g², `weightedSquareScale`) instead of to each output. Same filters as the standard's
/// transposed form, rounded differently (relative differences around 1e-15 on speech).
struct KWeightingLanes: Sendable {
    let preB0: SIMD2<Double>, preB1: SIMD2<Double>, preB2: SIMD2<Double>
    let preA1: SIMD2<Double>, preA2: SIMD2<Double>
    let highPassA1: SIMD2<Double>, highPassA2: SIMD2<Double>
    /// g², the high-pass gain's effect on a sum of squares.
    let weightedSquareScale: Double

    init(preFilter p: BiquadCoefficients, highPass h: BiquadCoefficients) {
        precondition(h.b1 == -2 * h.b0 && h.b2 == h.b0, "the RLB high-pass has numerator g·(1, −2, 1)")
        preB0 = SIMD2(repeating: p.b0)
        preB1 = SIMD2(repeating: p.b1)
        preB2 = SIMD2(repeating: p.b2)
        preA1 = SIMD2(repeating: p.a1)
        preA2 = SIMD2(repeating: p.a2)
        highPassA1 = SIMD2(repeating: h.a1)
        highPassA2 = SIMD2(repeating: h.a2)
        weightedSquareScale = h.b0 * h.b0
    }

    /// The filters' memory, per lane: the last two inputs, pre-filter outputs and (unweighted)
    /// high-pass outputs, newest in `…1`.
    struct State: Sendable {
        var input1 = SIMD2<Double>.zero, input2 = SIMD2<Double>.zero
        var shelved1 = SIMD2<Double>.zero, shelved2 = SIMD2<Double>.zero
        var weighted1 = SIMD2<Double>.zero, weighted2 = SIMD2<Double>.zero

        /// Both lanes at rest, before any signal.
        static let rest = State()

        /// Lane 1's memory in lane 0, lane 1 at rest.
        var secondAsFirst: State {
            var moved = State()
            moved.input1.x = input1.y
            moved.input2.x = input2.y
            moved.shelved1.x = shelved1.y
            moved.shelved2.x = shelved2.y
            moved.weighted1.x = weighted1.y
            moved.weighted2.x = weighted2.y
            return moved
        }

        /// Filters `frames` frames of each lane's signal (full scale) and returns each lane's
        /// sum of their squares before the gain g (to be multiplied by `weightedSquareScale`).
        @inline(__always)
        mutating func filter(
            _ first: UnsafePointer<Float>, _ second: UnsafePointer<Float>, frames: Int, _ c: KWeightingLanes
        ) -> SIMD2<Double> {
            // Two scalar chains, written out lane by lane: as `SIMD2` arithmetic the compiler
            // mixed the lanes with shuffles and ran at half the speed.
            let b0 = c.preB0.x, b1 = c.preB1.x, b2 = c.preB2.x, a1 = c.preA1.x, a2 = c.preA2.x
            let h1 = c.highPassA1.x, h2 = c.highPassA2.x
            var ax1 = input1.x, ax2 = input2.x, as1 = shelved1.x, as2 = shelved2.x, aw1 = weighted1.x, aw2 = weighted2.x
            var bx1 = input1.y, bx2 = input2.y, bs1 = shelved1.y, bs2 = shelved2.y, bw1 = weighted1.y, bw2 = weighted2.y
            var aSum = 0.0, bSum = 0.0
            for index in 0..<frames {
                let ax = Double(first[index]), bx = Double(second[index])
                // The terms known early first, the last output's last: the loop-carried chain is
                // one multiply and one subtraction per section.
                let aShelf = (b0 * ax + b1 * ax1 + b2 * ax2 - a2 * as2) - a1 * as1
                let bShelf = (b0 * bx + b1 * bx1 + b2 * bx2 - a2 * bs2) - a1 * bs1
                let aWeighted = (((aShelf + as2) - (as1 + as1)) - h2 * aw2) - h1 * aw1
                let bWeighted = (((bShelf + bs2) - (bs1 + bs1)) - h2 * bw2) - h1 * bw1
                aSum += aWeighted * aWeighted
                bSum += bWeighted * bWeighted
                ax2 = ax1; ax1 = ax; as2 = as1; as1 = aShelf; aw2 = aw1; aw1 = aWeighted
                bx2 = bx1; bx1 = bx; bs2 = bs1; bs1 = bShelf; bw2 = bw1; bw1 = bWeighted
            }
            input1 = SIMD2(ax1, bx1)
            input2 = SIMD2(ax2, bx2)
            shelved1 = SIMD2(as1, bs1)
            shelved2 = SIMD2(as2, bs2)
            weighted1 = SIMD2(aw1, bw1)
            weighted2 = SIMD2(aw2, bw2)
            let sums = SIMD2(aSum, bSum)
            return sums
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

    /// Frames after which the cascade of `sections` has forgotten its past below `Double`'s
    /// precision: the first n with n²·ρⁿ ≤ 2⁻⁶⁴, ρ the largest pole magnitude (n² covers a double
    /// pole, such as the high-pass's, in cascade). nil when a pole is not well inside the unit
    /// circle (n would exceed 2²⁰).
    static func decayFrames(of sections: [BiquadCoefficients]) -> Int? {
        var radius = 0.0
        for section in sections {
            let discriminant = section.a1 * section.a1 - 4 * section.a2
            if discriminant < 0 {
                radius = max(radius, section.a2.squareRoot())
            } else {
                let root = discriminant.squareRoot()
                radius = max(radius, abs(-section.a1 + root) / 2, abs(-section.a1 - root) / 2)
            }
        }
        guard radius < 1 else { return nil }
        let logRadius = log(radius), limit = -64 * log(2.0)
        var frames = 1
        while 2 * log(Double(frames)) + Double(frames) * logRadius > limit {
            frames += 1
            if frames > 1 << 20 { return nil }
        }
        return frames
    }

    private static func denominatorA0(cornerHz: Double, q: Double, sampleRate: Double) -> Double {
        let k = tan(Double.pi * cornerHz / sampleRate)
        return 1 + k / q + k * k
    }
}
