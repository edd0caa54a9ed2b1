import ExpoModel
import ExpoSystem

/// A file being written for an encoder: ExpoSystem's `AtomicFile` (written under a temporary
/// name beside the destination and renamed into place by `commit()`, so the destination appears
/// complete or not at all), with the typed errors and the length the encoders keep; `abandon()`
/// (or deinit without commit) removes the partial file.
final class OutputFile {
    let path: String
    private var file: AtomicFile?
    /// Bytes written so far by `write` (the end of the file).
    private(set) var length: UInt64 = 0

    init(path: String) throws(ExpoError) {
        guard !path.isEmpty else { throw .invalidArgument("An output path must not be empty.") }
        self.path = path
        file = try Self.typed { try AtomicFile(path) }
    }

    deinit { abandon() }

    /// Appends `bytes` at the end of the file.
    func write(_ bytes: ArraySlice<UInt8>) throws(ExpoError) {
        try write(bytes, at: length)
        length += UInt64(bytes.count)
    }

    /// Appends `bytes` at the end of the file.
    func write(_ bytes: [UInt8]) throws(ExpoError) { try write(bytes[...]) }

    /// Overwrites bytes already written (used for the MP3 info frame, known only at the end).
    func overwrite(_ bytes: [UInt8], at offset: UInt64) throws(ExpoError) {
        guard offset + UInt64(bytes.count) <= length else {
            throw .invalidArgument("\(path): internal error: overwrite past the end of the file.")
        }
        try write(bytes[...], at: offset)
    }

    /// Runs `body`, turning its typed error into a `Result` (the standard library's
    /// `withUnsafeBytes` rethrows untyped errors).
    static func capture(_ body: () throws(ExpoError) -> Void) -> Result<Void, ExpoError> {
        do {
            try body()
            return .success(())
        } catch { return .failure(error) }
    }

    /// Runs `body`, whose errors are ExpoSystem's `ExpoError`s, with a typed error.
    static func typed<T>(_ body: () throws -> T) throws(ExpoError) -> T {
        do { return try body() } catch let error as ExpoError { throw error } catch {
            throw ExpoError(.io, ExpoError.reason(of: error))
        }
    }

    private func write(_ bytes: ArraySlice<UInt8>, at offset: UInt64) throws(ExpoError) {
        guard let file else { throw .encoderClosed(file: path) }
        try Self.typed { try bytes.withUnsafeBytes { try file.file.write($0, at: offset) } }
    }

    /// Flushes, closes and renames the file into place.
    func commit() throws(ExpoError) {
        guard let file else { throw .encoderClosed(file: path) }
        self.file = nil
        try Self.typed { try file.commit(.file) }
    }

    /// Closes and removes the partial file; safe to call more than once.
    func abandon() {
        file?.abandon()
        file = nil
    }
}

/// Reads a whole file (an MP3 track to assemble, a file to describe).
func readWholeFile(_ path: String) throws(ExpoError) -> [UInt8] {
    let file = try InputFile(path: path)
    var bytes: [UInt8] = []
    while try file.read(appendingTo: &bytes, count: 1 << 16) > 0 {}
    return bytes
}

/// A file read front to back a chunk at a time, closed when released.
final class InputFile {
    let path: String
    private let file: POSIXFile
    private var offset: UInt64 = 0

    init(path: String) throws(ExpoError) {
        self.path = path
        file = try Self.opened(path)
    }

    deinit { file.closeQuietly() }

    /// `path` opened for reading; a failure says "open for reading" with the system's reason.
    static func opened(_ path: String) throws(ExpoError) -> POSIXFile {
        do { return try POSIXFile.openForReading(path) } catch let error as ExpoError where error.code != nil {
            throw .system(file: path, operation: "open for reading", code: error.code!)
        } catch {
            throw OutputFile.typedError(error)
        }
    }

    /// Appends the next `count` bytes at most to `bytes`; returns how many (0 at the end).
    func read(appendingTo bytes: inout [UInt8], count: Int) throws(ExpoError) -> Int {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        let (file, offset) = (file, offset)
        let got: Int
        do {
            got = try bytes.withUnsafeMutableBytes { try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[start...]), at: offset) }
        } catch {
            bytes.removeSubrange(start...)
            throw OutputFile.typedError(error)
        }
        bytes.removeSubrange((start + got)...)
        self.offset += UInt64(got)
        return got
    }
}

extension OutputFile {
    /// An error of ExpoSystem as the typed error the encoders throw.
    static func typedError(_ error: any Error) -> ExpoError {
        (error as? ExpoError) ?? ExpoError(.io, ExpoError.reason(of: error))
    }
}
