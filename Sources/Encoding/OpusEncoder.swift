import ExpoModel

/// Settings of the Opus track encoder.
public struct OpusSettings: Sendable, Hashable, Codable {
    /// Target bitrate in bits per second (VBR). Default 24 000: transparent-enough mono speech.
    public var bitrate: Int
    /// libopus complexity 0–10. Default 6: for 24 kb/s speech (SILK/hybrid) the cheapest setting
    /// whose quality stays near 10's (Benchmarks/README.md, Benchmarks/opus-quality.py).
    public var complexity: Int
    /// Whether libopus is told the signal is speech (`OPUS_SIGNAL_VOICE`); else it decides.
    public var voice: Bool
    /// Gain applied to the samples before encoding, in dB (0: none). Used to re-encode a track
    /// whose decoded true peak is over the ceiling when other settings do not bring it under.
    public var gainDB: Double
    /// The rate libopus encodes at (8, 12, 16, 24 or 48 kHz); nil: the lowest of them at or above
    /// the input's rate, so 22 050 Hz speech is resampled to 24 kHz, not 48 kHz (Opus then codes
    /// up to 12 kHz, above everything the input holds).
    public var codecSampleRate: Int?

    /// Speech-tuned defaults: 24 kb/s VBR, complexity 6, 20 ms frames, signal type voice.
    public init(
        bitrate: Int = 24_000, complexity: Int = 6, voice: Bool = true, gainDB: Double = 0,
        codecSampleRate: Int? = nil
    ) {
        self.bitrate = bitrate
        self.complexity = complexity
        self.voice = voice
        self.gainDB = gainDB
        self.codecSampleRate = codecSampleRate
    }

    /// The rate libopus runs at for input at `inputRate`.
    public func codecRate(forInput inputRate: Int) -> Int {
        codecSampleRate ?? OpusCodec.rates.first { $0 >= inputRate } ?? 48_000
    }
}

/// Streams PCM into an Ogg Opus file (mono, RFC 7845): libopus directly, 20 ms packets gathered
/// into pages by the same Ogg writer that assembles the guide. Input at a rate libopus does not
/// take (espeak-ng's 22 050 Hz) is resampled with libsoxr to `OpusSettings.codecRate`. Only
/// the current block is held in memory. Not thread-safe: use from one task.
///
/// With `measuring`, every packet is also decoded as it is made, at the codec's rate, and the
/// decoded audio measured (BS.1770-4 loudness, true peak): the file's own packets, trimmed as
/// a player trims them, without reading the file back (`measurement` after `finish`).
public final class OpusFileEncoder {
    private let file: OutputFile
    private var writer: OggPageWriter
    private var encoder: OpusCodec.Encoder?
    private let resampler: Resampler?
    private let inputRate: Int
    private let gain: Float
    private var frame: [Float]
    private var frameFill = 0
    private var inputFrames: Int64 = 0
    /// Samples given to libopus, at its rate (padding included).
    private var codecSamples: Int64 = 0
    /// Resampled samples of real input, at the codec's rate.
    private var audioSamples: Int64 = 0
    private let preSkip: Int
    private let verifier: PacketVerifier?
    /// How the decoded packets measure; set by `finish()` when the encoder was made `measuring`.
    public private(set) var measurement: EncodedFileMeasurement?

