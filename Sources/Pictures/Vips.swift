import CPictureShim
import Foundation

/// The one caller of libvips (through `CPictureShim`, which opens it with dlopen at the first
/// picture, so a run that prepares none never loads it). libvips is started once, with every
/// loader but JPEG, PNG and WebP blocked; its error buffer is process-wide, so every call holds
/// one lock.
enum Vips {
    private static let lock = NSLock()
    /// nil when libvips started; else why not.
    nonisolated(unsafe) private static var startFailure: String??

    /// The library's version, as the manifest records it ("unavailable" when libvips cannot be
    /// opened: preparing a picture then fails with `VipsFailure.isLibraryMissing`).
    static var version: String {
        expo_picture_version().map { String(cString: $0) } ?? "unavailable"
    }

    /// What the file's header declares: its width and height and whether it carries an ICC
    /// profile; no pixel is decoded.
    static func header(_ data: Data) throws(VipsFailure) -> Header {
        try locked { () throws(VipsFailure) in
            var width: Int32 = 0
            var height: Int32 = 0
            var profile: Int32 = 0
            let status = data.withUnsafeBytes { expo_picture_header($0.baseAddress, $0.count, &width, &height, &profile) }
            guard status == 0 else { throw VipsFailure(reason: lastError()) }
            return Header(width: Int(width), height: Int(height), hasProfile: profile != 0)
        }
    }

    struct Header {
        var width: Int
        var height: Int
        var hasProfile: Bool
    }

    /// The picture decoded once, at each of `sizes` (width × height to fit, widest first, never
    /// enlarged), each given to `encode`; the narrower ones are made from the widest.
    static func resized(
        _ data: Data, sizes: [(width: Int, height: Int)], hasProfile: Bool,
        encode: (Picture) throws(VipsFailure) -> Void
    ) throws(VipsFailure) {
        try locked { () throws(VipsFailure) in
            guard let widest = sizes.first else { return }
            let decoded = data.withUnsafeBytes {
                expo_picture_resize($0.baseAddress, $0.count, Int32(widest.width), Int32(widest.height), hasProfile ? 1 : 0)
            }
            guard let decoded else { throw VipsFailure(reason: lastError()) }
            defer { expo_picture_release(decoded) }
            try encode(Picture(handle: decoded))
            for size in sizes.dropFirst() {
                guard let smaller = expo_picture_smaller(decoded, Int32(size.width), Int32(size.height)) else {
                    throw VipsFailure(reason: lastError())
                }
                defer { expo_picture_release(smaller) }
                try encode(Picture(handle: smaller))
            }
        }
    }

    /// A decoded picture in memory, valid inside `resized`'s closure.
    struct Picture {
        fileprivate let handle: UnsafeMutableRawPointer

        var size: (width: Int, height: Int) {
            var width: Int32 = 0
            var height: Int32 = 0
            expo_picture_size(handle, &width, &height)
            return (Int(width), Int(height))
        }

        /// The picture as a JPEG (alpha flattened onto white) or a WebP, with no metadata.
        func encoded(_ format: PictureFormat, quality: Int) throws(VipsFailure) -> Data {
            var bytes: UnsafeMutableRawPointer?
            var length = 0
            guard expo_picture_encode(handle, format == .jpeg ? 1 : 2, Int32(quality), &bytes, &length) == 0,
                let bytes
            else { throw VipsFailure(reason: Vips.lastError()) }
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
        if case .some(.some(let reason)) = startFailure {
            throw expo_picture_is_missing() != 0
                ? VipsFailure(reason: reason, isLibraryMissing: true)
                : VipsFailure(reason: "libvips did not start: \(reason)")
        }
        return try body()
    }

    fileprivate static func lastError() -> String {
        String(cString: expo_picture_error()).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// libvips's reason for refusing a file, one line.
struct VipsFailure: Error {
    var reason: String
    /// libvips itself cannot be opened (not installed): no picture can be prepared.
    var isLibraryMissing = false

    /// Whether libvips failed for want of a thread or memory (GLib's "Error creating thread",
    /// libvips's "out of memory") rather than because of the file.
    var isResourceShortage: Bool {
        reason.contains("Error creating thread") || reason.contains("out of memory")
    }
}

/// The formats pictures are published in.
public enum PictureFormat: String, Sendable, CaseIterable {
    case webp, jpeg

    public var mediaType: String { self == .webp ? "image/webp" : "image/jpeg" }
    public var fileExtension: String { self == .webp ? "webp" : "jpg" }
}
