import Foundation

/// Removes the metadata chunks (EXIF, XMP, ICC profile) from a WebP file: libvips 8.14's WebP
/// writer adds an EXIF chunk of its own (resolution, orientation) even when told to strip, and
/// a published picture carries nothing but its pixels.
enum WebPMetadata {
    static let metadataChunks: Set<String> = ["EXIF", "XMP ", "ICCP"]

    /// `webp` without its metadata chunks, the extended header's flags and the RIFF size
    /// corrected; a file that is not a well-formed RIFF WebP is returned as it is.
    static func stripped(_ webp: Data) -> Data {
        let bytes = [UInt8](webp)
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else { return webp }
        var body: [UInt8] = Array("WEBP".utf8)
        var offset = 12
        while offset + 8 <= bytes.count {
            let type = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            let end = offset + 8 + size + (size & 1)
            guard end <= bytes.count else { return webp }
            if !metadataChunks.contains(type) {
                var chunk = Array(bytes[offset..<end])
                // VP8X flags: ICC 0x20, EXIF 0x08, XMP 0x04.
                if type == "VP8X", chunk.count > 8 { chunk[8] &= ~UInt8(0x20 | 0x08 | 0x04) }
                body += chunk
            }
            offset = end
        }
        let size = UInt32(body.count)
        return Data(Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)] + body)
    }
}
