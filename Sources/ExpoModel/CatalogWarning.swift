/// Something in a catalog that was used anyway but that its author should know about: made by
/// the loader (CatalogLoading), reported by the pre-flight check and the run.
public struct CatalogWarning: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var path: String
    public var message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// One line of at most 300 characters with "warning: " before it: a warning quotes the
    /// catalog (a name, a JSON path), however long that is.
    public var description: String { messageLine("\(file): \(path): \(message)", limit: messageLengthLimit - "warning: ".count) }
}
