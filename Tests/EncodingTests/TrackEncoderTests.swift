import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Encoding

@Suite("Track encoders") struct TrackEncoderTests {
    let metadata = TrackMetadata(title: "직지심체요절", artist: "expo-narrate", album: "만국박람회 1900", trackNumber: "3/20")
    let chapters = [ChapterMark(title: "시작", startSeconds: 0), ChapterMark(title: "둘째 문단", startSeconds: 1.25)]

    @Test("Opus: duration, tags and chapters round-trip")
    func opusRoundTrip() throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let samples = Support.track(seconds: 2)
        let info = try Support.encode(samples, format: .opus, to: folder + "/t.opus", metadata: metadata, chapters: chapters)
        let expected = Double(samples.count) / 22_050
        #expect(abs(info.durationSeconds - expected) < 1.0 / 22_050 + 1.0 / 48_000)
        #expect(info.codecSampleRate == 48_000 && info.encoderDelay > 0 && info.samplesPerFrame == 960)
        let decoded = try decodeEncodedFile(info.path)
        #expect(Int64(decoded.samples.count) == info.audioSamples)
        try expectProbe(info.path, duration: expected, tagKeys: ["TITLE", "ARTIST", "ALBUM", "track"])
    }

    @Test(
        "MP3: exact gapless duration, tags and chapters round-trip",
        arguments: [MP3Settings(), MP3Settings(rateControl: .cbr(kbps: 56)), MP3Settings(rateControl: .cbr(kbps: 48))])
    func mp3RoundTrip(settings: MP3Settings) throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let samples = Support.track(seconds: 2)
        let info = try Support.encode(samples, format: .mp3, to: folder + "/t.mp3", metadata: metadata, chapters: chapters, mp3: settings)
        #expect(info.audioSamples == Int64(samples.count))
        #expect(info.samplesPerFrame == 576 && info.encoderDelay == 576)
        let decoded = try decodeEncodedFile(info.path)
        #expect(decoded.samples.count == samples.count, "libmpg123 gapless decoding gives back exactly the input length")
        try expectProbe(info.path, duration: Double(samples.count) / 22_050, tagKeys: ["title", "artist", "album", "track"])
    }

    @Test("MP3 bit reservoir never reaches back before a track's first frame")
    func mp3FirstFrameIsSelfContained() throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let info = try Support.encode(Support.track(seconds: 1, amplitude: 0.8), format: .mp3, to: folder + "/t.mp3")
        let bytes = try readWholeFile(info.path)
        let layout = try MP3FileLayout(bytes: bytes, file: info.path)
        #expect(layout.header.mainDataBegin(bytes, frameOffset: layout.frames[0].lowerBound) == 0)
    }

    @Test("Unwritable path: a clear error naming the file and the errno text")
    func unwritablePath() throws {
        let path = "/nonexistent-folder-\(UUID().uuidString)/t.opus"
        #expect {
            _ = try OpusFileEncoder(path: path, sampleRate: 22_050)
        } throws: { error in
            guard let error = error as? ExpoError else { return false }
            return error.category == .io && error.code == ENOENT && error.message.hasPrefix(path + ": cannot create: ")
                && error.localizedDescription.contains("No such file or directory")
        }
        #expect(throws: ExpoError.self) { _ = try MP3FileEncoder(path: path.replacingOccurrences(of: ".opus", with: ".mp3"), sampleRate: 22_050) }
    }

    @Test("Refused settings are reported, not silently changed")
    func refusedSettings() throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: ExpoError.self) { _ = try MP3FileEncoder(path: folder + "/a.mp3", sampleRate: 22_000) }
        #expect(throws: ExpoError.self) { _ = try OpusFileEncoder(path: folder + "/a.opus", sampleRate: 22_050, settings: OpusSettings(complexity: 11)) }
        #expect(throws: ExpoError.self) {
            _ = try OpusFileEncoder(path: folder + "/a.opus", sampleRate: 22_050, chapters: [ChapterMark(title: "x", startSeconds: -1)])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "no partial files are left")
    }

    @Test("A finished encoder refuses more input")
    func finishedEncoder() throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let encoder = try MP3FileEncoder(path: folder + "/a.mp3", sampleRate: 22_050)
        _ = try encoder.finish()
        let samples: [Int16] = [0, 1, 2]
        #expect(throws: ExpoError.self) { try samples.withUnsafeBufferPointer { try encoder.append($0) } }
    }

    /// Checks ffprobe's view: duration, the tags, and the two chapters at 0 s and 1.25 s.
    private func expectProbe(_ path: String, duration: Double, tagKeys: [String]) throws {
        guard let probe = Support.probe(path) else {
            print("⚠︎ ffprobe is not installed: skipping the ffprobe checks (apt-get install ffmpeg).")
            return
        }
        let format = probe["format"] as? [String: Any] ?? [:]
        let tags = (format["tags"] as? [String: String] ?? [:]).merging(
            ((probe["streams"] as? [[String: Any]])?.first?["tags"] as? [String: String]) ?? [:]
        ) { a, _ in a }
        let lowered = Dictionary(tags.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        for key in tagKeys { #expect(lowered[key.lowercased()] != nil, "tag \(key) in \(tags)") }
        #expect(lowered["title"] == metadata.title)
        #expect(lowered["album"] == metadata.album)
        // ffprobe's duration estimate ignores gapless trimming; ffmpeg's decoder applies it.
        if let count = Support.ffmpegDecodedSamples(path, rate: path.hasSuffix(".opus") ? 48_000 : 22_050) {
            let rate = path.hasSuffix(".opus") ? 48_000.0 : 22_050.0
            #expect(abs(Double(count) - duration * rate) <= 1, "ffmpeg decodes \(count) samples, expected \(duration * rate)")
        }
        let found = (probe["chapters"] as? [[String: Any]] ?? []).map {
            (Double($0["start_time"] as? String ?? "") ?? -1, ($0["tags"] as? [String: String])?["title"])
        }
        #expect(found.count == 2)
        for (chapter, probed) in zip(chapters, found) {
            #expect(abs(probed.0 - chapter.startSeconds) < 0.0015 && probed.1 == chapter.title, "\(probed) vs \(chapter)")
        }
    }
}
