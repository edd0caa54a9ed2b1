import ExpoModel
import Foundation
import Testing

@testable import Export

/// What a rendered guide page must show of its tracks, checked section by section from the
/// page's own text (PageReading), so that it holds for any catalog: the sample with hostile
/// text and the original apps' data alike.
enum GuidePageCheck {
    /// The elements the page is made of; anything else is text from the data turned into markup.
    static let allowedTags: Set<String> = [
        "!DOCTYPE", "html", "/html", "head", "/head", "meta", "title", "/title", "style", "/style", "body", "/body",
        "a", "/a", "header", "/header", "h1", "/h1", "h2", "/h2", "p", "/p", "nav", "/nav", "ul", "/ul", "li", "/li",
        "main", "/main", "section", "/section", "dl", "/dl", "dt", "/dt", "dd", "/dd", "div", "/div", "audio",
        "/audio", "track", "span", "/span", "footer", "/footer", "ol", "/ol", "button", "/button", "label", "/label",
        "select", "/select", "option", "/option", "input", "source", "time", "/time",
    ]

    /// Records one issue listing every way `page` fails to show `tracks` with the files and
    /// fallbacks of `summary`.
    static func verify(
        _ page: String, tracks: [Track], summary: GuideSummary,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let found = problems(in: page, tracks: tracks, summary: summary)
        #expect(found.isEmpty, "\(found.count) problem(s):\n\(found.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    /// Every way `page` fails to show `tracks` with the files and fallbacks of `summary`.
    static func problems(in page: String, tracks: [Track], summary: GuideSummary) -> [String] {
        var problems: [String] = []
        func check(_ condition: Bool, _ problem: @autoclosure () -> String) {
            if !condition { problems.append(problem()) }
        }
        check(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"ko\">\n"), "the page is not declared Korean")
        let stray = PageReading.strayMarkup(in: withoutScripts(page), allowedTags: allowedTags)
        check(stray.isEmpty, "markup or a bare & from the data: \(stray)")
        let title = PageReading.elements("h1", in: page).map(\.text)
        check(title == [PageReading.collapsed(summary.title)], "h1 \(title), expected \(summary.title.debugDescription)")

        let sections = PageReading.elements("section", in: page)
            .filter { $0.attribute("aria-labelledby")?.hasPrefix("track-") == true }
        check(sections.count == tracks.count, "\(sections.count) sections for \(tracks.count) tracks")
        let results = Dictionary(summary.tracks.map { ($0.fileStem, $0) }, uniquingKeysWith: { first, _ in first })
        let allFellBack = summary.tracks.allSatisfy(\.fellBackToText)
        let entryCount = tracks.filter { $0.kind == .entry }.count
        var entryNumber = 0
        for (track, section) in zip(tracks, sections) {
            var heading = PageReading.collapsed(track.title)
            if track.kind == .entry {
                entryNumber += 1
                heading = "항목 \(entryNumber) / \(entryCount): " + heading
            }
            let context = "section of \(track.fileStem)"
            let headings = PageReading.elements("h2", in: section.inner)
            check(headings.map(\.text) == [heading], "\(context): headings \(headings.map(\.text)), expected \(heading)")
            check(
                headings.first?.attribute("id") == section.attribute("aria-labelledby"),
                "\(context): not labelled by its heading")
            problems += playerProblems(section, result: results[track.fileStem], notesFallback: !allFellBack)
                .map { "\(context): \($0)" }
            problems += textProblems(section, of: track).map { "\(context): \($0)" }
            problems += languageProblems(section, of: track).map { "\(context): \($0)" }
        }
        return problems
    }

