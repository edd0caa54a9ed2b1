import CCrypto
import Foundation

/// SHA-256 through OpenSSL's libcrypto (EVP). This file is the only one that calls libcrypto.
public struct SHA256Digest: ~Copyable {
    private let context: OpaquePointer

    /// A hasher with nothing hashed yet.
    public init() {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto cannot start SHA-256 (out of memory)")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Hashes `bytes` after what was hashed before.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// Hashes the UTF-8 bytes of `text`.
    public mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// Hashes `data`.
    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// The digest as lowercase hex; the hasher is used up.
    public consuming func hexDigest() -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return Self.hex(digest.prefix(Int(length)))
    }

    /// SHA-256 of `parts`, each followed by a zero byte, as lowercase hex: the form of every
    /// content key (so that "ab","c" and "a","bc" differ).
    public static func key(_ parts: [String]) -> String {
        var hasher = SHA256Digest()
        for part in parts {
            hasher.update(part)
            withUnsafeBytes(of: UInt8(0)) { hasher.update($0) }
        }
        return hasher.hexDigest()
    }

    /// SHA-256 of a file, read in blocks of a megabyte with plain reads.
    public static func ofFile(_ path: String) throws -> String {
        let file = try POSIXFile.openForReading(path)
        defer { file.closeQuietly() }
        return try of(file)
    }

    /// SHA-256 of the open file `file`, from its start to its end.
    public static func of(_ file: POSIXFile) throws -> String {
        var hasher = SHA256Digest()
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { block.deallocate() }
        var offset: UInt64 = 0
        while true {
            let count = try file.read(into: block, at: offset)
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: block[0..<count]))
            offset += UInt64(count)
        }
        return hasher.hexDigest()
    }

    private static let digits = Array("0123456789abcdef".utf8)

    static func hex<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
