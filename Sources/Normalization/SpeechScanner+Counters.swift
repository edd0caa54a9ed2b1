import Hangul

/// What follows a number: a unit symbol (㎝, km/h, %) or a counting word in Hangul (개, 명, 번),
/// and how the number is read before it.
struct UnitMatch {
    let unit: SpeechVocabulary.Unit
    /// The index after the unit symbol.
    let end: Int
}

/// A counting word found after a number.
struct CounterMatch {
    let counter: SpeechVocabulary.Counter
    /// Where the counting word starts (after at most one space).
    let start: Int
    var end: Int { start + counter.word.count }
    var word: [Unicode.Scalar] { counter.word }
    var wordText: String { String(String.UnicodeScalarView(counter.word)) }
}

extension ScalarCursor {
    /// The unit symbol at `index` (after at most one space), if any; a Latin symbol must not run
    /// on into more letters or digits.
    func unit(at index: Int) -> UnitMatch? {
        let cursor = afterOneSpace(index)
        guard cursor < end else { return nil }
        let first = scalars[cursor]
        // Units start with a Latin letter, %, or a symbol outside ASCII (㎝, ℃, °).
        if first.value < 0x80, !ScalarClass.isASCIILetter(first), first != "%" { return nil }
        for unit in SpeechVocabulary.units where matches(unit.symbol, at: cursor) {
            let unitEnd = cursor + unit.symbol.count
            if let last = unit.symbol.last, ScalarClass.isASCIILetter(last), let next = at(unitEnd),
                ScalarClass.isASCIILetter(next) || (ScalarClass.isDigit(next) && !startsSmallerPart(at: unitEnd))
            {
                continue
            }
            // m2 and m3 are squares and cubes only at a number's end: 2m30cm and 12m3cm are m and cm.
            if let last = unit.symbol.last, ScalarClass.isDigit(last), let next = at(unitEnd),
                ScalarClass.isDigit(next) || ScalarClass.isASCIILetter(next)
            {
                continue
            }
            return UnitMatch(unit: unit, end: unitEnd)
        }
        return nil
    }

    /// Whether the digits at `index`, right after a unit, are the smaller part of one quantity:
    /// a unit follows them (2m30cm, 3kg200g) or one or two digits end the word (1m20).
    private func startsSmallerPart(at index: Int) -> Bool {
        let digitsEnd = digitRunEnd(from: index)
        if let next = at(digitsEnd), ScalarClass.isASCIILetter(next) || next.value > 0x2000 {
            return unit(at: digitsEnd) != nil
        }
        return digitsEnd - index <= 2 && at(digitsEnd) != "."
    }

    /// The counting word at `index` (after at most one space), if any, longest first.
    func counter(at index: Int) -> CounterMatch? {
        let cursor = afterOneSpace(index)
        guard cursor < end, HangulSyllable.contains(scalars[cursor]) else { return nil }
        for counter in SpeechVocabulary.hangulCounters where matches(counter.word, at: cursor) {
            return CounterMatch(counter: counter, start: cursor)
        }
        return nil
    }

    /// Whether the number at `index` follows 제 (and 제 is not the end of a longer word).
    func isOrdinalPrefix(before index: Int) -> Bool {
        index - 1 >= start && scalars[index - 1] == "제"
            && (index - 2 < start || !HangulSyllable.contains(scalars[index - 2]))
    }

    /// How a number is read before `match`, with the context rules for ambiguous counters.
    func reading(for match: CounterMatch?, value: Int?, numberStart: Int, ordinalPrefix: Bool) -> SpeechVocabulary.Reading {
        guard let match else { return .sino }
        if ordinalPrefix { return match.counter.reading == .month ? .month : .sino }
        var reading = match.counter.reading
        let next = afterOneSpace(match.end)
        switch match.wordText {
        case "번":
            if SpeechVocabulary.numberedAfterBeon.contains(where: { matchesNoun($0, at: next) }) { reading = .sino }
        case "대":
            reading = countsMachines(match, numberStart: numberStart) ? .native : .sino
        case "권":
            // Bibliographic "7권 1책": volumes and books as numbers.
            let digitsEnd = digitRunEnd(from: next)
            if digitsEnd > next, matches(Self.chaek, at: digitsEnd) { reading = .sino }
        case "척":
            // Ships are counted in native numbers (배 세 척); 척 as a length is Sino-Korean (팔 척).
            if SpeechVocabulary.ships.contains(where: { Self.isWord($0, orWithParticle: word(before: numberStart)) }) {
                reading = .native
            }
        case "점":
            // Works and objects are counted in native numbers (작품 두 점, 2점의 그림: 표준국어대사전
            // '점' 의존 명사 2); scores and points stay Sino-Korean (구십 점).
            // A bare noun before the number (항아리 3점) counts things when hunspell-ko lists it
            // as a noun (or a compound of nouns) and it is not a noun of marks (`CountedNouns`).
            let before = countedWord(before: numberStart)
            if SpeechVocabulary.countedWorks.contains(where: { Self.isWord($0, orWithParticle: before) })
                || CountedNouns.countsThings(before)
                || (matches(Self.ui, at: match.end)
                    && SpeechVocabulary.countedWorks.contains(where: { matchesNoun($0, at: afterOneSpace(match.end + 1)) }))
            {
                reading = .native
            }
        case "자":
            if next < end, HangulSyllable.contains(scalars[next]), next == match.end { reading = .sino }
            if SpeechVocabulary.sinoAfterJa.contains(where: { matches($0, at: next) }) { reading = .sino }
        default:
            break
        }
        switch reading {
        case .native, .ordinal:
            if let value, (1...99).contains(value) { return reading }
            return .sino
        default:
            return reading
        }
    }

