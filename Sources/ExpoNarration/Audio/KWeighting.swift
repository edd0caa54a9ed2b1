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

/// A running second-order IIR filter (transposed direct form II, double precision).
struct Biquad: Sendable {
    let coefficients: BiquadCoefficients
    /// The filter's memory (read and written by block loops that keep it in registers).
    var state1 = 0.0
    var state2 = 0.0

    init(_ coefficients: BiquadCoefficients) {
        self.coefficients = coefficients
    }

    @inline(__always)
    mutating func process(_ x: Double) -> Double {
        let c = coefficients
        let y = c.b0 * x + state1
        state1 = c.b1 * x - c.a1 * y + state2
        state2 = c.b2 * x - c.a2 * y
        return y
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
