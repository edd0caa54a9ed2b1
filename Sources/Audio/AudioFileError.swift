import ExpoModel

/// The audio stage's failures, as `ExpoError`s. Each message names the file, says what went
/// wrong and, where the user can act, what to do.
extension ExpoError {
    /// Writing would make a RIFF/WAV file larger than its 32-bit sizes allow (4 GiB).
    public static func audioTooLarge(file: String, limitBytes: UInt64) -> ExpoError {
        ExpoError(
            .io, "\(file): refused: a WAV file cannot exceed \(limitBytes) bytes (4 GiB, the RIFF size limit)",
            advice: "Split the audio into shorter tracks.")
    }

    /// The file is not a RIFF/WAVE file at all.
    public static func notWAV(file: String, reason: String) -> ExpoError {
        ExpoError(.data, "\(file): not a WAV file (\(reason))")
    }

    /// The file is a WAV, but its sample format is not the one asked for.
    public static func unsupportedAudioFormat(file: String, found: String, needed: String) -> ExpoError {
        ExpoError(
            .data, "\(file): unsupported audio format \(found); \(needed) is needed",
            advice: "Convert it, e.g. `sox IN -b 16 -c 1 OUT.wav`.")
    }

    /// The file is a WAV whose chunks contradict each other or are missing.
    public static func malformedWAV(file: String, reason: String) -> ExpoError {
        ExpoError(.data, "\(file): damaged WAV file: \(reason)")
    }

    /// Files that must share a sample rate do not.
    public static func sampleRateMismatch(file: String, expected: Int, found: Int) -> ExpoError {
        ExpoError(.data, "\(file): sample rate \(found) Hz differs from the \(expected) Hz of the other tracks")
    }

    /// The writer was already finished or cancelled.
    public static func writerClosed(file: String) -> ExpoError {
        ExpoError(.internal, "\(file): the WAV writer was already finished or cancelled")
    }

    /// A parameter is outside what the operation accepts.
    public static func invalidAudioArgument(_ message: String) -> ExpoError {
        ExpoError(.internal, message)
    }
}
