/// A catalog's gloss of a Korean name in its original language — 르 프티 주르날(Le Petit
/// Journal), 박람회 1900 (L'Exposition de Paris 1900), 불경(佛經, 영어: Buddhist texts), 세계
/// 박람회[World's Fair/Exposition/Expo] — is read by the voice of that language when
/// `LatinNameLanguage` can tell which it is; otherwise it is read as any other Latin run.
extension SpeechScanner {
    /// Reads the bracketed name that starts at the cursor as a run of its language, digits
    /// included (the other voice says "1900" in its own words); false, with nothing read, when
    /// the Latin run there is not such a name or its language is not clear. A lexicon entry
    /// that starts inside the name ends it: the lexicon reads that part.
    mutating func readParenthesisedName() -> Bool {
        let start = cursor.position
        guard let gloss = cursor.glossStart(before: start) else { return false }
        let closing: Unicode.Scalar = cursor[gloss.opening] == "[" ? "]" : ")"
        guard var end = cursor.glossNameEnd(from: start, closing: closing) else { return false }
        if let entry = firstLexiconEntry(in: (start + 1)..<end) {
            end = entry
            while end > start, !ScalarClass.isLatinLetter(cursor[end - 1]), !ScalarClass.isDigit(cursor[end - 1]) { end -= 1 }
        }
        let name = String(String.UnicodeScalarView(cursor.scalars[start..<end].map { $0 == "\u{2019}" ? "'" : $0 }))
        guard let decision = LatinNameLanguage.decide(name, label: gloss.label) else { return false }
        writer.putForeign(name, language: decision.language)
        if notes != nil {
            note(
                .latinWords, name, "given the language '\(decision.language)' by \(decision.evidence)",
                language: decision.language)
        }
        cursor.move(to: end)
        return true
    }

    /// The first word start in `range` where a lexicon entry is written, or nil.
    private func firstLexiconEntry(in range: Range<Int>) -> Int? {
        guard !lexicon.candidatesByFirstScalar.isEmpty else { return nil }
        for index in range where cursor[index - 1] == " " && lexiconEntry(at: index) != nil {
            return index
        }
        return nil
    }
}

extension ScalarCursor {
    /// Separators between the items of a bracket: , / ; : and their full-width forms.
    static func isItemSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ",", "/", ";", ":", "\u{FF0C}", "\u{3001}": return true
        default: return false
        }
    }

    /// When a name starting at `index` begins an item of a bracket that follows Korean text:
    /// the bracket's opening, and a language label written just before the name (영어: …).
    /// The items before it in the bracket may only be Hanja, labels or other Latin names.
    func glossStart(before index: Int) -> (opening: Int, label: String?)? {
        var before = spaces(before: index)
        var label: String?
        var labelEnd = before
        if labelEnd >= 0, scalars[labelEnd] == ":" { labelEnd = spaces(before: labelEnd) }
        var labelStart = labelEnd + 1
        while labelStart > 0, ScalarClass.isHangul(scalars[labelStart - 1]) { labelStart -= 1 }
        if labelStart <= labelEnd, LatinNameLanguage.language(ofLabel: string(labelStart..<(labelEnd + 1))) != nil {
            label = string(labelStart..<(labelEnd + 1))
            before = spaces(before: labelStart)
        }
        guard before >= 0 else { return nil }
        var opening = before
        if Self.isItemSeparator(scalars[before]) {
            guard let found = bracketOpening(ofItemsBefore: before) else { return nil }
            opening = found
        }
        guard scalars[opening] == "(" || scalars[opening] == "[", followsKorean(opening) else { return nil }
        return (opening, label)
    }

    /// The last index before `index` that is not a space (-1 when there is none).
    private func spaces(before index: Int) -> Int {
        var position = index - 1
        while position >= 0, scalars[position] == " " { position -= 1 }
        return position
    }

    /// The opening bracket of the items that end at the separator at `separator`, when each
    /// of them is Hanja, a language label or a Latin name.
    private func bracketOpening(ofItemsBefore separator: Int) -> Int? {
        var position = separator - 1
        var itemEnd = separator
        while position >= 0, separator - position < 120 {
            let scalar = scalars[position]
            if scalar == "(" || scalar == "[" || Self.isItemSeparator(scalar) {
                guard isGlossItem((position + 1)..<itemEnd) else { return nil }
                if scalar == "(" || scalar == "[" { return position }
                itemEnd = position
            } else if scalar == ")" || scalar == "]" || ScalarClass.isWhitespace(scalar) && scalar != " " {
                return nil
            }
            position -= 1
        }
        return nil
    }

    /// Whether an item before a name is Hanja, a language label or a Latin name.
    private func isGlossItem(_ item: Range<Int>) -> Bool {
        let content = scalars[item].filter { $0 != " " }
        if content.isEmpty { return false }
        if content.allSatisfy(ScalarClass.isHanja) { return true }
        if content.allSatisfy(ScalarClass.isHangul) {
            return LatinNameLanguage.language(ofLabel: String(String.UnicodeScalarView(content))) != nil
        }
        return content.allSatisfy { ScalarClass.isLatinLetter($0) || ScalarClass.isDigit($0) || $0 == "'" || $0 == "\u{2019}" || $0 == "-" }
    }

    /// Whether Korean text comes before the bracket opening at `opening`: Hangul or Hanja,
    /// perhaps with closing quotes, spaces, line breaks and a number between (박람회 1900 (…)).
    private func followsKorean(_ opening: Int) -> Bool {
        var position = opening - 1
        func skipSpacesAndQuotes() {
            while position >= 0,
                ScalarClass.isWhitespace(scalars[position])
                    || (ScalarClass.isSilentMark(scalars[position]) && !ScalarClass.isOpeningMark(scalars[position]))
            {
                position -= 1
            }
        }
        skipSpacesAndQuotes()
        if position >= 0, ScalarClass.isDigit(scalars[position]) {
            while position >= 0, ScalarClass.isDigit(scalars[position]) { position -= 1 }
            skipSpacesAndQuotes()
        }
        return position >= 0 && (ScalarClass.isHangul(scalars[position]) || ScalarClass.isHanja(scalars[position]))
    }

    /// The end of the Latin name (letters, digits, spaces, apostrophes, hyphens) from `index`
    /// when it fills its bracket item: up to `closing` or a separator, or up to a Korean
    /// reading of it that does (Tripitaka Koreana 트리피타카 코레아나); nil otherwise.
    func glossNameEnd(from index: Int, closing: Unicode.Scalar) -> Int? {
        var position = index
        var nameEnd = index
        while position < end {
            let scalar = scalars[position]
            if ScalarClass.isLatinLetter(scalar) || ScalarClass.isDigit(scalar) {
                position += 1
                nameEnd = position
            } else if scalar == " " || scalar == "'" || scalar == "\u{2019}" || scalar == "-" {
                position += 1
            } else {
                break
            }
        }
        while position < end, ScalarClass.isHangul(scalars[position]) || scalars[position] == " " { position += 1 }
        guard nameEnd > index else { return nil }
        // The end of the bounds of a bracket item being read (never of a whole text) ends the item.
        if position == end { return end < scalars.count ? nameEnd : nil }
        return scalars[position] == closing || Self.isItemSeparator(scalars[position]) ? nameEnd : nil
    }
}
