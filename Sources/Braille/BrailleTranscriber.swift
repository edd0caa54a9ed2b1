import ExpoModel
import ExpoSystem
import Foundation
import Normalization

/// Display text → Korean braille (한국 점자 규정), as Unicode braille cells. Every cell comes from
/// liblouis: Korean text, digits and punctuation through our table (`Voices/braille/ko-expo-g2.ctb`,
/// liblouis's ko-g2 with the rules it gets wrong replaced), Latin letters through liblouis's
/// Unified English Braille tables. What liblouis cannot know is decided here:
/// - Hanja has no braille: a bracket of Hanja that only repeats the word before it (민영찬(閔泳瓚))
///   is left out, any other Hanja is written as its reading (the curator's lexicon first, then
///   libhangul's dictionary: the reading the guide speaks);
/// - a run of Latin words inside Korean text is put between the 로마자표 ⠴ and the 로마자 종료표
///   ⠲ (제29항), the terminator left out before a bracket, a quotation mark or a sentence mark
///   (제34항); a text of Latin words alone is English braille without them (제28항);
/// - letters, signs and spaces by context (제8–10항, 제46항: `BrailleTranscriber+Context`), and
///   signs no table writes spelled out in words (`BrailleTranscriber+Spelled`);
/// - straight quotes become opening and closing marks by their place; unit symbols (㎝, ㎢) are
///   written with their letters.
public struct BrailleTranscriber: Sendable {
    /// The Korean table's path (liblouis resolves its `include ko-g2.ctb` in Debian's tables).
    public let koreanTable: String
    /// liblouis's contracted Unified English Braille table, for Latin words (제28항: the
    /// standard's own examples contract them, inside Korean text and alone).
    public let latinTable: String
    /// liblouis's uncontracted Unified English Braille table, for a single letter (a unit, an
    /// initial): contracted braille would read it as a word (m as "more").
    public let letterTable: String
    let normalizer: KoreanNormalizer

    /// 로마자표 and 로마자 종료표 (제29항).
    static let latinStart = "\u{2834}"
    static let latinEnd = "\u{2832}"

    /// A transcriber with the table at `table`; throws `.data` when liblouis cannot compile it
    /// (an edited table) and `.installation` when liblouis's own tables are missing.
    public init(table: URL, normalizer: KoreanNormalizer) throws {
        koreanTable = table.path
        latinTable = "en-ueb-g2.ctb"
        letterTable = "en-ueb-g1.ctb"
        self.normalizer = normalizer
        // liblouis opens the table blocking: a named pipe there would hold the run for ever.
        do {
            try InputFile.openRegular(table.path, followingLinks: true).file.closeQuietly()
        } catch {
            guard FileManager.default.fileExists(atPath: table.path) else {
                throw ExpoError(
                    .installation, "The braille table \(table.path) is missing",
                    advice: "Reinstall expo-narrate: the table ships in Voices/braille/.")
            }
            throw ExpoError(
                .data, "The braille table \(table.path): \(error.description)",
                advice: "Put back the table expo-narrate ships in Voices/braille/ (\(error.fix)).")
        }
        // liblouis-data's own tables first: when they compile and the Korean one does not, the
        // fault is in the Korean table (which a curator may edit), not in the installation.
        for tables in [latinTable, letterTable, koreanTable] {
            let (ok, messages) = Louis.check(tables: tables)
            guard ok else {
                let errors = messages.filter { !$0.hasPrefix("Duplicate") }.suffix(2).joined(separator: "; ")
                let detail = "liblouis cannot compile the braille table \(tables)\(errors.isEmpty ? "" : ": " + errors)"
                guard tables == koreanTable else {
                    throw ExpoError(.installation, detail, advice: "Install Debian's liblouis-data (scripts/install-dependencies.sh).")
                }
                throw ExpoError(
                    .data, detail,
                    advice: "Fix the table (liblouis's table format), or put back the one expo-narrate ships in Voices/braille/.")
            }
        }
    }

