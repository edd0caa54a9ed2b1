import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import Audio

@Suite("LoudnessMeter")
struct LoudnessMeterTests {
    @Test("the K-weighting formula reproduces the 48 kHz coefficients printed in BS.1770-4")
    func standardCoefficients() {
        let pre = KWeighting.preFilter(sampleRate: 48000)
        #expect(abs(pre.b0 - 1.53512485958697) < 1e-12)
        #expect(abs(pre.b1 - -2.69169618940638) < 1e-12)
        #expect(abs(pre.b2 - 1.19839281085285) < 1e-12)
        #expect(abs(pre.a1 - -1.69065929318241) < 1e-12)
        #expect(abs(pre.a2 - 0.73248077421585) < 1e-12)
        let rlb = KWeighting.highPass(sampleRate: 48000)
        #expect(abs(rlb.b0 - 1) < 1e-12)
        #expect(abs(rlb.b1 - -2) < 1e-12)
        #expect(abs(rlb.b2 - 1) < 1e-12)
        #expect(abs(rlb.a1 - -1.99004745483398) < 1e-12)
        #expect(abs(rlb.a2 - 0.99007225036621) < 1e-12)
    }

    @Test("other rates get other, stable filters with the same shape", arguments: [16000, 22050, 44100, 96000])
    func otherRates(sampleRate: Int) {
        let pre = KWeighting.preFilter(sampleRate: Double(sampleRate))
        let rlb = KWeighting.highPass(sampleRate: Double(sampleRate))
        #expect(pre != KWeighting.preFilter(sampleRate: 48000))
        for filter in [pre, rlb] {
            // Poles inside the unit circle: |a2| < 1 and |a1| < 1 + a2.
            #expect(abs(filter.a2) < 1 && abs(filter.a1) < 1 + filter.a2)
        }
        // Shelf: gain 1 at DC, about +4 dB at Nyquist (a bilinear shelf reaches its full gain there).
        #expect(abs((pre.b0 + pre.b1 + pre.b2) / (1 + pre.a1 + pre.a2) - 1) < 1e-9)
        let nyquistGain = (pre.b0 - pre.b1 + pre.b2) / (1 - pre.a1 + pre.a2)
        #expect(abs(20 * log10(nyquistGain) - 4) < 0.01)
        // High-pass: zero at DC.
        #expect(abs(rlb.b0 + rlb.b1 + rlb.b2) < 1e-12)
    }

    @Test(
        "a 997 Hz sine reads as BS.1770 says (0 dBFS → −3.01 LUFS, −20 dBFS → −23.01 LUFS)",
        arguments: [48000, 22050, 44100, 16000], [0.0, -20.0])
    func sineLoudness(sampleRate: Int, levelDBFS: Double) {
        var meter = LoudnessMeter(sampleRate: sampleRate)
        meter.process(
            Signal.sine(frequency: 997, amplitude: Signal.linear(levelDBFS), sampleRate: sampleRate, seconds: 5))
        #expect(abs(meter.integratedLoudness - (levelDBFS - 3.01)) < 0.05, "measured \(meter.integratedLoudness)")
        #expect(abs(meter.samplePeakDBFS - levelDBFS) < 0.01)
    }

    @Test("16-bit input reads as value / 32768, like the same signal in floating point")
    func integerInput() {
        let float = Signal.sine(frequency: 440, amplitude: 0.3, sampleRate: 22050, seconds: 2)
        let integers = float.map(WAVWriter.quantize)
        var a = LoudnessMeter(sampleRate: 22050)
        var b = LoudnessMeter(sampleRate: 22050)
        a.process(float)
        b.process(integers)
        #expect(abs(a.integratedLoudness - b.integratedLoudness) < 0.001)
        #expect(b.samplePeak == Double(integers.map { abs(Int($0)) }.max()!) / 32768)
    }

    @Test("silence and audio shorter than one 400 ms block measure −infinity")
    func silence() {
        var quiet = LoudnessMeter(sampleRate: 22050)
        quiet.process(Signal.silence(sampleRate: 22050, seconds: 3))
        #expect(quiet.integratedLoudness == -.infinity)
        #expect(quiet.samplePeakDBFS == -.infinity)
        var short = LoudnessMeter(sampleRate: 22050)
        short.process(Signal.sine(frequency: 997, amplitude: 1, sampleRate: 22050, seconds: 0.39))
        #expect(short.blockLoudness.isEmpty)
        #expect(short.integratedLoudness == -.infinity)
    }

