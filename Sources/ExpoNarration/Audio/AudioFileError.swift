import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an audio file could not be read or written. Each message names the file, says what went
/// wrong and, where the user can act, what to do.
public enum AudioFileError: Error, LocalizedError, Equatable, Sendable {
    /// A system call on `file` failed with the C `errno` value `code`.
    case system(file: String, operation: String, code: Int32)
    /// Writing would make a RIFF/WAV file larger than its 32-bit sizes allow (4 GiB).
    case tooLarge(file: String, limitBytes: UInt64)
    /// The file is not a RIFF/WAVE file at all.
    case notWAV(file: String, reason: String)
    /// The file is a WAV, but its sample format is not the one asked for.
    case unsupportedFormat(file: String, found: String, needed: String)
    /// The file is a WAV whose chunks contradict each other or are missing.
    case malformed(file: String, reason: String)
    /// Files that must share a sample rate do not.
    case sampleRateMismatch(file: String, expected: Int, found: Int)
    /// The writer was already finished or cancelled.
    case writerClosed(file: String)
    /// A parameter is outside what the operation accepts.
    case invalidArgument(String)

    public var errorDescription: String? {
        switch self {
        case .system(let file, let operation, let code):
            return "\(file): cannot \(operation): \(Self.reason(for: code))."
        case .tooLarge(let file, let limit):
            return "\(file): refused: a WAV file cannot exceed \(limit) bytes (4 GiB, the RIFF size limit). "
                + "Split the audio into shorter tracks."
        case .notWAV(let file, let reason):
            return "\(file): not a WAV file (\(reason))."
        case .unsupportedFormat(let file, let found, let needed):
            return "\(file): unsupported audio format \(found); \(needed) is needed. "
                + "Convert it, e.g. `sox IN -b 16 -c 1 OUT.wav`."
        case .malformed(let file, let reason):
            return "\(file): damaged WAV file: \(reason)."
        case .sampleRateMismatch(let file, let expected, let found):
            return "\(file): sample rate \(found) Hz differs from the \(expected) Hz of the other tracks."
        case .writerClosed(let file):
            return "\(file): the WAV writer was already finished or cancelled."
        case .invalidArgument(let message):
            return message
        }
    }

    /// The system's text for `code` with its symbolic name and a hint for the common cases.
    static func reason(for code: Int32) -> String {
        let text = String(cString: strerror(code))
        switch code {
        case ENOSPC:
            return "\(text) (ENOSPC); free some disk space and run again"
        case EDQUOT:
            return "\(text) (EDQUOT); free some space within your quota and run again"
        case EFBIG:
            return "\(text) (EFBIG); the file system or a process limit does not allow a file this large"
        case EACCES:
            return "\(text) (EACCES); check the permissions of the file and its folder"
        case EPERM:
            return "\(text) (EPERM); check the permissions of the file and its folder"
        case EROFS:
            return "\(text) (EROFS); choose a writable output folder"
        case ENOENT:
            return "\(text) (ENOENT); check that the folder exists"
        case EIO:
            return "\(text) (EIO); the storage device reported an error"
        default:
            return "\(text) (errno \(code))"
        }
    }
}
