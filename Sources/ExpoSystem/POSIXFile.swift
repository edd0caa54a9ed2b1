import CSystemShim
import ExpoModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX file calls the WAV reader and writer need, with `EINTR` retried, short reads
/// and writes completed, and failures turned into `ExpoError.system` naming `path`.
/// The descriptor is owned by whoever opened it and closed exactly once by `close()`.
public struct POSIXFile {
    public let descriptor: Int32
    /// The path shown in error messages.
    public let path: String

    /// The descriptor `descriptor`, opened and closed by someone else (e.g. a FileHandle), for
    /// reading and writing through these calls.
    public init(borrowing descriptor: Int32, path: String) {
        self.init(descriptor: descriptor, path: path)
    }

    /// The descriptor `descriptor`, which this file owns.
    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// Creates `path`, which must not exist, for writing and reading back: the one creating open
    /// of the tool (O_CREAT | O_EXCL | O_NOFOLLOW), so no file is ever written through a link or
    /// into a file someone else made. Throws `ExpoError.system` naming `shownPath` (EEXIST:
    /// the name is taken; the caller chooses another or removes its own file first).
    public static func createNew(_ path: String, shownAs shownPath: String) throws -> POSIXFile {
        do throws(SystemCallError) {
            return try openNew(path, shownAs: shownPath)
        } catch {
            throw ExpoError.system(file: shownPath, operation: "create", code: error.code)
        }
    }

    /// Creates `path`, which must not exist (O_CREAT | O_EXCL, never through a symbolic link),
    /// for writing and reading back; the failure's errno otherwise (EEXIST: the name is taken).
    static func openNew(_ path: String, shownAs shownPath: String) throws(SystemCallError) -> POSIXFile {
        let fd = retryingEINTR { SystemCalls.current.open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw .last }
        return POSIXFile(descriptor: fd, path: shownPath)
    }

    /// A new file with no name in `folder`, for writing and reading back (scratch data, a
    /// child's captured output, a copy another library reads by `procPath`): O_TMPFILE, so
    /// nothing is left behind whatever ends this process. Where the file system has no unnamed
    /// files, one is created under a new temporary name (`AtomicFile`'s rule, never reused or
    /// followed) and unlinked at once. Errors name `shownPath`.
    public static func createUnnamed(in folder: String, shownAs shownPath: String) throws -> POSIXFile {
        let fd = retryingEINTR { SystemCalls.current.open(folder, expo_unnamed_file_flags(), 0o600) }
        if fd >= 0 { return POSIXFile(descriptor: fd, path: shownPath) }
        guard [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) else {
            throw ExpoError.system(file: shownPath, operation: "create", code: errno)
        }
        let (file, name) = try AtomicFile.createTemporary(for: folder + "/expo-narrate-scratch", shownAs: shownPath)
        FileTree.removeFileIfPresent(name)
        return file
    }

    /// A path by which another library can open this file (`/proc/self/fd/N`), also when it has
    /// no name.
    public var procPath: String { "/proc/self/fd/\(descriptor)" }

    public static func openForReading(_ path: String) throws -> POSIXFile {
        let fd = retryingEINTR { SystemCalls.current.open(path, O_RDONLY | O_CLOEXEC, 0) }
        guard fd >= 0 else { throw ExpoError.system(file: path, operation: "open", code: errno) }
        return POSIXFile(descriptor: fd, path: path)
    }

