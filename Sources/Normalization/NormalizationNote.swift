/// A place where the normalizer had no Korean reading and fell back to something else: Latin
/// words left as written, a dropped sign, Hanja without a reading. `expo-narrate check` can list
/// them for a curator, who may add a lexicon entry.
public struct NormalizationNote: Sendable, Equatable, CustomStringConvertible {
    /// What kind of fallback was taken.
    public enum Kind: String, Sendable, CaseIterable {
        /// Latin-script words (not acronyms) left as written, for a lexicon entry to voice.
        case latinWords
        /// A sign or character with no Korean reading, left out.
        case droppedSymbol
        /// Hanja the dictionary has no reading for, left out.
        case unreadHanja
        /// Japanese kana, left out.
        case droppedKana
        /// A number too long to say as a number, said digit by digit.
        case spelledDigits
    }

    /// What kind of fallback was taken.
    public let kind: Kind
    /// The text as written.
    public let original: String
    /// What was done instead, in words for a curator.
    public let action: String
    /// The language of the run the words were given (Latin words a bracket glosses); nil when
    /// they stay in the Korean run.
    public let language: String?

    /// A note of `kind` for `original`, saying what was done.
    public init(kind: Kind, original: String, action: String, language: String? = nil) {
        self.kind = kind
        self.original = original
        self.action = action
        self.language = language
    }

    public var description: String { "\(kind.rawValue): '\(original)' — \(action)" }
}
