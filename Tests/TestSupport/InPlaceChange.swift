import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A change to a file that keeps what a quick look sees: same size, same modification time.
public enum InPlaceChange {
    /// Overwrites the byte at `offset` of `path` in place, then sets the file's modification
    /// time back to what it was (what `touch -d` does): only the status-change time shows the
    /// write. Returns whether every step succeeded.
    @discardableResult
    public static func changeByteKeepingTime(_ path: String, at offset: Int64, to byte: UInt8) -> Bool {
        var before = stat()
        guard lstat(path, &before) == 0 else { return false }
        let descriptor = open(path, O_WRONLY)
        guard descriptor >= 0 else { return false }
        var value = byte
        let wrote = pwrite(descriptor, &value, 1, off_t(offset)) == 1
        close(descriptor)
        var times = [before.st_atim, before.st_mtim]
        var after = stat()
        return wrote && utimensat(AT_FDCWD, path, &times, 0) == 0 && lstat(path, &after) == 0
            && after.st_size == before.st_size && after.st_mtim.tv_sec == before.st_mtim.tv_sec
            && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec
    }
}
