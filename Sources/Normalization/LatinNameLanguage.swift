/// The language of a Latin-script name that a catalog writes in brackets after its Korean name
/// — 르 프티 주르날(Le Petit Journal), 불경(영어: Buddhist texts) — so that the voice of that
/// language can read it.
///
/// A label in the bracket (영어, 프랑스어, 독일어 …) decides. Otherwise only the name's own
/// spelling does, and only for the languages it can be told by: French (é, ç, œ …; l', d',
/// qu'; le, la, de, des …) and English (the, of, and …; 's). Evidence of both, or of another
/// language (ñ, ü, ß; del, der, von, van …), or none at all gives no decision: the caller then
/// leaves the name to the Korean voice rather than guess.
public enum LatinNameLanguage {
    /// What decided a name's language.
    public enum Evidence: Sendable, Equatable, CustomStringConvertible {
        /// A language label in the bracket, as written (영어).
        case label(String)
        /// The name's spelling: a French or English letter, elision or word, as found.
        case spelling(String)

        public var description: String {
            switch self {
            case .label(let label): "the label '\(label)' in its bracket"
            case .spelling(let clue): "its spelling ('\(clue)')"
            }
        }
    }

    /// Korean names of languages, as a catalog labels a gloss, and their tags.
    static let labels: [String: String] = [
        "영어": "en", "영문": "en", "프랑스어": "fr", "불어": "fr", "불문": "fr", "독일어": "de", "독어": "de",
        "이탈리아어": "it", "이태리어": "it", "스페인어": "es", "에스파냐어": "es", "라틴어": "la",
        "포르투갈어": "pt", "네덜란드어": "nl",
    ]

    /// The language tag of a label (영어 → en), also with 명 (영문명), or nil.
    public static func language(ofLabel label: String) -> String? {
        if let tag = labels[label] { return tag }
        guard label.hasSuffix("명") else { return nil }
        return labels[String(label.dropLast())]
    }

    private static let frenchLetters: Set<Unicode.Scalar> = [
        "é", "è", "ê", "ë", "à", "â", "ç", "œ", "æ", "î", "ï", "ô", "û", "ù", "ÿ",
        "É", "È", "Ê", "À", "Â", "Ç", "Œ", "Î", "Ô", "Û",
    ]
    private static let frenchWords: Set<String> = [
        "le", "la", "les", "de", "du", "des", "et", "au", "aux", "sur", "pour", "par", "une", "dans", "avec", "sous", "chez",
    ]
    private static let frenchElisions: [String] = ["l'", "d'", "qu'", "j'", "n'", "s'", "c'", "jusqu'"]
    private static let englishWords: Set<String> = ["the", "of", "and", "for", "with", "from", "by", "to"]
    /// Letters and words that belong to other languages written in Latin script (Spanish,
    /// Italian, German, Portuguese, Dutch): with them, French and English words prove little.
    private static let otherLetters: Set<Unicode.Scalar> = [
        "ñ", "á", "í", "ó", "ú", "ì", "ò", "ä", "ö", "ü", "ß", "ã", "õ", "å", "ø",
        "Ñ", "Á", "Í", "Ó", "Ú", "Ä", "Ö", "Ü", "Ã", "Õ", "Å", "Ø",
    ]
    private static let otherWords: Set<String> = [
        "el", "los", "las", "del", "y", "con", "il", "della", "delle", "dello", "degli", "dei", "di", "gli",
        "der", "die", "das", "und", "von", "zu", "im", "do", "da", "dos", "van", "het", "een",
    ]

    /// The language of `name`, and what decided it: `label` (a Korean label written before the
    /// name in its bracket) when it is one, else the name's spelling when that is clear; nil
    /// when it is not.
    public static func decide(_ name: String, label: String? = nil) -> (language: String, evidence: Evidence)? {
        if let label, let tag = language(ofLabel: label) { return (tag, .label(label)) }
        let scalars = name.unicodeScalars
        if scalars.contains(where: otherLetters.contains) { return nil }
        var french: [String] = scalars.filter(frenchLetters.contains).map { String($0) }
        var english: [String] = []
        for word in words(of: name) {
            if otherWords.contains(word) { return nil }
            if frenchWords.contains(word) { french.append(word) }
            if englishWords.contains(word) { english.append(word) }
            if let elision = frenchElisions.first(where: { word.hasPrefix($0) && word.count > $0.count }) {
                french.append(elision)
            }
            if word.hasSuffix("'s"), word.count > 2 { english.append("'s") }
        }
        switch (french.isEmpty, english.isEmpty) {
        case (false, true): return ("fr", .spelling(french[0]))
        case (true, false): return ("en", .spelling(english[0]))
        default: return nil
        }
    }

    /// The lowercased words of `name`, split at spaces, hyphens and digits; ’ written as '.
    static func words(of name: String) -> [String] {
        String(name.lowercased().map { $0 == "\u{2019}" ? "'" : $0 })
            .split(whereSeparator: { $0 == " " || $0 == "-" || $0.isNumber || $0 == "." || $0 == "," })
            .map(String.init)
    }
}