    /// The braille of one line of display text (no line breaks in it; a line break is a space).
    public func braille(_ text: String) throws -> String {
        let (text, _, standalone) = try spelledOut(prepared(text))
        // 제28항: a text of Latin words alone (no Hangul) is English braille, without the 로마자표.
        if standalone { return Self.sixDot(try latinBraille(text)) }
        var result = ""
        for segment in Self.segments(text) {
            switch segment {
            case .korean(let text):
                result += try Louis.translate(text, tables: koreanTable)
            case .latin(let text, let terminated):
                result += Self.latinStart + (try latinBraille(text)) + (terminated ? Self.latinEnd : "")
            }
        }
        return Self.sixDot(result)
    }

    /// Latin text in Unified English Braille: contracted, but a single letter uncontracted.
    func latinBraille(_ text: String) throws -> String {
        let letters = text.unicodeScalars.filter(isLatinLetter).count
        return try Louis.translate(text, tables: letters == 1 ? letterTable : latinTable)
    }

    /// Six-dot braille only: a cell with dot 7 or 8 cannot be embossed in BRF.
    static func sixDot(_ braille: String) -> String {
        String(
            String.UnicodeScalarView(
                braille.unicodeScalars.map { scalar in
                    (0x2800...0x28FF).contains(scalar.value) ? Unicode.Scalar(0x2800 | (scalar.value & 0x3F))! : scalar
                }))
    }

