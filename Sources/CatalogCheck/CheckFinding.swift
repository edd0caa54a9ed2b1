/// One thing in a catalog that the voice will probably get wrong, or that looks like a data error.
public struct CheckFinding: Sendable, Equatable, Codable {
    /// What kind of problem it is.
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        /// A word broken by a stray space (만국박 람회): joined, it is a dictionary word.
        case brokenWord
        /// Latin-script words the lexicon does not list: the Korean voice reads them as written.
        case unlistedLatin
        /// Hanja the dictionary has no reading for: left out of the speech.
        case unreadHanja
        /// A number or sign read by a fallback rule (digit by digit, or left out).
        case fallbackReading
        /// A field that is empty (or was missing).
        case emptyField
        /// A field whose value another entry has too.
        case duplicateField
        /// Something else the catalog reader noticed and worked around.
        case dataWarning
        /// A picture found for the entry with no text alternative (`image_alt`).
        case missingAltText
        /// A sign no braille table writes: the braille edition spells it out in Korean words.
        case brailleSpelledOut

        /// The kind in words, singular and plural.
        public var label: (one: String, many: String) {
            switch self {
            case .brokenWord: ("broken word", "broken words")
            case .unlistedLatin: ("Latin-script name without a lexicon entry", "Latin-script names without a lexicon entry")
            case .unreadHanja: ("Hanja without a reading", "Hanja without a reading")
            case .fallbackReading: ("number or sign read by a fallback rule", "numbers or signs read by a fallback rule")
            case .emptyField: ("empty field", "empty fields")
            case .duplicateField: ("duplicate field", "duplicate fields")
            case .dataWarning: ("data warning", "data warnings")
            case .missingAltText: ("picture without alt text", "pictures without alt text")
            case .brailleSpelledOut: ("sign the braille spells out in words", "signs the braille spells out in words")
            }
        }
    }

    public var kind: Kind
    /// "poster", or the entry's name.
    public var entry: String
    /// 0 for the poster, 1… for the entries in catalog order.
    public var position: Int
    /// The JSON key of the field (title, description, name, short_desc, desc, …).
    public var field: String
    /// The text in question, as written.
    public var text: String
    /// The text around it, on one line.
    public var context: String
    /// What is wrong and what to do, in words for a curator.
    public var detail: String
    /// For Latin-script names: the voice that will read them (espeak-ng voice name).
    public var voice: String?
    /// For broken words: the word as it probably should be written.
    public var suggestion: String?

    public init(
        kind: Kind, entry: String, position: Int, field: String, text: String, context: String,
        detail: String, voice: String? = nil, suggestion: String? = nil
    ) {
        self.kind = kind
        self.entry = entry
        self.position = position
        self.field = field
        self.text = text
        self.context = context
        self.detail = detail
        self.voice = voice
        self.suggestion = suggestion
    }
}

/// What `CatalogChecker` found, and which checks it could not run.
public struct CheckReport: Sendable, Equatable, Codable {
    /// Every finding, in catalog order (poster first), then field order.
    public var findings: [CheckFinding]
    /// Checks that were skipped, each with the reason and how to enable it.
    public var skipped: [String]
    /// Why a check failed part-way (the spelling dictionary ran out of memory), if one did: such
    /// a report is not kept in the cache, so that the next run checks again.
    public var failure: String?

    public init(findings: [CheckFinding], skipped: [String], failure: String? = nil) {
        self.findings = findings
        self.skipped = skipped
        self.failure = failure
    }

    /// Whether nothing was found.
    public var isClean: Bool { findings.isEmpty }

    /// How many findings of each kind, in the order of `Kind.allCases`, kinds with none left out.
    public var counts: [(kind: CheckFinding.Kind, count: Int)] {
        CheckFinding.Kind.allCases.compactMap { kind in
            let count = findings.filter { $0.kind == kind }.count
            return count == 0 ? nil : (kind, count)
        }
    }

    /// "3 broken words, 1 empty field", or "nothing found".
    public var summary: String {
        let parts = counts.map { "\($0.count) \($0.count == 1 ? $0.kind.label.one : $0.kind.label.many)" }
        return parts.isEmpty ? "nothing found" : parts.joined(separator: ", ")
    }
}
