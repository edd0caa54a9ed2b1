import Testing

@testable import ExpoModel

/// The one error type: its message is one line with one full stop before the advice, and its
/// category is what decides a front end's exit status.
@Suite("ExpoError")
struct ExpoErrorTests {
    @Test("message and advice read as sentences, whatever full stops the parts brought")
    func sentences() {
        let error = ExpoError(.io, "Cannot write /o/a.wav: No space left on device.", advice: "Free some space.")
        #expect(error.description == "Cannot write /o/a.wav: No space left on device. Free some space.")
        #expect(ExpoError(.data, "bad.json: $.title: empty...").description == "bad.json: $.title: empty.")
    }

    @Test("names from the data cannot break a message into lines")
    func oneLine() {
        let error = ExpoError(.usage, "No entry is named \"a\nb\u{1B}[31m\"", advice: "Look\u{2028}again.")
        #expect(!error.description.contains("\n") && !error.description.contains("\u{1B}"))
        #expect(error.description.contains("a\\nb\\u{1B}[31m"))
        #expect(error.advice == "Look\\u{2028}again.")
    }

    @Test("an interruption says the published guide is unchanged", arguments: ExpoError.Category.allCases)
    func categories(_ category: ExpoError.Category) {
        let error = ExpoError(category, "x")
        #expect(error.isInterruption == (category == .interrupted))
        #expect(ExpoError.interrupted.isInterruption && ExpoError.interrupted.description.contains("unchanged"))
    }
}

/// The one error type: every message the command line prints is one line, ends in one full
/// stop, and carries its advice after it.
@Suite("ExpoError messages")
struct ExpoErrorMessageTests {
    @Test("the description is the message and one full stop, then the advice")
    func description() {
        #expect(ExpoError(.data, "items.json: $[0].name: not a string").description == "items.json: $[0].name: not a string.")
        let advised = ExpoError(.usage, "no such profile", advice: "Choose one of standard, slow, fast.")
        #expect(advised.description == "no such profile. Choose one of standard, slow, fast.")
        #expect(ExpoError(.io, "disk full", advice: "").description == "disk full.")
    }

    @Test("a message that already ends in full stops never reads 'reason.. advice'")
    func finalFullStops() {
        let error = ExpoError(.io, "No space left on device...", advice: "Free some space.")
        #expect(error.message == "No space left on device")
        #expect(error.description == "No space left on device. Free some space.")
    }

    @Test("line breaks and control characters from the data stay escaped on one line")
    func oneLine() {
        let error = ExpoError(.data, "items.json: duplicate name \"가\nnext\"", advice: "Rename\tone\u{1B}.")
        #expect(!error.description.contains("\n") && !error.description.contains("\t"))
        #expect(error.message == "items.json: duplicate name \"가\\nnext\"")
        #expect(error.advice == "Rename\\tone\\u{1B}.")
    }

    @Test("the interruption says the previous output is unchanged and how to go on")
    func interruption() {
        #expect(ExpoError.interrupted.isInterruption)
        #expect(
            ExpoError.interrupted.description
                == "Interrupted; the previous output is unchanged. Run again to continue (finished tracks are kept in the cache).")
        #expect(!ExpoError(.io, "x").isInterruption)
        #expect((ExpoError.interrupted as any Error).localizedDescription == ExpoError.interrupted.description)
    }

    @Test("errors are equal when category, subject, message, advice and code are")
    func equality() {
        #expect(ExpoError(.io, "x", subject: .outputFolder, code: 28) == ExpoError(.io, "x.", subject: .outputFolder, code: 28))
        #expect(ExpoError(.io, "x", code: 28) != ExpoError(.io, "x", code: 30))
        #expect(ExpoError(.io, "x") != ExpoError(.data, "x"))
    }
}
