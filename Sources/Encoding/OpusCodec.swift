import COpus
import ExpoModel

/// libopus itself, without a container: a mono encoder making one packet per 20 ms frame and a
/// decoder. The only caller of libopus. Neither is thread-safe.
enum OpusCodec {
    /// The rates libopus encodes and decodes at.
    static let rates = [8_000, 12_000, 16_000, 24_000, 48_000]

    /// The libopus version string ("libopus 1.3.1"), the OpusTags vendor.
    static var version: String { String(cString: opus_get_version_string()) }

    static func failure(_ status: Int32, file: String, _ operation: String) -> ExpoError {
        .codec(file: file, library: "libopus", operation: operation, detail: String(cString: opus_strerror(status)))
    }

    /// A mono encoder (application audio; VBR; 20 ms frames) at one of `rates`.
    final class Encoder {
        let sampleRate: Int
        /// Samples of one 20 ms frame at `sampleRate`.
        let frameSamples: Int
        /// The encoder's look-ahead at `sampleRate`: its output is late by this much.
        let lookahead: Int
        private let state: OpaquePointer
        private var packet = [UInt8](repeating: 0, count: 4_000)

        /// - Parameter voice: hint libopus that the signal is speech (`OPUS_SIGNAL_VOICE`),
        ///   else let it decide (`OPUS_AUTO`).
        init(sampleRate: Int, bitrate: Int, complexity: Int, voice: Bool, file: String) throws(ExpoError) {
            var status: Int32 = 0
            guard rates.contains(sampleRate),
                let state = opus_encoder_create(Int32(sampleRate), 1, OPUS_APPLICATION_AUDIO, &status), status == OPUS_OK
            else {
                throw OpusCodec.failure(status, file: file, "create a \(sampleRate) Hz encoder")
            }
            self.state = state
            self.sampleRate = sampleRate
            frameSamples = sampleRate / 50
            var delay: Int32 = 0
            for (result, operation) in [
                (expo_opus_set_bitrate(state, Int32(bitrate)), "set the bitrate"),
                (expo_opus_set_complexity(state, Int32(complexity)), "set the complexity"),
                (expo_opus_set_voice(state, voice ? 1 : 0), "set the signal type"),
                (expo_opus_set_vbr(state, 1, 0), "enable VBR"),
                (expo_opus_set_frame_duration_20ms(state), "set 20 ms frames"),
                (expo_opus_get_lookahead(state, &delay), "report its look-ahead"),
            ] where result != OPUS_OK {
                opus_encoder_destroy(state)
                throw OpusCodec.failure(result, file: file, operation)
            }
            lookahead = Int(delay)
        }

        deinit { opus_encoder_destroy(state) }

        /// Encodes one frame of exactly `frameSamples` samples; the packet is valid until the
        /// next call.
        func encode(_ frame: UnsafeBufferPointer<Float>, file: String) throws(ExpoError) -> ArraySlice<UInt8> {
            precondition(frame.count == frameSamples)
            let length = packet.withUnsafeMutableBufferPointer {
                opus_encode_float(state, frame.baseAddress!, Int32(frameSamples), $0.baseAddress!, Int32($0.count))
            }
            guard length > 0 else { throw OpusCodec.failure(length, file: file, "encode") }
            return packet[0..<Int(length)]
        }
    }

    /// A mono decoder at one of `rates`.
    final class Decoder {
        let sampleRate: Int
        private let state: OpaquePointer
        private var pcm: [Float]

        init(sampleRate: Int, file: String) throws(ExpoError) {
            var status: Int32 = 0
            guard rates.contains(sampleRate), let state = opus_decoder_create(Int32(sampleRate), 1, &status), status == OPUS_OK else {
                throw OpusCodec.failure(status, file: file, "create a \(sampleRate) Hz decoder")
            }
            self.state = state
            self.sampleRate = sampleRate
            pcm = [Float](repeating: 0, count: sampleRate * 120 / 1000)
        }

        deinit { opus_decoder_destroy(state) }

        /// Decodes one packet; `body` gets its samples.
        func decode(
            _ packet: ArraySlice<UInt8>, file: String,
            _ body: (UnsafeBufferPointer<Float>) throws(ExpoError) -> Void
        ) throws(ExpoError) {
            let count = packet.withUnsafeBufferPointer { bytes in
                pcm.withUnsafeMutableBufferPointer {
                    opus_decode_float(state, bytes.baseAddress, Int32(bytes.count), $0.baseAddress!, Int32($0.count), 0)
                }
            }
            guard count >= 0 else { throw OpusCodec.failure(count, file: file, "decode") }
            try pcm.withUnsafeBufferPointer { all in
                OutputFile.capture { () throws(ExpoError) in try body(UnsafeBufferPointer(rebasing: all[0..<Int(count)])) }
            }.get()
        }
    }
}
