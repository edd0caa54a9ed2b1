import ExpoModel
import Foundation
import Testing

@testable import Export

@Suite("TranscriptWriter")
struct TranscriptWriterTests {
    let tracks = ExportSamples.tracks
    var transcript: String { TranscriptWriter.render(tracks: tracks, summary: ExportSamples.summary()) }

    @Test("title line, fact lines, numbered entry headings and paragraphs separated by blank lines")
    func layout() {
        let facts = tracks[0].blocks.filter { $0.role == .fact }.map(\.displayText)
        #expect(facts.count == 3)
        let expected = """
            시험 박람회 1900 (L'Exposition d'essai 1900)

            \(facts[0])
            \(facts[1])
            \(facts[2])

            시험용 포스터 설명의 첫 문단입니다. 두 문장으로 되어 있습니다.

            둘째 문단입니다.

            항목 1 / 2: 시험 항목 하나

            짧은 설명입니다.

            첫 항목의 설명입니다. 아주 긴 문장은 자막에서 여러 줄로 나뉘어야 하므로 이 문장은 일부러 길게 썼습니다.

            항목 2 / 2: <audio src=x> & "따옴표" ]]> -->

            요약 <i>기울임</i> & 기호

            첫 문장입니다 <script>alert(1)</script> & 끝.

            ]]> 두 번째 <b>굵게</b> --> 문단입니다.

            """
        #expect(transcript == expected)
        #expect(facts[0].hasPrefix("방문객: "))
        #expect(facts[2] == "개최 기간: 1900년 4월 14일부터 11월 12일까지")
    }

    @Test("plain text: data kept as written, no decorative symbols, no blank line pairs, no trailing spaces")
    func plainLines() {
        let lines = transcript.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(transcript.hasSuffix("\n") && !transcript.hasSuffix("\n\n"))
        #expect(!transcript.contains("\n\n\n"))
        for line in lines {
            #expect(line == line.trimmingCharacters(in: .whitespaces)[...])
            #expect(!line.hasPrefix("="), "no underlines")
            #expect(!line.hasPrefix("- ") && !line.hasPrefix("* ") && !line.hasPrefix("• "), "no bullets")
        }
        // Escaping would be wrong here: the text file holds the data as it is.
        #expect(transcript.contains(ExportSamples.hostileName))
        #expect(!transcript.contains("&amp;") && !transcript.contains("&lt;"))
    }

    @Test("line breaks inside the data do not split a paragraph or a heading")
    func lineBreaksInData() {
        let track = Track(
            fileStem: "01-x", title: "이름\n둘째 줄", kind: .entry, position: 2,
            blocks: [
                Block(role: .title, sentences: [Sentence(display: "이름\n둘째 줄", spoken: [])]),
                Block(role: .paragraph, sentences: [Sentence(display: "한 문단\r\n\r\n안의 줄바꿈.", spoken: [])]),
            ])
        let text = TranscriptWriter.render(tracks: [track], summary: ExportSamples.summary())
        #expect(text == "시험 박람회 1900 (L'Exposition d'essai 1900)\n\n항목 1 / 1: 이름 둘째 줄\n\n한 문단 안의 줄바꿈.\n")
    }

    @Test("entries are counted without the poster, in the order given")
    func numbering() {
        let entries = (1...3).map { number in
            Track(
                fileStem: "0\(number)-e", title: "항목\(number)", kind: .entry, position: number + 1,
                blocks: [Block(role: .title, sentences: [Sentence(display: "항목\(number)", spoken: [])])])
        }
        let text = TranscriptWriter.render(tracks: [tracks[0]] + entries, summary: ExportSamples.summary())
        #expect(text.contains("\n항목 1 / 3: 항목1\n"))
        #expect(text.contains("\n항목 3 / 3: 항목3\n"))
        #expect(!text.contains("/ 4"))
    }
}
