/// `text` on one line: line breaks and other control characters, which a parser's excerpt of
/// a file or a name from the data can carry, are shown as escapes (`\n`, `\u{1B}`).
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
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
}

/// `count` and the noun in the right number: "1 track", "2 tracks", "1 entry".
public func counted(_ count: some BinaryInteger, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}
