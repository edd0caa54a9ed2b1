/// `text` on one line, safe for a terminal: line breaks, other control characters and the
/// characters that reorder text (bidi embeddings, overrides and isolates), which a parser's
/// excerpt of a file or a name from the data can carry, are shown as escapes (`\n`, `\u{1B}`,
/// `\u{202E}`). Every text that came from a file and goes to a terminal is printed through it.
public func singleLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isLineBreakingOrControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where isLineBreakingOrControl(scalar):
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// `text` without trailing full stops, so that "reason. What to do" never reads "reason.. What".
public func withoutFinalFullStop(_ text: String) -> String {
    var text = Substring(text)
    while text.last == "." { text = text.dropLast() }
    return String(text)
}

private func isLineBreakingOrControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: return true
    // Bidi marks, embeddings, overrides and isolates: on a terminal they reorder what follows.
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
}

/// The most characters a message line may have; a longer one is shortened in the middle.
public let messageLengthLimit = 300

/// At most `limit` characters of `text` (outside input quoted in a message), on one line,
/// shortened in the middle with "…" when longer: enough to recognise it, never a wall of text.
public func excerpt(_ text: some StringProtocol, limit: Int = 40) -> String {
    let line = singleLine(String(text))
    guard line.count > limit, limit >= 3 else { return line }
    let head = (limit - 1) * 2 / 3
    let tail = limit - 1 - head
    return String(line.prefix(head)) + "…" + String(line.suffix(tail))
}

/// `text` on one line of at most `limit` characters (`messageLengthLimit`), for a message about
/// bad input: when it is longer, its longest runs without spaces (a path, a JSON path, a quoted
/// value) are shortened in the middle first, never below 32 characters, so that the words that
/// say what is wrong stay whole; only then is the line itself shortened in the middle.
public func messageLine(_ text: String, limit: Int = messageLengthLimit) -> String {
    var line = singleLine(text)
    guard line.count > limit else { return line }
    // A pathological line (a 300 KB path) is cut to a few lines' worth first, so that the work
    // below stays proportional to the limit.
    if line.count > 4 * limit { line = excerpt(line, limit: 4 * limit) }
    var tokens = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    var total = line.count
    while total > limit, let longest = tokens.indices.max(by: { tokens[$0].count < tokens[$1].count }),
        tokens[longest].count > 32
    {
        let shortened = excerpt(tokens[longest], limit: max(32, tokens[longest].count - (total - limit)))
        total -= tokens[longest].count - shortened.count
        tokens[longest] = shortened
    }
    line = tokens.joined(separator: " ")
    return line.count > limit ? excerpt(line, limit: limit) : line
}
/// `count` and the noun in the right number: "1 track", "2 tracks", "1 entry".
public func counted(_ count: some BinaryInteger, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}
