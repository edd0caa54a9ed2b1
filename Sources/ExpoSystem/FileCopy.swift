import CSystemShim
import ExpoModel
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Copies of whole files that share nothing with their source once written: a reflink
/// (FICLONE) where the file system can, else a copy inside the kernel (copy_file_range), else
/// read and write. Never a hard link, so that a change to one file never shows in the other.
public enum FileCopy {
    /// Copies `source` to `target`, which must not exist (created new, never through a link:
    /// `POSIXFile.createNew`). Errors name `shown`.
    public static func copy(_ source: String, to target: String, shownAs shown: String) throws {
        let input = try POSIXFile.openForReading(source)
        defer { input.closeQuietly() }
        let output = try POSIXFile.createNew(target, shownAs: shown)
        do {
            if expo_clone_file(input.descriptor, output.descriptor) != 0 {
                let length = try input.size()
                var done = try output.copy(from: input, offset: 0, length: length)
                // Where the kernel cannot copy (another file system, an old kernel): by hand.
                var buffer = [UInt8](repeating: 0, count: 1 << 20)
                while done < length {
                    let count = try buffer.withUnsafeMutableBytes { try input.read(into: $0, at: done) }
                    guard count > 0 else { throw ExpoError.system(file: source, operation: "read", code: EIO) }
                    try buffer.withUnsafeBytes { try output.write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                    done += UInt64(count)
                }
                // The copy is flushed with the others by the publication's one syncfs: the disk
                // starts on it now, while the run goes on, so that the syncfs waits for less.
                output.startWriteback(offset: 0, length: length)
            }
        } catch {
            output.closeQuietly()
            FileTree.removeFileIfPresent(target)
            throw error
        }
        try output.close()
    }
}
