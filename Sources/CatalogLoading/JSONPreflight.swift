import ExpoModel
import Foundation

/// How large a catalog may be, checked on the raw bytes before anything is built from them, so
/// that memory stays proportional to what is accepted.
public struct CatalogLimits: Sendable, Equatable {
    /// Entries in the items array (default 20,000: the original catalog has 13).
    public var maximumEntries = 20_000
    /// Bytes of one string as written in the JSON (default 16 MiB).
    public var maximumFieldBytes = 16 << 20

    /// The highest `maximumEntries` may be set to.
    public static let largestEntryCount = 1_000_000
    /// The highest `maximumFieldBytes` may be set to: a catalog file's own limit (256 MiB).
    public static let largestFieldBytes = 256 << 20

    public init() {}
}

/// The strict pass over a catalog file's bytes before JSONSerialization reads them (which accepts
/// some of what RFC 8259 refuses and reports the rest "around character N"): every problem is
/// an error naming file:line:column and the JSON path, and the catalog's limits are checked
/// before anything is built. The locations it records place later errors in the file too.
struct JSONPreflight {
    let file: String
    let limits: CatalogLimits
    /// Whether the root array is the entries array (the items file).
    let rootIsEntries: Bool
    /// The strict reader, holding the location of every value once `check` has passed.
    private(set) var json = StrictJSON()

    init(file: String, limits: CatalogLimits, rootIsEntries: Bool) {
        self.file = file
        self.limits = limits
        self.rootIsEntries = rootIsEntries
        json.maximumRootElements = rootIsEntries ? limits.maximumEntries : .max
        json.maximumStringBytes = limits.maximumFieldBytes
        json.recordsLocations = true
    }

    /// Throws `ExpoError` (category `.data`) naming the place and JSON path of the first problem.
    mutating func check(_ bytes: some Collection<UInt8>) throws {
        do {
            try json.check(bytes)
        } catch {
            let place = "\(file):\(error.location)"
            switch error.problem {
            case .syntax(let reason):
                throw ExpoError.catalogInvalid(file: place, path: error.path, reason: "not valid JSON: \(reason)")
            case .tooManyRootElements(let limit):
                throw ExpoError.catalogInvalid(
                    file: place, path: "$",
                    reason: "it has more than \(counted(limit, "entry", "entries")), the most a catalog may have; split it or raise the limit")
            case .stringTooLong(let length, let limit):
                throw ExpoError.catalogInvalid(
                    file: place, path: error.path,
                    reason: "the text is \(Self.size(length)), more than the \(Self.size(limit)) a field may be; shorten it or raise the limit")
            }
        }
    }

    /// `file:line:column` of the value at `path` (or of the nearest enclosing one), or the file.
    func place(of path: String) -> String {
        json.location(of: path).map { "\(file):\($0)" } ?? file
    }

    /// A byte count in words: "42 bytes", "3 MB".
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : counted(bytes, "byte")
    }
}
