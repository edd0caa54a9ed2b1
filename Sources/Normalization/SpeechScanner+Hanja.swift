import Hangul

/// Hanja outside brackets, and the look-behind that tells a gloss from a word to read.
extension SpeechScanner {
    /// Reads the run of Hanja at the cursor: dropped when it repeats the Hangul right before it
    /// (쟁筝), otherwise read in Hangul.
    mutating func readHanja() {
        let index = cursor.position
        var runEnd = index
        while let scalar = cursor.at(runEnd), ScalarClass.isHanja(scalar) { runEnd += 1 }
        let run = Array(cursor.scalars[index..<runEnd])
        cursor.move(to: runEnd)
        if Self.repeats(run, cursor.hangul(before: index, from: cursor.start, acrossSpaces: false)) { return }
        var reading = Self.hanjaReading(run)
        if reading.unicodeScalars.count < run.count {
            note(.unreadHanja, String(String.UnicodeScalarView(run)), "characters without a reading left out")
        }
        if index > cursor.start, ScalarClass.isDigit(cursor[index - 1]) {
            // 6月, 10月: the month names' spoken forms (한글 맞춤법 제52항: 유월, 시월).
            var digits = index - 1
            while digits > cursor.start, ScalarClass.isDigit(cursor[digits - 1]) { digits -= 1 }
            if run[0] == "月", case let month = cursor.string(digits..<index), month == "6" || month == "10" {
                writer.replaceLast(month == "6" ? "육" : "십", with: month == "6" ? "유" : "시")
            } else {
                reading = Self.boundNounReading(reading, first: run[0])
                put(" ")
            }
        }
        put(reading)
    }

    /// Bound nouns keep their own sound after a number (한글 맞춤법 제10항 다만, 제11항 다만:
    /// 몇 년, 두 냥, 몇 리): 3年 → 삼 년, 10里 → 십 리, not the word-initial 연, 이.
    private static let boundNounSounds: [Unicode.Scalar: Unicode.Scalar] = ["兩": "냥"]

    /// `reading` of a run of Hanja that starts with `first` right after a number, its first
    /// syllable given back the character's own sound where the initial sound rule changed it.
    static func boundNounReading(_ reading: String, first: Unicode.Scalar) -> String {
        var syllables = Array(reading.unicodeScalars)
        guard let spoken = syllables.first else { return reading }
        let own = boundNounSounds[first] ?? HanjaLookup.readings(of: first).first
        guard let own, own != spoken, HangulSyllable.sameReading(own, spoken) else { return reading }
        syllables[0] = own
        return String(String.UnicodeScalarView(syllables))
    }

    /// Whether the Hanja repeat the last syllables of `hangul` (a gloss of the word before it):
    /// each syllable a reading of its character, or the whole the word's reading (속음, 한글
    /// 맞춤법 제52항: 유월(六月), 모란(牡丹)), compared after the initial sound rule (제10–12항:
    /// 노동(勞動), 역사(歷史)).
    static func repeats(_ hanja: [Unicode.Scalar], _ hangul: ArraySlice<Unicode.Scalar>) -> Bool {
        guard !hanja.isEmpty, hangul.count >= hanja.count else { return false }
        return HanjaLookup.isReading(hangul.suffix(hanja.count), of: hanja) || isWordReading(hangul.suffix(hanja.count), of: hanja)
    }

    /// Whether `hangul` is the reading of the Hanja word `hanja` as a whole, syllable by
    /// syllable after the initial sound rule.
    static func isWordReading(_ hangul: ArraySlice<Unicode.Scalar>, of hanja: [Unicode.Scalar]) -> Bool {
        let word = hanjaReading(hanja).unicodeScalars
        return word.count == hangul.count && zip(hangul, word).allSatisfy { HangulSyllable.sameReading($0, $1) }
    }

    /// The Hangul reading of a run of Hanja, with month names in their spoken forms.
    static func hanjaReading(_ run: [Unicode.Scalar]) -> String {
        var characters: [Unicode.Scalar] = []
        for scalar in run where scalar.value != 0x3005 {
            characters.append(scalar.value == 0x3007 ? "零" : scalar)
        }
        let reading = HanjaLookup.reading(of: characters)
        // Month names keep their spoken forms in Hanja too: 六月 → 유월, 十月 → 시월.
        if reading.hasSuffix("육월") || reading.hasSuffix("십월") {
            return String(reading.dropLast(2)) + (reading.hasSuffix("육월") ? "유월" : "시월")
        }
        return reading
    }
}

extension ScalarCursor {
    /// The Hangul syllables just before `index` and not before `lower` (skipping silent marks,
    /// and spaces when `acrossSpaces`), oldest first, at most `limit` of them.
    func hangul(before index: Int, from lower: Int, acrossSpaces: Bool, limit: Int = 40) -> ArraySlice<Unicode.Scalar> {
        var cursor = index - 1
        while cursor >= lower, ScalarClass.isSilentMark(scalars[cursor]) { cursor -= 1 }
        var syllables: [Unicode.Scalar] = []
        while cursor >= lower, syllables.count < limit {
            let scalar = scalars[cursor]
            if ScalarClass.isHangul(scalar) {
                syllables.append(scalar)
            } else if !(acrossSpaces && scalar == " ") {
                break
            }
            cursor -= 1
        }
        return ArraySlice(syllables.reversed())
    }

    /// Whether the bracket content `content` (Hangul) only repeats the reading of the Hanja just
    /// before `index`: 二胡(이호).
    func repeatsHanja(before index: Int, content: ArraySlice<Unicode.Scalar>) -> Bool {
        let hangul = content.filter { $0 != " " }
        guard !hangul.isEmpty, hangul.allSatisfy(ScalarClass.isHangul) else { return false }
        var cursor = index - 1
        while cursor >= start, ScalarClass.isSilentMark(scalars[cursor]) { cursor -= 1 }
        var hanja: [Unicode.Scalar] = []
        while cursor >= start, ScalarClass.isHanja(scalars[cursor]), hanja.count < hangul.count {
            hanja.append(scalars[cursor])
            cursor -= 1
        }
        guard hanja.count == hangul.count else { return false }
        let word = Array(hanja.reversed())
        return HanjaLookup.isReading(ArraySlice(hangul), of: word) || SpeechScanner.isWordReading(ArraySlice(hangul), of: word)
    }
}
