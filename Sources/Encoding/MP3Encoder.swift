import CLame
import ExpoModel

/// Settings of the MP3 track encoder.
public struct MP3Settings: Sendable, Hashable, Codable {
    /// How LAME spends bits.
    public enum RateControl: Sendable, Hashable, Codable {
        /// VBR (LAME's default "mtrh" model) at quality 0 (best) … 9 (smallest); `lame -V n`.
        case vbr(quality: Int)
        /// Constant bitrate in kb/s (at 22 050 Hz, MPEG-2: 8–160). Below 56 kb/s at 22 050 Hz the
        /// frames cannot hold the info frame, so this encoder writes one of its own at a larger
        /// bitrate (duration and gapless data stay exact).
        case cbr(kbps: Int)
    }

    /// VBR quality or CBR bitrate.
    public var rateControl: RateControl
    /// LAME's algorithm quality 0 (slowest) … 9 (fastest); `lame -q`. Default 3, as `lame`'s.
    public var algorithmQuality: Int
    /// Gain LAME applies to the samples before encoding, in dB (0: none; `lame --scale`). Used to
    /// re-encode a track whose decoded true peak is over the ceiling.
    public var gainDB: Double

    /// Defaults: VBR quality 7 (`lame -V 7`), algorithm quality 3, no gain.
    public init(rateControl: RateControl = .vbr(quality: 7), algorithmQuality: Int = 3, gainDB: Double = 0) {
        self.rateControl = rateControl
        self.algorithmQuality = algorithmQuality
        self.gainDB = gainDB
    }
}

/// Streams mono PCM into an MP3 file with LAME: an ID3v2.4 tag (TIT2/TPE1/TALB/TRCK and
/// optional CHAP/CTOC chapters), then the LAME info frame (rewritten at the end with the exact
/// frame count, encoder delay and padding, so durations and gapless playback are exact), then
/// the audio frames. Only the current block is held in memory. Not thread-safe.
public final class MP3FileEncoder {
    private var lame: OpaquePointer?
    private let file: OutputFile
    private let sampleRate: Int
    private let metadata: TrackMetadata
    private let chapters: [ChapterMark]
    private var audioStart: UInt64 = 0
    private var inputFrames: Int64 = 0
    private var buffer: [UInt8]
    /// Set when LAME cannot fit its info frame into a CBR frame and this class writes one.
    private let ownInfoFrame: (length: Int, kbps: Int)?
    private var musicCRC: UInt16 = 0
    private var musicBytes = 0
    private static let block = 8_192

    /// Starts a file at `path` (written under a temporary name until `finish()`).
    /// - Parameters:
    ///   - sampleRate: rate of the PCM given to `append`; also the MP3's rate, so it must be one
    ///     MP3 has (8 000–48 000; espeak-ng's 22 050 gives MPEG-2 frames of 576 samples).
    ///   - chapters: optional chapter marks, written as ID3v2 CHAP frames and one CTOC.
    /// - Throws: `ExpoError` if the file cannot be created or LAME refuses the settings.
    public init(
        path: String, sampleRate: Int, settings: MP3Settings = MP3Settings(),
        metadata: TrackMetadata = TrackMetadata(), chapters: [ChapterMark] = []
    ) throws(ExpoError) {
        let rates = [8_000, 11_025, 12_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000]
        guard rates.contains(sampleRate) else {
            throw .invalidArgument("\(path): \(sampleRate) Hz is not an MP3 sample rate (\(rates.map(String.init).joined(separator: ", "))).")
        }
        try VorbisComments.validate(chapters, file: path)
        self.sampleRate = sampleRate
        self.metadata = metadata
        self.chapters = chapters
        buffer = [UInt8](repeating: 0, count: Self.block * 5 / 4 + 7_200)
        let tag = try ID3v2.tag(metadata, chapters: chapters, durationMs: 0)
        ownInfoFrame = Self.needsOwnInfoFrame(sampleRate: sampleRate, settings: settings)
        file = try OutputFile(path: path)
        lame = try Self.makeEncoder(path: path, sampleRate: sampleRate, settings: settings, lameTag: ownInfoFrame == nil)
        try file.write(tag)
        audioStart = file.length
        if let own = ownInfoFrame { try file.write([UInt8](repeating: 0, count: own.length)) }
    }

