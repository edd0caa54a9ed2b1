import CMpg123
import ExpoModel

/// Decodes an MP3 file with libmpg123 (gapless: LAME delay, padding and the decoder's own delay
/// removed), handing mono float blocks at the file's rate to `body`.
enum MP3Decoding {
    /// `format` is told the sample rate before the first block.
    static func decode(
        path: String, format: (Int) throws(ExpoError) -> Void = { _ in },
        _ body: (UnsafeBufferPointer<Float>) throws(ExpoError) -> Void
    ) throws(ExpoError) -> (frames: Int64, rate: Int) {
        var status: Int32 = 0
        guard let handle = mpg123_new(nil, &status) else {
            throw .codec(file: path, library: "libmpg123", operation: "start", detail: String(cString: mpg123_plain_strerror(status)))
        }
        defer {
            mpg123_close(handle)
            mpg123_delete(handle)
        }
        mpg123_format_none(handle)
        for rate in [8_000, 11_025, 12_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000] {
            mpg123_format(handle, rate, Int32(MPG123_MONO.rawValue), Int32(MPG123_ENC_FLOAT_32.rawValue))
        }
        mpg123_param2(handle, Int32(MPG123_ADD_FLAGS.rawValue), Int(MPG123_GAPLESS.rawValue | MPG123_MONO_MIX.rawValue | MPG123_QUIET.rawValue), 0)
        guard mpg123_open(handle, path) == MPG123_OK.rawValue else {
            throw .codec(file: path, library: "libmpg123", operation: "open", detail: String(cString: mpg123_strerror(handle)))
        }
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        guard mpg123_getformat(handle, &rate, &channels, &encoding) == MPG123_OK.rawValue, channels == 1 else {
            throw .codec(file: path, library: "libmpg123", operation: "read the format", detail: String(cString: mpg123_strerror(handle)))
        }
        try format(rate)
        var buffer = [Float](repeating: 0, count: 16_384)
        var total: Int64 = 0
        while true {
            var done = 0
            let result = buffer.withUnsafeMutableBytes { mpg123_read(handle, $0.baseAddress, $0.count, &done) }
            let count = done / MemoryLayout<Float>.size
            if count > 0 {
                try buffer.withUnsafeBufferPointer { all in
                    OutputFile.capture { () throws(ExpoError) in try body(UnsafeBufferPointer(rebasing: all[0..<count])) }
                }.get()
                total += Int64(count)
            }
            if result == MPG123_DONE.rawValue { break }
            guard result == MPG123_OK.rawValue || result == MPG123_NEW_FORMAT.rawValue else {
                throw .codec(file: path, library: "libmpg123", operation: "decode", detail: String(cString: mpg123_strerror(handle)))
            }
        }
        return (total, rate)
    }
}
