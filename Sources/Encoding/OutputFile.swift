import ExpoModel
import ExpoSystem
import Glibc

/// A file being written through a POSIX descriptor. It is written under a temporary name beside
/// the destination and renamed into place by `commit()`, so the destination appears complete or
/// not at all; `abandon()` (or deinit without commit) removes the partial file.
final class OutputFile {
    let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    /// Bytes written so far by `write` (the end of the file).
    private(set) var length: UInt64 = 0

    init(path: String) throws(ExpoError) {
        guard !path.isEmpty else { throw .invalidArgument("An output path must not be empty.") }
        self.path = path
        self.temporaryPath = path + ".partial-\(getpid())"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .system(file: path, operation: "create the file", code: errno)
        }
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
        do { try body(); return .success(()) } catch { return .failure(error) }
    }

    private func write(_ bytes: ArraySlice<UInt8>, at offset: UInt64) throws(ExpoError) {
        guard descriptor >= 0 else { throw .encoderClosed(file: path) }
        let fd = descriptor, path = path
        let result: Result<Void, ExpoError> = bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let written = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset) + off_t(done))
                if written < 0 {
                    if errno == EINTR { continue }
                    return .failure(.system(file: path, operation: "write", code: errno))
                }
                done += written
            }
            return .success(())
        }
        try result.get()
    }

    /// Flushes, closes and renames the file into place.
    func commit() throws(ExpoError) {
        guard descriptor >= 0 else { throw .encoderClosed(file: path) }
        let fd = descriptor
        descriptor = -1
        if fsync(fd) != 0 {
            let code = errno
            _ = close(fd)
            unlink(temporaryPath)
            throw .system(file: path, operation: "flush to disk", code: code)
        }
        if close(fd) != 0 {
            let code = errno
            unlink(temporaryPath)
            throw .system(file: path, operation: "close", code: code)
        }
        if rename(temporaryPath, path) != 0 {
            let code = errno
            unlink(temporaryPath)
            throw .system(file: path, operation: "rename the finished file into place", code: code)
        }
    }

    /// Closes and removes the partial file; safe to call more than once.
    func abandon() {
        guard descriptor >= 0 else { return }
        _ = close(descriptor)
        descriptor = -1
        unlink(temporaryPath)
    }
}

/// Reads a whole file (an MP3 track to assemble, a file to describe).
func readWholeFile(_ path: String) throws(ExpoError) -> [UInt8] {
    let file = try InputFile(path: path)
    var bytes: [UInt8] = []
    while try file.read(appendingTo: &bytes, count: 1 << 16) > 0 {}
    return bytes
}

/// A file read front to back a chunk at a time through a POSIX descriptor, closed when released.
final class InputFile {
    let path: String
    private let descriptor: Int32

    init(path: String) throws(ExpoError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(file: path, operation: "open for reading", code: errno) }
    }

    deinit { _ = close(descriptor) }

    /// Appends the next `count` bytes at most to `bytes`; returns how many (0 at the end).
    func read(appendingTo bytes: inout [UInt8], count: Int) throws(ExpoError) -> Int {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        let fd = descriptor
        while true {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + start, count) }
            if got < 0 {
                if errno == EINTR { continue }
                bytes.removeSubrange(start...)
                throw .system(file: path, operation: "read", code: errno)
            }
            bytes.removeSubrange((start + got)...)
            return got
        }
    }
}
