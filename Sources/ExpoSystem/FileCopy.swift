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
    /// Copies `source` to `target` (created or truncated). Errors name `shown`.
    public static func copy(_ source: String, to target: String, shownAs shown: String) throws {
        let input = try POSIXFile.openForReading(source)
        defer { input.closeQuietly() }
        let output = try POSIXFile.openForWriting(target, shownAs: shown)
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
            }
        } catch {
            output.closeQuietly()
            unlink(target)
            throw error
        }
        try output.close()
    }

    /// Whether the two files hold the same bytes (size first, then contents).
    public static func sameContents(_ first: String, _ second: String) -> Bool {
        guard let a = try? POSIXFile.openForReading(first) else { return false }
        defer { a.closeQuietly() }
        guard let b = try? POSIXFile.openForReading(second) else { return false }
        defer { b.closeQuietly() }
        guard let size = try? a.size(), (try? b.size()) == size else { return false }
        let chunk = 1 << 20
        var left = [UInt8](repeating: 0, count: chunk), right = [UInt8](repeating: 0, count: chunk)
        var offset: UInt64 = 0
        while offset < size {
            let count = left.withUnsafeMutableBytes { (try? a.read(into: $0, at: offset)) ?? -1 }
            guard count > 0, right.withUnsafeMutableBytes({ (try? b.read(into: $0, at: offset)) ?? -1 }) == count,
                  memcmp(left, right, count) == 0 else { return false }
            offset += UInt64(count)
        }
        return true
    }
}
