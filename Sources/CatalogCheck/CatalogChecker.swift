import ExpoModel
import ExpoSystem
import Foundation
import Hangul
import Narration
import Normalization

/// The voices a run would use, as the check names them: the Korean voice and the voices for
/// other languages (language tag → espeak-ng voice).
public struct CheckVoices: Sendable {
    public var profile: String
    public var korean: String
    public var foreign: [String: String]

    public init(profile: String, korean: String, foreign: [String: String]) {
        self.profile = profile
        self.korean = korean
        self.foreign = foreign
    }
}

/// A pre-flight check of a catalog, without synthesizing: what the voice will probably get
/// wrong (unlisted Latin-script names, Hanja without a reading, numbers and signs read by a
/// fallback rule, words broken by a stray space) and what looks like a data error (empty or
/// duplicate fields, anything the catalog reader worked around).
public struct CatalogChecker {
    /// How many characters of context are shown on each side of a finding.
    public static let contextLength = 24
    /// The names the Korean spelling dictionary is installed under.
    public static let koreanDictionaryNames = ["ko_KR", "ko"]

    let normalizer: KoreanNormalizer
    let voices: CheckVoices
    /// The spelling dictionary given, or nil to load the installed one for each catalog checked,
    /// reduced to the words the check will ask it (see `SpellingDictionary.init(names:folders:onlyFor:)`).
    let spelling: SpellingDictionary??
    /// Called before the installed dictionary and the Hanja table are loaded (see
    /// `init(normalizer:voices:beforeLoading:)`).
    let beforeLoading: @Sendable () -> Void
    /// The signs of a text that no braille table writes, with the words the braille edition
    /// writes instead (the braille transcriber's, given by the caller); nil: not checked.
    public var brailleSpelling: (@Sendable (String) -> [(sign: Character, words: String)])?

    /// A checker reading with `normalizer` (and its lexicon); `spelling` is the Korean spelling
    /// dictionary, nil when it is not installed (broken words are then not checked, and the
    /// report says so).
    public init(normalizer: KoreanNormalizer, voices: CheckVoices, spelling: SpellingDictionary?) {
        self.normalizer = normalizer
        self.voices = voices
        self.spelling = .some(spelling)
        self.beforeLoading = {}
    }

    /// A checker with the Korean spelling dictionary from where Debian installs it, if it is
    /// there, loaded for each catalog with only what can read that catalog's words; one that
    /// cannot be loaded (memory short) leaves broken words unchecked, and the report says why.
    /// `beforeLoading` is called once the dictionary's files are cut down to the catalog's words
    /// (little memory held), before the dictionary and libhangul's Hanja table are loaded.
    public init(normalizer: KoreanNormalizer, voices: CheckVoices, beforeLoading: @escaping @Sendable () -> Void = {}) {
        self.normalizer = normalizer
        self.voices = voices
        self.spelling = .none
        self.beforeLoading = beforeLoading
    }

    /// The texts the check reads in `catalog`: the poster's fields, then each entry's.
    static func posterFields(_ poster: Poster) -> [(String, String)] {
        [("title", poster.title), ("location", poster.location), ("duration", poster.duration), ("description", poster.description)]
    }

    static func entryFields(_ entry: Entry) -> [(String, String)] {
        [("name", entry.name), ("image_name", entry.imageName), ("short_desc", entry.shortDescription), ("desc", entry.description)]
    }

    /// Every word the broken-word check may ask the spelling dictionary about in `catalog`: both
    /// words of each candidate pair and the two joined, in every text it checks (the poster's and
    /// entries' fields and the pictures' audio descriptions).
    public static func spellingWords(in catalog: Catalog) -> Set<String> {
        var words = Set<String>()
        let texts =
            posterFields(catalog.poster).map(\.1) + [catalog.poster.imageDescription ?? ""]
            + catalog.entries.flatMap { entry in entryFields(entry).map(\.1) + [entry.imageDescription ?? ""] }
        for text in texts {
            for pair in brokenWordCandidates(text) {
                words.insert(pair.first)
                words.insert(pair.second)
                words.insert(pair.first + pair.second)
            }
        }
        return words
    }

