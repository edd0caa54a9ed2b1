import ExpoModel

extension GuidePageWriter {
    /// `text` escaped, with the displayed form of each foreign run (in order) wrapped in
    /// `<span lang="…">`.
    ///
    /// A run's spoken text is often not what is displayed: the lexicon may say "L'Exposition
    /// de Paris mille neuf cents" for the displayed "L'Exposition de Paris 1900". So a run is
    /// looked for as written first, and otherwise matched to the stretch of Latin script in
    /// the text (letters, digits, spaces, apostrophes, hyphens and full stops) that shares
    /// most of its words with the run, at least half of that stretch's words.
    static func markUp(_ text: String, foreign runs: [SpokenRun]) -> String {
        var html = ""
        var rest = Substring(text)
        for run in runs {
            let needle = GuideOutline.oneLine(run.text)
            guard let language = run.language, isLanguageTag(language), !needle.isEmpty,
                let range = rest.range(of: needle) ?? latinStretch(in: rest, like: needle)
            else { continue }
            html += escape(String(rest[..<range.lowerBound]))
            html += "<span lang=\"\(language)\">\(escape(String(rest[range])))</span>"
            rest = rest[range.upperBound...]
        }
        return html + escape(String(rest))
    }

    /// The stretch of Latin script in `text` that best matches the words of `spoken`.
    static func latinStretch(in text: Substring, like spoken: String) -> Range<Substring.Index>? {
        let spokenWords = Set(latinWords(spoken[...]))
        guard !spokenWords.isEmpty else { return nil }
        var best: (range: Range<Substring.Index>, shared: Int)?
        for range in latinStretches(in: text) {
            let words = latinWords(text[range])
            let shared = words.filter(spokenWords.contains).count
            guard shared > 0, shared * 2 >= words.count, shared > (best?.shared ?? 0) else { continue }
            best = (range, shared)
        }
        return best?.range
    }

    /// Maximal stretches of Latin-script text that begin with a letter and end with a letter
    /// or a digit.
    private static func latinStretches(in text: Substring) -> [Range<Substring.Index>] {
        var stretches: [Range<Substring.Index>] = []
        var start: Substring.Index?
        var lastGood: Substring.Index?
        func close() {
            if let start, let lastGood { stretches.append(start..<text.index(after: lastGood)) }
            start = nil
            lastGood = nil
        }
        for index in text.indices {
            let character = text[index]
            if isLatinLetter(character) {
                if start == nil { start = index }
                lastGood = index
            } else if character.isNumber && character.isASCII {
                if start != nil { lastGood = index }
            } else if start != nil, " '’-.".contains(character) {
                continue
            } else {
                close()
            }
        }
        close()
        return stretches
    }

    /// Lowercased words made of Latin letters (and apostrophes) only.
    private static func latinWords(_ text: Substring) -> [String] {
        text.lowercased().split { !isLatinLetter($0) && $0 != "'" && $0 != "’" }
            .map(String.init).filter { $0.contains(where: isLatinLetter) }
    }

    private static func isLatinLetter(_ character: Character) -> Bool {
        character.isLetter && character.unicodeScalars.allSatisfy { $0.value < 0x250 }
    }

    /// A BCP 47-shaped tag: letters, digits and hyphens only, so it is safe in an attribute.
    static func isLanguageTag(_ tag: String) -> Bool {
        !tag.isEmpty && tag.count <= 35
            && tag.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
            }
    }
}
