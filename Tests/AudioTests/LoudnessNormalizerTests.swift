import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import Audio

@Suite("LoudnessNormalizer")
struct LoudnessNormalizerTests {
    /// Loudness and peak of a WAV as an independent `LoudnessMeter` reads it back from disk.
    private func measure(_ url: URL) throws -> (lufs: Double, peak: Double, frames: Int) {
        let samples = try readAllSamples(url)
        var meter = LoudnessMeter(sampleRate: try WAVReader(url: url).format.sampleRate)
        meter.process(samples)
        return (meter.integratedLoudness, meter.samplePeakDBFS, samples.count)
    }

    @Test("a quiet clean signal is raised to the target in one pass, without limiting")
    func plainGain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = folder.file("raw.wav")
        try writeWAV(
            Signal.sine(frequency: 997, amplitude: Signal.linear(-35), sampleRate: 22050, seconds: 6),
            sampleRate: 22050, to: input)
        let report = try LoudnessNormalizer().normalize(input: input, output: folder.file("out.wav"))
        #expect(abs(report.inputLUFS - -38.01) < 0.05)
        #expect(abs(report.gainDB - 19.01) < 0.05)
        #expect(report.passes == 1)
        #expect(abs(report.integratedLUFS - -19) < 0.05)
        let measured = try measure(folder.file("out.wav"))
        #expect(measured.lufs == report.integratedLUFS)
        #expect(measured.peak == report.peakDBFS)
        #expect(report.peakDBFS < -1)
        #expect(try folder.contents() == ["out.wav", "raw.wav"])
    }

    @Test("a signal with peaks far above its loudness reaches the target with peaks under the ceiling")
    func limitedToTarget() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Speech-like crest factor: a −24 dBFS tone with 5 ms bursts near 0 dBFS every half second.
        var signal = Signal.sine(frequency: 500, amplitude: Signal.linear(-24), sampleRate: 22050, seconds: 10)
        let burst = Signal.sine(frequency: 1200, amplitude: 0.9, sampleRate: 22050, seconds: 0.005)
        for start in stride(from: 1000, to: signal.count - burst.count, by: 11025) {
            for (offset, value) in burst.enumerated() { signal[start + offset] += value * 0.99 }
        }
        let input = folder.file("raw.wav")
        try writeWAV(signal, sampleRate: 22050, to: input)
        let output = folder.file("out.wav")
        let report = try LoudnessNormalizer(targetLUFS: -19, peakCeilingDBFS: -1).normalize(
            input: input, output: output)
        #expect(report.inputPeakDBFS > report.inputLUFS + 15)
        #expect(abs(report.integratedLUFS - -19) <= 0.5, "reached \(report.integratedLUFS)")
        #expect(report.peakDBFS <= -1)
        #expect(report.gainDB > -19 - report.inputLUFS, "the limiter's loss is made up with more gain")
        let measured = try measure(output)
        #expect(measured.lufs == report.integratedLUFS && measured.peak == report.peakDBFS)
    }

    @Test("output is the input shifted by exactly the head silence, followed by the tail silence")
    func timeAlignment() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // One second of silence, then a tone; the gain needed stays under the ceiling.
        let signal =
            Signal.silence(sampleRate: 16000, seconds: 1)
            + Signal.sine(frequency: 300, amplitude: 0.05, sampleRate: 16000, seconds: 3)
        let input = folder.file("raw.wav")
        try writeWAV(signal, sampleRate: 16000, to: input)
        let cues = [CuePoint(sampleOffset: 16000, label: "첫 문장")]
        let output = folder.file("out.wav")
        let normalizer = LoudnessNormalizer(headSilenceSeconds: 0.25, tailSilenceSeconds: 0.5)
        let report = try normalizer.normalize(input: input, output: output, cues: cues)
        #expect(report.headSilenceSeconds == 0.25)
        #expect(report.durationSeconds == 4.75)

        let original = try readAllSamples(input)
        let result = try readAllSamples(output)
        #expect(result.count == 4000 + original.count + 8000)
        #expect(result.prefix(4000 + 16000).allSatisfy { $0 == 0 })
        #expect(result.suffix(8000).allSatisfy { $0 == 0 })
        let gain = Float(pow(10, report.gainDB / 20))
        for index in stride(from: 16000, to: original.count, by: 13) {
            #expect(result[4000 + index] == WAVWriter.quantize(Float(original[index]) / 32768 * gain))
        }
        #expect(try WAVReader(url: output).cuePoints == [CuePoint(sampleOffset: 20000, label: "첫 문장")])
    }

    @Test("silence stays silence: no gain, loudness −infinity")
    func silentInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = folder.file("raw.wav")
        try writeWAV(Signal.silence(sampleRate: 22050, seconds: 2), sampleRate: 22050, to: input)
        let report = try LoudnessNormalizer(headSilenceSeconds: 0.5).normalize(
            input: input, output: folder.file("out.wav"))
        #expect(report.gainDB == 0)
        #expect(report.integratedLUFS == -.infinity)
        #expect(report.peakDBFS == -.infinity)
        let samples = try readAllSamples(folder.file("out.wav"))
        #expect(samples.count == 22050 * 5 / 2)
        #expect(samples.allSatisfy { $0 == 0 })
    }

    @Test("nearly silent noise under the absolute gate is not amplified to noise")
    func belowGateInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = folder.file("raw.wav")
        let hiss = Signal.noise(count: 44100, seed: 3).map { $0 * 0.0002 }
        try writeWAV(hiss, sampleRate: 22050, to: input)
        let report = try LoudnessNormalizer().normalize(input: input, output: folder.file("out.wav"))
        #expect(report.inputLUFS == -.infinity)
        #expect(report.gainDB == 0)
        #expect(try readAllSamples(folder.file("out.wav")) == readAllSamples(input))
    }

    @Test("unsupported input is refused and nothing is written")
    func unsupportedInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = folder.file("stereo.wav")
        try Data(RIFFBytes.riff([RIFFBytes.fmt(channels: 2), RIFFBytes.chunk("data", [0, 0, 0, 0])])).write(to: input)
        #expect(throws: ExpoError.self) {
            try LoudnessNormalizer().normalize(input: input, output: folder.file("out.wav"))
        }
        #expect(throws: ExpoError.self) {
            try LoudnessNormalizer(peakCeilingDBFS: 3).normalize(input: input, output: folder.file("out.wav"))
        }
        #expect(try folder.contents() == ["stereo.wav"])
    }

    @Test("real espeak-ng Korean speech reaches −19 LUFS with peaks at most −1 dBFS")
    func espeakSpeech() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let raw = folder.file("espeak.wav")
        try synthesizeKorean(
            "오늘은 박물관 안내를 시작합니다. 이 방에는 오래된 지도와 악기가 있습니다. "
                + "천천히 둘러보시고, 궁금한 점은 안내 데스크에 물어보세요. 즐거운 관람 되십시오!",
            to: raw)
        let output = folder.file("guide-track.wav")
        let report = try LoudnessNormalizer(headSilenceSeconds: 0.3, tailSilenceSeconds: 0.5).normalize(
            input: raw, output: output)
        print(
            "espeak-ng ko: input \(report.inputLUFS) LUFS, peak \(report.inputPeakDBFS) dBFS; "
                + "output \(report.integratedLUFS) LUFS, peak \(report.peakDBFS) dBFS, gain \(report.gainDB) dB, "
                + "\(report.passes) pass(es)")
        #expect(abs(report.integratedLUFS - -19) <= 1)
        #expect(report.peakDBFS <= -1)
        let measured = try measure(output)
        #expect(abs(measured.lufs - -19) <= 1)
        #expect(measured.peak <= -1)
        #expect(try WAVReader(url: output).frameCount == WAVReader(url: raw).frameCount + UInt64(0.8 * 22050))
    }
}