    /// Checks `catalog`; `warnings` are what the catalog reader reported while loading it;
    /// `picturesFound` the image names that have a picture file (their text alternatives are checked).
    public func check(_ catalog: Catalog, warnings: [CatalogWarning] = [], picturesFound: Set<String> = []) -> CheckReport {
        var findings: [CheckFinding] = []
        let dictionary: SpellingDictionary?
        let loadFailure: String?
        var hanjaLoading: BackgroundWork?
        defer { hanjaLoading?.waitQuietly() }
        switch spelling {
        case .some(let given): (dictionary, loadFailure) = (given, nil)
        case .none:
            do {
                let words = Self.spellingWords(in: catalog)
                let spelling = try SpellingDictionary(names: Self.koreanDictionaryNames, onlyFor: words) {
                    beforeLoading()
                    // Words to ask: the Hanja dictionary loads meanwhile.
                    if !words.isEmpty { hanjaLoading = BrokenWordDetector.loadSinoKoreanWordsBeside() }
                }
                (dictionary, loadFailure) = (spelling, nil)
            } catch {
                (dictionary, loadFailure) = (nil, "\(error)")
            }
        }
        let brokenWords = dictionary.map(BrokenWordDetector.init(dictionary:))
        let posterFields = Self.posterFields(catalog.poster)
        for (field, text) in posterFields {
            findings += checkText(text, entry: "poster", position: 0, field: field, brokenWords: brokenWords)
        }
        // Per field, where each text was first seen: duplicates in one pass, not by pairs.
        var firstSeen: [String: [String: Int]] = [:]
        for (index, entry) in catalog.entries.enumerated() {
            let label = entry.name.trimmingWhitespace.isEmpty ? "entry \(index + 1)" : entry.name
            for (field, text) in Self.entryFields(entry) {
                let trimmed = text.trimmingWhitespace
                if trimmed.isEmpty {
                    findings.append(
                        CheckFinding(
                            kind: .emptyField, entry: label, position: index + 1, field: field, text: "", context: "",
                            detail: "the field is empty; fill it in (it is narrated without it)"))
                    continue
                }
                if let first = firstSeen[field]?[trimmed] {
                    let other = catalog.entries[first].name
                    findings.append(
                        CheckFinding(
                            kind: .duplicateField, entry: label, position: index + 1, field: field, text: text,
                            context: Self.context(of: text.startIndex..<text.endIndex, in: text),
                            detail: "the same as the \(field) of entry \(first + 1) (\(other)); one of them is probably a copy left by mistake"))
                } else {
                    firstSeen[field, default: [:]][trimmed] = index
                }
                if field != "image_name" {
                    findings += checkText(text, entry: label, position: index + 1, field: field, brokenWords: brokenWords)
                }
            }
        }
        for field in posterFields where field.1.trimmingWhitespace.isEmpty {
            findings.append(
                CheckFinding(
                    kind: .emptyField, entry: "poster", position: 0, field: field.0, text: "", context: "",
                    detail: "the field is empty; fill it in (it is narrated without it)"))
        }
        findings += pictureFindings(catalog, picturesFound: picturesFound, brokenWords: brokenWords)
        findings += readerWarnings(warnings, catalog: catalog, already: findings)
        findings = findings.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }.map(\.element)
        var skipped: [String] = []
        var failure: String?
        if let reason = loadFailure ?? brokenWords?.dictionary.failure {
            failure = "the Korean spelling dictionary failed (\(singleLine(reason)))"
            skipped.append("Broken words were not checked in full: \(failure!); run the check again with more memory")
        } else if brokenWords == nil {
            skipped.append(
                "Broken words were not checked: the Korean spelling dictionary (hunspell-ko) is not installed "
                    + "(looked for ko_KR.aff or ko.aff in \(SpellingDictionary.searchFolders.joined(separator: ", "))). "
                    + "Install it with: apt-get install hunspell-ko")
        }
        return CheckReport(findings: findings, skipped: skipped, failure: failure)
    }

    /// The findings in one text field.
    func checkText(_ text: String, entry: String, position: Int, field: String, brokenWords: BrokenWordDetector?) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        var spokenText = text
        // A poster title's name in another language is read by that language's voice, when its
        // language can be told.
        if field == "title", position == 0, PosterTitleParts.foreignLanguage(text) != nil {
            spokenText = PosterTitleParts.split(text).main
        }
        let notes = normalizer.spokenRunsWithNotes(spokenText).notes
        var searchFrom = text.startIndex
        for note in notes {
            let range = Self.find(note.original, in: text, from: searchFrom)
            if let range { searchFrom = range.upperBound }
            let context = range.map { Self.context(of: $0, in: text) } ?? Self.context(of: text.startIndex..<text.startIndex, in: text)
            switch note.kind {
            case .latinWords:
                let (detail, voice) = unlistedLatinDetail(note)
                findings.append(
                    CheckFinding(
                        kind: .unlistedLatin, entry: entry, position: position, field: field, text: note.original, context: context,
                        detail: detail, voice: voice))
            case .unreadHanja:
                findings.append(
                    CheckFinding(
                        kind: .unreadHanja, entry: entry, position: position, field: field, text: note.original, context: context,
                        detail: "no reading in the Hanja dictionary, so it is left out; add its reading in Hangul beside it, or a lexicon line"))
            case .droppedSymbol, .droppedKana, .spelledDigits:
                findings.append(
                    CheckFinding(
                        kind: .fallbackReading, entry: entry, position: position, field: field, text: note.original, context: context,
                        detail: "\(note.action); write it in words, or add a lexicon line"))
            }
        }
        if let brokenWords {
            findings += brokenWordFindings(text, detector: brokenWords, entry: entry, position: position, field: field)
        }
        for (sign, words) in brailleSpelling?(text) ?? [] {
            let range = text.firstIndex(of: sign).map { $0..<text.index(after: $0) }
            findings.append(
                CheckFinding(
                    kind: .brailleSpelledOut, entry: entry, position: position, field: field, text: String(sign),
                    context: Self.context(of: range ?? text.startIndex..<text.startIndex, in: text),
                    detail: "no braille table writes it, so the braille edition spells it out as “\(words)”; write it in words if that is not what it means"))
        }
        return findings
    }

    /// Neighbouring Hangul words on one line, with nothing but a space between them, that look
    /// like one word broken in two.
    func brokenWordFindings(_ text: String, detector: BrokenWordDetector, entry: String, position: Int, field: String) -> [CheckFinding] {
        Self.brokenWordCandidates(text).compactMap { pair in
            guard let match = detector.match(pair.first, pair.second) else { return nil }
            return CheckFinding(
                kind: .brokenWord, entry: entry, position: position, field: field, text: String(text[pair.range]),
                context: Self.context(of: pair.range, in: text),
                detail: "probably one word broken by a space, which the voice reads as two: \(match.reason); write '\(match.joined)'",
                suggestion: match.joined)
        }
    }

    /// The neighbouring Hangul words of `text` that the broken-word check asks about: the left
    /// word without leading punctuation, the right one without trailing punctuation, one space
    /// between them on one line.
    static func brokenWordCandidates(_ text: String) -> [(first: String, second: String, range: Range<String.Index>)] {
        var candidates: [(first: String, second: String, range: Range<String.Index>)] = []
        var words: [(range: Range<String.Index>, text: Substring)] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == " " || text[index] == "\t" || text[index].isNewline {
                index = text.index(after: index)
                continue
            }
            let start = index
            while index < text.endIndex, !(text[index] == " " || text[index] == "\t" || text[index].isNewline) {
                index = text.index(after: index)
            }
            words.append((start..<index, text[start..<index]))
        }
        for (left, right) in zip(words, words.dropFirst()) {
            // Only one space between them: not across a line break.
            guard text[left.range.upperBound..<right.range.lowerBound] == " " else { continue }
            guard let last = left.text.last, isHangulSyllable(last),
                let first = right.text.first, isHangulSyllable(first)
            else { continue }
            let a = left.text.drop(while: { $0.isPunctuation || $0.isSymbol })
            let b = right.text.prefix(while: isHangulSyllable)
            guard !a.isEmpty, a.allSatisfy(isHangulSyllable), b.count == right.text.count || right.text.dropFirst(b.count).allSatisfy({ $0.isPunctuation })
            else { continue }
            candidates.append((String(a), String(b), a.startIndex..<b.endIndex))
        }
        return candidates
    }

    /// The reader's warnings that no other finding already covers, placed at their entry.
    func readerWarnings(_ warnings: [CatalogWarning], catalog: Catalog, already: [CheckFinding]) -> [CheckFinding] {
        warnings.compactMap { warning in
            let (position, field) = Self.place(of: warning.path)
            let covered = already.contains { $0.position == position && $0.field == field && ($0.kind == .emptyField || $0.kind == .duplicateField) }
            if covered { return nil }
            let entry = position == 0 ? "poster" : (position - 1 < catalog.entries.count ? catalog.entries[position - 1].name : "entry \(position)")
            return CheckFinding(
                kind: .dataWarning, entry: entry, position: position, field: field, text: "", context: "",
                detail: "\(warning.file): \(warning.path): \(warning.message)")
        }
    }

    /// The position and field of a JSON path such as `$[3].name` or `$.title`.
    static func place(of path: String) -> (position: Int, field: String) {
        let field = path.split(separator: ".").last.map(String.init) ?? path
        guard path.hasPrefix("$["), let close = path.firstIndex(of: "]"),
            let index = Int(path[path.index(path.startIndex, offsetBy: 2)..<close])
        else { return (0, field) }
        return (index + 1, path.contains("].") ? field : "")
    }

    static func isHangulSyllable(_ character: Character) -> Bool {
        character.unicodeScalars.count == 1 && HangulSyllable.contains(character.unicodeScalars.first!)
    }

    /// `needle` in `text` from `start` (the normalizer writes ’ as ').
    static func find(_ needle: String, in text: String, from start: String.Index) -> Range<String.Index>? {
        if let range = text.range(of: needle, range: start..<text.endIndex) { return range }
        let curly = needle.replacingOccurrences(of: "'", with: "\u{2019}")
        return text.range(of: curly, range: start..<text.endIndex) ?? text.range(of: needle) ?? text.range(of: curly)
    }

    /// The text around `range` on one line: up to `contextLength` characters each side.
    public static func context(of range: Range<String.Index>, in text: String) -> String {
        let before = text[..<range.lowerBound].suffix(contextLength)
        let after = text[range.upperBound...].prefix(contextLength)
        var line =
            (before.count < text.distance(from: text.startIndex, to: range.lowerBound) ? "…" : "")
            + before + text[range] + after
        if after.endIndex < text.endIndex { line += "…" }
        return String(line.map { $0.isNewline ? " " : $0 })
    }

    /// What a run does with Latin words the lexicon does not list, and the voice that reads
    /// them: the voice of the language their bracket gave them (as the run chooses it, see
    /// `LatinNameLanguage`), else the Korean voice.
    func unlistedLatinDetail(_ note: NormalizationNote) -> (detail: String, voice: String) {
        let korean = "the Korean voice (\(voices.korean), profile \(voices.profile))"
        if let language = note.language {
            let name = Self.languageName(language)
            let fix = "a lexicon line '\(note.original) | \(note.original) | \(language)' keeps it so, or gives it a reading"
            guard let voice = voices.foreign[language] else {
                return (
                    "not in the lexicon; its bracket marks it \(name), but profile \(voices.profile) has no \(name) voice, "
                        + "so \(korean) will read it with its own rules; \(fix)", voices.korean
                )
            }
            return ("not in the lexicon; the \(name) voice (\(voice)) will read it: a bracketed name, \(note.action); \(fix)", voice)
        }
        let language = KoreanNormalizer.latinLanguage(of: note.original)
        let advice =
            voices.foreign[language].map {
                "it looks \(Self.languageName(language)): a lexicon line '\(note.original) | \(note.original) | \(language)' gives it the \(Self.languageName(language)) voice (\($0))"
            } ?? "a lexicon line '\(note.original) | how it is said' gives it a reading"
        return ("not in the lexicon; \(korean) will read it with its own rules; \(advice)", voices.korean)
    }

    static func languageName(_ tag: String) -> String {
        switch tag {
        case "fr": "French"
        case "en": "English"
        case "de": "German"
        case "it": "Italian"
        case "es": "Spanish"
        case "la": "Latin"
        case "pt": "Portuguese"
        case "nl": "Dutch"
        default: tag
        }
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        String(self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
