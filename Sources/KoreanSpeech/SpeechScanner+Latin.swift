/// Latin capitals: short codes before a hyphen and digits (O-157) and era abbreviations
/// (BC 500, A.D. 500); other letters are written as they are.
extension SpeechScanner {
    /// Era abbreviations before a year, and their Korean words.
    private static let eras: [(written: [Unicode.Scalar], spoken: String)] = [
        ("BC ", "기원전"), ("B.C. ", "기원전"), ("BCE ", "기원전"), ("AD ", "서기"), ("A.D. ", "서기"),
    ].map { (Array($0.0.unicodeScalars), $0.1) }

    /// Reads the capital letter under the cursor (and what it starts).
    mutating func readCapitals() {
        let index = cursor.position
        if index > cursor.start, ScalarClass.isASCIILetter(cursor[index - 1]) {
            put(cursor.current)
            cursor.advance()
            return
        }
        var letterEnd = index
        while let letter = cursor.at(letterEnd), ScalarClass.isCapital(letter) { letterEnd += 1 }
        if letterEnd - index <= 3, cursor.at(letterEnd) == "-", cursor.isDigit(at: letterEnd + 1) {
            readLetterCode(letters: index..<letterEnd)
            return
        }
        // BC 500, B.C. 500 → 기원전; AD 500 → 서기.
        for era in Self.eras where cursor.matches(era.written, at: index) && cursor.isDigit(at: index + era.written.count) {
            put(era.spoken)
            put(" ")
            cursor.move(to: index + era.written.count)
            return
        }
        put(cursor.current)
        cursor.advance()
    }

    /// O-157 → 오 일오칠: a short code's letters spelled in Korean, its digits one by one
    /// (unless a letter follows the digits: then the code is left as written).
    private mutating func readLetterCode(letters: Range<Int>) {
        let digitEnd = cursor.digitRunEnd(from: letters.upperBound + 1)
        if let after = cursor.at(digitEnd), ScalarClass.isASCIILetter(after) {
            put(cursor.current)
            cursor.advance()
            return
        }
        var spelled = ""
        for letter in cursor.scalars[letters] {
            spelled += SpeechVocabulary.letterNames[Int(letter.value - 0x41)]
        }
        put(spelled)
        put(" ")
        put(KoreanNumerals.digits(cursor.string((letters.upperBound + 1)..<digitEnd)))
        cursor.move(to: digitEnd)
    }
}
