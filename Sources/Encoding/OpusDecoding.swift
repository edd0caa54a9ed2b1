import COpusFile
import ExpoModel

/// Decodes an Ogg Opus file with opusfile (48 kHz, pre-skip and end trimming applied), handing
/// mono float blocks to `body`. Returns the number of frames decoded.
enum OpusDecoding {
    static func decode(path: String, _ body: (UnsafeBufferPointer<Float>) throws(ExpoError) -> Void) throws(ExpoError) -> Int64 {
        var status: Int32 = 0
        guard let file = op_open_file(path, &status) else {
            throw .codec(file: path, library: "opusfile", operation: "open", detail: "error \(status)")
        }
        defer { op_free(file) }
        let channels = Int(op_channel_count(file, -1))
        var buffer = [Float](repeating: 0, count: 5_760 * max(1, channels))
        var mono = [Float](repeating: 0, count: 5_760)
        var total: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { op_read_float(file, $0.baseAddress, Int32($0.count), nil) }
            if count == OP_HOLE { continue }
            guard count >= 0 else { throw .codec(file: path, library: "opusfile", operation: "decode", detail: "error \(count)") }
            if count == 0 { break }
            for index in 0..<Int(count) {
                var sum: Float = 0
                for channel in 0..<channels { sum += buffer[index * channels + channel] }
                mono[index] = sum / Float(channels)
            }
            try mono.withUnsafeBufferPointer { all in
                OutputFile.capture { () throws(ExpoError) in try body(UnsafeBufferPointer(rebasing: all[0..<Int(count)])) }
            }.get()
            total += Int64(count)
        }
        return total
    }
}
