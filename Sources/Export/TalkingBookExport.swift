import ExpoModel
import Foundation
import TalkingBook

/// guide.epub: the transcript as an EPUB 3 talking book, each sentence tied to its clip in its
/// chapter's MP3 (Media Overlays), as DAISY players and reading apps play it with read-along.
public enum TalkingBookExport {
    /// Who evaluated the book's accessibility (`a11y:certifiedBy`): the program's own check.
    public static let certifier = "expo-narrate (automated self-check)"

    /// The book of `tracks`; `audio` gives each track's MP3 (the file to embed and its decoded
    /// duration), by file stem; tracks without one are text-only chapters. `identifier` is a
    /// stable id of the catalog; `modified` the book's date (YYYY-MM-DDThh:mm:ssZ).
    /// `pictures` gives a track's picture by file stem.
    public static func document(
        tracks: [Track], summary: GuideSummary, audio: [String: (url: URL, duration: Double)],
        identifier: String, modified: String,
        pictures: [String: PictureReference] = [:]
    ) -> TalkingBookDocument {
        let results = Dictionary(summary.tracks.map { ($0.fileStem, $0) }, uniquingKeysWith: { first, _ in first })
        let chapters = tracks.map { track in
            let mp3 = audio[track.fileStem]
            let cues = results[track.fileStem]?.cues ?? []
            // Gapless: each clip runs to the next one's start, so a reading system that plays
            // clip by clip keeps the pauses the voice profile asks for (see `SentenceClips`).
            let clips =
                mp3.map {
                    SentenceClips.gapless(
                        sentences: track.sentences.map(\.display), cues: cues,
                        audioEnd: $0.duration)
                } ?? []
            var index = 0
            let blocks = track.blocks.map { block in
                BookBlock(
                    role: role(block.role), heading: block.role == .appearance ? block.label : nil,
                    sentences: block.sentences.map { sentence in
                        defer { index += 1 }
                        let clip = index < clips.count ? clips[index] : nil
                        return BookSentence(
                            runs: LanguageSpans.runs(of: sentence).map { TextRun($0.text, language: $0.language) },
                            clip: clip.map { $0.start...$0.end })
                    })
            }
            return BookChapter(
                id: track.fileStem, title: oneLine(track.title),
                audio: mp3.map {
                    AudioReference(
                        sourceURL: $0.url, fileName: track.fileStem + ".mp3",
                        mediaType: "audio/mpeg", durationSeconds: $0.duration)
                },
                blocks: blocks, picture: pictures[track.fileStem])
        }
        let shown = tracks.compactMap { pictures[$0.fileStem] }
        let described = shown.filter(\.hasAlternative).count
        let pictureNote =
            shown.isEmpty
            ? "그림은 없습니다."
            : described == shown.count
                ? "그림 \(shown.count)개에는 모두 사람이 쓴 대체 텍스트가 있거나 장식용으로 표시되어 있습니다."
                : "그림 \(shown.count)개 가운데 \(shown.count - described)개에는 아직 대체 텍스트가 없습니다."
        var document = TalkingBookDocument(
            title: oneLine(summary.title), language: "ko", identifier: identifier, modified: modified,
            accessibilitySummary: "전시 안내의 모든 문장을 글과 음성으로 함께 담았습니다. 문장마다 음성이 맞추어져 있어 "
                + "읽으면서 들을 수 있고, 글만으로도 모든 내용을 읽을 수 있습니다. 음성은 합성 음성(espeak-ng)입니다. "
                + "장마다 제목이 있고 차례로 이동할 수 있으며, 외국어 이름에는 그 언어가 표시되어 있습니다. " + pictureNote,
            chapters: chapters, narrator: "espeak-ng (ko)", certifiedBy: certifier)
        // The summary states the claim only where the book makes it (see AccessibilityConformance).
        if AccessibilityConformance.failures(document).isEmpty {
            document.accessibilitySummary += " 만든 프로그램이 스스로 점검하여 WCAG 2.2 AA 수준의 EPUB 접근성 1.1을 충족한다고 밝힙니다."
        }
        return document
    }

    private static func role(_ role: Block.Role) -> BookBlock.Role {
        switch role {
        case .title: .title
        case .fact: .fact
        case .summary: .summary
        case .paragraph: .paragraph
        case .appearance: .appearance
        }
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

/// The display text of a sentence in runs of one language: the displayed form of each run
/// spoken in another language is marked with that language, found as the page finds it
/// (`GuidePageWriter.markUp`), so that the book and the page mark the same words.
enum LanguageSpans {
    static func runs(of sentence: Sentence) -> [(text: String, language: String?)] {
        var runs: [(text: String, language: String?)] = []
        var rest = Substring(sentence.display)
        for run in sentence.spoken {
            let needle = GuideOutline.oneLine(run.text)
            guard let language = run.language, GuidePageWriter.isLanguageTag(language), !needle.isEmpty,
                let range = rest.range(of: needle) ?? GuidePageWriter.latinStretch(in: rest, like: needle)
            else { continue }
            if range.lowerBound > rest.startIndex { runs.append((String(rest[..<range.lowerBound]), nil)) }
            runs.append((String(rest[range]), language))
            rest = rest[range.upperBound...]
        }
        if !rest.isEmpty || runs.isEmpty { runs.append((String(rest), nil)) }
        return runs
    }
}
