import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Encoding

/// Helpers shared by the tests: synthetic signals, espeak-ng, ffprobe.
enum Support {
    /// A 22 050 Hz mono track laid out like expo-narrate's: 300 ms silence, `seconds` of a
    /// gliding tone at `amplitude` (with a short fade), 600 ms silence.
    static func track(seconds: Double, frequency: Double = 440, amplitude: Double = 0.3, rate: Int = 22_050) -> [Int16] {
        let head = Int(0.3 * Double(rate))
        let tail = Int(0.6 * Double(rate))
        let body = Int(seconds * Double(rate))
        var samples = [Int16](repeating: 0, count: head + body + tail)
        let fade = rate / 100
        for index in 0..<body {
            let t = Double(index) / Double(rate)
            let envelope = min(1, Double(min(index, body - 1 - index)) / Double(fade))
            let phase = 2 * Double.pi * (frequency * t + 40 * t * t)
            samples[head + index] = Int16((amplitude * envelope * sin(phase) * 32_767).rounded())
        }
        return samples
    }

    /// Runs a program and returns its standard output (nil if it cannot be run or fails).
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) -> String? {
        output(program, arguments).map { String(decoding: $0, as: UTF8.self) }
    }

    /// How many mono samples ffmpeg decodes from `path` at `rate` (nil without ffmpeg).
    static func ffmpegDecodedSamples(_ path: String, rate: Int) -> Int? {
        output("ffmpeg", ["-v", "error", "-i", path, "-f", "s16le", "-ac", "1", "-ar", String(rate), "-"]).map { $0.count / 2 }
    }

    /// The bytes `program` writes to standard output, or nil if it cannot be run or fails.
    private static func output(_ program: String, _ arguments: [String]) -> Data? {
        guard let outcome = try? ExternalTool.run(URL(fileURLWithPath: "/usr/bin/env"), [program] + arguments, input: Data()),
            outcome.status == 0
        else { return nil }
        return outcome.output
    }

    static func has(_ program: String) -> Bool { run("which", [program]) != nil }

    /// ffprobe's JSON for `path` (format tags and chapters), or nil without ffprobe.
    static func probe(_ path: String) -> [String: Any]? {
        guard let text = run("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_chapters", "-show_streams", path]),
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        else { return nil }
        return object
    }

    /// Reads a 16-bit mono WAV's samples (the simple layout espeak-ng and sox write).
    static func readWAV(_ path: String) throws -> (samples: [Int16], rate: Int) {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 12
        var rate = 0
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<offset + 4], as: UTF8.self)
            var size = Int(readLE32(data, offset + 4))
            if id == "fmt " { rate = Int(readLE32(data, offset + 12)) }
            if id == "data" {
                if size == 0 || size == 0xFFFF_FFFF || offset + 8 + size > data.count { size = data.count - offset - 8 }
                let body = data[(offset + 8)..<(offset + 8 + size / 2 * 2)]
                let samples = stride(from: body.startIndex, to: body.endIndex, by: 2).map { Int16(bitPattern: UInt16(body[$0]) | UInt16(body[$0 + 1]) << 8) }
                return (samples, rate)
            }
            offset += 8 + size + (size & 1)
        }
        throw ExpoError.malformed(file: path, reason: "no data chunk")
    }

    /// A short Korean espeak-ng clip at 22 050 Hz, or nil (with a visible message) without espeak-ng.
    static func espeakClip(in folder: String) throws -> [Int16]? {
        guard has("espeak-ng") else {
            print("⚠︎ espeak-ng is not installed: skipping the speech part of this test (apt-get install espeak-ng).")
            return nil
        }
        let path = folder + "/speech.wav"
        guard run("espeak-ng", ["-v", "ko", "-w", path, "만국박람회에 온 것을 환영합니다. 이 안내는 대한제국 전시관을 소개합니다."]) != nil else { return nil }
        let (samples, rate) = try readWAV(path)
        #expect(rate == 22_050)
        return samples
    }

    /// Encodes `samples` with a fresh encoder of `format` and returns what it wrote.
    static func encode(
        _ samples: [Int16], format: EncodedFormat, to path: String, metadata: TrackMetadata = TrackMetadata(),
        chapters: [ChapterMark] = [], mp3: MP3Settings = MP3Settings(), opus: OpusSettings = OpusSettings()
    ) throws -> EncodedFileInfo {
        switch format {
        case .opus:
            let encoder = try OpusFileEncoder(path: path, sampleRate: 22_050, settings: opus, metadata: metadata, chapters: chapters)
            try samples.withUnsafeBufferPointer { try encoder.append($0) }
            return try encoder.finish()
        case .mp3:
            let encoder = try MP3FileEncoder(path: path, sampleRate: 22_050, settings: mp3, metadata: metadata, chapters: chapters)
            for start in stride(from: 0, to: samples.count, by: 4_000) {
                try samples[start..<min(samples.count, start + 4_000)].withUnsafeBufferPointer { try encoder.append($0) }
            }
            return try encoder.finish()
        }
    }
}

/// Decodes `path` to mono float PCM in memory (what the tests compare), with its rate.
func decodeEncodedFile(_ path: String) throws(ExpoError) -> (samples: [Float], sampleRate: Int) {
    var samples: [Float] = []
    switch try sniffFormat(path) {
    case .opus:
        _ = try OpusDecoding.decode(path: path) { samples.append(contentsOf: $0) }
        return (samples, 48_000)
    case .mp3:
        let result = try MP3Decoding.decode(path: path) { samples.append(contentsOf: $0) }
        return (samples, result.rate)
    }
}
