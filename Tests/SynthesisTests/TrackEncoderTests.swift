import Audio
import Encoding
import ExpoModel
import Foundation
import GuideCache
import TestSupport
import Testing

@testable import Synthesis

/// The re-encode rule: a compressed copy that decodes over the true-peak ceiling is made again
/// with other settings, then with less gain, and if none passes the run stops naming the file.
@Suite("Track encoder's true-peak ceiling")
struct TrackEncoderTests {
    @Test("Opus tries complexity 10, then without the speech hint, then less gain; MP3 less gain; then nothing")
    func retryLadder() {
        let opus = EncoderChoice.first(.opus, delivery: .standard)
        #expect(opus == .opus(OpusSettings(bitrate: 24_000, complexity: 6)))
        let second = opus.retry(attempt: 1, truePeak: 0.5, ceiling: -1)
        #expect(second == .opus(OpusSettings(bitrate: 24_000, complexity: 10)))
        let third = second?.retry(attempt: 2, truePeak: 0.5, ceiling: -1)
        #expect(third == .opus(OpusSettings(bitrate: 24_000, complexity: 10, voice: false)))
        let fourth = third?.retry(attempt: 3, truePeak: 0.5, ceiling: -1)
        #expect(fourth == .opus(OpusSettings(bitrate: 24_000, complexity: 10, voice: false, gainDB: -2)))
        #expect(fourth?.retry(attempt: 4, truePeak: -0.8, ceiling: -1) == .opus(OpusSettings(bitrate: 24_000, complexity: 10, voice: false, gainDB: -2.7)))
        #expect(fourth?.retry(attempt: 5, truePeak: -0.8, ceiling: -1) == nil)
        let mp3 = EncoderChoice.first(.mp3, delivery: Delivery(formats: [.mp3]))
        #expect(mp3.retry(attempt: 1, truePeak: 0, ceiling: -1) == .mp3(MP3Settings(gainDB: -1.5)))
        #expect(mp3.retry(attempt: 3, truePeak: 0, ceiling: -1) == nil)
    }

    /// A cache holding one 22 050 Hz track of tones, peaking near −4 dBFS.
    static func cacheWithTrack(in folder: URL) throws -> (TrackCache, TrackAudio, SynthesisJob) {
        let cache = try TrackCache(folder: folder.appendingPathComponent("cache"))
        let key = String(repeating: "cd", count: 32)
        let writer = try WAVWriter(url: cache.audioURL(key), sampleRate: 22_050, durable: false)
        let samples = (0..<22_050 * 3).map { index -> Float in
            let t = Double(index) / 22_050
            return Float(0.35 * sin(2 * .pi * 180 * t) + 0.25 * sin(2 * .pi * 1_150 * t + 40 * t * t))
        }
        try writer.appendSilence(frames: 6_615)
        try writer.append(samples)
        try writer.appendSilence(frames: 13_230)
        try writer.finish()
        let audio = TrackAudio(
            durationSeconds: 3.9, sampleRate: 22_050, loudnessLUFS: -12, peakDBFS: -4,
            sha256: try TrackCache.sha256(of: cache.audioURL(key)), byteCount: 0, cues: [])
        let job = SynthesisJob(key: key, fileStem: "01-tones", title: "tones", ssml: "", sentences: [])
        return (cache, audio, job)
    }

    @Test("A ceiling under the first encodings' peaks is met by re-encoding; the record is the file's")
    func reencodesUntilUnderTheCeiling() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let (cache, audio, job) = try Self.cacheWithTrack(in: folder)
        let delivery = Delivery(formats: [.opus, .mp3])
        let plain = try TrackEncoder(cache: cache, delivery: delivery).encodeMissing(audio, job: job)
        for format in ["opus", "mp3"] {
            let first = try #require(plain.encoded[format]?.truePeakDBTP)
            let ceiling = first - 3
            let strict = TrackEncoder(cache: cache, delivery: Delivery(formats: [DeliveryFormat(rawValue: format)!]), ceilingDBTP: ceiling)
            var stale = plain
            stale.encoded = [:]
            let made = try #require(try strict.encodeMissing(stale, job: job).encoded[format])
            let peak = try #require(made.truePeakDBTP)
            #expect(peak <= ceiling, "\(format): \(peak) dBTP against a ceiling of \(ceiling)")
            // What was recorded is what the file holds: decoded again from the disk.
            let file = try measureEncodedFile(cache.encodedURL(job.key, DeliveryFormat(rawValue: format)!).path)
            #expect(abs(file.truePeak - peak) < 0.3 && abs(file.integratedLoudness - (made.loudnessLUFS ?? 0)) < 0.2)
        }
    }

    @Test("A ceiling nothing can meet stops with the file named")
    func namesTheFileItCannotBringUnder() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let (cache, audio, job) = try Self.cacheWithTrack(in: folder)
        let impossible = TrackEncoder(cache: cache, delivery: Delivery(formats: [.opus]), ceilingDBTP: -80)
        #expect {
            _ = try impossible.encodeMissing(audio, job: job)
        } throws: { error in
            guard let error = error as? ExpoError else { return false }
            return error.category == .data && error.message.hasPrefix("01-tones.opus: decodes to a true peak of")
                && error.message.contains("-80.0 dBTP ceiling")
        }
    }
}
