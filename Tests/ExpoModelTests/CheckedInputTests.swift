import Foundation
import Testing

@testable import ExpoModel

/// Outside input read where it enters: numbers into ranges, curated text in lines, messages
/// short and on one line, a cached track's record in range.
@Suite("Checked input")
struct CheckedInputTests {
    @Test(
        "whole numbers are read into their range, and nothing else is",
        arguments: [
            ("0", 0), ("42", 42), ("+7", 7), ("-3", nil), ("100", nil), ("1e2", nil), (" 1", nil), ("1 ", nil), ("٣", nil), ("３", nil),
            ("", nil), ("-", nil), ("nan", nil), ("99999999999999999999", nil), ("9223372036854775808", nil), ("0x10", nil),
        ] as [(String, Int?)])
    func numbers(text: String, expected: Int?) {
        #expect((try? CheckedNumber.parse(text, in: 0...99, what: "N")) == expected)
    }

    @Test("a number out of range is a usage error quoting a short excerpt of it")
    func numberMessage() {
        #expect {
            _ = try CheckedNumber.parse(String(repeating: "9", count: 400), in: 1...4, what: "SLURM_ARRAY_TASK_COUNT")
        } throws: { error in
            let error = error as? ExpoError
            return error?.category == .usage && error!.description.count < 120 && error!.message.hasPrefix("SLURM_ARRAY_TASK_COUNT is \"99")
        }
    }

    @Test("excerpts and message lines are short, on one line, with controls and direction characters as escapes")
    func excerpts() {
        #expect(excerpt("abc") == "abc")
        let long = excerpt(String(repeating: "가", count: 100), limit: 10)
        #expect(long.count == 10 && long.contains("…"))
        #expect(singleLine("a\u{202E}b\u{1B}]0;x\u{7}") == "a\\u{202E}b\\u{1B}]0;x\\u{7}")
        let line = messageLine("x" + String(repeating: "[0]", count: 100_000) + "\ny")
        #expect(line.count <= messageLengthLimit && !line.contains("\n"))
        // The long run (a JSON path 100,000 levels deep) is what is shortened; the words stay whole.
        let error = ExpoError(
            .data, "items.json: $" + String(repeating: "[0]", count: 100_000) + ": a lone UTF-16 surrogate (\\uD800), which is not a character")
        let shown = messageLine(error.description)
        #expect(shown.count <= messageLengthLimit && shown.hasPrefix("items.json: $[0][0]") && shown.hasSuffix("which is not a character."), "\(shown)")
        let words = messageLine(String(repeating: "word ", count: 100))
        #expect(words.count == messageLengthLimit && words.contains("…"))
    }

    @Test(
        "curated text is split at LF, CRLF and a bare CR alike",
        arguments: [
            ("a\nb", ["a", "b"]), ("a\r\nb\r\n", ["a", "b", ""]), ("a\rb", ["a", "b"]), ("a\r\rb", ["a", "", "b"]),
        ])
    func lines(text: String, expected: [String]) {
        #expect(CuratedText.lines(text).map(String.init) == expected)
    }

    @Test("curated text files: a BOM is dropped; too large or not UTF-8 is refused")
    func curatedFiles() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("curated-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("\u{FEFF}# c\r\n가 | 나\r\n".utf8).write(to: file)
        #expect(try CuratedText.lines(of: file).map(String.init) == ["# c", "가 | 나", ""])
        try Data([0x61, 0xFF, 0x0A]).write(to: file)
        #expect(throws: CuratedText.Failure.self) { try CuratedText.lines(of: file) }
        try Data(count: CuratedText.maximumBytes + 1).write(to: file)
        #expect(throws: CuratedText.Failure.self) { try CuratedText.lines(of: file) }
    }

    @Test(
        "a track's record with a number out of range is found out",
        arguments: [
            (1.0, 22_050, Double?.none, nil as String?), (.infinity, 22_050, nil, "duration"), (.nan, 22_050, nil, "duration"),
            (1e308, 22_050, nil, "duration"), (1.0, 0, nil, "sample rate"), (1.0, 22_050, .infinity, "cue"), (1.0, 22_050, -5, "cue"),
        ])
    func records(duration: Double, sampleRate: Int, cueStart: Double?, problem: String?) {
        let cues = cueStart.map { [CaptionCue(start: $0, end: 0.5, text: "가")] } ?? []
        let audio = TrackAudio(
            durationSeconds: duration, sampleRate: sampleRate, loudnessLUFS: -19, peakDBFS: -1,
            sha256: "", byteCount: 44 + 2 * 22_050, cues: cues)
        if let problem {
            #expect(audio.rangeProblem?.contains(problem) == true, "\(audio.rangeProblem ?? "nil")")
        } else {
            #expect(audio.rangeProblem == nil)
        }
    }
}
