import Foundation

/// What the run asks of one of its own helpers: this program started again as the hidden
/// subcommand `command`, with the request, in JSON, as its one argument. The same type makes the
/// argument in the run (`arguments()`) and reads it back in the helper (`init(argument:)`), so
/// neither side spells an option.
public protocol HelperRequest: Codable, Sendable {
    /// The hidden subcommand that serves the request ("_speech-server").
    static var command: String { get }
}

extension HelperRequest {
    /// The helper's command line after the program's path: its subcommand and this request.
    public func arguments() throws -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return [Self.command, String(decoding: try encoder.encode(self), as: UTF8.self)]
        } catch {
            throw ExpoError(.internal, "The request to \(Self.command) cannot be written: \(withoutFinalFullStop(error.localizedDescription))")
        }
    }

    /// The request that `arguments()` wrote, read back from the helper's argument.
    public init(argument: String) throws {
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(argument.utf8))
        } catch {
            throw ExpoError(.internal, "\(Self.command) was given a request it cannot read: \(withoutFinalFullStop(error.localizedDescription))")
        }
    }
}
