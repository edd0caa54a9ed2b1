import CEbur128
import Foundation
import TestSupport
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

    @Test(
        "The same true peak as libebur128, for any block sizes and rates",
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

/// The interpolator's shortcuts (blocks skipped by their bound, the centre phase left out,
/// outputs summed side by side) against libebur128's full computation, on real speech and on
/// signals made to sit exactly at the bound.
@Suite("True-peak interpolator, shortcuts") struct TruePeakShortcutTests {
    /// The meter's true peak of `samples` fed in pieces of `block`.
    static func measured(_ samples: [Float], rate: Int, block: Int) throws -> Double {
        let meter = try TruePeakMeter(sampleRate: rate, measuresLoudness: false)
        for start in stride(from: 0, to: samples.count, by: block) {
            try samples[start..<min(samples.count, start + block)].withUnsafeBufferPointer { try meter.process($0) }
        }
        return try meter.truePeak()
    }

    @Test("espeak-ng's Korean, raised until its samples clip and as 16-bit steps: libebur128's true peak to the bit")
    func realSpeech() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("speech.wav")
        try synthesizeKorean("만국박람회에 온 것을 환영합니다. 대한제국 전시관은 왼쪽입니다.", to: file)
        let reader = try WAVReader(url: file)
        var samples = [Int16](repeating: 0, count: Int(reader.frameCount))
        _ = try samples.withUnsafeMutableBufferPointer { try reader.read(into: $0) }
        let raw = samples.map { Float(Double($0) / 32_768) }
        let loudest = raw.map(abs).max() ?? 1
        for gain: Float in [1, 0.99 / loudest, 1.6 / loudest] {
            let integers = raw.map { max(-1, min(1, $0 * gain)) }.map { Int16(($0 * 32_767).rounded()) }
            let speech = integers.map { Float(Double($0) / 32_768) }
            let expected = TruePeakInterpolatorTests.reference(speech, rate: reader.sampleRate, block: 4_096)
            for block in [1, 31, 33, 4_096] {
                #expect(try Self.measured(speech, rate: reader.sampleRate, block: block) == expected, "gain \(gain), block \(block)")
                // The same samples as 16-bit integers (their own conversion path).
                let meter = try TruePeakMeter(sampleRate: reader.sampleRate, measuresLoudness: false)
                for start in stride(from: 0, to: integers.count, by: block) {
                    try integers[start..<min(integers.count, start + block)].withUnsafeBufferPointer { try meter.process($0) }
                }
                #expect(try meter.truePeak() == expected, "16-bit, gain \(gain), block \(block)")
            }
        }
    }

    @Test(
        "samples set to every tap's sign, each just above the peak so far or just under it, across block edges",
        arguments: [22_050, 48_000, 96_000])
    func atTheBound(rate: Int) throws {
        let interpolator = TruePeakInterpolator(sampleRate: rate)
        var samples = [Float](repeating: 0, count: 12_000)
        samples[40] = 0.5  // the peak the first pattern is screened against
        var target = 0.5
        var checkpoints: [Int] = []
        var position = 200
        for _ in 0..<2 {
            for (phase, taps) in interpolator.coefficients.enumerated() {
                let gain = taps.reduce(0) { $0 + abs($1) }
                for scale in [1.000_01, 0.999_99, 1.0] {
                    for offset in [0, 1, 30, 31, 32, 33] {
                        // Output `output` of this phase reads samples output - delay, each with its
                        // tap's sign: it reaches amplitude × gain, the bound of its block.
                        let amplitude = Float(target * scale / gain)
                        let output = position + offset
                        for (tap, delay) in interpolator.delays[phase].enumerated() {
                            samples[output - delay] = taps[tap] < 0 ? -amplitude : amplitude
                        }
                        if scale > 1 { target *= scale }
                        checkpoints.append(output + 20)
                        position += 90
                    }
                }
            }
        }
        // After each pattern, the peak so far: a pattern wrongly skipped leaves it lower.
        let meter = try TruePeakMeter(sampleRate: rate, measuresLoudness: false)
        var fed = 0
        for checkpoint in checkpoints {
            try samples[fed..<checkpoint].withUnsafeBufferPointer { try meter.process($0) }
            fed = checkpoint
            let prefix = Array(samples[..<checkpoint])
            #expect(
                try meter.truePeak() == TruePeakInterpolatorTests.reference(prefix, rate: rate, block: 4_096),
                "up to sample \(checkpoint)")
        }
        for block in [1, 7, 32, 33, 4_096] {
            #expect(
                try Self.measured(samples, rate: rate, block: block)
                    == TruePeakInterpolatorTests.reference(samples, rate: rate, block: 4_096), "block \(block)")
        }
        // A full-scale alternation.
        let alternating = (0..<1_000).map { Float($0 % 2 == 0 ? 1 : -1) }
        #expect(
            try Self.measured(alternating, rate: rate, block: 33)
                == TruePeakInterpolatorTests.reference(alternating, rate: rate, block: 4_096))
    }
}
