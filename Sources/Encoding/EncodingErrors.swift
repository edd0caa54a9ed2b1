import ExpoModel

/// Why an encode, an assembly or a measurement failed, as the one error type says it. Every
/// message names the file and says what was being done; a system call's failure is
/// `ExpoError.system` (io: a full disk stops the run), a stop signal `ExpoError.interrupted`.
extension ExpoError {
    /// A codec library refused: `library` is e.g. "libopus", `detail` its own error text.
    static func codec(file: String, library: String, operation: String, detail: String) -> ExpoError {
        ExpoError(.internal, "\(file): \(library) failed to \(operation): \(detail)")
    }

    /// A parameter is outside what the operation accepts: internal, since what the user typed
    /// (bit rates, formats) is checked before anything is encoded.
    static func invalidArgument(_ message: String) -> ExpoError {
        ExpoError(.internal, message)
    }

    /// The encoder was already finished (or failed earlier) and accepts nothing more.
    static func encoderClosed(file: String) -> ExpoError {
        ExpoError(.internal, "\(file): the encoder was already finished")
    }

    /// A file to read (a track for assembly, a file to measure) is not what was expected.
    static func malformed(file: String, reason: String) -> ExpoError {
        ExpoError(.internal, "\(file): not a usable encoded file (\(reason))")
    }

    /// Tracks that must share codec parameters do not.
    static func incompatibleTracks(file: String, reason: String) -> ExpoError {
        ExpoError(.internal, "\(file): cannot be joined (\(reason))")
    }
}