    /// Writes all of `bytes` at the current position.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let result = systemWrite(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if result < 0 {
                if errno == EINTR { continue }
                throw ExpoError.system(file: path, operation: "write", code: errno)
            }
            done += result
        }
    }

    /// Writes all of `bytes` at `offset` without moving the current position.
    public func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws {
        var done = 0
        while done < bytes.count {
            let result = SystemCalls.current.writeAt(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            if result < 0 {
                if errno == EINTR { continue }
                throw ExpoError.system(file: path, operation: "write", code: errno)
            }
            done += result
        }
    }

    /// Reads up to `buffer.count` bytes at `offset`; returns fewer only at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws -> Int {
        var done = 0
        while done < buffer.count {
            let result = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if result < 0 {
                if errno == EINTR { continue }
                throw ExpoError.system(file: path, operation: "read", code: errno)
            }
            if result == 0 { break }
            done += result
        }
        return done
    }

    public func size() throws -> UInt64 {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw ExpoError.system(file: path, operation: "inspect", code: errno)
        }
        return UInt64(info.st_size)
    }

    public func synchronize() throws {
        guard Self.retryingEINTR({ SystemCalls.current.fsync(descriptor) }) == 0 else {
            throw ExpoError.system(file: path, operation: "flush to disk", code: errno)
        }
    }

    /// Closes the descriptor; a failure here can mean lost data (e.g. on network file systems).
    public func close() throws {
        // Do not retry close on EINTR: on Linux the descriptor is released anyway.
        guard systemClose(descriptor) == 0 else {
            throw ExpoError.system(file: path, operation: "close", code: errno)
        }
    }

    /// Closes the descriptor, ignoring errors (for clean-up paths that are already failing).
    public func closeQuietly() {
        _ = systemClose(descriptor)
    }

    /// Asks the kernel to start writing `length` bytes from `offset` to the disk now, without
    /// waiting (`sync_file_range` with `SYNC_FILE_RANGE_WRITE`), so that the disk works while
    /// this process goes on and the final `synchronize()` has little left to wait for. A hint:
    /// does nothing where the call is missing or fails.
    public func startWriteback(offset: UInt64, length: UInt64) {
        _ = expo_start_writeback(descriptor, off_t(offset), off_t(length))
    }

    /// Reserves disk blocks for the first `length` bytes without changing the file's size
    /// (`fallocate` with `FALLOC_FL_KEEP_SIZE`), so that writing a file of known size does not
    /// allocate block by block. A hint: does nothing where the call is missing or refused
    /// (the writes then allocate as usual; nothing is emulated by writing zeros).
    public func preallocate(length: UInt64) {
        guard length > 0 else { return }
        _ = expo_preallocate_keep_size(descriptor, 0, off_t(length))
    }

    /// Copies `length` bytes at `offset` in `source` to the current position of this file inside
    /// the kernel (`copy_file_range`), without passing them through this process. Returns the
    /// bytes copied, which are fewer than asked only when the call is unavailable or refused
    /// (another file system, an old kernel): the caller copies the rest itself. Throws for real
    /// write errors (a full disk, a size limit).
    public func copy(from source: POSIXFile, offset: UInt64, length: UInt64) throws -> UInt64 {
        var inputOffset = off_t(offset)
        var done: UInt64 = 0
        while done < length {
            let result = expo_copy_file_range(source.descriptor, &inputOffset, descriptor, Int(min(length - done, 1 << 30)))
            if result < 0 {
                if errno == EINTR { continue }
                if [ENOSYS, EXDEV, EINVAL, EOPNOTSUPP, EBADF].contains(errno) { return done }
                throw ExpoError.system(file: path, operation: "write", code: errno)
            }
            if result == 0 { return done }  // the source ended early
            done += UInt64(result)
        }
        return done
    }

    /// Flushes the directory entry of `folder` to disk so a rename in it survives a crash.
    /// Best effort: some file systems do not allow syncing a directory.
    public static func synchronizeFolder(_ folder: String) {
        let fd = SystemCalls.current.open(folder, O_RDONLY | O_CLOEXEC, 0)
        guard fd >= 0 else { return }
        _ = SystemCalls.current.fsync(fd)
        _ = systemClose(fd)
    }

    static func retryingEINTR(_ call: () -> Int32) -> Int32 {
        while true {
            let result = call()
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }
}

// File-scope forwarders: inside `POSIXFile`, `write` and `close` name its own methods.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    SystemCalls.current.write(fd, bytes, count)
}

private func systemClose(_ fd: Int32) -> Int32 {
    SystemCalls.current.close(fd)
}
