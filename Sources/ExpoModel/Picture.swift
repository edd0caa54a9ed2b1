/// A picture's text alternative as the catalog gives it.
public enum PictureAlternative: Sendable, Equatable, Codable {
    /// Text a person wrote.
    case text(String)
    /// Marked decorative on purpose (`"image_alt": ""`): an empty `alt`.
    case decorative
    /// Nobody wrote one (no `image_alt`): `check` lists the picture.
    case missing

    /// The alternative an `image_alt` field gives: nil is missing, blank is decorative.
    public init(catalogField: String?) {
        guard let field = catalogField else {
            self = .missing
            return
        }
        let text = field.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        self = text.isEmpty ? .decorative : .text(text)
    }
}

/// One file of a picture as published: its name in the guide's folder, its size in pixels
/// and bytes, its media type.
public struct PictureVariant: Sendable, Equatable, Codable {
    public var file: String
    public var width: Int
    public var height: Int
    public var mediaType: String
    public var byteCount: Int

    public init(file: String, width: Int, height: Int, mediaType: String, byteCount: Int) {
        self.file = file
        self.width = width
        self.height = height
        self.mediaType = mediaType
        self.byteCount = byteCount
    }
}

/// A track's picture as the guide publishes it: its files for the page (every width, in a
/// modern format and a fallback), the one file the EPUB carries, and its text alternative.
public struct PublishedPicture: Sendable, Equatable {
    /// The track it belongs to.
    public var fileStem: String
    public var alternative: PictureAlternative
    /// The page's files: WebP first, then the JPEG fallback, each at every width.
    public var variants: [PictureVariant]
    /// The file the EPUB carries (a JPEG, EPUB's core image type).
    public var bookVariant: PictureVariant

    public init(fileStem: String, alternative: PictureAlternative, variants: [PictureVariant], bookVariant: PictureVariant) {
        self.fileStem = fileStem
        self.alternative = alternative
        self.variants = variants
        self.bookVariant = bookVariant
    }

    /// The variants of one media type, narrowest first.
    public func variants(ofType mediaType: String) -> [PictureVariant] {
        variants.filter { $0.mediaType == mediaType }.sorted { $0.width < $1.width }
    }
}
