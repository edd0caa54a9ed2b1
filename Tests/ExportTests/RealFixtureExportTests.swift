import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Export

/// The writers on the original apps' data: 13 entries, a French name in the poster's title,
/// long paragraphs with brackets and Hanja glosses.
@Suite("RealFixtureExport", .needsSharedFixtures)
struct RealFixtureExportTests {
    @Test("page and transcript number the 13 entries alike and hold every block's text")
    func pageAndTranscript() throws {
        let tracks = try RealFixtures.tracks()
        let summary = ExportSamples.summary(lastFallsBack: false, for: tracks)
        let page = GuidePageWriter.render(tracks: tracks, summary: summary)
        let transcript = TranscriptWriter.render(tracks: tracks, summary: summary)
        #expect(tracks.count == 14)
        let plain = page.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        #expect(page.components(separatedBy: "<h2 id=\"track-").count - 1 == 14)
        #expect(page.components(separatedBy: "<audio controls preload=\"none\" aria-labelledby=").count - 1 == 14)
        for number in 1...13 {
            let title = GuideOutline.oneLine(tracks[number].title)
            #expect(transcript.contains("\n항목 \(number) / 13: \(title)\n"))
            #expect(page.contains(">항목 \(number) / 13: <span class=\"s\" data-s=\"0\">\(GuidePageWriter.escape(title))</span></h2>"))
        }
        #expect(page.contains("<h1>파리 만국박람회 1900 (<span lang=\"fr\">L&#39;Exposition de Paris 1900</span>)</h1>"))
        for track in tracks {
            for block in track.blocks where block.role == .paragraph || block.role == .summary {
                let text = GuideOutline.oneLine(block.displayText)
                #expect(transcript.contains("\n\(text)\n"))
                #expect(plain.contains("\n\(GuidePageWriter.escape(text))\n"))
            }
        }
    }

    /// Without a lexicon: the rule for bracketed names alone makes the French runs, and the
    /// page and the EPUB's content mark them lang="fr".
    @Test("the poster's bracketed French names are French runs, marked lang=fr in the page and the EPUB")
    func frenchNamesInBrackets() throws {
        let tracks = try RealFixtures.tracks()
        let sentences = tracks[0].blocks.flatMap(\.sentences)
        let page = GuidePageWriter.render(tracks: tracks, summary: ExportSamples.summary(lastFallsBack: false, for: tracks))
        for (name, shown) in [("Le Petit Journal", "Le Petit Journal"), ("L'Exposition de Paris 1900", "L&#39;Exposition de Paris 1900")] {
            #expect(sentences.contains { $0.spoken.contains(SpokenRun(text: name, language: "fr")) }, "\(name) is not a French run")
            #expect(page.contains("<span lang=\"fr\">\(shown)</span>"), "\(name) is not marked in the page")
            #expect(
                sentences.contains { LanguageSpans.runs(of: $0).contains { $0.text == name && $0.language == "fr" } },
                "\(name) is not marked in the EPUB")
        }
        // The display text stays as written; only the runs have a language.
        #expect(sentences.contains { $0.display.contains("‘르 프티 주르날(Le Petit Journal)’은") })
    }

    @Test("every track's captions parse back, one cue per sentence, lines within the width")
    func captions() throws {
        let tracks = try RealFixtures.tracks()
        for result in ExportSamples.summary(lastFallsBack: false, for: tracks).tracks {
            let cues = try WebVTTParser.parse(WebVTTWriter.render(cues: result.cues))
            #expect(cues.count == result.cues.count)
            #expect(cues.map(\.plainText) == result.cues.map { GuideOutline.oneLine($0.text) })
            for cue in cues {
                #expect(
                    cue.lines.allSatisfy {
                        WebVTTWriter.displayWidth(Substring($0)) <= WebVTTWriter.lineWidthColumns
                            || !$0.contains(" ")
                    })
            }
        }
    }
}
