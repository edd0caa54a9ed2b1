import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Audio

@Suite("LoudnessNormalizer with a true-peak ceiling")
struct TruePeakNormalizerTests {
    /// Loudness (LoudnessMeter) and true peak (a fresh libebur128 meter) of a WAV read back.
    private func measure(_ url: URL) throws -> (lufs: Double, peak: Double, truePeak: Double) {
        let samples = try readAllSamples(url)
        let sampleRate = try WAVReader(url: url).format.sampleRate
        var meter = LoudnessMeter(sampleRate: sampleRate)
        meter.process(samples)
        let truePeak = try TruePeakMeter(sampleRate: sampleRate, measuresLoudness: false)
        try truePeak.process(samples)
        return (meter.integratedLoudness, meter.samplePeakDBFS, try truePeak.truePeakDBTP())
    }

    /// Normalizes `signal` and checks what every normalised file must be: the report's true
    /// peak is what an independent meter reads back, and at most `ceiling` + 0.05 dB; no
    /// sample above the sample ceiling; the passes within their bound.
    private func normalize(
        _ signal: [Float], with normalizer: LoudnessNormalizer, sampleRate: Int = 22050
    ) throws -> LoudnessReport {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = folder.file("raw.wav")
        try writeWAV(signal, sampleRate: sampleRate, to: input)
        let output = folder.file("out.wav")
        let report = try normalizer.normalize(input: input, output: output)
        let measured = try measure(output)
        let ceiling = try #require(normalizer.truePeakCeilingDBTP)
        #expect(measured.truePeak == report.truePeakDBTP)
        #expect(measured.lufs == report.integratedLUFS)
        #expect(report.truePeakDBTP <= ceiling + 0.05, "true peak \(report.truePeakDBTP) dBTP")
        #expect(report.peakDBFS <= normalizer.peakCeilingDBFS)
        #expect(report.limiterCeilingDBFS <= min(normalizer.peakCeilingDBFS, ceiling))
        #expect(report.passes <= normalizer.maximumPasses + normalizer.maximumTruePeakPasses)
        return report
    }

    @Test("real espeak-ng Korean speech: −19 LUFS within 0.5 LU and a true peak at most −2.5 dBTP")
    func espeakSpeech() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let raw = folder.file("espeak.wav")
        try synthesizeKorean(
            "오늘은 박물관 안내를 시작합니다. 이 방에는 오래된 지도와 악기가 있습니다. "
                + "천천히 둘러보시고, 궁금한 점은 안내 데스크에 물어보세요. 즐거운 관람 되십시오!",
            to: raw)
        let samples = try readAllSamples(raw).map { Float($0) / 32768 }
        let report = try normalize(
            samples,
            with: LoudnessNormalizer(
                headSilenceSeconds: 0.3, tailSilenceSeconds: 0.5, truePeakCeilingDBTP: -2.5))
        #expect(abs(report.integratedLUFS - -19) <= 0.5, "reached \(report.integratedLUFS)")
        #expect(report.truePeakDBTP <= -2.5)

