import CEbur128

#if canImport(Glibc)
    import Glibc
#endif

/// Integrated loudness (LUFS, ITU-R BS.1770-4 gating), true peak (dBTP, libebur128's 4×
/// oversampling of BS.1770-4 Annex 2 below 96 kHz) and sample peak (dBFS) of mono PCM given in
/// blocks. Not thread-safe: feed it from one task.
public final class LoudnessAnalysis {
    private var state: UnsafeMutablePointer<ebur128_state>?
    /// Rate of the PCM given to `append`.
    public let sampleRate: Int
    /// Frames given so far.
    public private(set) var frames: Int64 = 0

    /// Starts an analysis of mono PCM at `sampleRate`.
    public init(sampleRate: Int) throws(EncodingError) {
        guard (8_000...384_000).contains(sampleRate),
              let state = ebur128_init(1, UInt(sampleRate), Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_TRUE_PEAK.rawValue)) else {
            throw .codec(file: "(loudness analysis)", library: "libebur128", operation: "start at \(sampleRate) Hz", detail: "refused")
        }
        self.state = state
        self.sampleRate = sampleRate
    }

    deinit { ebur128_destroy(&state) }

    /// Adds a block of 16-bit samples.
    public func append(_ samples: UnsafeBufferPointer<Int16>) throws(EncodingError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        try check(ebur128_add_frames_short(state, base, samples.count), "add samples")
        frames += Int64(samples.count)
    }

    /// Adds a block of float samples (full scale ±1.0).
    public func append(_ samples: UnsafeBufferPointer<Float>) throws(EncodingError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        try check(ebur128_add_frames_float(state, base, samples.count), "add samples")
        frames += Int64(samples.count)
    }

    /// Integrated loudness in LUFS (−∞ for silence).
    public func integratedLoudness() throws(EncodingError) -> Double {
        var value = 0.0
        try check(ebur128_loudness_global(state, &value), "compute integrated loudness")
        return value
    }

    /// True peak in dBTP (−∞ for silence).
    public func truePeak() throws(EncodingError) -> Double {
        var value = 0.0
        try check(ebur128_true_peak(state, 0, &value), "compute the true peak")
        return Self.decibels(value)
    }

    /// Sample peak in dBFS (−∞ for silence).
    public func samplePeak() throws(EncodingError) -> Double {
        var value = 0.0
        try check(ebur128_sample_peak(state, 0, &value), "compute the sample peak")
        return Self.decibels(value)
    }

    static func decibels(_ linear: Double) -> Double { linear > 0 ? 20 * log10(linear) : -.infinity }

    private func check(_ status: Int32, _ operation: String) throws(EncodingError) {
        guard status == Int32(EBUR128_SUCCESS.rawValue) else {
            throw .codec(file: "(loudness analysis)", library: "libebur128", operation: operation, detail: "error \(status)")
        }
    }
}
