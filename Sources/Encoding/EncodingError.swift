import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why an encode, an assembly or a measurement failed. Every message names the file, says what
/// was being done and, for system calls, gives the C library's text for `errno`.
public enum EncodingError: Error, LocalizedError, Equatable, Sendable {
    /// A system call on `file` failed with the C `errno` value `code`.
    case system(file: String, operation: String, code: Int32)
    /// A codec library refused: `library` is e.g. "libopus", `detail` its own error text.
    case codec(file: String, library: String, operation: String, detail: String)
    /// A parameter is outside what the operation accepts.
    case invalidArgument(String)
    /// The encoder was already finished (or failed earlier) and accepts nothing more.
    case encoderClosed(file: String)
    /// A file to read (a track for assembly, a file to measure) is not what was expected.
    case malformed(file: String, reason: String)
    /// Tracks that must share codec parameters do not.
    case incompatibleTracks(file: String, reason: String)
    /// The caller asked to stop (a stop signal) while `file` was being written.
    case stopped(file: String)

    /// The message to show: file, what failed, and why.
    public var errorDescription: String? {
        switch self {
        case .system(let file, let operation, let code):
            return "\(file): cannot \(operation): \(String(cString: strerror(code))) (errno \(code))."
        case .codec(let file, let library, let operation, let detail):
            return "\(file): \(library) failed to \(operation): \(detail)."
        case .invalidArgument(let message):
            return message
        case .encoderClosed(let file):
            return "\(file): the encoder was already finished or failed; start a new one."
        case .malformed(let file, let reason):
            return "\(file): not a usable encoded file (\(reason))."
        case .stopped(let file):
            return "\(file): stopped before it was complete."
        case .incompatibleTracks(let file, let reason):
            return "\(file): cannot be joined to the other tracks (\(reason)). Encode every track with the same settings."
        }
    }
}
