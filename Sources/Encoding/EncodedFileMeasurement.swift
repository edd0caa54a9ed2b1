import Audio
import ExpoModel
import ExpoSystem
import Foundation

/// Loudness and peaks of an encoded file's decoded audio, for tests and for the manifest.
public struct EncodedFileMeasurement: Sendable, Hashable, Codable {
    /// Integrated loudness of the decoded audio, LUFS.
    public var integratedLoudness: Double
    /// True peak of the decoded audio, dBTP (4× oversampled).
    public var truePeak: Double
    /// Sample peak of the decoded audio, dBFS.
    public var samplePeak: Double
    /// Decoded frames (after priming and padding are trimmed).
    public var decodedFrames: Int64
    /// Rate of the decoded audio (48 000 for Opus, the file's own rate for MP3).
    public var sampleRate: Int
    /// Decoded duration in seconds.
    public var durationSeconds: Double { Double(decodedFrames) / Double(sampleRate) }
}

/// Decodes `path` (Ogg Opus with opusfile at 48 kHz, MP3 with libmpg123 at its own rate, told
/// apart by their first bytes) and measures it with libebur128.
public func measureEncodedFile(_ path: String) throws(ExpoError) -> EncodedFileMeasurement {
    let format = try sniffFormat(path)
    switch format {
    case .opus:
        let meter = try DecodedMeter(sampleRate: 48_000, path: path)
        let frames = try OpusDecoding.decode(path: path) { (block) throws(ExpoError) in try meter.process(block) }
        return try meter.measurement(frames: frames)
    case .mp3:
        var meter: DecodedMeter?
        let result = try MP3Decoding.decode(
            path: path,
            format: { (rate) throws(ExpoError) in
                meter = try DecodedMeter(sampleRate: rate, path: path)
            }, { (block) throws(ExpoError) in try meter?.process(block) })
        guard let meter else { throw .malformed(file: path, reason: "no audio") }
        return try meter.measurement(frames: result.frames)
    }
}

/// The Audio stage's BS.1770-4 meter (libebur128) on decoded blocks, with the sample peak.
final class DecodedMeter {
    let meter: TruePeakMeter
    let path: String
    var samplePeak: Float = 0

    init(sampleRate: Int, path: String) throws(ExpoError) {
        self.path = path
        do { meter = try TruePeakMeter(sampleRate: sampleRate) } catch { throw Self.failure(error, path) }
    }

    func process(_ block: UnsafeBufferPointer<Float>) throws(ExpoError) {
        for sample in block { samplePeak = max(samplePeak, abs(sample)) }
        do { try meter.process(block) } catch { throw Self.failure(error, path) }
    }

    func measurement(frames: Int64) throws(ExpoError) -> EncodedFileMeasurement {
        do {
            return EncodedFileMeasurement(
                integratedLoudness: try meter.integratedLoudness(), truePeak: try meter.truePeakDBTP(),
                samplePeak: samplePeak > 0 ? 20 * log10(Double(samplePeak)) : -.infinity,
                decodedFrames: frames, sampleRate: meter.sampleRate)
        } catch {
            throw Self.failure(error, path)
        }
    }

    private static func failure(_ error: any Error, _ path: String) -> ExpoError {
        .codec(file: path, library: "libebur128", operation: "measure the decoded audio", detail: "\(error)")
    }
}

/// The amplitude factor of a gain in dB.
func amplitude(ofDecibels decibels: Double) -> Double { pow(10, decibels / 20) }

func sniffFormat(_ path: String) throws(ExpoError) -> EncodedFormat {
    let file = try InputFile.opened(path)
    defer { file.closeQuietly() }
    var bytes = [UInt8](repeating: 0, count: 4)
    let count = bytes.withUnsafeMutableBytes { (try? file.read(into: $0, at: 0)) ?? -1 }
    guard count == 4 else { throw .malformed(file: path, reason: "shorter than 4 bytes") }
    if bytes == Array("OggS".utf8) { return .opus }
    if bytes.starts(with: Array("ID3".utf8)) || (bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0) { return .mp3 }
    throw .malformed(file: path, reason: "neither Ogg nor MP3")
}