    deinit {
        if let lame { lame_close(lame) }
        file.abandon()
    }

    /// Encodes a block of 16-bit samples.
    public func append(_ samples: UnsafeBufferPointer<Int16>) throws(ExpoError) {
        try encode(samples) { lame, pcm, count, out, capacity in
            lame_encode_buffer(lame, pcm, pcm, count, out, capacity)
        }
    }

    /// Encodes a block of float samples (full scale ±1.0).
    public func append(_ samples: UnsafeBufferPointer<Float>) throws(ExpoError) {
        try encode(samples) { lame, pcm, count, out, capacity in
            lame_encode_buffer_ieee_float(lame, pcm, pcm, count, out, capacity)
        }
    }

    /// Feeds `samples` to LAME in blocks through `call` (the function for their sample type)
    /// and writes what it returns.
    private func encode<Sample>(
        _ samples: UnsafeBufferPointer<Sample>,
        _ call: (lame_t, UnsafePointer<Sample>, Int32, UnsafeMutablePointer<UInt8>?, Int32) -> Int32
    ) throws(ExpoError) {
        guard let lame else { throw .encoderClosed(file: file.path) }
        var start = 0
        while start < samples.count {
            let count = min(Self.block, samples.count - start)
            let pcm = samples.baseAddress! + start
            let written = buffer.withUnsafeMutableBufferPointer { call(lame, pcm, Int32(count), $0.baseAddress, Int32($0.count)) }
            try emit(written, "encode")
            start += count
        }
        inputFrames += Int64(samples.count)
    }

    /// Flushes LAME, writes the final info frame and tag, moves the file into place.
    public func finish() throws(ExpoError) -> EncodedFileInfo {
        guard let lame else { throw .encoderClosed(file: file.path) }
        defer {
            lame_close(lame)
            self.lame = nil
        }
        let flushed = buffer.withUnsafeMutableBufferPointer { lame_encode_flush(lame, $0.baseAddress, Int32($0.count)) }
        try emit(flushed, "flush")
        try file.overwrite(try infoFrame(lame), at: audioStart)
        if !chapters.isEmpty {
            let durationMs = ID3v2.milliseconds(Double(inputFrames) / Double(sampleRate))
            try file.overwrite(try ID3v2.tag(metadata, chapters: chapters, durationMs: durationMs), at: 0)
        }
        try file.commit()
        return try MP3FileInspector.describe(path: file.path)
    }

    /// LAME's final info frame, or (small CBR frames) one built here from LAME's figures.
    private func infoFrame(_ lame: OpaquePointer) throws(ExpoError) -> [UInt8] {
        if let own = ownInfoFrame {
            let delay = Int(lame_get_encoder_delay(lame))
            let frames = Int(lame_get_frameNum(lame))
            let padding = frames * (sampleRate >= 32_000 ? 1152 : 576) - delay - Int(inputFrames)
            guard padding >= 0, padding < 4096,
                let frame = InfoFrameWriter.frame(
                    sampleRate: sampleRate, frames: frames, audioBytes: musicBytes, kbps: own.kbps,
                    lowpassHz: Int(lame_get_lowpassfreq(lame)), delay: delay, padding: padding, musicCRC: musicCRC),
                frame.count == own.length
            else {
                throw .codec(file: file.path, library: "LAME", operation: "report frame counts", detail: "inconsistent delay/padding")
            }
            return frame
        }
        let length = buffer.withUnsafeMutableBufferPointer { lame_get_lametag_frame(lame, $0.baseAddress, $0.count) }
        guard length > 0, length <= buffer.count else {
            throw .codec(file: file.path, library: "LAME", operation: "make the info frame", detail: "no LAME tag frame")
        }
        return Array(buffer[0..<length])
    }

