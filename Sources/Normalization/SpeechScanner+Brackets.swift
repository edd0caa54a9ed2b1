import Hangul

/// Round and square brackets. Brackets whose content has no Hanja or kana are spoken as written
/// (square brackets silently); otherwise the content is split at separators and each item that
/// only repeats the preceding word in Hanja, or is Japanese, is left out.
extension SpeechScanner {
    /// Reads the opening bracket under the cursor, and its content when that holds Hanja.
    mutating func readBracket() {
        let index = cursor.position
        let opening = cursor.current
        let closing: Unicode.Scalar = opening == "(" ? ")" : "]"
        // (주) → 주식회사, (사) → 사단법인: a company or corporation mark.
        if opening == "(", cursor.at(index + 2) == ")", let mark = cursor.at(index + 1),
            let word = SpeechVocabulary.companyMarks[mark]
        {
            put(" " + word + " ")
            cursor.move(to: index + 3)
            return
        }
        var close = index + 1
        var hasHanja = false
        while close < cursor.end, close - index < 400 {
            let scalar = cursor[close]
            if scalar == closing || scalar == opening { break }
            if ScalarClass.isHanja(scalar) || ScalarClass.isKana(scalar) { hasHanja = true }
            close += 1
        }
        let closed = close < cursor.end && cursor[close] == closing
        if closed, !hasHanja, cursor.repeatsHanja(before: index, content: cursor.scalars[(index + 1)..<close]) {
            cursor.move(to: close + 1)
            return
        }
        // Seoul in 서울(Seoul), read 서울 by the lexicon, would only say the word again.
        if closed, !hasHanja, case let parts = items(of: (index + 1)..<close), parts.count == 1,
            let spoken = repeatedLexiconReading(of: parts[0]),
            Self.endsWith(cursor.hangul(before: index, from: cursor.start, acrossSpaces: false), spoken)
        {
            cursor.move(to: close + 1)
            return
        }
        guard closed, hasHanja else {
            if opening == "(" {
                put("(")
            } else if let last = lastWritten, ScalarClass.isHangul(last) || ScalarClass.isASCIILetter(last) {
                put(" ")
            }
            cursor.advance()
            return
        }
        let kept = keptItems(of: (index + 1)..<close, wordBefore: cursor.hangul(before: index, from: cursor.start, acrossSpaces: true))
        cursor.move(to: close + 1)
        if kept.isEmpty { return }
        put(opening == "(" ? "(" : " ")
        for (position, item) in kept.enumerated() {
            if position > 0 {
                put(",")
                put(" ")
            }
            scan(item)
        }
        if opening == "(" {
            put(")")
        } else if let next = cursor.at(close + 1), !HangulSyllable.contains(next) {
            put(" ")
        }
    }

    /// The items of a bracket's `content` (split at separators, trimmed) worth saying: not
    /// Japanese, not a Hanja gloss of `wordBefore` or of the item before, not unreadable Hanja,
    /// not a name the lexicon reads as that same word (직지(直指, JUKJI): the romanisation, read
    /// 직지, would only say 직지 again).
    private func keptItems(of content: Range<Int>, wordBefore: ArraySlice<Unicode.Scalar>) -> [Range<Int>] {
        var previousItem = ArraySlice<Unicode.Scalar>()
        var kept: [Range<Int>] = []
        for item in items(of: content) {
            let scalars = cursor.scalars[item]
            if scalars.contains(where: ScalarClass.isKana) { continue }
            if scalars.allSatisfy({ ScalarClass.isHanja($0) || $0 == " " }) {
                let hanja = scalars.filter { $0 != " " }
                if Self.repeats(hanja, wordBefore) || Self.repeats(hanja, previousItem) { continue }
                if Self.hanjaReading(hanja).isEmpty { continue }
            }
            if let spoken = repeatedLexiconReading(of: item), Self.endsWith(wordBefore, spoken) || Self.endsWith(previousItem, spoken) {
                continue
            }
            kept.append(item)
            previousItem = cursor.hangul(before: item.upperBound, from: item.lowerBound, acrossSpaces: true)
        }
        return kept
    }

    /// The Korean reading (spaces left out) the lexicon gives the whole of `item`, when one entry
    /// is written there and spans it, or that the list of capitals said as words gives it; nil
    /// otherwise (a foreign or phonetic entry included).
    private func repeatedLexiconReading(of item: Range<Int>) -> [Unicode.Scalar]? {
        var reading: String
        if let found = lexiconEntry(at: item.lowerBound), found.written.count == item.count {
            guard found.entry.language == nil, !found.entry.isPronunciation else { return nil }
            reading = found.entry.spoken
        } else if let acronym = lexicon.acronyms[cursor.string(item)] {
            reading = acronym  // 유네스코(UNESCO): the acronym said as the word before it
        } else {
            return nil
        }
        let spoken = reading.unicodeScalars.filter { $0 != " " }
        return spoken.isEmpty || !spoken.allSatisfy(ScalarClass.isHangul) ? nil : Array(spoken)
    }

    /// Whether `hangul`, spaces left out, ends with `spoken`.
    static func endsWith(_ hangul: ArraySlice<Unicode.Scalar>, _ spoken: [Unicode.Scalar]) -> Bool {
        let letters = hangul.filter { $0 != " " }
        return !spoken.isEmpty && letters.count >= spoken.count && Array(letters.suffix(spoken.count)) == spoken
    }

    /// `content` split at , 、 · / : ; and trimmed of spaces; empty items left out.
    private func items(of content: Range<Int>) -> [Range<Int>] {
        var items: [Range<Int>] = []
        var itemStart = content.lowerBound
        for index in content.lowerBound...content.upperBound {
            let scalar = cursor[index]
            if index == content.upperBound || scalar == "," || scalar == "\u{FF0C}" || scalar == "\u{3001}"
                || scalar == "\u{B7}" || scalar == "/" || scalar == ":" || scalar == ";"
            {
                var lower = itemStart
                var upper = index
                while lower < upper, cursor[lower] == " " { lower += 1 }
                while upper > lower, cursor[upper - 1] == " " { upper -= 1 }
                if lower < upper { items.append(lower..<upper) }
                itemStart = index + 1
            }
        }
        return items
    }
}