    @Test("blocks are 400 ms long and start every 100 ms; incomplete ones are left out")
    func blockTiming() {
        var meter = LoudnessMeter(sampleRate: 48000)
        meter.process(Signal.sine(frequency: 997, amplitude: 0.1, sampleRate: 48000, seconds: 1.05))
        #expect(meter.blockLoudness.count == 7)  // starting at 0.0, 0.1, …, 0.6 s
        #expect(meter.framesProcessed == 50400)
    }

    @Test("quiet passages under the relative gate do not pull the loudness down")
    func relativeGate() {
        // 20 s at −20 dBFS (−23 LUFS) and 60 s at −45 dBFS (−48 LUFS): above the absolute gate,
        // 25 LU under the loud part, so gated out. Ungated, the mean would be about −29 LUFS.
        var meter = LoudnessMeter(sampleRate: 22050)
        meter.process(Signal.sine(frequency: 997, amplitude: 0.1, sampleRate: 22050, seconds: 20))
        meter.process(Signal.sine(frequency: 997, amplitude: Signal.linear(-45), sampleRate: 22050, seconds: 60))
        #expect(abs(meter.integratedLoudness - -23.01) < 0.1, "measured \(meter.integratedLoudness)")
        let ungated = LoudnessMeter.loudness(
            ofPower: meter.blockLoudness.map(LoudnessMeter.power(ofLoudness:)).reduce(0, +)
                / Double(meter.blockLoudness.count))
        #expect(ungated < -28)
    }

    @Test("passages within 10 LU are averaged by energy")
    func energyAverage() {
        var meter = LoudnessMeter(sampleRate: 22050)
        meter.process(Signal.sine(frequency: 997, amplitude: 0.1, sampleRate: 22050, seconds: 20))
        meter.process(Signal.sine(frequency: 997, amplitude: 0.05, sampleRate: 22050, seconds: 20))
        // −23.01 and −29.03 LUFS, equal durations: 10·log10 of the mean power.
        let expected = LoudnessMeter.loudness(
            ofPower: (LoudnessMeter.power(ofLoudness: -23.01) + LoudnessMeter.power(ofLoudness: -29.03)) / 2)
        #expect(
            abs(meter.integratedLoudness - expected) < 0.05,
            "measured \(meter.integratedLoudness), expected \(expected)")
    }

    @Test("the absolute gate drops blocks under −70 LUFS")
    func absoluteGate() {
        var meter = LoudnessMeter(sampleRate: 22050)
        meter.process(Signal.sine(frequency: 997, amplitude: Signal.linear(-65), sampleRate: 22050, seconds: 20))
        meter.process(Signal.sine(frequency: 997, amplitude: Signal.linear(-75), sampleRate: 22050, seconds: 60))
        // The −78 LUFS part would lower the result by far more than 0.1 LU if it counted.
        #expect(abs(meter.integratedLoudness - -68.01) < 0.1, "measured \(meter.integratedLoudness)")
        var belowGate = LoudnessMeter(sampleRate: 22050)
        belowGate.process(Signal.sine(frequency: 997, amplitude: Signal.linear(-75), sampleRate: 22050, seconds: 5))
        #expect(belowGate.integratedLoudness == -.infinity)
    }

    @Test("the result does not depend on how the samples are split into calls", arguments: [1, 333, 2205, 10_000])
    func blockSizeIndependence(chunk: Int) {
        let signal = Signal.noise(count: 40_000, seed: 7).map { $0 * 0.3 }
        var whole = LoudnessMeter(sampleRate: 22050)
        whole.process(signal)
        var pieces = LoudnessMeter(sampleRate: 22050)
        for start in stride(from: 0, to: signal.count, by: chunk) {
            pieces.process(Array(signal[start..<min(start + chunk, signal.count)]))
        }
        #expect(pieces.integratedLoudness == whole.integratedLoudness)
        #expect(pieces.samplePeak == whole.samplePeak)
    }
}

/// The pairwise direct-form-I meter against the frozen per-sample transposed-form meter.
@Suite("LoudnessMeter against its reference copy")
struct LoudnessMeterReferenceTests {
    static let signals: [(String, @Sendable () throws -> [Int16])] = [
        ("speech", { try DSPTestSignals.speech() }),
        ("white noise", { DSPTestSignals.whiteNoise(count: 200_000, seed: 5) }),
        ("square waves and DC steps", { DSPTestSignals.squaresAndSteps() }),
    ]

