import Foundation
import ExpoModel
import CEbur128

/// True peak (ITU-R BS.1770-4 Annex 2: the signal oversampled 4× below 96 kHz, 2× below
/// 192 kHz) and, optionally, integrated loudness of a mono signal, measured by libebur128 as
/// blocks of samples are fed in order: the same library the published, encoded files are
/// checked with. The Audio stage's only caller of libebur128; its state never leaves this type.
///
/// Samples are full scale ±1.0 (`Float`) or 16-bit integers, read as value / 32768.
/// Not thread-safe: feed one meter from one task at a time.
public final class TruePeakMeter {
    /// Frames per second of the measured signal.
    public let sampleRate: Int
    /// Whether integrated loudness is measured as well (`EBUR128_MODE_I`).
    public let measuresLoudness: Bool
    /// Frames measured so far.
    public private(set) var framesProcessed: UInt64 = 0
    private var state: UnsafeMutablePointer<ebur128_state>?

    /// - Parameters:
    ///   - sampleRate: frames per second (libebur128 accepts 1 Hz to 2.8 MHz).
    ///   - measuresLoudness: also measure integrated loudness (costs a K-weighting filter per
    ///     sample); without it only the true peak is available.
    /// - Throws: `ExpoError.loudnessLibraryFailed` when libebur128 cannot set up its state.
    public init(sampleRate: Int, measuresLoudness: Bool = true) throws {
        self.sampleRate = sampleRate
        self.measuresLoudness = measuresLoudness
        var mode = EBUR128_MODE_TRUE_PEAK.rawValue
        if measuresLoudness { mode |= EBUR128_MODE_I.rawValue }
        guard sampleRate > 0, sampleRate <= 2_822_400,
              let state = ebur128_init(1, UInt(sampleRate), Int32(bitPattern: mode)) else {
            throw ExpoError.loudnessLibraryFailed(
                operation: "set up a mono \(sampleRate) Hz measurement", code: nil)
        }
        self.state = state
    }

    deinit {
        // nil when `init` threw: libebur128 would dereference it.
        if state != nil { ebur128_destroy(&state) }
    }

    /// Measures 16-bit samples (value / 32768).
    /// - Throws: `ExpoError.loudnessLibraryFailed` when libebur128 fails (out of memory).
    public func process(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        try check(ebur128_add_frames_short(state, base, samples.count), "measure \(samples.count) samples")
        framesProcessed += UInt64(samples.count)
    }

    /// Measures 16-bit samples (value / 32768).
    public func process(_ samples: [Int16]) throws {
        try samples.withUnsafeBufferPointer { try process($0) }
    }

    /// Measures samples given at full scale ±1.0.
    /// - Throws: `ExpoError.loudnessLibraryFailed` when libebur128 fails (out of memory).
    public func process(_ samples: UnsafeBufferPointer<Float>) throws {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        try check(ebur128_add_frames_float(state, base, samples.count), "measure \(samples.count) samples")
        framesProcessed += UInt64(samples.count)
    }

    /// Measures samples given at full scale ±1.0.
    public func process(_ samples: [Float]) throws {
        try samples.withUnsafeBufferPointer { try process($0) }
    }

    /// The largest magnitude of the 4×-oversampled signal so far (linear, full scale 1.0;
    /// never below the sample peak); 0 before any sound.
    public func truePeak() throws -> Double {
        var peak = 0.0
        try check(ebur128_true_peak(state, 0, &peak), "report the true peak")
        return peak
    }

    /// The true peak in dBTP (decibels relative to full scale); `-infinity` for digital silence.
    public func truePeakDBTP() throws -> Double {
        let peak = try truePeak()
        return peak > 0 ? 20 * log10(peak) : -.infinity
    }

    /// Gated integrated loudness (BS.1770-4) in LUFS; `-infinity` when no block passes the
    /// gates (silence, or less than 400 ms of audio).
    /// - Throws: `ExpoError.invalidAudioArgument` when the meter was made without loudness.
    public func integratedLoudness() throws -> Double {
        guard measuresLoudness else {
            throw ExpoError.invalidAudioArgument("This TruePeakMeter was made without loudness measurement.")
        }
        var loudness = 0.0
        try check(ebur128_loudness_global(state, &loudness), "report the integrated loudness")
        return loudness
    }

    private func check(_ status: Int32, _ operation: @autoclosure () -> String) throws {
        guard status != Int32(EBUR128_SUCCESS.rawValue) else { return }
        throw ExpoError.loudnessLibraryFailed(operation: operation(), code: status)
    }
}

extension ExpoError {
    /// libebur128 failed (`code`: its error code, nil when it returned no state at all).
    public static func loudnessLibraryFailed(operation: String, code: Int32?) -> ExpoError {
        let reason: String
        switch code.map(UInt32.init(bitPattern:)) {
        case nil: reason = "it returned no state (out of memory, or the parameters are out of its range)"
        case EBUR128_ERROR_NOMEM.rawValue: reason = "out of memory"
        case let other?: reason = "error \(other)"
        }
        return ExpoError(.resources, "libebur128 could not \(operation): \(reason)",
                         advice: "Free some memory and run again.")
    }
}
