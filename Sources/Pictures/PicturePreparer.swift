import ExpoModel
import Foundation

/// What a picture may be. A file over a limit is refused before any pixel is decoded: its
/// size on the disk first, then the dimensions its header declares.
public struct PictureLimits: Sendable, Equatable {
    /// The largest file read (a camera's JPEG is 5-20 MB).
    public var maximumFileBytes = 64 << 20
    /// The longest side, in pixels.
    public var maximumSide = 16_384
    /// The most pixels (a 100-megapixel scan passes; 20,000 × 20,000 does not).
    public var maximumPixels = 100_000_000
    /// The widths the page offers (`srcset`), narrowest first; a picture narrower than the widest
    /// also keeps its own width.
    public var widths = [480, 960]
    /// A picture at most this much taller than wide (a tall one is fitted into it).
    public var maximumAspect = 2
    /// The most bytes a published file may have.
    public var maximumFileBytesOut = 150_000
    /// The qualities tried, best first, until a file fits.
    public var qualities = [80, 70, 60, 50, 40]

    public init() {}
}

/// One published file of a picture with its bytes.
public struct PreparedFile: Sendable, Codable {
    public var variant: PictureVariant
    public var bytes: Data
}

/// Why a picture file is not used: one line naming the file.
public struct PictureProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as found.
    public var path: String
    public var reason: String

    /// The machine, not the file: libvips was refused a thread or memory (`ulimit -u`,
    /// `ulimit -v`), so the same file would be made on another run.
    public var isResourceShortage = false
    /// The machine, not the file: libvips is not installed (or not libvips 8), so no picture
    /// can be made; `reason` says why it cannot be opened.
    public var isLibraryMissing = false

    public var description: String { "picture \(path) is not used: \(reason)" }
}

/// Turns a picture file into the page's files: every width as WebP and as a JPEG fallback,
/// with no metadata, the same bytes for the same file. Nothing here trusts the file: its
/// kind is read from its first bytes and must match its extension, its size is checked
/// before and after the header, and a damaged file is refused rather than shown grey.
public struct PicturePreparer: Sendable {
    public var limits = PictureLimits()

    public init() {}

    /// What decides the files besides the picture's bytes and its stem: the limits, the
    /// encoders' settings (`CPictureShim`; raise `encoderSettings` when they change) and libvips's
    /// version. Part of a cached picture's key.
    public var settings: String {
        "pictures \(Self.encoderSettings) \(limits.widths) \(limits.qualities) \(limits.maximumFileBytesOut) "
            + "\(limits.maximumAspect) \(limits.maximumSide) \(limits.maximumPixels) \(Self.libraryVersion)"
    }

    /// The version of the encoders' settings in `CPictureShim` (WebP effort 2, progressive JPEG
    /// with optimised tables, metadata removed).
    static let encoderSettings = 2

    /// The files of `source`, named after `stem` (`STEM-480.webp`, `STEM-480.jpg`, …).
    public func prepare(_ source: URL, stem: String) throws(PictureProblem) -> [PreparedFile] {
        try prepare(try read(source), from: source, stem: stem)
    }

