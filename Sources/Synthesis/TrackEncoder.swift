import Audio
import Encoding
import ExpoModel
import ExpoSystem
import Foundation
import GuideCache

/// Makes a cached track's compressed copies (Opus, MP3) from its WAV master, in one streaming
/// pass over the WAV, and records each with how it measures once decoded. Runs in the worker
/// process right after synthesis, so encoding is shared out over the cores like speech.
///
/// Every copy must decode to a true peak at or under `truePeakCeilingDBTP`: one over it is
/// encoded again with other settings, then with less gain (`EncoderChoice.retry`), and if none
/// passes the run stops, naming the file.
struct TrackEncoder {
    let cache: TrackCache
    let delivery: Delivery
    /// The ceiling this encoder holds the files to (tests lower it to make retries happen).
    var ceilingDBTP = TrackEncoder.truePeakCeilingDBTP

    /// The highest true peak (BS.1770-4, dBTP) an encoded file may decode to: what a listener's
    /// player meets, above the master's own ceiling because codecs add overshoot.
    static let truePeakCeilingDBTP = -1.0

    /// The encoder, settings, tags and the rule of `format` for `job`: a cached copy with
    /// another fingerprint is made again.
    static func fingerprint(_ format: DeliveryFormat, job: SynthesisJob, delivery: Delivery) -> String {
        let settings =
            switch format {
            case .opus: "\(OpusFileEncoder.libraryVersion) \(delivery.opusBitrate) b/s complexity \(delivery.opusComplexity) at the lowest Opus rate"
            default: "LAME -V \(delivery.mp3Quality)"
            }
        return SHA256Digest.key([
            format.rawValue, settings, "true peak <= \(truePeakCeilingDBTP) dBTP",
            job.title, job.album, job.trackNumber,
        ])
    }

    /// The formats `audio` lacks, or has with another fingerprint, or whose file is missing or
    /// damaged (another size or SHA-256 than recorded).
    func missing(in audio: TrackAudio, job: SynthesisJob) -> [DeliveryFormat] {
        delivery.encodedFormats.filter { format in
            guard let copy = audio.encoded[format.rawValue],
                copy.fingerprint == Self.fingerprint(format, job: job, delivery: delivery)
            else { return true }
            // A copy is used only as it was recorded: the right size and the same SHA-256.
            let url = cache.encodedURL(job.key, format)
            guard let status = FileStatus.of(url.path, followingLinks: true), Int(status.size) == copy.byteCount,
                (try? cache.digests.sha256(of: url.path)) == copy.sha256
            else { return true }
            return false
        }
    }

    /// Encodes what `audio` lacks; returns the entry with the new copies (the caller stores it).
    func encodeMissing(_ audio: TrackAudio, job: SynthesisJob) throws -> TrackAudio {
        let formats = missing(in: audio, job: job)
        guard !formats.isEmpty else { return audio }
        let metadata = TrackMetadata(
            title: job.title, artist: nil, album: job.album.isEmpty ? nil : job.album,
            trackNumber: job.trackNumber.isEmpty ? nil : job.trackNumber)
        let first = formats.map { EncoderChoice.first($0, delivery: delivery) }
        let measured = try encode(job.key, sampleRate: audio.sampleRate, first, metadata: metadata)
        var updated = audio
        for (index, format) in formats.enumerated() {
            var choice = first[index]
            var measurement = measured[index]
            var attempt = 0
            while measurement.truePeak > ceilingDBTP {
                attempt += 1
                guard
                    let next = choice.retry(
                        attempt: attempt, truePeak: measurement.truePeak,
                        ceiling: ceilingDBTP)
                else {
                    throw overCeiling(job: job, format: format, truePeak: measurement.truePeak, attempts: attempt)
                }
                choice = next
                measurement = try encode(job.key, sampleRate: audio.sampleRate, [choice], metadata: metadata)[0]
            }
            let url = cache.encodedURL(job.key, format)
            let status: FileStatus
            switch FileStatus.read(url.path, followingLinks: true) {
            case .success(let found): status = found
            case .failure(let error): throw ExpoError.system(file: url.path, operation: "inspect", code: error.code)
            }
            updated.encoded[format.rawValue] = EncodedAudio(
                fingerprint: Self.fingerprint(format, job: job, delivery: delivery),
                byteCount: Int(status.size),
                sha256: try SHA256Digest.ofFile(url.path), durationSeconds: measurement.durationSeconds,
                loudnessLUFS: measurement.integratedLoudness.isFinite ? measurement.integratedLoudness : nil,
                truePeakDBTP: measurement.truePeak.isFinite ? measurement.truePeak : nil)
        }
        return updated
    }

