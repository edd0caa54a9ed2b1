import CSoxr
import ExpoModel

/// A streaming sample-rate converter (libsoxr, its default high quality: 20-bit precision,
/// linear phase, 91 % of the lower Nyquist kept flat), mono float in and out. Its output is
/// aligned with its input: the filter's delay is removed, and `finish` flushes the tail, so
/// `n` input frames give round(n × out / in) output frames. The only caller of libsoxr.
/// Not thread-safe.
final class Resampler {
    let inputRate: Int
    let outputRate: Int
    private var soxr: soxr_t?
    private var output: [Float]

    init(from inputRate: Int, to outputRate: Int, file: String) throws(ExpoError) {
        self.inputRate = inputRate
        self.outputRate = outputRate
        var io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
        var error: soxr_error_t?
        let made = soxr_create(Double(inputRate), Double(outputRate), 1, &error, &io, &quality, nil)
        guard let made, error == nil else {
            throw .codec(
                file: file, library: "libsoxr", operation: "set up \(inputRate) Hz → \(outputRate) Hz",
                detail: error.map { String(cString: $0) } ?? "no resampler")
        }
        soxr = made
        output = [Float](repeating: 0, count: 4_096)
    }

    deinit { if let soxr { soxr_delete(soxr) } }

    /// Resamples `samples`, handing the output to `body` in blocks (possibly none yet).
    func process(
        _ samples: UnsafeBufferPointer<Float>, file: String,
        _ body: (UnsafeBufferPointer<Float>) throws(ExpoError) -> Void
    ) throws(ExpoError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        var offset = 0
        while offset < samples.count {
            let (used, produced) = try step(base + offset, samples.count - offset, file: file)
            guard used > 0 || produced > 0 else {
                throw .codec(file: file, library: "libsoxr", operation: "resample", detail: "it took no input")
            }
            offset += used
            try deliver(produced, body)
        }
    }

    /// Flushes what the filter still holds.
    func finish(file: String, _ body: (UnsafeBufferPointer<Float>) throws(ExpoError) -> Void) throws(ExpoError) {
        while true {
            let (_, produced) = try step(nil, 0, file: file)
            if produced == 0 { return }
            try deliver(produced, body)
        }
    }

    private func step(_ input: UnsafePointer<Float>?, _ count: Int, file: String) throws(ExpoError) -> (Int, Int) {
        var used = 0
        var produced = 0
        let error = output.withUnsafeMutableBufferPointer { out in
            soxr_process(soxr, input, count, &used, out.baseAddress, out.count, &produced)
        }
        if let error {
            throw .codec(file: file, library: "libsoxr", operation: "resample", detail: String(cString: error))
        }
        return (used, produced)
    }

    private func deliver(_ count: Int, _ body: (UnsafeBufferPointer<Float>) throws(ExpoError) -> Void) throws(ExpoError) {
        guard count > 0 else { return }
        try output.withUnsafeBufferPointer { all in
            OutputFile.capture { () throws(ExpoError) in try body(UnsafeBufferPointer(rebasing: all[0..<count])) }
        }.get()
    }
}