    /// The files of a picture already read from `source` (see `read`).
    public func prepare(_ data: Data, from source: URL, stem: String) throws(PictureProblem) -> [PreparedFile] {
        let problem = { (reason: String) in PictureProblem(path: source.path, reason: reason) }
        guard let kind = PictureKind(sniffing: data) else {
            throw problem("it is not a JPEG, PNG or WebP picture (its first bytes are \(PictureKind.describe(data))); save it as one of those")
        }
        let named = PictureKind(fileExtension: source.pathExtension)
        if let named, named != kind {
            throw problem("it is a \(kind.name) file named .\(source.pathExtension); rename it to .\(kind.fileExtension)")
        }
        let size: Vips.Header
        do {
            size = try Vips.header(data)
        } catch {
            if error.isLibraryMissing { throw Self.missingLibrary(error, source) }
            if error.isResourceShortage { throw Self.shortage(error, source) }
            throw problem("its \(kind.name) header cannot be read (\(error.reason))")
        }
        guard size.width > 0, size.height > 0 else { throw problem("its header declares no pixels") }
        if max(size.width, size.height) > limits.maximumSide || size.width * size.height > limits.maximumPixels {
            throw problem(
                "it is \(size.width) × \(size.height) pixels, more than the \(limits.maximumPixels / 1_000_000) megapixels "
                    + "(\(limits.maximumSide) on a side) a picture may have; make it smaller")
        }
        // Every width the picture has pixels for, and its own width when that falls between two
        // (a 768 px picture: 480 and 768), so a phone's screen of twice the density gets its best.
        var widths = limits.widths.filter { $0 <= size.width }
        if let widest = limits.widths.max(), size.width < widest, !widths.contains(size.width) { widths.append(size.width) }
        var files: [PreparedFile] = []
        do {
            let sizes = widths.sorted(by: >).map { (width: $0, height: $0 * limits.maximumAspect) }
            try Vips.resized(data, sizes: sizes, hasProfile: size.hasProfile) { (picture: Vips.Picture) throws(VipsFailure) in
                let made = picture.size
                // A tall picture fitted by its height may come out as wide at two sizes: kept once.
                guard !files.contains(where: { $0.variant.width == made.width }) else { return }
                for format in PictureFormat.allCases {
                    guard let bytes = try smallest(picture, format) else {
                        throw VipsFailure(
                            reason:
                                "at \(made.width) pixels wide its \(format.rawValue) file is over \(limits.maximumFileBytesOut / 1000) KB even at quality \(limits.qualities.last ?? 0)"
                        )
                    }
                    let name = "\(stem)-\(made.width).\(format.fileExtension)"
                    files.append(
                        PreparedFile(
                            variant: PictureVariant(
                                file: name, width: made.width, height: made.height,
                                mediaType: format.mediaType, byteCount: bytes.count),
                            bytes: bytes))
                }
            }
        } catch {
            if error.isLibraryMissing { throw Self.missingLibrary(error, source) }
            if error.isResourceShortage { throw Self.shortage(error, source) }
            throw problem("it cannot be decoded as a \(kind.name) (\(error.reason)); it may be truncated or damaged")
        }
        // Narrowest first, as the page lists them.
        files.sort {
            ($0.variant.width, $0.variant.mediaType == PictureFormat.jpeg.mediaType ? 1 : 0) < (
                $1.variant.width, $1.variant.mediaType == PictureFormat.jpeg.mediaType ? 1 : 0
            )
        }
        return files
    }

    /// The picture in `format` at the best quality that fits the size limit.
    private func smallest(_ picture: Vips.Picture, _ format: PictureFormat) throws(VipsFailure) -> Data? {
        for quality in limits.qualities {
            let bytes = try picture.encoded(format, quality: quality)
            if bytes.count <= limits.maximumFileBytesOut { return bytes }
        }
        return nil
    }

    /// The bytes of `source`: a regular file, not empty, within the size limit.
    public func read(_ source: URL) throws(PictureProblem) -> Data {
        let problem = { (reason: String) in PictureProblem(path: source.path, reason: reason) }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: source.path) else {
            throw problem("it cannot be read")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw problem("it is not a regular file")
        }
        let bytes = (attributes[.size] as? NSNumber)?.intValue ?? 0
        if bytes > limits.maximumFileBytes {
            throw problem("it is \(bytes >> 20) MB, more than the \(limits.maximumFileBytes >> 20) MB a picture may be; make it smaller")
        }
        guard bytes > 0 else { throw problem("it is empty") }
        do {
            return try Data(contentsOf: source)
        } catch {
            throw problem("it cannot be read (\(error.localizedDescription))")
        }
    }

    private static func shortage(_ failure: VipsFailure, _ source: URL) -> PictureProblem {
        var shortage = PictureProblem(path: source.path, reason: "the system refused libvips a thread or memory for it (\(failure.reason))")
        shortage.isResourceShortage = true
        return shortage
    }

    private static func missingLibrary(_ failure: VipsFailure, _ source: URL) -> PictureProblem {
        var missing = PictureProblem(path: source.path, reason: failure.reason)
        missing.isLibraryMissing = true
        return missing
    }

    /// The version of the image library, for the manifest.
    public static var libraryVersion: String { "libvips " + Vips.version }
}

/// The three formats a picture may come in, told by their first bytes.
enum PictureKind: Equatable {
    case jpeg, png, webp

    init?(sniffing data: Data) {
        let head = [UInt8](data.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }

    init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg", "jpe": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        default: return nil
        }
    }

    var name: String { self == .jpeg ? "JPEG" : self == .png ? "PNG" : "WebP" }
    var fileExtension: String { self == .jpeg ? "jpg" : self == .png ? "png" : "webp" }

    /// The first bytes in hexadecimal, for a message.
    static func describe(_ data: Data) -> String {
        data.prefix(4).map { String(format: "%02X", $0) }.joined(separator: " ")
    }
}
