import Audio
import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Encoding

/// libopus driven directly: what the in-process measurement reports against the file decoded
/// by opusfile, where the resampled audio lands, and the settings a re-encode may change.
@Suite("Opus encoder") struct OpusEncoderTests {
    /// A 22 050 Hz track of tones with a few loud bursts (speech-like enough for SILK/hybrid).
    static func signal() -> [Int16] {
        var samples = Support.track(seconds: 3, frequency: 220, amplitude: 0.25)
        for (index, value) in Support.track(seconds: 3, frequency: 1_300, amplitude: 0.15).enumerated() {
            samples[index] = Int16(clamping: Int(samples[index]) + Int(value))
        }
        return samples
    }

    @Test("22 050 Hz input is encoded at 24 kHz; the header keeps the input's rate and a 24 kHz look-ahead")
    func codecRate() throws {
        #expect(OpusSettings().codecRate(forInput: 22_050) == 24_000)
        #expect(OpusSettings().codecRate(forInput: 44_100) == 48_000)
        #expect(OpusSettings().codecRate(forInput: 16_000) == 16_000)
        #expect(OpusSettings(codecSampleRate: 48_000).codecRate(forInput: 22_050) == 48_000)
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let info = try Support.encode(Self.signal(), format: .opus, to: folder + "/t.opus")
        let stream = try OggOpusStream(bytes: try readWholeFile(info.path), file: info.path)
        #expect(stream.inputSampleRate == 22_050)
        // libopus's look-ahead is 6.5 ms at any rate: 156 samples at 24 kHz, 312 at 48 kHz.
        #expect(stream.preSkip == 312 && info.encoderDelay == 312)
    }

    @Test(
        "The decoded file lines up with the input: no shift from the resampler or the look-ahead",
        arguments: [24_000, 48_000])
    func alignment(codecRate: Int) throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = Self.signal()
        let info = try Support.encode(input, format: .opus, to: folder + "/t.opus", opus: OpusSettings(codecSampleRate: codecRate))
        let decoded = try decodeEncodedFile(info.path)
        #expect(Int64(decoded.samples.count) == info.audioSamples)
        // The input at 48 kHz by linear interpolation is enough to find the lag of a 220 Hz tone.
        let ratio = 22_050.0 / 48_000
        func source(_ index: Int) -> Float {
            let position = Double(index) * ratio
            let base = Int(position)
            let fraction = Float(position - Double(base))
            guard base + 1 < input.count else { return 0 }
            return (Float(input[base]) * (1 - fraction) + Float(input[base + 1]) * fraction) / 32_768
        }
        let window = 20_000..<110_000
        var best = (lag: 0, score: -Float.infinity)
        for lag in -48...48 {
            var score: Float = 0
            for index in window { score += source(index) * decoded.samples[index + lag] }
            if score > best.score { best = (lag, score) }
        }
        // A missing pre-skip or resampler delay would be hundreds of samples; SILK's own phase
        // moves a tone by a sample or two.
        #expect(abs(best.lag) <= 4, "decoded audio is \(best.lag) samples off the input at 48 kHz")
    }

    @Test("Measuring while encoding agrees with decoding the finished file (loudness, true peak, length)")
    func inProcessMeasurement() throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = Self.signal()
        let encoder = try OpusFileEncoder(path: folder + "/t.opus", sampleRate: 22_050, measuring: true)
        try input.withUnsafeBufferPointer { try encoder.append($0) }
        let info = try encoder.finish()
        let inProcess = try #require(encoder.measurement)
        let file = try measureEncodedFile(info.path)
        print(
            "in process: \(inProcess.integratedLoudness) LUFS, \(inProcess.truePeak) dBTP at \(inProcess.sampleRate) Hz; "
                + "file: \(file.integratedLoudness) LUFS, \(file.truePeak) dBTP at \(file.sampleRate) Hz")
        #expect(inProcess.sampleRate == 24_000 && file.sampleRate == 48_000)
        #expect(abs(inProcess.integratedLoudness - file.integratedLoudness) < 0.1)
        #expect(abs(inProcess.truePeak - file.truePeak) < 0.3)
        #expect(abs(inProcess.durationSeconds - info.durationSeconds) < 1.0 / 24_000)
        #expect(abs(info.durationSeconds - Double(input.count) / 22_050) < 1.0 / 48_000)
    }

    @Test("A gain turns the decoded audio down by as much; complexity and the speech hint are honoured")
    func settingsForReencoding() throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = Self.signal()
        func measured(_ settings: OpusSettings, _ name: String) throws -> EncodedFileMeasurement {
            let info = try Support.encode(input, format: .opus, to: folder + "/\(name).opus", opus: settings)
            return try measureEncodedFile(info.path)
        }
        let plain = try measured(OpusSettings(), "plain")
        let quieter = try measured(OpusSettings(gainDB: -3), "quieter")
        #expect(abs(plain.integratedLoudness - 3 - quieter.integratedLoudness) < 0.2)
        #expect(abs(plain.truePeak - 3 - quieter.truePeak) < 0.5)
        let other = try measured(OpusSettings(complexity: 10, voice: false), "other")
        #expect(abs(other.integratedLoudness - plain.integratedLoudness) < 0.5)
        #expect(throws: ExpoError.self) {
            _ = try OpusFileEncoder(path: folder + "/bad.opus", sampleRate: 22_050, settings: OpusSettings(codecSampleRate: 44_100))
        }
    }
}
