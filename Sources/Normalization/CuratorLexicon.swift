import ExpoModel
import ExpoSystem
import Foundation

/// The lexicon a curator edits (lexicon.txt in the Voices folder): words whose spoken form a
/// curator fixes by hand, applied before every other rule. (The dictionaries that ship are
/// `PronunciationDictionary`, `PartsOfSpeech`, `SpellingDictionary` and `HanjaDictionary`.)
///
/// An entry whose written form is one capital letter (`Z | 지`) is a letter name: it is used to
/// spell acronyms and letter–digit tokens (DMZ → 디엠지) instead of the built-in name.
///
/// The file format is plain UTF-8 text, one entry a line: the written form, the spoken form and
/// an optional BCP 47 language tag, separated by `|`. Blank lines and lines starting with `#`
/// are ignored. Example: `Jikji | 직지` or `L'Exposition de Paris | L'Exposition de Paris | fr`.
/// A Korean spoken form in square brackets is a pronunciation, as dictionaries write one
/// (`국립 | [궁닙]`): the voice gets it exactly, and no rule of the pronunciation stage changes it.
public struct CuratorLexicon: Sendable {
    /// One written form and what the voice should say for it.
    public struct Entry: Sendable, Equatable {
        /// The text as it appears in the catalog.
        public var written: String
        /// What the voice says instead.
        public var spoken: String
        /// The language of `spoken` ("fr", "en") when it is not Korean; nil for Korean.
        public var language: String?
        /// `spoken` is the pronunciation itself (written `[…]` in the file): the voice gets it
        /// as it is.
        public var isPronunciation: Bool

        public init(written: String, spoken: String, language: String? = nil, isPronunciation: Bool = false) {
            self.written = written
            self.spoken = spoken
            self.language = language
            self.isPronunciation = isPronunciation
        }
    }

    /// A lexicon with no entries.
    public static let empty = CuratorLexicon(entries: [])

    /// The entries in the order given; a later entry for the same written form wins.
    public let entries: [Entry]

    /// Entries indexed by their first scalar, longest written form first (letter names left out).
    let candidatesByFirstScalar: [UInt32: [(written: [Unicode.Scalar], entry: Entry)]]

    /// The curator's names of capital letters (A-Z), by scalar value.
    let letterNames: [UInt32: String]

    /// Tokens of Latin capitals said as words (Voices/acronyms.txt), after the entries.
    public let acronyms: WordAcronyms

    /// A lexicon made of `entries`, with `acronyms` for tokens of capitals no entry reads.
    public init(entries: [Entry], acronyms: WordAcronyms = .empty) {
        var latest: [String: Int] = [:]
        for (index, entry) in entries.enumerated() where !entry.written.isEmpty {
            latest[entry.written] = index
        }
        var index: [UInt32: [(written: [Unicode.Scalar], entry: Entry)]] = [:]
        var letterNames: [UInt32: String] = [:]
        for position in latest.values.sorted() {
            let entry = entries[position]
            let scalars = Array(entry.written.unicodeScalars)
            if scalars.count == 1, scalars[0].value &- 0x41 < 26, entry.language == nil {
                letterNames[scalars[0].value] = entry.spoken
                continue
            }
            index[scalars[0].value, default: []].append((scalars, entry))
        }
        for key in index.keys {
            index[key]?.sort { $0.written.count > $1.written.count }
        }
        self.entries = entries
        self.candidatesByFirstScalar = index
        self.letterNames = letterNames
        self.acronyms = acronyms
    }

    /// This lexicon with `acronyms` in place of its own.
    public func adding(_ acronyms: WordAcronyms) -> CuratorLexicon {
        CuratorLexicon(entries: entries, acronyms: acronyms)
    }

    /// Reads a lexicon file; throws an `ExpoError` naming the line at fault.
    public init(contentsOf url: URL) throws {
        let lines: [Substring]
        do {
            lines = try CuratedText.lines(ofFile: url)
        } catch {
            throw ExpoError.lexicon(file: url.path, line: nil, reason: error.description, fix: error.fix)
        }
        var entries: [Entry] = []
        var seen: [String: Int] = [:]
        for (offset, rawLine) in lines.enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            func failure(_ reason: String, _ fix: String) -> ExpoError {
                ExpoError.lexicon(file: url.path, line: lineNumber, reason: reason, fix: fix)
            }
            guard fields.count == 2 || fields.count == 3 else {
                throw failure(
                    "expected 2 or 3 fields separated by '|', found \(fields.count)",
                    "write 'written | spoken' or 'written | spoken | language'")
            }
            guard !fields[0].isEmpty else {
                throw failure("the written form is empty", "put the word as it is written before the first '|'")
            }
            guard !fields[1].isEmpty else {
                throw failure("the spoken form of '\(excerpt(fields[0]))' is empty", "put what the voice should say after the first '|'")
            }
            var language: String?
            if fields.count == 3, !fields[2].isEmpty {
                guard Self.isLanguageTag(fields[2]) else {
                    throw failure(
                        "'\(excerpt(fields[2]))' is not a language tag",
                        "use a BCP 47 tag such as 'fr' or 'en-GB', or leave the third field out for Korean")
                }
                language = fields[2] == "ko" ? nil : fields[2]
            }
            if let earlier = seen[fields[0]] {
                throw failure("'\(excerpt(fields[0]))' is already defined on line \(earlier)", "keep only one entry for it")
            }
            seen[fields[0]] = lineNumber
            var spoken = fields[1]
            let isPronunciation = language == nil && spoken.count > 2 && spoken.hasPrefix("[") && spoken.hasSuffix("]")
            if isPronunciation { spoken = String(spoken.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces) }
            entries.append(Entry(written: fields[0], spoken: spoken, language: language, isPronunciation: isPronunciation))
        }
        self.init(entries: entries)
    }

    private static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = parts.first, (2...3).contains(primary.count),
            primary.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}

extension ExpoError {
    /// A pronunciation lexicon file that cannot be used: which file, which line (1-based, or nil
    /// when the whole file is at fault), why, and what to do.
    public static func lexicon(file: String, line: Int?, reason: String, fix: String) -> ExpoError {
        let place = line.map { "\(file):\($0)" } ?? file
        return ExpoError(
            .usage, "\(place): \(reason)", advice: withoutFinalFullStop(fix.prefix(1).uppercased() + fix.dropFirst()) + ".",
            subject: .lexicon)
    }
}
