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
