import Hangul

/// Which way an arrow between two items points.
enum ArrowDirection {
    /// A → B, A ⇒ B: from A to B.
    case forward
    /// A ← B: to A from B.
    case backward
    /// A ↔ B: between A and B.
    case both

    /// The direction of an arrow sign; nil for any other scalar (↑ and ↓ included: they point at
    /// no second item and stay a pause).
    init?(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x2192, 0x21D2, 0x21E8, 0x21DB, 0x21FE, 0x21A6, 0x27F6, 0x27F9, 0x27FE, 0x2794...0x27BF, 0x2B62, 0x2B95:
            self = .forward
        case 0x2190, 0x21D0, 0x21E6, 0x21DA, 0x21FD, 0x27F5, 0x27F8, 0x2B05, 0x2B60:
            self = .backward
        case 0x2194, 0x21D4, 0x21C4, 0x21C6, 0x27F7, 0x27FA, 0x2B0C, 0x2B64:
            self = .both
        default:
            return nil
        }
    }
}

/// Arrows between two places or items are read as the words a reader puts there: 서울→부산 →
/// 서울에서 부산으로, 서울 ← 부산 → 서울로, 부산에서, A ↔ B → 에이와 비; a chain goes on with a
/// pause (씨앗 → 싹 → 꽃 → 씨앗에서 싹으로, 꽃으로). An item that already ends in a particle keeps it
/// (서울→부산까지). An arrow with no spoken word before it (a bullet) is a pause, as before.
extension SpeechScanner {
    /// Particles that end an item after an arrow, so that no 으로 is added (부산까지, 2층으로).
    private static let itemParticles: [[Unicode.Scalar]] = SpeechVocabulary.scalars([
        "으로", "로", "에서", "에", "까지", "부터", "을", "를", "은", "는", "이", "가", "의", "와", "과", "도", "만", "행",
        "쪽", "방향",
    ])

    /// Reads the arrow (`width` scalars: → or ->) under the cursor and the item after it.
    mutating func readArrow(_ direction: ArrowDirection, width: Int) {
        let index = cursor.position
        let itemStart = cursor.afterSpaces(index + width)
        let itemEnd = arrowItemEnd(from: itemStart)
        guard let last = lastWritten, ScalarClass.isHangul(last), itemEnd > itemStart else {
            put(" ")
            cursor.move(to: index + width)
            return
        }
        let chained = followsArrowItem(index)
        writer.pendingSpace = false  // the particle belongs to the word before the arrow
        switch direction {
        case .forward:
            if chained {
                put(",")
            } else if !endsWithParticle(before: index, Self.sourceParticles) {
                put("에서")
            }
        case .backward:
            if !endsWithParticle(before: index, Self.goalParticles) { put(Self.ro(after: last)) }
            put(",")
        case .both:
            put(HangulSyllable.hasFinalConsonant(last) ? "과" : "와")
        }
        put(" ")
        scan(itemStart..<itemEnd)
        cursor.move(to: itemEnd)
        guard let spokenLast = lastWritten, ScalarClass.isHangul(spokenLast),
            !cursor.isHangul(at: itemEnd - 1) || !endsWithParticle(before: itemEnd, Self.itemParticles)
        else { return }
        let owedSpace = writer.pendingSpace
        writer.pendingSpace = false
        defer { writer.pendingSpace = writer.pendingSpace || owedSpace }
        switch direction {
        case .forward:
            // The item says where to; a number after it (부산 04:00) is its time, not the place.
            if !cursor.isDigit(at: cursor.afterSpaces(itemEnd)) { put(Self.ro(after: spokenLast)) }
        case .backward:
            put("에서")
        case .both:
            break
        }
    }

    /// 으로 after a final consonant other than ㄹ, 로 after a vowel or ㄹ (서울로, 부산으로).
    static func ro(after syllable: Unicode.Scalar) -> String {
        guard HangulSyllable.hasFinalConsonant(syllable) else { return "로" }
        return HangulSyllable.endsInRieul(syllable) ? "로" : "으로"
    }

    /// The end of the item after an arrow: the next space, sentence mark, bracket or arrow (a
    /// comma or full stop between digits belongs to the number: 8,000원).
    private func arrowItemEnd(from start: Int) -> Int {
        var index = start
        while index < cursor.end {
            let scalar = cursor[index]
            if ScalarClass.isWhitespace(scalar) || (scalar == "," && !cursor.isDigit(at: index + 1)) || scalar == ";"
                || scalar == "(" || scalar == ")"
                || scalar == "[" || scalar == "]" || scalar == "!" || scalar == "?" || ArrowDirection(scalar) != nil
                || (scalar == "." && !cursor.isDigit(at: index + 1)) || (scalar == "-" && cursor.at(index + 1) == ">")
            {
                break
            }
            index += 1
        }
        return index
    }

    /// Whether the word before the arrow at `index` itself followed an arrow (A → B → C at the
    /// second arrow).
    private func followsArrowItem(_ index: Int) -> Bool {
        var before = index - 1
        while before >= cursor.start, cursor[before] == " " { before -= 1 }
        while before >= cursor.start, !ScalarClass.isWhitespace(cursor[before]), ArrowDirection(cursor[before]) == nil,
            cursor[before] != ">"
        {
            before -= 1
        }
        while before >= cursor.start, cursor[before] == " " { before -= 1 }
        guard before >= cursor.start else { return false }
        return ArrowDirection(cursor[before]) != nil || (cursor[before] == ">" && (cursor.at(before - 1) == "-" || cursor.at(before - 1) == "="))
    }

    /// Particles after the item before a forward arrow (서울에서 → 부산) and a backward one.
    private static let sourceParticles: [[Unicode.Scalar]] = SpeechVocabulary.scalars(["에서", "부터"])
    private static let goalParticles: [[Unicode.Scalar]] = SpeechVocabulary.scalars(["으로", "로", "까지"])

    /// Whether the text before `index` (across spaces) ends in one of `particles` after a Hangul word.
    private func endsWithParticle(before index: Int, _ particles: [[Unicode.Scalar]]) -> Bool {
        var end = index
        while end > cursor.start, cursor[end - 1] == " " { end -= 1 }
        return particles.contains { particle in
            end - particle.count >= cursor.start && cursor.matches(particle, at: end - particle.count)
                && cursor.isHangul(at: end - particle.count - 1)
        }
    }
}