    /// A track with audio has one player of its WAV with its Korean captions; one without has
    /// none, and a note with the reason unless the whole guide fell back for one.
    static func playerProblems(_ section: PageReading.Element, result: TrackResult?, notesFallback: Bool) -> [String] {
        let players = PageReading.elements("audio", in: section.inner)
        guard let result, let audio = result.audioFile else {
            var problems = players.isEmpty ? [] : ["a player without audio"]
            if let result, result.fellBackToText, notesFallback {
                let notes = PageReading.elements("p", in: section.inner).filter { $0.attribute("class") == "notice" }
                let reason = PageReading.collapsed(result.fallbackReason ?? "")
                if notes.count != 1 || !notes[0].text.contains(reason) { problems.append("no note saying \(reason)") }
            }
            return problems
        }
        guard players.count == 1, let player = players.first else { return ["\(players.count) players, expected 1"] }
        var problems: [String] = []
        let files = result.compressedFiles.values.sorted() + [audio]
        if !files.contains(where: { player.inner.contains("<source src=\"\($0)\"") }) {
            problems.append("a player of none of \(files)")
        }
        if !section.inner.contains("href=\"\(audio)\"") { problems.append("no download of \(audio)") }
        if player.attribute("autoplay") != nil { problems.append("a player plays by itself") }
        if let captions = result.captionsFile, !section.inner.contains("href=\"\(captions)\"") {
            problems.append("no link to the captions \(captions)")
        }
        return problems
    }

    /// Every sentence of the track's summary and paragraphs, in reading order, in the section's
    /// paragraphs; every fact with its label.
    static func textProblems(_ section: PageReading.Element, of track: Track) -> [String] {
        var problems: [String] = []
        let shown = PageReading.elements("p", in: section.inner)
            .filter { !["notice", "files", "read-along-hint"].contains($0.attribute("class") ?? "") }
            .map(\.text).joined(separator: "\n")
        var rest = Substring(shown)
        for block in track.blocks where block.role == .summary || block.role == .paragraph {
            for sentence in block.sentences {
                let text = PageReading.collapsed(sentence.display)
                guard !text.isEmpty else { continue }
                guard let found = rest.range(of: text) else {
                    problems.append("\"\(text)\" is missing or out of order")
                    continue
                }
                rest = rest[found.upperBound...]
            }
        }
        let facts = track.blocks.filter { $0.role == .fact }
        let terms = PageReading.elements("dt", in: section.inner).map(\.text)
        let values = PageReading.elements("dd", in: section.inner).map(\.text)
        let expectedTerms = facts.map { PageReading.collapsed($0.label.isEmpty ? "정보" : $0.label) }
        let expectedValues = facts.map { PageReading.collapsed($0.value.isEmpty ? $0.displayText : $0.value) }
        if terms != expectedTerms || values != expectedValues {
            problems.append("facts \(Array(zip(terms, values))), expected \(Array(zip(expectedTerms, expectedValues)))")
        }
        return problems
    }

    /// The page without its own style sheet (in the head) and scripts (after the footer): code,
    /// not text from the data. A script anywhere else is markup from the data.
    static func withoutScripts(_ page: String) -> String {
        var result = page
        if let start = result.range(of: "<style>"), let end = result.range(of: "</style>") {
            result.replaceSubrange(start.lowerBound..<end.upperBound, with: "")
        }
        if let start = result.range(of: "</footer>", options: .backwards),
            let end = result.range(of: "</body>", options: .backwards), start.upperBound <= end.lowerBound
        {
            result.replaceSubrange(start.upperBound..<end.lowerBound, with: "\n")
        }
        return result
    }

    /// Words the voice speaks in another language are marked with that language where the
    /// text shows them, so that a screen reader switches voice too.
    static func languageProblems(_ section: PageReading.Element, of track: Track) -> [String] {
        var problems: [String] = []
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "'", with: "&#39;")
        }
        for block in track.blocks where block.role != .fact {
            let shown = PageReading.collapsed(block.displayText)
            for run in block.sentences.flatMap(\.spoken) {
                guard let language = run.language else { continue }
                let words = PageReading.collapsed(run.text)
                if !words.isEmpty, shown.contains(words), !section.inner.contains("lang=\"\(language)\">\(escaped(words))<") {
                    problems.append("\"\(words)\" is not marked lang=\(language)")
                }
            }
        }
        return problems
    }
}
