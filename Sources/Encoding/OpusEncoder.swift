import COpusEnc

/// Settings of the Opus track encoder.
public struct OpusSettings: Sendable, Hashable, Codable {
    /// Target bitrate in bits per second (VBR). Default 24 000: transparent-enough mono speech.
    public var bitrate: Int
    /// libopus complexity 0–10. Default 6: for 24 kb/s speech (SILK/hybrid) it costs 25 % less
    /// CPU than 10 for a wide-band PESQ of 3.51 instead of 3.68; 8 is as good as 10 and as slow,
    /// 5 drops to 3.24 (measurements in the README).
    public var complexity: Int

    /// Speech-tuned defaults: 24 kb/s VBR, complexity 6, 20 ms frames, signal type voice.
    public init(bitrate: Int = 24_000, complexity: Int = 6) {
        self.bitrate = bitrate
        self.complexity = complexity
    }
}

/// Streams PCM into an Ogg Opus file (mono, RFC 7845) with libopusenc, which resamples any input
/// rate to 48 kHz. Only the current block is held in memory. Not thread-safe: use from one task.
public final class OpusFileEncoder {
    private var encoder: OpaquePointer?
    private let sink: OpusSink
    private let sampleRate: Int
    private var inputFrames: Int64 = 0

    /// Starts a file at `path` (written under a temporary name until `finish()`).
    /// - Parameters:
    ///   - sampleRate: rate of the PCM given to `append` (8 000–192 000 Hz).
    ///   - chapters: optional chapter marks, written as CHAPTERnnn / CHAPTERnnnNAME comments.
    /// - Throws: `EncodingError` if the file cannot be created or libopusenc refuses the settings.
    public init(path: String, sampleRate: Int, settings: OpusSettings = OpusSettings(),
                metadata: TrackMetadata = TrackMetadata(), chapters: [Chapter] = []) throws(EncodingError) {
        guard (8_000...192_000).contains(sampleRate) else {
            throw .invalidArgument("\(path): sample rate \(sampleRate) Hz is outside 8 000–192 000 Hz.")
        }
        guard (6_000...510_000).contains(settings.bitrate), (0...10).contains(settings.complexity) else {
            throw .invalidArgument("\(path): Opus bitrate must be 6 000–510 000 b/s and complexity 0–10.")
        }
        try VorbisComments.validate(chapters, file: path)
        self.sampleRate = sampleRate
        sink = OpusSink(file: try OutputFile(path: path))
        let fields = VorbisComments.fields(metadata, chapters: chapters)
        encoder = try Self.makeEncoder(sink: sink, sampleRate: sampleRate, fields: fields)
        // libopusenc picks a random stream serial; one derived from the tags and settings makes
        // the same track the same file, whichever run or worker encodes it.
        let serial = Ogg.crc32(ArraySlice("\(fields)|\(settings.bitrate)|\(settings.complexity)".utf8), seed: 0x7472_636B) | 1
        try check(expo_ope_set_serial(encoder, Int32(bitPattern: serial)), "set the stream serial number")
        try check(expo_ope_set_bitrate(encoder, Int32(settings.bitrate)), "set the bitrate")
        try check(expo_ope_set_complexity(encoder, Int32(settings.complexity)), "set the complexity")
        try check(expo_ope_set_voice(encoder), "set the signal type to voice")
        try check(expo_ope_set_vbr(encoder, 1, 0), "enable VBR")
        try check(expo_ope_set_frame_duration_20ms(encoder), "set 20 ms frames")
    }

    deinit {
        if let encoder { ope_encoder_destroy(encoder) }
        sink.file.abandon()
    }

    /// Encodes a block of 16-bit samples.
    public func append(_ samples: UnsafeBufferPointer<Int16>) throws(EncodingError) {
        guard let encoder else { throw .encoderClosed(file: sink.file.path) }
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        try check(ope_encoder_write(encoder, base, Int32(samples.count)), "encode")
        inputFrames += Int64(samples.count)
    }

    /// Encodes a block of float samples (full scale ±1.0).
    public func append(_ samples: UnsafeBufferPointer<Float>) throws(EncodingError) {
        guard let encoder else { throw .encoderClosed(file: sink.file.path) }
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        try check(ope_encoder_write_float(encoder, base, Int32(samples.count)), "encode")
        inputFrames += Int64(samples.count)
    }

    /// Flushes the encoder, closes the file, moves it into place and describes it.
    public func finish() throws(EncodingError) -> EncodedFileInfo {
        guard let encoder else { throw .encoderClosed(file: sink.file.path) }
        defer { ope_encoder_destroy(encoder); self.encoder = nil }
        try check(ope_encoder_drain(encoder), "finish the stream")
        try sink.file.commit()
        return try OpusFileInspector.describe(path: sink.file.path)
    }

    private func check(_ status: Int32, _ operation: String) throws(EncodingError) {
        if let failure = sink.failure { throw failure }
        guard status == OPE_OK else {
            throw .codec(file: sink.file.path, library: "libopusenc", operation: operation,
                         detail: String(cString: ope_strerror(status)))
        }
    }

    private static func makeEncoder(sink: OpusSink, sampleRate: Int, fields: [(String, String)]) throws(EncodingError) -> OpaquePointer {
        guard let comments = ope_comments_create() else {
            throw .codec(file: sink.file.path, library: "libopusenc", operation: "create comments", detail: "out of memory")
        }
        defer { ope_comments_destroy(comments) }
        for (key, value) in fields where ope_comments_add(comments, key, value) != OPE_OK {
            throw .codec(file: sink.file.path, library: "libopusenc", operation: "add the \(key) tag", detail: "refused")
        }
        var callbacks = OpusEncCallbacks(write: opusSinkWrite, close: opusSinkClose)
        var status: Int32 = 0
        let userData = Unmanaged.passUnretained(sink).toOpaque()
        guard let encoder = ope_encoder_create_callbacks(&callbacks, userData, comments, Int32(sampleRate), 1, 0, &status) else {
            throw .codec(file: sink.file.path, library: "libopusenc", operation: "create the encoder",
                         detail: String(cString: ope_strerror(status)))
        }
        return encoder
    }
}

/// Where libopusenc's pages go, and the first write error. The encoder object owns the sink for
/// its whole life and destroys the C encoder before releasing it, so the unretained pointer
/// handed to C stays valid for every callback.
final class OpusSink {
    let file: OutputFile
    var failure: EncodingError?

    init(file: OutputFile) { self.file = file }
}

private func opusSinkWrite(_ userData: UnsafeMutableRawPointer?, _ data: UnsafePointer<UInt8>?, _ length: Int32) -> Int32 {
    guard let userData, let data else { return 1 }
    let sink = Unmanaged<OpusSink>.fromOpaque(userData).takeUnretainedValue()
    // Copied here, so that no pointer into libopusenc's memory leaves this file.
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
    do {
        try sink.file.write(bytes)
        return 0
    } catch {
        sink.failure = error
        return 1
    }
}

private func opusSinkClose(_ userData: UnsafeMutableRawPointer?) -> Int32 { 0 }