    /// The text liblouis is given: Hanja read, quotes paired, unit symbols spelled, line
    /// breaks and tabs as spaces.
    func prepared(_ text: String) -> String {
        var text = withoutHanja(text)
        text = Self.degreesSpelled(Self.unitsSpelled(text))
        text = Self.pairedQuotes(text)
        text = Self.attachedLetters(Self.mathSpaced(Self.angleBrackets(text)))
        return String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    scalar.properties.isWhitespace ? " " : scalar
                }))
    }

    // MARK: Hanja

    /// Hanja replaced: a bracket of Hanja that repeats the reading just before it is dropped;
    /// every other run of Hanja becomes its reading.
    func withoutHanja(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: Self.isHanja) else { return text }
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "(", let close = scalars[index...].firstIndex(of: ")") {
                let inside = scalars[(index + 1)..<close]
                if !inside.isEmpty, inside.allSatisfy({ Self.isHanja($0) || $0 == " " }) {
                    let reading = normalizer.spoken(String(String.UnicodeScalarView(inside.filter { $0 != " " })))
                    let before =
                        String(output).split(separator: " ").last.map { String($0.unicodeScalars.filter { !"《》〈〉「」『』‘’“”'\"".unicodeScalars.contains($0) }) }
                        ?? ""
                    if !reading.isEmpty, before.hasSuffix(reading.replacingOccurrences(of: " ", with: "")) {
                        index = close + 1
                        continue
                    }
                }
            }
            if Self.isHanja(scalar) {
                var end = index
                while end < scalars.count, Self.isHanja(scalars[end]) { end += 1 }
                output.append(contentsOf: normalizer.spoken(String(String.UnicodeScalarView(scalars[index..<end]))).unicodeScalars)
                index = end
                continue
            }
            output.append(scalar)
            index += 1
        }
        return String(output)
    }

    static func isHanja(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return true
        default: return false
        }
    }

    // MARK: Units and quotes

    /// Unit symbols of the CJK compatibility block (㎝, ㎏, ㎢) in their letters, with ² and ³
    /// for square and cubic units.
    static func unitsSpelled(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0x3380...0x33DF).contains($0.value) }) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            guard (0x3380...0x33DF).contains(scalar.value) else {
                output.unicodeScalars.append(scalar)
                continue
            }
            var spelled = String(scalar).precomposedStringWithCompatibilityMapping
            if spelled.hasSuffix("2") { spelled = spelled.dropLast() + "²" }
            if spelled.hasSuffix("3") { spelled = spelled.dropLast() + "³" }
            output += spelled
        }
        return output
    }

    /// ℃ and ℉ as a degree sign and a letter, which the Latin run writes.
    static func degreesSpelled(_ text: String) -> String {
        guard text.contains("℃") || text.contains("℉") else { return text }
        return text.replacingOccurrences(of: "℃", with: "°C").replacingOccurrences(of: "℉", with: "°F")
    }

    /// Straight quotation marks as opening or closing ones: opening at the start or after a
    /// space or an opening bracket, closing elsewhere. An apostrophe inside a Latin word, straight
    /// or curly (World’s), is an apostrophe, not a closing quote that ends the Latin run.
    static func pairedQuotes(_ text: String) -> String {
        guard text.contains("\"") || text.contains("'") || text.contains("’") else { return text }
        var output = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let opens = previous == nil || previous!.properties.isWhitespace || "([{《〈「『“‘".unicodeScalars.contains(previous!)
            switch scalar {
            case "\"": output.append(opens ? "“" : "”")
            case "'", "’":
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                let inWord = previous.map(isLatinLetter) == true && next.map(isLatinLetter) == true
                output.append(inWord ? "'" : scalar == "’" ? "’" : (opens ? "‘" : "’"))
            default: output.append(scalar)
            }
            previous = scalar
        }
        return String(output)
    }

    // MARK: Latin runs

    enum Segment: Equatable {
        case korean(String)
        /// A run of Latin words, and whether the terminator follows it.
        case latin(String, terminated: Bool)
    }

    /// What a Latin run carries besides letters: superscript digits (km²) and the degree sign (°C),
    /// which the UEB table writes and the Korean one does not.
    static let latinRunScalars: Set<Unicode.Scalar> = Set("°¹²³⁰⁴⁵⁶⁷⁸⁹".unicodeScalars)

    /// Marks after which the Latin terminator is not written (제34항: the run is closed by the
    /// mark itself).
    static let closingMarks: Set<Unicode.Scalar> = Set("()[]{}“”‘’\"'.?!…⋯「」『』《》〈〉".unicodeScalars)

    /// The text in runs: Latin words (letters, with apostrophes, hyphens and spaces between
    /// letters) and everything else.
    static func segments(_ text: String) -> [Segment] {
        let scalars = Array(text.unicodeScalars)
        var segments: [Segment] = []
        var other = String.UnicodeScalarView()
        var index = 0
        func flush() {
            if !other.isEmpty { segments.append(.korean(String(other))) }
            other = String.UnicodeScalarView()
        }
        while index < scalars.count {
            let startsRun =
                isLatinLetter(scalars[index])
                || (scalars[index] == "°" && index + 1 < scalars.count && isLatinLetter(scalars[index + 1]))
            guard startsRun else {
                other.append(scalars[index])
                index += 1
                continue
            }
            var end = index
            while end < scalars.count {
                if isLatinLetter(scalars[end]) || latinRunScalars.contains(scalars[end]) {
                    end += 1
                    continue
                }
                // A joiner continues the run when letters follow it.
                var next = end
                while next < scalars.count, scalars[next] == " " || scalars[next] == "'" || scalars[next] == "-" { next += 1 }
                if next > end, next < scalars.count, isLatinLetter(scalars[next]), next - end <= 2 {
                    end = next
                    continue
                }
                break
            }
            flush()
            let following = end < scalars.count ? scalars[end] : nil
            let terminated = following.map { !closingMarks.contains($0) } ?? false
            segments.append(.latin(String(String.UnicodeScalarView(scalars[index..<end])), terminated: terminated))
            index = end
        }
        flush()
        return segments
    }
}

/// A letter of the Latin script: ASCII letters and the accented letters of Latin-1 and
/// Latin Extended-A/B (é, ç, ō), not × or ÷.
func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A: return true
    case 0xC0...0x24F: return scalar.value != 0xD7 && scalar.value != 0xF7
    default: return false
    }
}
