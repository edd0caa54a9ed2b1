import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Audio

/// Signals whose true peak is well above their samples.
enum InterSamplePeaks {
    /// `amplitude · sin(π/2 · n + π/4)`: a sine at a quarter of the sample rate whose samples
    /// all fall at ±amplitude/√2, 3.01 dB under its crests.
    static func quarterRateSine(amplitude: Double, count: Int) -> [Float] {
        (0..<count).map { Float(amplitude * sin(Double.pi / 2 * Double($0) + Double.pi / 4)) }
    }

    /// `signal` faded in and out over `frames` (raised cosine): no onset transient, whose
    /// ringing different oversampling filters would measure differently.
    static func faded(_ signal: [Float], frames: Int) -> [Float] {
        var faded = signal
        for index in 0..<min(frames, signal.count / 2) {
            let gain = Float(0.5 - 0.5 * cos(Double.pi * Double(index) / Double(frames)))
            faded[index] *= gain
            faded[signal.count - 1 - index] *= gain
        }
        return faded
    }

    /// A naive square wave (±amplitude, `period` samples): its band-limited reconstruction
    /// overshoots at every edge (Gibbs).
    static func square(amplitude: Double, period: Int, count: Int) -> [Float] {
        (0..<count).map { $0 % period < period / 2 ? Float(amplitude) : Float(-amplitude) }
    }
}

@Suite("TruePeakMeter")
struct TruePeakMeterTests {
    @Test("a quarter-rate sine at 45° shows its crest, 3 dB above its samples")
    func quarterRateSine() throws {
        let signal = InterSamplePeaks.quarterRateSine(amplitude: 0.5, count: 22050)
        let meter = try TruePeakMeter(sampleRate: 22050)
        try meter.process(signal)
        let truePeak = try meter.truePeakDBTP()
        #expect(abs(truePeak - Signal.decibels(0.5)) < 0.2, "measured \(truePeak) dBTP")
        var samples = LoudnessMeter(sampleRate: 22050)
        samples.process(signal)
        #expect(truePeak > samples.samplePeakDBFS + 2.8)
        #expect(meter.framesProcessed == 22050)
    }

    @Test("16-bit and float input agree, and how the signal is cut into calls does not matter")
    func feedsAgree() throws {
        let signal =
            InterSamplePeaks.square(amplitude: 0.4, period: 22, count: 30000)
            + Signal.sine(frequency: 3000, amplitude: 0.3, sampleRate: 22050, seconds: 1)
        let integers = signal.map { WAVWriter.quantize($0) }
        let whole = try TruePeakMeter(sampleRate: 22050)
        try whole.process(integers)
        let pieces = try TruePeakMeter(sampleRate: 22050)
        integers.withUnsafeBufferPointer { all in
            DSPTestSignals.cut(count: all.count, sizes: [1, 7, 4096, 333]) { range in
                try? pieces.process(UnsafeBufferPointer(rebasing: all[range]))
            }
        }
        let floats = try TruePeakMeter(sampleRate: 22050)
        try floats.process(integers.map { Float($0) / 32768 })
        #expect(try pieces.truePeak() == whole.truePeak())
        #expect(abs(try floats.truePeak() - whole.truePeak()) < 1e-6)
        #expect(pieces.framesProcessed == UInt64(integers.count))
    }

    @Test("loudness agrees with LoudnessMeter; silence has no peak; no loudness when not asked for")
    func loudnessAndSilence() throws {
        let tone = Signal.sine(frequency: 997, amplitude: Signal.linear(-20), sampleRate: 48000, seconds: 3)
        let meter = try TruePeakMeter(sampleRate: 48000)
        try meter.process(tone)
        var reference = LoudnessMeter(sampleRate: 48000)
        reference.process(tone)
        #expect(abs(try meter.integratedLoudness() - reference.integratedLoudness) < 0.01)

        let silent = try TruePeakMeter(sampleRate: 22050, measuresLoudness: false)
        try silent.process(Signal.silence(sampleRate: 22050, seconds: 1))
        #expect(try silent.truePeakDBTP() == -.infinity)
        #expect(throws: ExpoError.self) { try silent.integratedLoudness() }
        #expect(throws: ExpoError.self) { try TruePeakMeter(sampleRate: 0) }
    }

    @Test(
        "ffmpeg's ebur128=peak=true measures the same true peak within 0.1 dB",
        .enabled(if: FFmpeg.path != nil, "ffmpeg is not installed"))
    func agreesWithFFmpeg() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let raw = folder.file("raw.wav")
        try synthesizeKorean("전시관에 오신 것을 환영합니다. 첫 번째 방에는 천구백 년의 지도가 있습니다.", to: raw)
        let output = folder.file("out.wav")
        let report = try LoudnessNormalizer(truePeakCeilingDBTP: -2.5).normalize(input: raw, output: output)
        let ffmpeg = try #require(try FFmpeg.truePeakDBTP(of: output, scratch: folder))
        print("true peak: libebur128 \(report.truePeakDBTP) dBTP, ffmpeg \(ffmpeg) dBTP")
        #expect(abs(ffmpeg - report.truePeakDBTP) <= 0.1)
        // And on a hard signal, not normalised (−4.4 dBFS samples, crests at −1.4 dBTP).
        let hard = folder.file("hard.wav")
        let sine = InterSamplePeaks.faded(InterSamplePeaks.quarterRateSine(amplitude: 0.85, count: 44100), frames: 2205)
        try writeWAV(sine, sampleRate: 22050, to: hard)
        let meter = try TruePeakMeter(sampleRate: 22050, measuresLoudness: false)
        try meter.process(try readAllSamples(hard))
        let hardByFFmpeg = try #require(try FFmpeg.truePeakDBTP(of: hard, scratch: folder))
        #expect(abs(hardByFFmpeg - (try meter.truePeakDBTP())) <= 0.1, "ffmpeg \(hardByFFmpeg)")
    }
}

/// ffmpeg's EBU R128 filter, as an independent true-peak meter.
enum FFmpeg {
    static let path: String? = ExternalTool.find("ffmpeg")?.path

    /// The largest `lavfi.r128.true_peak` (linear, three decimals: ±0.012 dB near −2.5 dBTP) of
    /// `ebur128=peak=true`, in dBTP; nil when ffmpeg is missing.
    static func truePeakDBTP(of file: URL, scratch: TemporaryFolder) throws -> Double? {
        guard let path else { return nil }
        let metadata = scratch.file("ffmpeg-\(UUID().uuidString).txt")
        let outcome = try ExternalTool.run(
            URL(fileURLWithPath: path),
            [
                "-hide_banner", "-nostats", "-loglevel", "error", "-i", file.path,
                "-af", "ebur128=peak=true:metadata=1,ametadata=mode=print:file=\(metadata.path)", "-f", "null", "-",
            ], input: Data())
        try #require(outcome.status == 0, "ffmpeg exited with status \(outcome.status): \(outcome.errorText)")
        let lines = try String(contentsOf: metadata, encoding: .utf8).split(separator: "\n")
        let peaks = lines.compactMap { line -> Double? in
            guard line.hasPrefix("lavfi.r128.true_peak=") else { return nil }
            return Double(line.dropFirst("lavfi.r128.true_peak=".count))
        }
        let peak = try #require(peaks.max(), "ffmpeg printed no true peak")
        return 20 * log10(peak)
    }
}
