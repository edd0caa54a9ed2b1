import ExpoModel

/// Describes an Ogg Opus file from its headers and pages (no decoding).
enum OpusFileInspector {
    static func describe(path: String) throws(ExpoError) -> EncodedFileInfo {
        let bytes = try readWholeFile(path)
        let stream = try OggOpusStream(bytes: bytes, file: path)
        return describe(stream, path: path, bytes: UInt64(bytes.count))
    }

    static func describe(_ stream: OggOpusStream, path: String, bytes: UInt64) -> EncodedFileInfo {
        let audio = max(0, stream.finalGranule - Int64(stream.preSkip))
        return EncodedFileInfo(
            path: path, format: .opus, bytes: bytes, durationSeconds: Double(audio) / 48_000,
            codecSampleRate: 48_000, encoderDelay: stream.preSkip,
            padding: Int(stream.packetSamples - stream.finalGranule), audioSamples: audio,
            frameCount: stream.packets.count,
            samplesPerFrame: stream.packets.first.flatMap(OpusPacket.samples48k) ?? 960)
    }
}