        // Starting right at the ceiling, the limited samples' true peak overshoots it: a second
        // pass, lowered by the overshoot, lands under it.
        var atCeiling = LoudnessNormalizer(truePeakCeilingDBTP: -2.5)
        atCeiling.firstPassTruePeakMarginDB = 0
        let rerun = try normalize(samples, with: atCeiling)
        #expect(rerun.passes >= 2 && rerun.truePeakDBTP <= -2.5, "\(rerun)")
        #expect(abs(rerun.integratedLUFS - -19) <= 0.5)
    }

    @Test("bursts of inter-sample peaks on a quiet tone: target loudness, both ceilings")
    func burstsOnTone() throws {
        // A −24 dBFS tone; every half second 2 ms of a quarter-rate sine at 45° (samples 3 dB
        // under its crests) or of a 2205 Hz naive square wave (overshoot at each edge).
        var signal = Signal.sine(frequency: 500, amplitude: Signal.linear(-24), sampleRate: 22050, seconds: 10)
        let sine = InterSamplePeaks.quarterRateSine(amplitude: 0.8, count: 44)
        let square = InterSamplePeaks.square(amplitude: 0.6, period: 10, count: 44)
        for (number, start) in stride(from: 1000, to: signal.count - 44, by: 11025).enumerated() {
            let burst = number.isMultiple(of: 2) ? sine : square
            for (offset, value) in burst.enumerated() { signal[start + offset] += value }
        }
        let unlimited = try normalizeSampleCeilingOnly(signal, targetLUFS: -19)
        #expect(unlimited.truePeakDBTP > -2.5, "only the samples limited: \(unlimited.truePeakDBTP) dBTP")
        let report = try normalize(signal, with: LoudnessNormalizer(truePeakCeilingDBTP: -2.5))
        #expect(abs(report.integratedLUFS - -19) <= 0.5, "reached \(report.integratedLUFS)")
        print(
            "bursts: true peak \(unlimited.truePeakDBTP) → \(report.truePeakDBTP) dBTP, "
                + "\(report.integratedLUFS) LUFS, limiter at \(report.limiterCeilingDBFS) dBFS, \(report.passes) passes")
    }

    @Test("a quiet quarter-rate sine at 45° whose samples are far under the ceilings needs no work")
    func quietQuarterRateSine() throws {
        let signal = InterSamplePeaks.quarterRateSine(amplitude: 0.05, count: 22050 * 4)
        let report = try normalize(signal, with: LoudnessNormalizer(truePeakCeilingDBTP: -2.5))
        #expect(report.passes == 1)
        #expect(abs(report.integratedLUFS - -19) <= 0.5)
    }

    /// Continuous signals whose true peak is over −2.5 dBTP at their target while their
    /// samples are under −1 dBFS.
    enum HardSignal: String, CaseIterable, CustomTestStringConvertible {
        case quarterRateSine = "quarter-rate sine at 45°"
        case square1002Hz = "1 kHz naive square"
        case square2205Hz = "2205 Hz naive square"

        var testDescription: String { rawValue }
        var signal: [Float] {
            switch self {
            case .quarterRateSine: InterSamplePeaks.quarterRateSine(amplitude: 0.3, count: 22050 * 4)
            case .square1002Hz: InterSamplePeaks.square(amplitude: 0.3, period: 22, count: 22050 * 4)
            case .square2205Hz: InterSamplePeaks.square(amplitude: 0.3, period: 10, count: 22050 * 4)
            }
        }
        var targetLUFS: Double {
            switch self {
            case .quarterRateSine: -1.5
            case .square1002Hz: -3
            case .square2205Hz: -1
            }
        }
    }

    @Test(
        "continuous hard signals: the true-peak ceiling holds where the sample ceiling would not",
        arguments: HardSignal.allCases)
    func continuousHardSignals(_ hard: HardSignal) throws {
        let (name, signal, targetLUFS) = (hard.rawValue, hard.signal, hard.targetLUFS)
        // The same gain with only the sample ceiling shows the inter-sample overshoot.
        let unlimited = try normalizeSampleCeilingOnly(signal, targetLUFS: targetLUFS)
        #expect(unlimited.truePeakDBTP > -2.5 && unlimited.peakDBFS < -1, "\(name): \(unlimited)")
        let report = try normalize(signal, with: LoudnessNormalizer(targetLUFS: targetLUFS, truePeakCeilingDBTP: -2.5))
        // Loudness can reach the target only when the limiter's extra work costs less than the
        // tolerance; what is checked here is that the true peak wins.
        print(
            "\(name): true peak \(unlimited.truePeakDBTP) → \(report.truePeakDBTP) dBTP, "
                + "\(report.integratedLUFS) LUFS, limiter at \(report.limiterCeilingDBFS) dBFS, \(report.passes) passes")
    }

    private func normalizeSampleCeilingOnly(_ signal: [Float], targetLUFS: Double) throws -> LoudnessReport {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try writeWAV(signal, sampleRate: 22050, to: folder.file("raw.wav"))
        return try LoudnessNormalizer(targetLUFS: targetLUFS).normalize(
            input: folder.file("raw.wav"), output: folder.file("out.wav"))
    }

    @Test("without a true-peak ceiling the passes are the sample-ceiling ones, and the true peak is reported")
    func noCeiling() throws {
        let signal = InterSamplePeaks.quarterRateSine(amplitude: 0.3, count: 22050 * 4)
        let report = try normalizeSampleCeilingOnly(signal, targetLUFS: -1.5)
        #expect(report.passes == 1)
        #expect(report.limiterCeilingDBFS <= -1 && report.limiterCeilingDBFS > -1.001)
        #expect(abs(report.truePeakDBTP - (report.peakDBFS + 3.01)) < 0.2)
    }

    @Test("a true-peak ceiling out of range is refused")
    func invalidCeiling() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try writeWAV(Signal.silence(sampleRate: 22050, seconds: 1), sampleRate: 22050, to: folder.file("raw.wav"))
        for ceiling in [0.5, -61, .nan] {
            #expect(throws: ExpoError.self) {
                try LoudnessNormalizer(truePeakCeilingDBTP: ceiling).normalize(
                    input: folder.file("raw.wav"), output: folder.file("out.wav"))
            }
        }
        #expect(throws: ExpoError.self) {
            try LoudnessNormalizer(maximumTruePeakPasses: -1).normalize(
                input: folder.file("raw.wav"), output: folder.file("out.wav"))
        }
        var negativeMargin = LoudnessNormalizer(truePeakCeilingDBTP: -2.5)
        negativeMargin.firstPassTruePeakMarginDB = -0.1
        #expect(throws: ExpoError.self) {
            try negativeMargin.normalize(input: folder.file("raw.wav"), output: folder.file("out.wav"))
        }
    }
}
