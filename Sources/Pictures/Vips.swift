import CPictureShim
import Foundation

/// The one caller of libvips (through `CPictureShim`). libvips is started once, with every
/// loader but JPEG, PNG and WebP blocked; its error buffer is process-wide, so every call holds
/// one lock.
enum Vips {
    private static let lock = NSLock()
    /// nil when libvips started; else why not.
    nonisolated(unsafe) private static var startFailure: String??

    /// The library's version, as the manifest records it.
    static var version: String {
        String(cString: expo_picture_version())
    }

    /// The width and height the file's header declares; no pixel is decoded.
    static func header(_ data: Data) throws(VipsFailure) -> (width: Int, height: Int) {
        try locked { () throws(VipsFailure) in
            var width: Int32 = 0, height: Int32 = 0
            let status = data.withUnsafeBytes { expo_picture_header($0.baseAddress, $0.count, &width, &height) }
            guard status == 0 else { throw VipsFailure(reason: lastError()) }
            return (Int(width), Int(height))
        }
    }

    /// The picture decoded to fit `width` × `height` pixels (never enlarged), given to `encode`.
    static func resized(_ data: Data, width: Int, height: Int, encode: (Picture) throws(VipsFailure) -> Void) throws(VipsFailure) {
        try locked { () throws(VipsFailure) in
            let handle = data.withUnsafeBytes { expo_picture_resize($0.baseAddress, $0.count, Int32(width), Int32(height)) }
            guard let handle else { throw VipsFailure(reason: lastError()) }
            defer { expo_picture_release(handle) }
            try encode(Picture(handle: handle))
        }
    }

    /// A decoded picture in memory, valid inside `resized`'s closure.
    struct Picture {
        fileprivate let handle: UnsafeMutableRawPointer

        var size: (width: Int, height: Int) {
            var width: Int32 = 0, height: Int32 = 0
            expo_picture_size(handle, &width, &height)
            return (Int(width), Int(height))
        }

        /// The picture as a JPEG (alpha flattened onto white) or a WebP, with no metadata.
        func encoded(_ format: PictureFormat, quality: Int) throws(VipsFailure) -> Data {
            var bytes: UnsafeMutableRawPointer?
            var length = 0
            guard expo_picture_encode(handle, format == .jpeg ? 1 : 2, Int32(quality), &bytes, &length) == 0,
                  let bytes else { throw VipsFailure(reason: Vips.lastError()) }
            defer { expo_picture_free(bytes) }
            let data = Data(bytes: bytes, count: length)
            return format == .webp ? WebPMetadata.stripped(data) : data
        }
    }

    private static func locked<T>(_ body: () throws(VipsFailure) -> T) throws(VipsFailure) -> T {
        lock.lock()
        defer { lock.unlock() }
        if startFailure == nil {
            startFailure = .some(expo_picture_start("expo-narrate") == 0 ? nil : lastError())
        }
        if case .some(.some(let reason)) = startFailure { throw VipsFailure(reason: "libvips did not start: \(reason)") }
        return try body()
    }

    fileprivate static func lastError() -> String {
        String(cString: expo_picture_error()).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// libvips's reason for refusing a file, one line.
struct VipsFailure: Error {
    var reason: String
}

/// The formats pictures are published in.
public enum PictureFormat: String, Sendable, CaseIterable {
    case webp, jpeg

    public var mediaType: String { self == .webp ? "image/webp" : "image/jpeg" }
    public var fileExtension: String { self == .webp ? "webp" : "jpg" }
}
