import Foundation
import Hangul

/// One chapter of the guide: the poster, or one entry. A track is what becomes one WAV file,
/// one caption file and one pair of scripts.
public struct Track: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Equatable, Codable {
        case poster
        case entry
    }

    /// ASCII-safe, unique file stem inside the output folder, e.g. `00-poster`, `03-jikji`.
    public var fileStem: String
    /// The heading a reader sees (the poster's title on one line, or the entry's name).
    public var title: String
    public var kind: Kind
    /// 1-based place in the guide (the poster is 1).
    public var position: Int
    /// The blocks of the track in reading order.
    public var blocks: [Block]

    public init(fileStem: String, title: String, kind: Kind, position: Int, blocks: [Block]) {
        self.fileStem = fileStem
        self.title = title
        self.kind = kind
        self.position = position
        self.blocks = blocks
    }

    /// Every sentence of the track, in reading order.
    public var sentences: [Sentence] { blocks.flatMap(\.sentences) }

    /// What a reader or screen reader sees: the title, the fact lines, then paragraphs
    /// separated by blank lines (an audio description is a paragraph of its own).
    public var displayScript: String { layout(\.displayText) }

    /// What the voice says, laid out like the display script.
    public var spokenScript: String { layout(\.spokenText) }

    private func layout(_ text: (Block) -> String) -> String {
        var lines: [String] = []
        var previous: Block.Role?
        for block in blocks {
            let startsGroup =
                block.role == .paragraph || previous == .paragraph
                || (previous == .fact && block.role != .fact)
                || block.role == .appearance || previous == .appearance
            if startsGroup, !lines.isEmpty { lines.append("") }
            lines.append(text(block))
            previous = block.role
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A heading, a fact line ("방문객: …") or a paragraph, made of sentences.
public struct Block: Sendable, Equatable, Codable {
    public enum Role: String, Sendable, Equatable, Codable {
        /// The track's title.
        case title
        /// A labelled fact of the poster; `label` holds the label.
        case fact
        /// An entry's one-line summary.
        case summary
        /// What the picture shows, for those who do not see it (the catalog's
        /// `image_description`): read after the name; `label` holds its heading.
        case appearance
        /// A paragraph of running text.
        case paragraph
    }

    public var role: Role
    /// For facts: the label ("방문객"); empty otherwise.
    public var label: String
    /// For facts: the value as displayed ("사천팔백십삼만 삼백 명"); empty otherwise.
    public var value: String
    public var sentences: [Sentence]

    public init(role: Role, label: String = "", value: String = "", sentences: [Sentence]) {
        self.role = role
        self.label = label
        self.value = value
        self.sentences = sentences
    }

    public var displayText: String { sentences.map(\.display).joined(separator: " ") }
    public var spokenText: String { sentences.map(\.spokenText).joined(separator: " ") }
}

/// The smallest unit that is timed: one caption cue, one mark in the speech.
public struct Sentence: Sendable, Equatable, Codable {
    /// The text as written in the catalog.
    public var display: String
    /// The words the voice says, in runs of one language each.
    public var spoken: [SpokenRun]
    /// The link from what is shown to what is said: for each word of `displayWords`, the index
    /// of the first word of `spokenWords` it is heard as. Never decreasing; a display word that
    /// is not spoken (a dash) points at the next spoken word, or at `spokenWords.count` at the
    /// end. Nil when no reliable link is known (the words are then timed by length).
    public var wordLinks: [Int]?

    public init(display: String, spoken: [SpokenRun], wordLinks: [Int]? = nil) {
        self.display = display
        self.spoken = spoken
        self.wordLinks = wordLinks
    }

    /// The words of `display` as captions show them: split at white space, line breaks and
    /// control characters (the same words as the caption splitter's).
    public var displayWords: [Substring] { Self.words(display) }

    /// The words the voice says: the spoken runs' words in order.
    public var spokenWords: [Substring] { spoken.flatMap { Self.words($0.text) } }

    /// `text` split at white space, line breaks and other control characters.
    public static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { character in character.unicodeScalars.contains(where: isSeparator) })
    }

    /// Whether `scalar` splits words: white space, a control character, or a line or paragraph
    /// separator. Printable ASCII and Hangul syllables, nearly all of a Korean text, are answered
    /// without looking up Unicode properties (a table search per scalar).
    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x7E, HangulSyllable.range: return false
        case 0x2028, 0x2029: return true
        default: return scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
        }
    }

    /// The spoken runs joined as plain text.
    public var spokenText: String {
        spoken.map(\.text).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
}

/// A stretch of spoken text in one language.
public struct SpokenRun: Sendable, Equatable, Codable {
    public var text: String
    /// A BCP 47 language tag ("fr") when the run is not in the guide's language, else nil.
    public var language: String?
    /// The text is already a pronunciation (a curator's lexicon entry): the voice gets it as
    /// written, with no rule of the pronunciation stage applied.
    public var isPronunciation: Bool

    public init(text: String, language: String? = nil, isPronunciation: Bool = false) {
        self.text = text
        self.language = language
        self.isPronunciation = isPronunciation
    }

    private enum CodingKeys: String, CodingKey { case text, language, isPronunciation }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        isPronunciation = try container.decodeIfPresent(Bool.self, forKey: .isPronunciation) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(language, forKey: .language)
        if isPronunciation { try container.encode(true, forKey: .isPronunciation) }
    }
}