    private func emit(_ count: Int32, _ operation: String) throws(ExpoError) {
        guard count >= 0 else {
            throw .codec(file: file.path, library: "LAME", operation: operation, detail: "error \(count)")
        }
        guard count > 0 else { return }
        if ownInfoFrame != nil {
            musicCRC = LAMETag.crc16(buffer[0..<Int(count)], seed: musicCRC)
            musicBytes += Int(count)
        }
        try file.write(buffer[0..<Int(count)])
    }

    /// For CBR whose frames cannot hold the info frame (4 + side info + 156 bytes): its size
    /// and the bitrate; nil when LAME writes the info frame itself.
    private static func needsOwnInfoFrame(sampleRate: Int, settings: MP3Settings) -> (length: Int, kbps: Int)? {
        guard case .cbr(let kbps) = settings.rateControl else { return nil }
        let isMPEG1 = sampleRate >= 32_000
        let frameBytes = (isMPEG1 ? 144 : 72) * kbps * 1000 / sampleRate
        guard frameBytes < (isMPEG1 ? 4 + 17 : 4 + 9) + 156, let header = InfoFrameWriter.header(sampleRate: sampleRate) else { return nil }
        return (header.parsed.length, kbps)
    }

    private static func makeEncoder(path: String, sampleRate: Int, settings: MP3Settings, lameTag: Bool) throws(ExpoError) -> OpaquePointer {
        guard let lame = lame_init() else {
            throw .codec(file: path, library: "LAME", operation: "initialise", detail: "out of memory")
        }
        lame_set_num_channels(lame, 1)
        lame_set_in_samplerate(lame, Int32(sampleRate))
        lame_set_out_samplerate(lame, Int32(sampleRate))
        lame_set_mode(lame, MONO)
        lame_set_quality(lame, Int32(settings.algorithmQuality))
        if settings.gainDB != 0 { lame_set_scale(lame, Float(amplitude(ofDecibels: settings.gainDB))) }
        lame_set_bWriteVbrTag(lame, lameTag ? 1 : 0)
        lame_set_write_id3tag_automatic(lame, 0)
        switch settings.rateControl {
        case .vbr(let quality):
            lame_set_VBR(lame, vbr_default)
            lame_set_VBR_quality(lame, Float(quality))
        case .cbr(let kbps):
            lame_set_VBR(lame, vbr_off)
            lame_set_brate(lame, Int32(kbps))
        }
        guard lame_init_params(lame) >= 0 else {
            lame_close(lame)
            throw .codec(file: path, library: "LAME", operation: "accept the settings", detail: "lame_init_params refused \(settings)")
        }
        return lame
    }
}

/// Describes an MP3 file from its info frame and frames (no decoding).
enum MP3FileInspector {
    static func describe(path: String) throws(ExpoError) -> EncodedFileInfo {
        let bytes = try readWholeFile(path)
        let layout = try MP3FileLayout(bytes: bytes, file: path)
        guard let info = layout.infoFrame, let tag = LAMETag(frame: Array(bytes[info]), header: layout.header) else {
            throw .malformed(file: path, reason: "no LAME info frame")
        }
        let spf = layout.header.samplesPerFrame
        let audio = Int64(layout.frames.count * spf - tag.delay - tag.padding)
        return EncodedFileInfo(
            path: path, format: .mp3, bytes: UInt64(bytes.count),
            durationSeconds: Double(audio) / Double(layout.header.sampleRate),
            codecSampleRate: layout.header.sampleRate, encoderDelay: tag.delay, padding: tag.padding,
            audioSamples: audio, frameCount: layout.frames.count, samplesPerFrame: spf)
    }
}
