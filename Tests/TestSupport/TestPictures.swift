import Foundation

/// Picture files the tests make themselves: PNGs written byte by byte (stored deflate blocks,
/// so no image library is involved in making what an image library is tested on), and the
/// hostile files a curator's folder may hold.
public enum TestPictures {
    /// An RGB PNG of `width` × `height` with a pattern that depends on `seed` (gradients and
    /// stripes, so that encoders have something to do).
    public static func png(width: Int, height: Int, seed: Int = 0) -> Data {
        var raw = Data(capacity: (width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                let stripe = ((x / 40 + y / 40 + seed) % 2) * 60
                raw.append(UInt8(truncatingIfNeeded: x * 255 / max(width, 1) + seed * 37))
                raw.append(UInt8(truncatingIfNeeded: y * 255 / max(height, 1) + stripe))
                raw.append(UInt8(truncatingIfNeeded: (x + y) / 4 + seed * 11))
            }
        }
        return pngFile(width: width, height: height, idat: zlibStored(raw))
    }

    /// A small PNG whose header declares `width` × `height` (20,000 × 20,000, say) over a few
    /// bytes of data: what a decompression bomb looks like before it is decoded.
    public static func declaredPNG(width: Int, height: Int) -> Data {
        pngFile(width: width, height: height, idat: zlibStored(Data(repeating: 0, count: 64)))
    }

    /// `data` with an EXIF segment holding GPS coordinates (and, when given, an orientation: 6 is
    /// "turn 90° clockwise to view") inserted after the JPEG's start marker.
    public static func withEXIF(_ jpeg: Data, orientation: UInt8? = nil) -> Data {
        var tiff = Data([0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08])
        let entries: UInt8 = orientation == nil ? 1 : 2
        let gpsOffset = UInt32(8 + 2 + 12 * Int(entries) + 4)
        tiff += Data([0x00, entries])
        // Orientation (0x0112, SHORT), then GPSInfo (0x8825) pointing at a GPS IFD with GPSLatitudeRef "N".
        if let orientation { tiff += Data([0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00]) }
        tiff += Data([0x88, 0x25, 0x00, 0x04, 0x00, 0x00, 0x00, 0x01]) + bigEndian32(gpsOffset) + bigEndian32(0)
        tiff += Data([0x00, 0x01, 0x00, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x4E, 0x00, 0x00, 0x00]) + bigEndian32(0)
        tiff += Data("GPS secret place".utf8)
        let payload = Data("Exif".utf8) + Data([0, 0]) + tiff
        let length = payload.count + 2
        var segment = Data([0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)])
        segment += payload
        return jpeg.prefix(2) + segment + jpeg.dropFirst(2)
    }

    private static func pngFile(width: Int, height: Int, idat: Data) -> Data {
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        file += chunk("IHDR", bigEndian32(UInt32(width)) + bigEndian32(UInt32(height)) + Data([8, 2, 0, 0, 0]))
        file += chunk("IDAT", idat)
        file += chunk("IEND", Data())
        return file
    }

    private static func chunk(_ type: String, _ body: Data) -> Data {
        let typed = Data(type.utf8) + body
        return bigEndian32(UInt32(body.count)) + typed + bigEndian32(crc32(typed))
    }

    /// zlib stream of stored (uncompressed) deflate blocks.
    private static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let last: UInt8 = offset + count >= data.count ? 1 : 0
            out.append(last)
            out += Data([UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)])
            out += data[data.startIndex + offset..<data.startIndex + offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian32(b << 16 | a)
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static func bigEndian32(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}
