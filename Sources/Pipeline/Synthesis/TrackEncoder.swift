import Audio
import Encoding
import ExpoModel
import ExpoSystem
import Foundation

/// Makes a cached track's compressed copies (Opus, MP3) from its WAV master, in one streaming
/// pass over the WAV, and records each with how it measures once decoded. Runs in the worker
/// process right after synthesis, so encoding is shared out over the cores like speech.
struct TrackEncoder {
    let cache: TrackCache
    let delivery: Delivery

    /// The encoder, settings and tags of `format` for `job`: a cached copy with another
    /// fingerprint is made again.
    static func fingerprint(_ format: DeliveryFormat, job: SynthesisJob, delivery: Delivery) -> String {
        let settings = switch format {
        case .opus: "libopusenc \(delivery.opusBitrate) b/s complexity \(delivery.opusComplexity)"
        default: "LAME -V \(delivery.mp3Quality)"
        }
        return SHA256Digest.key([format.rawValue, settings, job.title, job.album, job.trackNumber])
    }

    /// The formats `audio` lacks, or has with another fingerprint, or whose file is missing or
    /// damaged (another size or SHA-256 than recorded).
    func missing(in audio: TrackAudio, job: SynthesisJob) -> [DeliveryFormat] {
        delivery.encodedFormats.filter { format in
            guard let copy = audio.encoded[format.rawValue],
                  copy.fingerprint == Self.fingerprint(format, job: job, delivery: delivery) else { return true }
            // A copy is used only as it was recorded: the right size and the same SHA-256.
            let url = cache.encodedURL(job.key, format)
            var status = stat()
            guard stat(url.path, &status) == 0, Int(status.st_size) == copy.byteCount,
                  (try? SHA256Digest.ofFile(url.path)) == copy.sha256 else { return true }
            return false
        }
    }

    /// Encodes what `audio` lacks; returns the entry with the new copies (the caller stores it).
    func encodeMissing(_ audio: TrackAudio, job: SynthesisJob) throws -> TrackAudio {
        let formats = missing(in: audio, job: job)
        guard !formats.isEmpty else { return audio }
        let metadata = TrackMetadata(title: job.title, artist: nil, album: job.album.isEmpty ? nil : job.album,
                                     trackNumber: job.trackNumber.isEmpty ? nil : job.trackNumber)
        do {
            try encode(job.key, sampleRate: audio.sampleRate, into: formats, metadata: metadata)
            var updated = audio
            for format in formats {
                let url = cache.encodedURL(job.key, format)
                let measured = try measureEncodedFile(url.path)
                var status = stat()
                guard stat(url.path, &status) == 0 else {
                    throw ExpoError.system(file: url.path, operation: "inspect", code: errno)
                }
                updated.encoded[format.rawValue] = EncodedAudio(
                    fingerprint: Self.fingerprint(format, job: job, delivery: delivery),
                    byteCount: Int(status.st_size),
                    sha256: try SHA256Digest.ofFile(url.path), durationSeconds: measured.durationSeconds,
                    loudnessLUFS: measured.integratedLoudness.isFinite ? measured.integratedLoudness : nil,
                    truePeakDBTP: measured.truePeak.isFinite ? measured.truePeak : nil)
            }
            return updated
        } catch let error as EncodingError {
            throw error.expoError
        }
    }

    /// One pass over the WAV, every encoder fed from it.
    private func encode(_ key: String, sampleRate: Int, into formats: [DeliveryFormat], metadata: TrackMetadata) throws {
        let reader = try WAVReader(url: cache.audioURL(key))
        var opus: OpusFileEncoder?
        var mp3: MP3FileEncoder?
        if formats.contains(.opus) {
            opus = try OpusFileEncoder(path: cache.encodedURL(key, .opus).path, sampleRate: sampleRate,
                                       settings: OpusSettings(bitrate: delivery.opusBitrate, complexity: delivery.opusComplexity),
                                       metadata: metadata)
        }
        if formats.contains(.mp3) {
            mp3 = try MP3FileEncoder(path: cache.encodedURL(key, .mp3).path, sampleRate: sampleRate,
                                     settings: MP3Settings(rateControl: .vbr(quality: delivery.mp3Quality)), metadata: metadata)
        }
        var block = [Int16](repeating: 0, count: 1 << 15)
        while true {
            try Interruption.check()
            let count = try block.withUnsafeMutableBufferPointer { try reader.read(into: $0) }
            if count == 0 { break }
            try block.withUnsafeBufferPointer { all in
                let part = UnsafeBufferPointer(rebasing: all[0..<count])
                try opus?.append(part)
                try mp3?.append(part)
            }
        }
        _ = try opus?.finish()
        _ = try mp3?.finish()
    }
}

extension EncodingError {
    /// The error as the rest of expo-narrate reports it: a system failure is I/O (a full disk
    /// stops the run); a codec's refusal is internal.
    var expoError: ExpoError {
        switch self {
        case let .system(file, operation, code): return ExpoError.system(file: file, operation: operation, code: code)
        case let .codec(file, library, operation, detail):
            return ExpoError(.internal, "\(file): \(library) failed to \(operation): \(detail)")
        case let .invalidArgument(message): return ExpoError(.usage, message)
        case let .encoderClosed(file): return ExpoError(.internal, "\(file): the encoder was already finished")
        case let .malformed(file, reason): return ExpoError(.internal, "\(file): not a usable encoded file (\(reason))")
        case let .incompatibleTracks(file, reason): return ExpoError(.internal, "\(file): cannot be joined (\(reason))")
        case .stopped: return ExpoError.interrupted
        }
    }
}
