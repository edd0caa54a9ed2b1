import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import Audio

@Suite("PeakLimiter")
struct PeakLimiterTests {
    /// Runs `input` through `limiter` in chunks of `chunk` and returns the output without the
    /// leading latency, flush included: aligned sample for sample with `input`.
    private func limited(_ input: [Float], _ limiter: inout PeakLimiter, chunk: Int = 1000) -> [Float] {
        var output: [Float] = []
        for start in stride(from: 0, to: input.count, by: chunk) {
            output += limiter.process(Array(input[start..<min(start + chunk, input.count)]))
        }
        output += limiter.flush()
        return Array(output.dropFirst(limiter.latency))
    }

    @Test(
        "latency is the look-ahead in frames",
        arguments: [(22050, 0.005, 110), (48000, 0.005, 240), (22050, 0.0, 0), (16000, 0.01, 160)])
    func latency(sampleRate: Int, lookAhead: Double, expected: Int) {
        let limiter = PeakLimiter(sampleRate: sampleRate, ceilingDBFS: -1, lookAheadSeconds: lookAhead)
        #expect(limiter.latency == expected)
    }

    @Test("a sine under the ceiling comes out bit for bit, only delayed")
    func transparentBelowCeiling() {
        let input = Signal.sine(frequency: 997, amplitude: 0.85, sampleRate: 22050, seconds: 2)
        var limiter = PeakLimiter(sampleRate: 22050, ceilingDBFS: -1)
        let raw = limiter.process(input)
        #expect(raw.prefix(limiter.latency).allSatisfy { $0 == 0 })
        let tail = limiter.flush()
        #expect(tail.count == limiter.latency)
        #expect(Array(raw.dropFirst(limiter.latency)) + tail == input)
    }

    @Test(
        "no output sample ever exceeds the ceiling",
        arguments: [(UInt64(1), Float(1)), (2, 4), (3, 30), (4, 0.95)])
    func ceilingHolds(seed: UInt64, scale: Float) {
        // Noise with sudden loud bursts and lone spikes after silence: the hard cases.
        var input = Signal.noise(count: 60_000, seed: seed).map { $0 * 0.2 }
        for burst in stride(from: 5000, to: 60_000, by: 9000) {
            for index in burst..<(burst + 700) { input[index] *= 5 * scale }
        }
        input[2000] = scale
        input[2001] = -scale
        for index in 30_000..<30_500 { input[index] = 0 }
        input[30_250] = -scale
        var limiter = PeakLimiter(sampleRate: 22050, ceilingDBFS: -1)
        let output = limited(input, &limiter, chunk: 777)
        #expect(output.count == input.count)
        let peak = output.map(abs).max()!
        #expect(peak <= limiter.ceiling, "peak \(peak) over ceiling \(limiter.ceiling)")
        // Everything is scaled, never flipped or moved.
        for index in stride(from: 0, to: input.count, by: 97) where input[index] != 0 {
            let gain = output[index] / input[index]
            #expect(gain > 0 && gain <= 1.000001)
        }
    }

    @Test("the gain ramps smoothly: it changes by at most 1/look-ahead per sample")
    func smoothGain() {
        // Steps of a constant level make the applied gain visible as output / input.
        let levels: [(Float, Int)] = [(0.3, 3000), (3, 4000), (0.3, 500), (1.5, 3000), (0.5, 30_000)]
        let input = levels.flatMap { Array(repeating: $0.0, count: $0.1) }
        var limiter = PeakLimiter(sampleRate: 22050, ceilingDBFS: -1)
        let output = limited(input, &limiter)
        let gains = zip(output, input).map { Double($0) / Double($1) }
        let steps = zip(gains.dropFirst(), gains).map { abs($0 - $1) }
        let bound = 1 / Double(limiter.lookAheadFrames) + 1e-9
        #expect(steps.max()! <= bound)
        // Inside the loud step the gain settles on exactly what the ceiling needs.
        #expect(abs(gains[5000] - Double(limiter.ceiling) / 3) < 1e-6)
        // The gain falls before the step arrives (look-ahead) and recovers after it (release).
        #expect(gains[3000 - limiter.latency / 2] < 1)
        #expect(gains[2999 - limiter.latency] == 1)
        #expect(gains[7100] < 0.5 && gains[7100] > Double(limiter.ceiling) / 3)
        #expect(gains.last! == 1)
    }

    @Test("a loud sine is held just at the ceiling, not lower", arguments: [997.0, 3000.0])
    func loudSine(frequency: Double) {
        let input = Signal.sine(frequency: frequency, amplitude: 1.6, sampleRate: 22050, seconds: 1)
        var limiter = PeakLimiter(sampleRate: 22050, ceilingDBFS: -1)
        let output = limited(input, &limiter)
        let settled = output[5000..<20_000].map(abs).max()!
        #expect(settled <= limiter.ceiling)
        #expect(settled > limiter.ceiling * 0.98)
    }