    /// Starts a file at `path` (written under a temporary name until `finish()`).
    /// - Parameters:
    ///   - sampleRate: rate of the PCM given to `append` (8 000–192 000 Hz).
    ///   - chapters: optional chapter marks, written as CHAPTERnnn / CHAPTERnnnNAME comments.
    ///   - measuring: decode and measure every packet as it is made (see the type's comment).
    /// - Throws: `ExpoError` if the file cannot be created or libopus refuses the settings.
    public init(
        path: String, sampleRate: Int, settings: OpusSettings = OpusSettings(),
        metadata: TrackMetadata = TrackMetadata(), chapters: [ChapterMark] = [], measuring: Bool = false
    ) throws(ExpoError) {
        guard (8_000...192_000).contains(sampleRate) else {
            throw .invalidArgument("\(path): sample rate \(sampleRate) Hz is outside 8 000–192 000 Hz.")
        }
        guard (6_000...510_000).contains(settings.bitrate), (0...10).contains(settings.complexity),
            settings.gainDB.isFinite, settings.codecSampleRate.map(OpusCodec.rates.contains) ?? true
        else {
            throw .invalidArgument(
                "\(path): Opus bitrate must be 6 000–510 000 b/s, complexity 0–10, the gain finite and the codec rate one of 8, 12, 16, 24, 48 kHz.")
        }
        try VorbisComments.validate(chapters, file: path)
        let codecRate = settings.codecRate(forInput: sampleRate)
        let encoder = try OpusCodec.Encoder(
            sampleRate: codecRate, bitrate: settings.bitrate, complexity: settings.complexity,
            voice: settings.voice, file: path)
        self.encoder = encoder
        inputRate = sampleRate
        gain = Float(amplitude(ofDecibels: settings.gainDB))
        resampler = codecRate == sampleRate ? nil : try Resampler(from: sampleRate, to: codecRate, file: path)
        frame = [Float](repeating: 0, count: encoder.frameSamples)
        preSkip = encoder.lookahead * (48_000 / codecRate)
        verifier = measuring ? try PacketVerifier(sampleRate: codecRate, skip: encoder.lookahead, file: path) : nil
        let fields = VorbisComments.fields(metadata, chapters: chapters)
        // One serial derived from the tags and settings makes the same track the same file,
        // whichever run or worker encodes it.
        let serial = Ogg.crc32(ArraySlice("\(fields)|\(settings.bitrate)|\(settings.complexity)".utf8), seed: 0x7472_636B) | 1
        file = try OutputFile(path: path)
        writer = OggPageWriter(output: file, serial: serial)
        try writer.writeHeaders(
            head: Self.opusHead(preSkip: preSkip, inputRate: sampleRate),
            tags: VorbisComments.opusTagsPacket(vendor: OpusCodec.version, fields: fields))
    }

    deinit { file.abandon() }

    /// The codec library and its version ("libopus 1.3.1"), for cache fingerprints.
    public static var libraryVersion: String { OpusCodec.version }

    /// Encodes a block of 16-bit samples.
    public func append(_ samples: UnsafeBufferPointer<Int16>) throws(ExpoError) {
        var floats = [Float](repeating: 0, count: min(samples.count, 8_192))
        var start = 0
        while start < samples.count {
            let count = min(floats.count, samples.count - start)
            for index in 0..<count { floats[index] = Float(samples[start + index]) / 32_768 }
            try floats.withUnsafeBufferPointer { all in
                OutputFile.capture { () throws(ExpoError) in try append(UnsafeBufferPointer(rebasing: all[0..<count])) }
            }.get()
            start += count
        }
    }

    /// Encodes a block of float samples (full scale ±1.0).
    public func append(_ samples: UnsafeBufferPointer<Float>) throws(ExpoError) {
        guard encoder != nil else { throw .encoderClosed(file: file.path) }
        guard !samples.isEmpty else { return }
        inputFrames += Int64(samples.count)
        if let resampler {
            try resampler.process(samples, file: file.path) { (block) throws(ExpoError) in try feed(block, audio: true) }
        } else {
            try feed(samples, audio: true)
        }
    }

    /// Flushes the resampler and the encoder (padding its look-ahead with silence), closes the
    /// file, moves it into place and describes it.
    public func finish() throws(ExpoError) -> EncodedFileInfo {
        guard let encoder else { throw .encoderClosed(file: file.path) }
        defer { self.encoder = nil }
        try resampler?.finish(file: file.path) { (block) throws(ExpoError) in try feed(block, audio: true) }
        let needed = audioSamples + Int64(encoder.lookahead)
        let zeros = [Float](repeating: 0, count: encoder.frameSamples)
        while codecSamples < needed || frameFill > 0 {
            let count = frameFill > 0 ? encoder.frameSamples - frameFill : encoder.frameSamples
            try zeros.withUnsafeBufferPointer { all in
                OutputFile.capture { () throws(ExpoError) in try feed(UnsafeBufferPointer(rebasing: all[0..<count]), audio: false) }
            }.get()
        }
        // Real audio in 48 kHz samples: the input's duration, whatever rate libopus ran at.
        let audio48 = (inputFrames * 48_000 + Int64(inputRate / 2)) / Int64(inputRate)
        let finalGranule = Int64(preSkip) + audio48
        try writer.finish(finalGranule: finalGranule)
        try file.commit()
        if let verifier {
            measurement = try verifier.measurement(audioFrames: audio48 * Int64(encoder.sampleRate) / 48_000)
        }
        return EncodedFileInfo(
            path: file.path, format: .opus, bytes: file.length, durationSeconds: Double(audio48) / 48_000,
            codecSampleRate: 48_000, encoderDelay: preSkip, padding: Int(writer.samples - finalGranule), audioSamples: audio48,
            frameCount: writer.packets, samplesPerFrame: 960)
    }

