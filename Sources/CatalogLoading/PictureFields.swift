import ExpoModel
import Foundation

/// The optional picture fields: `image_alt` (a text alternative a person wrote; `""` marks the
/// picture decorative on purpose), `image_description` (what the object looks like, read in
/// the track) and, on the poster, its own `image_name`. Absent is not a mistake, so it is not
/// warned about; `check` lists pictures without a text alternative.
extension FieldReader {
    /// The field's text, or nil when it is missing or null; a value of another kind stops the
    /// run like any other field.
    mutating func optionalText(_ object: [String: Any], _ key: String, at path: String) throws -> String? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let string = value as? String, !Self.isNumber(value) else {
            throw invalid("\(path).\(key)", "expected a string, found \(Self.kind(of: value))")
        }
        let cleaned = Self.removingControlCharacters(string)
        if cleaned != string { warn("\(path).\(key)", Self.controlCharactersNote(string)) }
        return cleaned
    }

    /// The entry's picture fields set on `entry`.
    mutating func readPictureFields(_ object: [String: Any], at path: String, into entry: inout Entry) throws {
        entry.imageAlt = try optionalText(object, "image_alt", at: path)
        entry.imageDescription = try optionalText(object, "image_description", at: path)
    }

    /// The poster's picture fields set on `poster`.
    mutating func readPictureFields(_ object: [String: Any], at path: String, into poster: inout Poster) throws {
        poster.imageName = try optionalText(object, "image_name", at: path)
        poster.imageAlt = try optionalText(object, "image_alt", at: path)
        poster.imageDescription = try optionalText(object, "image_description", at: path)
    }
}