    @Test("the output does not depend on how the input is split", arguments: [1, 64, 4096])
    func chunkIndependence(chunk: Int) {
        let input = Signal.noise(count: 20_000, seed: 11).map { $0 * 1.5 }
        var whole = PeakLimiter(sampleRate: 22050, ceilingDBFS: -1)
        var split = PeakLimiter(sampleRate: 22050, ceilingDBFS: -1)
        #expect(limited(input, &whole, chunk: input.count) == limited(input, &split, chunk: chunk))
    }

    @Test("the running minimum agrees with a brute-force window minimum", arguments: [1, 2, 5, 111])
    func runningMinimum(window: Int) {
        let values = Signal.noise(count: 3000, seed: UInt64(window)).map(Double.init)
        var minimum = RunningMinimum(window: window)
        for (index, value) in values.enumerated() {
            let expected = values[max(0, index - window + 1)...index].min()!
            #expect(minimum.push(value, at: index) == expected)
        }
    }
}

/// The limiter with its block pass-through against the frozen per-sample limiter: the same
/// output bit for bit, however the input is cut.
@Suite("PeakLimiter against its reference copy")
struct PeakLimiterReferenceTests {
    static let ceiling: Float = Float((pow(10, -1.0 / 20) * 32768).rounded(.down)) / 32768

    static let signals: [(String, @Sendable () throws -> [Float])] = [
        // Speech near the pipeline's −19 LUFS (peaks just past the ceiling) and 10 dB hotter.
        ("speech", { try DSPTestSignals.speech().map { Float($0) / 32768 * 1.2 } }),
        ("hot speech", { try DSPTestSignals.speech().map { Float($0) / 32768 * 3.8 } }),
        (
            "white noise with bursts",
            {
                var noise = Signal.noise(count: 150_000, seed: 9).map { $0 * 0.3 }
                for burst in stride(from: 4000, to: 150_000, by: 23_000) {
                    for index in burst..<(burst + 900) { noise[index] *= 4 }
                }
                return noise
            }
        ),
        ("square waves and DC steps", { DSPTestSignals.squaresAndSteps().map { Float($0) / 32768 } }),
    ]

    @Test("same output, bit for bit, for every cut", arguments: 0..<signals.count, DSPTestSignals.splits)
    func bitIdentical(signalIndex: Int, split: [Int]) throws {
        let (name, make) = Self.signals[signalIndex]
        let input = try make()
        var reference = ReferencePeakLimiter(sampleRate: DSPTestSignals.sampleRate, ceiling: Self.ceiling)
        var expected = [Float](repeating: 0, count: input.count)
        input.withUnsafeBufferPointer { all in
            expected.withUnsafeMutableBufferPointer { out in
                reference.process(all, into: out)
            }
        }
        var limiter = PeakLimiter(sampleRate: DSPTestSignals.sampleRate, ceiling: Self.ceiling)
        var output = [Float](repeating: 0, count: input.count)
        var gainsMatch = true
        var check = ReferencePeakLimiter(sampleRate: DSPTestSignals.sampleRate, ceiling: Self.ceiling)
        var scratch = [Float](repeating: 0, count: input.count)
        input.withUnsafeBufferPointer { all in
            output.withUnsafeMutableBufferPointer { out in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    DSPTestSignals.cut(count: all.count, sizes: split) { range in
                        limiter.process(UnsafeBufferPointer(rebasing: all[range]), into: UnsafeMutableBufferPointer(rebasing: out[range]))
                        check.process(UnsafeBufferPointer(rebasing: all[range]), into: UnsafeMutableBufferPointer(rebasing: scratch[range]))
                        if limiter.currentGain != check.currentGain { gainsMatch = false }
                    }
                }
            }
        }
        let firstDifference = output.indices.first { output[$0].bitPattern != expected[$0].bitPattern }
        #expect(firstDifference == nil, "\(name) cut as \(split): first difference at \(firstDifference ?? -1)")
        #expect(gainsMatch, "\(name): the gain after a call differs")
        #expect(limiter.flush().map(\.bitPattern) == reference.flush().map(\.bitPattern))
        if name == "hot speech" {
            #expect(expected.contains { $0 != 0 } && reference.currentGain <= 1)
        }
    }

    @Test("both paths are exercised: speech makes the limiter work, then idle again")
    func limiterEngagesOnSpeech() throws {
        let input = try Self.signals[0].1()
        #expect(input.contains { abs($0) > Self.ceiling }, "the test speech should cross the ceiling")
        #expect(input.filter { abs($0) <= Self.ceiling }.count > input.count / 2)
    }
}
