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
        let reading = Self.hanjaReading(run)
        if reading.unicodeScalars.count < run.count {
            note(.unreadHanja, String(String.UnicodeScalarView(run)), "characters without a reading left out")
        }
        put(reading)
    }

    /// Whether the Hanja repeat the last syllables of `hangul` (a gloss of the word before it).
    static func repeats(_ hanja: [Unicode.Scalar], _ hangul: ArraySlice<Unicode.Scalar>) -> Bool {
        guard !hanja.isEmpty, hangul.count >= hanja.count else { return false }
        return HanjaLookup.isReading(hangul.suffix(hanja.count), of: hanja)
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
        return HanjaLookup.isReading(ArraySlice(hangul), of: hanja.reversed())
    }
}
