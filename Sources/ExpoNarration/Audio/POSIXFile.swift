import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX file calls the WAV reader and writer need, with `EINTR` retried, short reads
/// and writes completed, and failures turned into `AudioFileError.system` naming `path`.
/// The descriptor is owned by whoever opened it and closed exactly once by `close()`.
struct POSIXFile {
    let descriptor: Int32
    /// The path shown in error messages.
    let path: String

    /// Creates (or truncates) `path`; errors name `shownPath`, the file the user asked for.
    static func openForWriting(_ path: String, shownAs shownPath: String) throws -> POSIXFile {
        let fd = retryingEINTR { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw AudioFileError.system(file: shownPath, operation: "create", code: errno) }
        return POSIXFile(descriptor: fd, path: shownPath)
    }

    /// Creates (or truncates) `path` for writing and reading back.
    static func openScratch(_ path: String) throws -> POSIXFile {
        let fd = retryingEINTR { open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw AudioFileError.system(file: path, operation: "create", code: errno) }
        return POSIXFile(descriptor: fd, path: path)
    }

    static func openForReading(_ path: String) throws -> POSIXFile {
        let fd = retryingEINTR { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw AudioFileError.system(file: path, operation: "open", code: errno) }
        return POSIXFile(descriptor: fd, path: path)
    }

    /// Writes all of `bytes` at the current position.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let result = systemWrite(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if result < 0 {
                if errno == EINTR { continue }
                throw AudioFileError.system(file: path, operation: "write", code: errno)
            }
            done += result
        }
    }

    /// Writes all of `bytes` at `offset` without moving the current position.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws {
        var done = 0
        while done < bytes.count {
            let result = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            if result < 0 {
                if errno == EINTR { continue }
                throw AudioFileError.system(file: path, operation: "write", code: errno)
            }
            done += result
        }
    }

    /// Reads up to `buffer.count` bytes at `offset`; returns fewer only at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws -> Int {
        var done = 0
        while done < buffer.count {
            let result = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if result < 0 {
                if errno == EINTR { continue }
                throw AudioFileError.system(file: path, operation: "read", code: errno)
            }
            if result == 0 { break }
            done += result
        }
        return done
    }

    func size() throws -> UInt64 {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw AudioFileError.system(file: path, operation: "inspect", code: errno)
        }
        return UInt64(info.st_size)
    }

    func synchronize() throws {
        guard Self.retryingEINTR({ fsync(descriptor) }) == 0 else {
            throw AudioFileError.system(file: path, operation: "flush to disk", code: errno)
        }
    }

    /// Closes the descriptor; a failure here can mean lost data (e.g. on network file systems).
    func close() throws {
        // Do not retry close on EINTR: on Linux the descriptor is released anyway.
        guard systemClose(descriptor) == 0 else {
            throw AudioFileError.system(file: path, operation: "close", code: errno)
        }
    }

    /// Closes the descriptor, ignoring errors (for clean-up paths that are already failing).
    func closeQuietly() {
        _ = systemClose(descriptor)
    }

    /// Flushes the directory entry of `folder` to disk so a rename in it survives a crash.
    /// Best effort: some file systems do not allow syncing a directory.
    static func synchronizeFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        _ = systemClose(fd)
    }

    private static func retryingEINTR(_ call: () -> Int32) -> Int32 {
        while true {
            let result = call()
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }
}

// File-scope forwarders: inside `POSIXFile`, `write` and `close` name its own methods.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

private func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}
