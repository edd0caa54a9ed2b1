import CEbur128
import Foundation
import Testing
@testable import Audio

/// The Swift true-peak interpolator against libebur128's own true-peak mode, on signals fed in
/// blocks of awkward sizes: the same peak, to the last bit the library reports.
@Suite("True-peak interpolator") struct TruePeakInterpolatorTests {
    /// libebur128's true peak of `samples` (EBUR128_MODE_TRUE_PEAK), fed in blocks of `block`.
    static func reference(_ samples: [Float], rate: Int, block: Int) -> Double {
        var state = ebur128_init(1, UInt(rate), Int32(bitPattern: EBUR128_MODE_TRUE_PEAK.rawValue))
        defer { ebur128_destroy(&state) }
        samples.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: block) {
                _ = ebur128_add_frames_float(state, all.baseAddress! + start, min(block, all.count - start))
            }
        }
        var peak = 0.0
        _ = ebur128_true_peak(state, 0, &peak)
        return peak
    }

    /// Speech-like noise: bursts of filtered noise at different levels, a few near full scale.
    static func signal(seed: UInt64, count: Int) -> [Float] {
        var generator = seed
        func next() -> Float {
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Int64(bitPattern: generator >> 11) % 2_000_001 - 1_000_000) / 1_000_000
        }
        var samples = [Float](repeating: 0, count: count)
        var smooth: Float = 0
        for index in 0..<count {
            let level: Float = (index / 4_000) % 5 == 3 ? 0.9 : 0.05 * Float((index / 4_000) % 5 + 1)
            smooth = 0.6 * smooth + 0.4 * next()
            samples[index] = level * smooth
        }
        return samples
    }

    @Test("The same true peak as libebur128, for any block sizes and rates",
          arguments: [(22_050, 1), (22_050, 7), (24_000, 4_096), (48_000, 333), (96_000, 100), (192_000, 50)])
    func matchesLibebur128(rate: Int, block: Int) throws {
        for seed in [1, 2, 3] as [UInt64] {
            let samples = Self.signal(seed: seed, count: 30_000)
            let meter = try TruePeakMeter(sampleRate: rate, measuresLoudness: false)
            for start in stride(from: 0, to: samples.count, by: block) {
                try samples[start..<min(samples.count, start + block)].withUnsafeBufferPointer { try meter.process($0) }
            }
            #expect(try meter.truePeak() == Self.reference(samples, rate: rate, block: 4_096), "seed \(seed)")
        }
        // An inter-sample peak well above every sample, and 16-bit input.
        let sine = InterSamplePeaks.quarterRateSine(amplitude: 0.5, count: 10_000)
        let meter = try TruePeakMeter(sampleRate: rate)
        let integers = sine.map { Int16(($0 * 32_768).rounded()) }
        try integers.withUnsafeBufferPointer { try meter.process($0) }
        #expect(try meter.truePeak() == Self.reference(integers.map { Float(Double($0) / 32_768) }, rate: rate, block: 999))
    }
}