    private static let chaek: [Unicode.Scalar] = ["책"]
    private static let ui: [Unicode.Scalar] = ["의"]
    private static let subjectParticles: Set<Unicode.Scalar> = ["가", "이", "는", "은", "도", "를", "을"]

    private static let particleStarts: Set<Unicode.Scalar> = [
        "은", "는", "이", "가", "을", "를", "에", "의", "으", "로", "과", "와", "도", "만", "까", "부", "처", "보", "마",
    ]

    /// Whether the noun `word` is written at `index` as a word of its own (then a space, a sign,
    /// or a particle), not as the start of a longer word (방 in 방문).
    func matchesNoun(_ word: [Unicode.Scalar], at index: Int) -> Bool {
        guard matches(word, at: index) else { return false }
        guard let next = at(index + word.count), HangulSyllable.contains(next) else { return true }
        return Self.particleStarts.contains(next)
    }

    /// Whether `written` is `word`, or `word` and a subject or object particle.
    static func isWord(_ word: [Unicode.Scalar], orWithParticle written: [Unicode.Scalar]) -> Bool {
        written.elementsEqual(word)
            || (written.count == word.count + 1 && subjectParticles.contains(written.last!) && written.dropLast().elementsEqual(word))
    }

    /// Whether N대 counts machines (차 3대, 3대의 차) rather than naming a generation (18대).
    private func countsMachines(_ match: CounterMatch, numberStart: Int) -> Bool {
        var machines = false
        let before = word(before: numberStart)
        for machine in SpeechVocabulary.machinesBeforeDae {
            if before.elementsEqual(machine)
                || (before.count == machine.count + 1 && Self.subjectParticles.contains(before.last!)
                    && before.dropLast().elementsEqual(machine))
            {
                machines = true
            }
        }
        if matches(Self.ui, at: match.end) {
            let after = afterOneSpace(match.end + 1)
            if SpeechVocabulary.machinesBeforeDae.contains(where: { matches($0, at: after) }) { machines = true }
        }
        return machines
    }

    /// Words of quantity between a noun and its count (거울 등 총 4점, 유물 모두 3점).
    private static let quantityWords: Set<[Unicode.Scalar]> = Set(SpeechVocabulary.scalars(["총", "모두", "약", "무려", "등", "각각"]))

    /// The Hangul word before `index`, past words of quantity (등, 총, 모두): the noun counted.
    func countedWord(before index: Int) -> [Unicode.Scalar] {
        var end = index
        for _ in 0..<3 {
            let found = word(before: end)
            guard Self.quantityWords.contains(found) else { return found }
            var cursor = end - 1
            while cursor >= start, scalars[cursor] == " " { cursor -= 1 }
            end = cursor - found.count + 1
        }
        return word(before: end)
    }

    /// The Hangul word before `index` (across spaces), for context rules.
    func word(before index: Int) -> [Unicode.Scalar] {
        var cursor = index - 1
        while cursor >= start, scalars[cursor] == " " { cursor -= 1 }
        var word: [Unicode.Scalar] = []
        while cursor >= start, HangulSyllable.contains(scalars[cursor]) {
            word.append(scalars[cursor])
            cursor -= 1
        }
        return word.reversed()
    }

    /// Whether `word` is written just before `index` (across spaces), inside the bounds.
    func isPreceded(by word: String, at index: Int) -> Bool {
        let written = Array(word.unicodeScalars)
        var cursor = index - 1
        while cursor >= start, scalars[cursor] == " " { cursor -= 1 }
        let wordStart = cursor - written.count + 1
        guard wordStart >= start else { return false }
        for offset in 0..<written.count where scalars[wordStart + offset] != written[offset] { return false }
        return true
    }
}
