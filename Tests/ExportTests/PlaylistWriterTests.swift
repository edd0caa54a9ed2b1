import Testing

@testable import Export

@Suite("PlaylistWriter")
struct PlaylistWriterTests {
    @Test("extended M3U: header, then EXTINF and a relative path per track with audio")
    func lines() {
        let summary = ExportSamples.summary()
        let playlist = PlaylistWriter.render(summary: summary)
        let lines = playlist.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let withAudio = summary.tracks.filter { $0.audioFile != nil }
        #expect(lines.first == "#EXTM3U")
        #expect(lines[1] == "#PLAYLIST:시험 박람회 1900 (L'Exposition d'essai 1900)")
        #expect(lines.last == "")
        #expect(lines.count == 2 + 2 * withAudio.count + 1)
        for (index, result) in withAudio.enumerated() {
            #expect(lines[2 + 2 * index] == "#EXTINF:\(PlaylistWriter.seconds(result.durationSeconds)),\(result.title)")
            #expect(lines[3 + 2 * index] == result.audioFile)
        }
        #expect(lines[2] == "#EXTINF:18.25,시험 박람회 1900 (L'Exposition d'essai 1900)")
        #expect(lines[3] == "00-poster.wav")
        #expect(!playlist.contains(summary.tracks.last!.fileStem), "the text-only track is left out")
    }

    @Test("titles and paths stay on one line; a path never reads as a comment")
    func hostileTitles() {
        var summary = ExportSamples.summary(lastFallsBack: false)
        summary.title = "제목\n#EXTINF:1,가짜"
        summary.tracks[0].title = "첫 줄\r\n#EXTM3U, 쉼표, 있음\u{2028}끝"
        summary.tracks[1].fileStem = "#not-a-comment"
        let playlist = PlaylistWriter.render(summary: summary)
        let lines = playlist.split(separator: "\n").map(String.init)
        #expect(lines[1] == "#PLAYLIST:제목 #EXTINF:1,가짜")
        #expect(lines[2].hasSuffix(",첫 줄 #EXTM3U, 쉼표, 있음 끝"))
        #expect(lines[5] == "./#not-a-comment.wav")
        #expect(lines.filter { $0.hasPrefix("#EXTINF:") }.count == 3)
        #expect(!playlist.contains("\r"))
    }

    @Test(
        "durations in seconds, decimals only when needed",
        arguments: [
            (Double?.some(3.0), "3"), (12.5, "12.5"), (1.0004, "1"), (61.2345, "61.235"), (nil, "-1"), (.nan, "-1"), (-2, "-1"),
        ])
    func seconds(duration: Double?, expected: String) {
        #expect(PlaylistWriter.seconds(duration) == expected)
    }

    @Test("no audio at all: only the header lines")
    func textOnly() {
        #expect(
            PlaylistWriter.render(summary: ExportSamples.textOnlySummary())
                == "#EXTM3U\n#PLAYLIST:시험 박람회 1900 (L'Exposition d'essai 1900)\n")
    }
}
