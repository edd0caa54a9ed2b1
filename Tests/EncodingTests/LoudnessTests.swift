import Audio
import Foundation
import TestSupport
import Testing

@testable import Encoding

@Suite("Loudness and true peak") struct LoudnessTests {
    @Test("A 997 Hz sine at −20 dBFS measures −23.0 LUFS (BS.1770-4)")
    func sineLoudness() throws {
        let rate = 48_000
        let samples = (0..<rate * 5).map { Float(0.1 * sin(2 * Double.pi * 997 * Double($0) / Double(rate))) }
        let analysis = try TruePeakMeter(sampleRate: rate)
        try samples.withUnsafeBufferPointer { try analysis.process($0) }
        #expect(abs(try analysis.integratedLoudness() - (-23.01)) < 0.05)
    }

    @Test("True peak sees the inter-sample peak that sample peak misses")
    func interSamplePeak() throws {
        // fs/4 with a 45° phase: every sample is ±0.707 of the sine's true amplitude 0.5.
        let samples = (0..<22_050 * 2).map { Int16((0.5 * sin(Double.pi / 2 * Double($0) + Double.pi / 4) * 32_767).rounded()) }
        let analysis = try TruePeakMeter(sampleRate: 22_050)
        try samples.withUnsafeBufferPointer { try analysis.process($0) }
        let samplePeak = 20 * log10(Double(samples.map { abs(Int($0)) }.max()!) / 32_768)
        let truePeak = try analysis.truePeakDBTP()
        #expect(abs(samplePeak - (-9.03)) < 0.05)
        #expect(truePeak > -6.5 && truePeak < -5.5, "true peak \(truePeak) dBTP, the sine's peak is −6.02")
    }

    @Test(
        "Decoded speech keeps its loudness; true-peak overshoot stays within the documented bar",
        arguments: [EncodedFormat.opus, .mp3])
    func decodedSpeech(format: EncodedFormat) throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let speech = try Support.espeakClip(in: folder) else { return }
        // Normalise by gain only to −19 LUFS; the clip is short and its peaks stay below −1 dBFS.
        let before = try measure(speech)
        let gain = pow(10, (-19 - before.lufs) / 20)
        let pcm = speech.map { Int16(max(-32_768, min(32_767, (Double($0) * gain).rounded()))) }
        let source = try measure(pcm)
        let info = try Support.encode(pcm, format: format, to: folder + "/speech.\(format.rawValue)")
        let decoded = try measureEncodedFile(info.path)
        print("\(format): PCM \(source.lufs) LUFS, \(source.tp) dBTP → decoded \(decoded.integratedLoudness) LUFS, \(decoded.truePeak) dBTP")
        #expect(abs(decoded.integratedLoudness - source.lufs) < 0.5)
        #expect(decoded.truePeak - source.tp < 1.5, "true-peak overshoot of the codec")
        #expect(abs(decoded.durationSeconds - Double(pcm.count) / 22_050) < 0.001)
    }

    private func measure(_ samples: [Int16]) throws -> (lufs: Double, tp: Double) {
        let analysis = try TruePeakMeter(sampleRate: 22_050)
        try samples.withUnsafeBufferPointer { try analysis.process($0) }
        return (try analysis.integratedLoudness(), try analysis.truePeakDBTP())
    }
}
