import Foundation

/// Why a catalog file could not be used. Each message names the file, the JSON path and
/// the reason, and says what to do.
public enum CatalogError: Error, LocalizedError, Equatable, Sendable {
    case unreadable(file: String, reason: String)
    case notJSON(file: String, reason: String)
    case invalid(file: String, path: String, reason: String)
    case defaultCatalogMissing(searched: [String])

    public var errorDescription: String? { message.map(singleLine) }

    private var message: String? {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): cannot be read (\(reason)). Check the path and its permissions."
        case let .notJSON(file, reason):
            return "\(file): not valid JSON: \(reason). Fix the file and run again."
        case let .invalid(file, path, reason):
            return "\(file): \(path): \(reason). Fix the file and run again."
        case let .defaultCatalogMissing(searched):
            return "The bundled default catalog was not found (looked in \(searched.joined(separator: ", "))). "
                + "Reinstall expo-narrate, or pass --poster-file and --items-file."
        }
    }
}

/// Something in a catalog that was used anyway but that its author should know about.
public struct CatalogWarning: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var path: String
    public var message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String { singleLine("\(file): \(path): \(message)") }
}

/// `text` on one line: line breaks and other control characters, which a parser's excerpt of
/// the file or a name from the data can carry, are shown as escapes (`\n`, `\u{1B}`).
func singleLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isLineBreakingOrControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where isLineBreakingOrControl(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

private func isLineBreakingOrControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
}
