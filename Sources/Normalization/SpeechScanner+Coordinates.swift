/// Coordinates in degrees, minutes and seconds: 37°33′59″N → 북위 삼십칠 도 삼십삼 분 오십구 초.
/// The minute and second marks are said as 분 and 초, and a hemisphere letter after the figures
/// as the Korean word before them (N 북위, S 남위, E 동경, W 서경), the order Korean texts write
/// (표준국어대사전 '북위', '동경': "북위 38도").
extension SpeechScanner {
    private static let hemispheres: [Unicode.Scalar: String] = ["N": "북위", "S": "남위", "E": "동경", "W": "서경"]

    /// ′ and its ASCII and typographic stand-ins.
    private static func isMinuteMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{2032}" || scalar == "'" || scalar == "\u{2019}" || scalar == "\u{B4}"
    }

    /// ″ and its ASCII and typographic stand-ins.
    private static func isSecondMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{2033}" || scalar == "\"" || scalar == "\u{201D}"
    }

    /// Reads degrees with minutes (and seconds), or degrees with a hemisphere letter; false,
    /// reading nothing, for a plain angle or temperature (37°, 36.5°C), which the unit table reads.
    mutating func readCoordinate() -> Bool {
        let index = cursor.position
        // Looked at without building a number first: most numbers here are not angles.
        var degreeEnd = cursor.digitRunEnd(from: index)
        if cursor.at(degreeEnd) == ".", cursor.isDigit(at: degreeEnd + 1) { degreeEnd = cursor.digitRunEnd(from: degreeEnd + 1) }
        guard cursor.at(degreeEnd) == "\u{B0}" else { return false }
        let degrees = cursor.number(at: index)
        guard degrees.whole.count <= 3, cursor.at(degrees.end) == "\u{B0}" else { return false }
        var words = [degrees.words(.sino, counter: []) + " 도"]
        var position = degrees.end + 1
        let minuteStart = cursor.afterOneSpace(position)
        if degrees.fraction == nil, cursor.isDigit(at: minuteStart) {
            let minutes = cursor.number(at: minuteStart)
            if minutes.whole.count <= 2, let minuteMark = cursor.at(minutes.end), Self.isMinuteMark(minuteMark),
                !(cursor.at(minutes.end + 1).map(Self.isMinuteMark) ?? false)
            {
                words.append(minutes.words(.sino, counter: []) + " 분")
                position = minutes.end + 1
                let secondStart = cursor.afterOneSpace(position)
                if minutes.fraction == nil, cursor.isDigit(at: secondStart) {
                    let seconds = cursor.number(at: secondStart)
                    if seconds.whole.count <= 2, let secondMark = cursor.at(seconds.end) {
                        if Self.isSecondMark(secondMark) {
                            words.append(seconds.words(.sino, counter: []) + " 초")
                            position = seconds.end + 1
                        } else if Self.isMinuteMark(secondMark), cursor.at(seconds.end + 1).map(Self.isMinuteMark) ?? false {
                            words.append(seconds.words(.sino, counter: []) + " 초")  // 59'' written with two single marks
                            position = seconds.end + 2
                        }
                    }
                }
            }
        }
        var hemisphere: String?
        let letterIndex = cursor.afterOneSpace(position)
        if let letter = cursor.at(letterIndex), let word = Self.hemispheres[letter],
            !cursor.isASCIILetterOrDigit(at: letterIndex + 1)
        {
            hemisphere = word
            position = letterIndex + 1
        }
        guard words.count > 1 || hemisphere != nil else { return false }
        if let hemisphere, !cursor.isPreceded(by: hemisphere, at: index) {
            put(hemisphere)
            put(" ")
        }
        put(words.joined(separator: " "))
        // 131°51'~131°53': a span of coordinates is a quantity's range (에서), not a time's.
        if let next = cursor.afterRangeSign(position), cursor.at(cursor.digitRunEnd(from: next)) == "\u{B0}" {
            put("에서 ")
            cursor.move(to: next)
            return true
        }
        put(" ")
        cursor.move(to: position)
        return true
    }
}
