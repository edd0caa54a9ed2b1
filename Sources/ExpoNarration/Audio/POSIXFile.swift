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

    /// Asks the kernel to start writing `length` bytes from `offset` to the disk now, without
    /// waiting (`sync_file_range` with `SYNC_FILE_RANGE_WRITE`), so that the disk works while
    /// this process goes on and the final `synchronize()` has little left to wait for. A hint:
    /// does nothing where the call is missing or fails.
    func startWriteback(offset: UInt64, length: UInt64) {
        guard let call = KernelCalls.syncFileRange else { return }
        _ = call(descriptor, off_t(offset), off_t(length), KernelCalls.syncFileRangeWrite)
    }

    /// Reserves disk blocks for the first `length` bytes without changing the file's size
    /// (`fallocate` with `FALLOC_FL_KEEP_SIZE`), so that writing a file of known size does not
    /// allocate block by block. A hint: does nothing where the call is missing or refused
    /// (the writes then allocate as usual; nothing is emulated by writing zeros).
    func preallocate(length: UInt64) {
        guard length > 0, let call = KernelCalls.fallocate else { return }
        _ = call(descriptor, KernelCalls.fallocateKeepSize, 0, off_t(length))
    }

    /// Copies `length` bytes at `offset` in `source` to the current position of this file inside
    /// the kernel (`copy_file_range`), without passing them through this process. Returns the
    /// bytes copied, which are fewer than asked only when the call is unavailable or refused
    /// (another file system, an old kernel): the caller copies the rest itself. Throws for real
    /// write errors (a full disk, a size limit).
    func copy(from source: POSIXFile, offset: UInt64, length: UInt64) throws -> UInt64 {
        guard let call = KernelCalls.copyFileRange else { return 0 }
        var inputOffset = off_t(offset)
        var done: UInt64 = 0
        while done < length {
            let result = call(source.descriptor, &inputOffset, descriptor, nil, Int(min(length - done, 1 << 30)), 0)
            if result < 0 {
                if errno == EINTR { continue }
                if [ENOSYS, EXDEV, EINVAL, EOPNOTSUPP, EBADF].contains(errno) { return done }
                throw AudioFileError.system(file: path, operation: "write", code: errno)
            }
            if result == 0 { return done }  // the source ended early
            done += UInt64(result)
        }
        return done
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

/// Linux calls that Swift's Glibc module does not import (glibc declares them only for
/// _GNU_SOURCE), looked up once in the C library.
private enum KernelCalls {
    typealias SyncFileRange = @convention(c) (Int32, off_t, off_t, UInt32) -> Int32
    typealias Fallocate = @convention(c) (Int32, Int32, off_t, off_t) -> Int32
    /// FALLOC_FL_KEEP_SIZE from <linux/falloc.h>.
    static let fallocateKeepSize: Int32 = 1
    static let fallocate: Fallocate? = symbol("fallocate")
    typealias CopyFileRange = @convention(c) (Int32, UnsafeMutablePointer<off_t>?, Int32, UnsafeMutablePointer<off_t>?, Int, UInt32) -> Int
    /// SYNC_FILE_RANGE_WRITE from <fcntl.h>.
    static let syncFileRangeWrite: UInt32 = 2

    static let syncFileRange: SyncFileRange? = symbol("sync_file_range")
    static let copyFileRange: CopyFileRange? = symbol("copy_file_range")

    private static func symbol<Function>(_ name: String) -> Function? {
        #if os(Linux)
            guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
            return unsafeBitCast(address, to: Function.self)
        #else
            return nil
        #endif
    }
}