    /// Gathers samples at the codec's rate into 20 ms frames and encodes each full one.
    private func feed(_ samples: UnsafeBufferPointer<Float>, audio: Bool) throws(ExpoError) {
        guard let encoder else { throw .encoderClosed(file: file.path) }
        if audio { audioSamples += Int64(samples.count) }
        codecSamples += Int64(samples.count)
        var index = 0
        while index < samples.count {
            let count = min(samples.count - index, frame.count - frameFill)
            for offset in 0..<count { frame[frameFill + offset] = samples[index + offset] * gain }
            frameFill += count
            index += count
            if frameFill == frame.count {
                let packet = try frame.withUnsafeBufferPointer { (all) throws(ExpoError) in try encoder.encode(all, file: file.path) }
                try writer.append(Array(packet))
                try verifier?.decode(packet, file: file.path)
                frameFill = 0
            }
        }
    }

    /// RFC 7845 §5.1: version 1, one channel, pre-skip, the input's rate, no gain, mapping 0.
    static func opusHead(preSkip: Int, inputRate: Int) -> [UInt8] {
        var head = Array("OpusHead".utf8) + [1, 1, UInt8(preSkip & 0xFF), UInt8(preSkip >> 8)]
        appendLE32(&head, UInt32(inputRate))
        return head + [0, 0, 0]
    }
}

/// Decodes an encoder's packets as they are made and measures the result, trimmed as a player
/// trims it: the encoder's look-ahead at the start, the padding after the input's end.
final class PacketVerifier {
    private let decoder: OpusCodec.Decoder
    private let meter: DecodedMeter
    private var skip: Int
    /// Decoded samples after the skipped start, held back until they are known to be audio.
    private var pending: [Float] = []
    private var measured: Int64 = 0

    init(sampleRate: Int, skip: Int, file: String) throws(ExpoError) {
        decoder = try OpusCodec.Decoder(sampleRate: sampleRate, file: file)
        meter = try DecodedMeter(sampleRate: sampleRate, path: file)
        self.skip = skip
    }

    func decode(_ packet: ArraySlice<UInt8>, file: String) throws(ExpoError) {
        try decoder.decode(packet, file: file) { (samples) throws(ExpoError) in
            let dropped = min(skip, samples.count)
            skip -= dropped
            pending.append(contentsOf: samples[dropped...])
        }
        // Everything but the last packet's worth is audio until `finish`: keep one frame back.
        let keep = decoder.sampleRate / 25
        if pending.count > 2 * keep {
            let ready = pending.count - keep
            try pending.withUnsafeBufferPointer { all in
                OutputFile.capture { () throws(ExpoError) in try meter.process(UnsafeBufferPointer(rebasing: all[0..<ready])) }
            }.get()
            measured += Int64(ready)
            pending.removeFirst(ready)
        }
    }

    func measurement(audioFrames: Int64) throws(ExpoError) -> EncodedFileMeasurement {
        let last = Int(max(0, min(Int64(pending.count), audioFrames - measured)))
        try pending.withUnsafeBufferPointer { all in
            OutputFile.capture { () throws(ExpoError) in try meter.process(UnsafeBufferPointer(rebasing: all[0..<last])) }
        }.get()
        return try meter.measurement(frames: measured + Int64(last))
    }
}