    /// One pass over the WAV, every encoder of `choices` fed from it; how each file measures
    /// decoded, in the same order. Opus is measured as it is encoded (its packets decoded at the
    /// codec's rate); MP3 is decoded from the file, at its own rate.
    private func encode(
        _ key: String, sampleRate: Int, _ choices: [EncoderChoice],
        metadata: TrackMetadata
    ) throws -> [EncodedFileMeasurement] {
        let reader = try WAVReader(url: cache.audioURL(key))
        var opus: OpusFileEncoder?
        var mp3: MP3FileEncoder?
        for choice in choices {
            switch choice {
            case .opus(let settings):
                opus = try OpusFileEncoder(
                    path: cache.encodedURL(key, .opus).path, sampleRate: sampleRate,
                    settings: settings, metadata: metadata, measuring: true)
            case .mp3(let settings):
                mp3 = try MP3FileEncoder(
                    path: cache.encodedURL(key, .mp3).path, sampleRate: sampleRate,
                    settings: settings, metadata: metadata)
            }
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
        return try choices.map { choice in
            switch choice {
            case .opus: return opus!.measurement!
            case .mp3: return try measureEncodedFile(cache.encodedURL(key, .mp3).path)
            }
        }
    }

    private func overCeiling(job: SynthesisJob, format: DeliveryFormat, truePeak: Double, attempts: Int) -> ExpoError {
        let peak = (truePeak * 100).rounded() / 100
        return ExpoError(
            .data,
            "\(job.fileStem).\(format.fileExtension): decodes to a true peak of \(peak) dBTP, over the "
                + "\(ceilingDBTP) dBTP ceiling, after \(attempts) encodings with other settings and less gain",
            advice: "Lower the voice profile's loudness target, or listen to the track's WAV for a sound the codec cannot carry.")
    }
}

/// The encoder and settings for one format, and what to try next when its file decodes over
/// the true-peak ceiling.
enum EncoderChoice: Sendable, Equatable {
    case opus(OpusSettings)
    case mp3(MP3Settings)

    /// The settings the delivery asks for.
    static func first(_ format: DeliveryFormat, delivery: Delivery) -> EncoderChoice {
        format == .opus
            ? .opus(OpusSettings(bitrate: delivery.opusBitrate, complexity: delivery.opusComplexity))
            : .mp3(MP3Settings(rateControl: .vbr(quality: delivery.mp3Quality)))
    }

    /// The choice for retry `attempt` (1, 2, …) after this one decoded to `truePeak`, or nil when
    /// there is nothing left to try. Opus overshoot comes from the encoder's decisions at low
    /// complexity with the speech hint (each setting's effect on one such burst is in
    /// Benchmarks/README.md), so Opus first tries complexity 10, then without the hint; then,
    /// like MP3, the samples are turned down by the overshoot and half a decibel more, twice at
    /// most.
    func retry(attempt: Int, truePeak: Double, ceiling: Double) -> EncoderChoice? {
        let reduction = ceiling - 0.5 - truePeak
        switch self {
        case .opus(var settings):
            if attempt == 1, settings.complexity < 10 {
                settings.complexity = 10
            } else if attempt <= 2, settings.voice {
                settings.voice = false
            } else if attempt <= 4 {
                settings.gainDB += reduction
            } else {
                return nil
            }
            return .opus(settings)
        case .mp3(var settings):
            guard attempt <= 2 else { return nil }
            settings.gainDB += reduction
            return .mp3(settings)
        }
    }
}