    @Test(
        "16-bit input: integrated loudness within 1e-9 LU, the same peak, however it is cut",
        arguments: 0..<signals.count, DSPTestSignals.splits)
    func integerInput(signalIndex: Int, split: [Int]) throws {
        let signal = try Self.signals[signalIndex].1()
        var reference = ReferenceLoudnessMeter(sampleRate: DSPTestSignals.sampleRate)
        reference.process(signal)
        var whole = LoudnessMeter(sampleRate: DSPTestSignals.sampleRate)
        whole.process(signal)
        var pieces = LoudnessMeter(sampleRate: DSPTestSignals.sampleRate)
        signal.withUnsafeBufferPointer { all in
            DSPTestSignals.cut(count: all.count, sizes: split) { pieces.process(UnsafeBufferPointer(rebasing: all[$0])) }
        }
        let name = Self.signals[signalIndex].0
        #expect(reference.integratedLoudness.isFinite, "\(name) should be measurable")
        #expect(abs(whole.integratedLoudness - reference.integratedLoudness) <= 1e-9, "\(name)")
        #expect(whole.samplePeak == reference.samplePeak, "\(name)")
        #expect(whole.framesProcessed == reference.framesProcessed)
        // Each 400 ms block that can count (above the absolute gate) agrees as well. Below it,
        // e.g. the high-pass's decay after a DC step at −200 LUFS, only rounding is left and the
        // two forms differ there by more in relative terms; those blocks never count.
        #expect(whole.blockLoudness.count == reference.blockLoudness.count)
        var worstCounting = 0.0
        for (mine, theirs) in zip(whole.blockLoudness, reference.blockLoudness) where theirs > LoudnessMeter.absoluteGateLUFS {
            worstCounting = max(worstCounting, abs(mine - theirs))
        }
        #expect(worstCounting <= 1e-9, "\(name): a 400 ms block differs by \(worstCounting) LU")
        // Cut-independence is exact: the same arithmetic whatever the calls.
        #expect(pieces.integratedLoudness == whole.integratedLoudness, "\(name) cut as \(split)")
        #expect(pieces.blockLoudness == whole.blockLoudness, "\(name) cut as \(split)")
        #expect(pieces.samplePeak == whole.samplePeak)
    }

    @Test("floating-point input, NaN-free but past full scale, and a mix of both kinds of call")
    func floatInput() throws {
        let speech = try DSPTestSignals.speech()
        let float = speech.map { Float($0) / 32768 * 1.7 }  // peaks past ±1.0
        var reference = ReferenceLoudnessMeter(sampleRate: DSPTestSignals.sampleRate)
        reference.process(float)
        var meter = LoudnessMeter(sampleRate: DSPTestSignals.sampleRate)
        float.withUnsafeBufferPointer { all in
            DSPTestSignals.cut(count: all.count, sizes: [3, 4096, 1, 777]) { meter.process(UnsafeBufferPointer(rebasing: all[$0])) }
        }
        #expect(abs(meter.integratedLoudness - reference.integratedLoudness) <= 1e-9)
        #expect(meter.samplePeak == reference.samplePeak)

        // Int16 and Float calls in turn on the same meter: the same signal as all-Int16.
        var mixedReference = ReferenceLoudnessMeter(sampleRate: DSPTestSignals.sampleRate)
        var mixed = LoudnessMeter(sampleRate: DSPTestSignals.sampleRate)
        var turn = 0
        speech.withUnsafeBufferPointer { all in
            DSPTestSignals.cut(count: all.count, sizes: [1001, 2, 5]) { range in
                mixedReference.process(UnsafeBufferPointer(rebasing: all[range]))
                if turn % 2 == 0 {
                    mixed.process(UnsafeBufferPointer(rebasing: all[range]))
                } else {
                    mixed.process(all[range].map { Float($0) / 32768 })
                }
                turn += 1
            }
        }
        #expect(abs(mixed.integratedLoudness - mixedReference.integratedLoudness) <= 1e-9)
        #expect(mixed.samplePeak == mixedReference.samplePeak)
    }

    @Test("other sample rates (odd and even 100 ms steps) agree too", arguments: [8000, 11025, 16000, 44100, 48000])
    func otherRates(sampleRate: Int) {
        let signal = DSPTestSignals.whiteNoise(count: sampleRate * 3, seed: UInt64(sampleRate))
        var reference = ReferenceLoudnessMeter(sampleRate: sampleRate)
        reference.process(signal)
        var meter = LoudnessMeter(sampleRate: sampleRate)
        signal.withUnsafeBufferPointer { all in
            DSPTestSignals.cut(count: all.count, sizes: [7, 1, 4096]) { meter.process(UnsafeBufferPointer(rebasing: all[$0])) }
        }
        #expect(abs(meter.integratedLoudness - reference.integratedLoudness) <= 1e-9)
        #expect(meter.samplePeak == reference.samplePeak)
    }
}
