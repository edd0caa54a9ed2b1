import ExpoModel
import ExpoSystem

/// Writes `index.html`: an accessible page that plays the guide offline from its folder.
///
/// Without script the page is complete: one `h1` (the guide's title), a skip link to
/// `<main>`, the guide's editions the run published (`editionList`), a chapter list with every track's duration, an `h2` per track headed as in the
/// transcript ("항목 3 / 13: 이름"; the poster is not counted), the poster's facts in a `<dl>`,
/// and, for each track with audio, a native player (its sources in the order given), download
/// links and the track's text. Tracks that fell back to text show a note with the reason
/// instead of a player. With script (inline, `playerScript`) one read-along player plays the
/// whole guide with captions that show (cues embedded as JSON, split by `CaptionSplitter`)
/// and the sentence being read highlighted. Every sentence is a `span.s` with `data-s`, its
/// index in `Track.sentences`. Text from the catalog is always escaped: it is data, never
/// markup. Parts of a text spoken in another language (a `SpokenRun` with a `language`) are
/// marked with `lang` where they appear in the displayed text.
public enum GuidePageWriter {
    /// The speeds the player offers.
    static let speeds = ["0.75", "1", "1.25", "1.5", "1.75", "2"]

    /// The page for `tracks`, with files and audio facts from `summary` (matched by file stem).
    /// `audioSources` gives a track's files by file stem, best first (for example Opus, MP3,
    /// then the WAV as a download only); a track not in it plays its WAV.
    /// `pictures` gives a track's picture by file stem, shown under its heading. `captions`
    /// gives a track's cues by file stem when they were split already (for its WebVTT file, from
    /// the same result); the others are split here.
    public static func render(
        tracks: [Track], summary: GuideSummary,
        audioSources: [String: [GuidePageAudioSource]] = [:],
        pictures: [String: PublishedPicture] = [:],
        captions: [String: TrackCaptions] = [:],
        editions: [PublishedEdition] = []
    ) -> String {
        let results = Dictionary(summary.tracks.map { ($0.fileStem, $0) }, uniquingKeysWith: { first, _ in first })
        let title = GuideOutline.oneLine(summary.title)
        let hasTrackAudio = summary.tracks.contains { $0.audioFile != nil }
        let chapters = zip(tracks, GuideOutline.entryNumbers(of: tracks)).map { track, number in
            Chapter(
                track: track, number: number, result: results[track.fileStem],
                sources: sources(for: results[track.fileStem], given: audioSources), picture: pictures[track.fileStem])
        }
        let playable = chapters.filter { !$0.playerSources.isEmpty }
        var html = head(title: title, tracks: tracks, hasTrackAudio: hasTrackAudio)
        // The player comes before everything with links, so Tab reaches it in a few steps.
        if !playable.isEmpty { html += playerBar + playerSettings }
        html += "<main id=\"main\" tabindex=\"-1\">\n"
        let sharedReason = fallbackNotice(summary, into: &html)
        html += editionList(editions)
        html += chapterList(chapters, guideSeconds: summary.guideDurationSeconds)
        for chapter in chapters {
            html += section(chapter, notesFallback: sharedReason == nil)
        }
        html += "</main>\n<footer>\n<p>"
        var made = "expo-narrate \(summary.toolVersion), 음성 프로필 \(summary.voiceProfile)"
        if let espeak = summary.espeakVersion { made += ", espeak-ng \(espeak)" }
        html += escape(made) + "로 만들었습니다.</p>\n</footer>\n"
        if !playable.isEmpty {
            let data = playable.map { chapter in
                (
                    id: chapter.id,
                    cues: chapter.result.map {
                        captions[chapter.track.fileStem]?.cues ?? GuidePageCues.cues(for: chapter.track, result: $0)
                    } ?? []
                )
            }
            html += "<script type=\"application/json\" id=\"guide-data\">\n\(GuidePageCues.json(data))\n</script>\n"
            html += "<script>\n\(playerScript)\n</script>\n"
        }
        return html + "</body>\n</html>\n"
    }

    /// A track with what the page shows of it.
    struct Chapter {
        var track: Track
        var number: String?
        var result: TrackResult?
        var sources: [GuidePageAudioSource]
        var picture: PublishedPicture?
        var playerSources: [GuidePageAudioSource] { sources.filter(\.inPlayer) }
        var id: String {
            let slug = FileNaming.slug(track.fileStem)
            return "track-" + (slug.isEmpty ? String(track.position) : slug)
        }
        var heading: String { GuideOutline.headingPrefix(entryNumber: number) + GuideOutline.oneLine(track.title) }
    }

    /// The sources given for a track, or its WAV; none without audio.
    private static func sources(for result: TrackResult?, given: [String: [GuidePageAudioSource]]) -> [GuidePageAudioSource] {
        guard let result, let audio = result.audioFile else { return [] }
        if let listed = given[result.fileStem], listed.contains(where: \.inPlayer) { return listed }
        return [.wav(audio)]
    }

    private static func head(title: String, tracks: [Track], hasTrackAudio: Bool) -> String {
        let titleRuns =
            tracks.first(where: { $0.kind == .poster })?.blocks.first(where: { $0.role == .title })
            .map(foreignRuns) ?? []
        let intro =
            hasTrackAudio
            ? "이 페이지는 인터넷 연결 없이 이 폴더에서 바로 재생됩니다. 차례에서 장을 골라 듣거나 가이드 전체를 이어 들을 수 있고, 듣는 동안 자막과 지금 읽는 문장이 표시됩니다."
            : "이 가이드는 글로 읽을 수 있습니다. 인터넷 연결은 필요하지 않습니다."
        return """
            <!DOCTYPE html>
            <html lang="ko">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title)) 오디오 가이드</title>
            <style>
            \(styleSheet)
            </style>
            </head>
            <body>
            <a class="skip-link" href="#main">본문으로 건너뛰기</a>
            <header>
            <h1>\(markUp(title, foreign: titleRuns))</h1>
            <p>\(intro)</p>
            </header>

            """
    }

    /// "3.5 MB" (one decimal under 10 MB, whole megabytes above; "0.1 MB" at the least).
    static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_000_000
        return value >= 10 ? "\(Int(value.rounded())) MB" : String(format: "%.1f MB", max(value, 0.1))
    }

    /// Writes the note about tracks without audio; returns the reason when every track fell
    /// back for one reason (then it is said once, at the top).
    private static func fallbackNotice(_ summary: GuideSummary, into html: inout String) -> String?? {
        let fellBack = summary.tracks.filter(\.fellBackToText)
        let reasons = Set(fellBack.map { reasonText($0.fallbackReason) })
        let sharedReason = fellBack.count == summary.tracks.count && reasons.count == 1 ? reasons.first : nil
        if let sharedReason {
            html += "<p class=\"notice\">이 가이드의 음성은 만들지 못해 글로만 제공합니다."
            html += sharedReason.map { " 이유: " + escape($0) } ?? ""
            html += "</p>\n"
        } else if !fellBack.isEmpty {
            html += "<p class=\"notice\">일부 항목의 음성은 만들지 못해 글로만 제공합니다. 이유는 각 항목에 적혀 있습니다.</p>\n"
        }
        return sharedReason
    }

    /// The chapter list: every track, its duration from the data, and (with script) a button
    /// that plays from it.
    private static func chapterList(_ chapters: [Chapter], guideSeconds: Double?) -> String {
        var html = "<nav class=\"chapters\" aria-labelledby=\"chapters-heading\">\n<h2 id=\"chapters-heading\">차례"
        if let total = guideSeconds, total.isFinite, total > 0 {
            html += " <span class=\"duration\">(모두 \(durationElement(total)))</span>"
        }
        html += "</h2>\n<ol>\n"
        for chapter in chapters {
            html += "<li data-track=\"\(chapter.id)\"><a href=\"#\(chapter.id)\">"
            html += markUp(chapter.heading, foreign: titleRuns(chapter.track)) + "</a>"
            if let duration = chapter.result?.durationSeconds, duration.isFinite, duration > 0, !chapter.playerSources.isEmpty {
                html += " <span class=\"duration\">\(durationElement(duration))</span>"
                html += " <button type=\"button\" class=\"play-from\" hidden aria-label=\"듣기: \(escape(chapter.heading))\">듣기</button>"
            } else if chapter.result?.audioFile == nil {
                html += " <span class=\"duration\">글만</span>"
            }
            html += "</li>\n"
        }
        return html + "</ol>\n</nav>\n"
    }

    /// The reason as one sentence ending with a full stop, or nil when none was given.
    private static func reasonText(_ reason: String?) -> String? {
        guard let reason else { return nil }
        let line = GuideOutline.oneLine(reason)
        guard let last = line.last else { return nil }
        return ".!?。".contains(last) ? line : line + "."
    }

    private static func section(_ chapter: Chapter, notesFallback: Bool) -> String {
        let track = chapter.track
        let id = chapter.id
        let heading = escape(GuideOutline.headingPrefix(entryNumber: chapter.number)) + titleMarkup(track)
        var html = "<section aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">\(heading)</h2>\n"
        if let picture = chapter.picture { html += figure(picture, title: track.title) }
        var index = 0
        var facts = ""
        for block in track.blocks {
            defer { index += block.sentences.count }
            guard block.role == .fact else { continue }
            let label = GuideOutline.oneLine(block.label.isEmpty ? "정보" : block.label)
            let value = block.value.isEmpty ? block.displayText : block.value
            facts += "<dt>\(escape(label))</dt><dd>\(sentenceSpan(index, markUp(GuideOutline.oneLine(value), foreign: foreignRuns(block))))</dd>\n"
        }
        if !facts.isEmpty { html += "<dl class=\"facts\">\n\(facts)</dl>\n" }
        html += player(chapter, id: id, notesFallback: notesFallback)
        index = 0
        for block in track.blocks {
            defer { index += block.sentences.count }
            guard block.role == .summary || block.role == .paragraph || block.role == .appearance else { continue }
            let spans = block.sentences.enumerated().compactMap { offset, sentence -> String? in
                let text = GuideOutline.oneLine(sentence.display)
                return text.isEmpty ? nil : sentenceSpan(index + offset, markUp(text, foreign: foreignRuns(sentence)))
            }
            guard !spans.isEmpty else { continue }
            if block.role == .appearance {
                html += "<h3>\(escape(GuideOutline.oneLine(block.label)))</h3>\n<p class=\"appearance\">\(spans.joined(separator: " "))</p>\n"
                continue
            }
            html += "<p\(block.role == .summary ? " class=\"summary\"" : "")>\(spans.joined(separator: " "))</p>\n"
        }
        return html + "</section>\n"
    }

    /// The picture at every width, WebP first with the JPEG as the fallback, loaded when it
    /// comes near the screen, never wider than the text column.
    private static func figure(_ picture: PublishedPicture, title: String) -> String {
        let jpegs = picture.variants(ofType: "image/jpeg")
        let webps = picture.variants(ofType: "image/webp")
        guard let fallback = jpegs.first else { return "" }
        let sizes = "(min-width: 48rem) 47rem, 100vw"
        let srcset = { (variants: [PictureVariant]) in variants.map { "\(url($0.file)) \($0.width)w" }.joined(separator: ", ") }
        var html = "<figure class=\"picture\"><picture>\n"
        if !webps.isEmpty { html += "<source type=\"image/webp\" srcset=\"\(srcset(webps))\" sizes=\"\(sizes)\">\n" }
        html += "<img src=\"\(url(fallback.file))\" srcset=\"\(srcset(jpegs))\" sizes=\"\(sizes)\" width=\"\(fallback.width)\" "
        html += "height=\"\(fallback.height)\" alt=\"\(escape(altText(picture.alternative, title: title)))\" loading=\"lazy\" decoding=\"async\">\n"
        return html + "</picture></figure>\n"
    }

    /// A picture's `alt`: the text a person wrote; empty for a picture marked decorative; for a
    /// picture nobody described, what it is a picture of and that its text is missing (never
    /// its file name, never an invented description).
    public static func altText(_ alternative: PictureAlternative, title: String) -> String {
        switch alternative {
        case .text(let text): return GuideOutline.oneLine(text)
        case .decorative: return ""
        case .missing: return "\(GuideOutline.oneLine(title)) 그림 (대체 텍스트 없음)"
        }
    }

    /// A sentence's markup in the span the player marks while it is heard (the style sheet
    /// isolates every `.s` for direction: an override the catalog left open ends with it).
    private static func sentenceSpan(_ index: Int, _ html: String) -> String {
        "<span class=\"s\" data-s=\"\(index)\">\(html)</span>"
    }

    /// The track's title as in its heading, its title sentence marked for the player.
    private static func titleMarkup(_ track: Track) -> String {
        let title = markUp(GuideOutline.oneLine(track.title), foreign: titleRuns(track))
        guard track.blocks.first?.role == .title else { return title }
        return sentenceSpan(0, title)
    }

    private static func titleRuns(_ track: Track) -> [SpokenRun] {
        track.blocks.first { $0.role == .title }.map(foreignRuns) ?? []
    }

    /// The native player, download links and a note on reading along; or the note on why
    /// there is no audio.
    private static func player(_ chapter: Chapter, id: String, notesFallback: Bool) -> String {
        guard let result = chapter.result, !chapter.playerSources.isEmpty else {
            guard let result = chapter.result, result.fellBackToText, notesFallback else { return "" }
            return "<p class=\"notice\">이 항목의 음성은 만들지 못했습니다."
                + (reasonText(result.fallbackReason).map { " 이유: " + escape($0) } ?? "") + "</p>\n"
        }
        var html = "<div class=\"player\">\n<audio controls preload=\"none\" aria-labelledby=\"\(id)\">\n"
        for source in chapter.playerSources {
            html += "<source src=\"\(url(source.file))\" type=\"\(escape(source.mediaType))\">\n"
        }
        html += "<a href=\"\(url(chapter.playerSources[0].file))\">음성 파일 내려받기</a>\n</audio>\n<p class=\"files\">"
        var links: [String] = []
        for (offset, source) in chapter.sources.enumerated() {
            var label = "음성 내려받기 (\(escape(source.label))"
            if offset == 0, let duration = result.durationSeconds, duration.isFinite, duration > 0 {
                label += ", " + durationElement(duration)
            }
            links.append("<a href=\"\(url(source.file))\" type=\"\(escape(source.mediaType))\">\(label))</a>")
        }
        if let captions = result.captionsFile {
            links.append("<a href=\"\(url(captions))\" type=\"text/vtt\">자막 (WebVTT)</a>")
        }
        html += links.joined(separator: " ") + "</p>\n</div>\n"
        // The sentences' description (`aria-describedby`) once the script makes them one tab stop.
        return html + "<p class=\"read-along-hint\" id=\"\(id)-hint\" hidden>문장을 누르면 그 문장부터 들을 수 있습니다. "
            + "키보드로는 Tab으로 이 장의 문장 목록에 들어가 위아래 화살표로 문장을 고르고 Enter를 누릅니다.</p>\n"
    }

    /// A length as the page shows it: `spokenDuration` in a `<time>` whose `datetime` holds it
    /// to the millisecond (an HTML duration, "PT3M12.345S"), for programs that read the page.
    static func durationElement(_ seconds: Double) -> String {
        let millis = Int((max(0, seconds) * 1000).rounded())
        let fraction = millis % 1000
        let machine = "PT\(millis / 60_000)M\(millis / 1000 % 60)" + (fraction == 0 ? "" : "." + String(format: "%03d", fraction)) + "S"
        return "<time datetime=\"\(machine)\">\(spokenDuration(seconds))</time>"
    }

    /// "3분 12초" for 192 seconds.
    static func spokenDuration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let minutes = total / 60
        let rest = total % 60
        if minutes == 0 { return "\(max(rest, 1))초" }
        return rest == 0 ? "\(minutes)분" : "\(minutes)분 \(rest)초"
    }

    /// The runs of a block spoken in another language.
    private static func foreignRuns(_ block: Block) -> [SpokenRun] {
        block.sentences.flatMap(foreignRuns)
    }

    /// The runs of a sentence spoken in another language.
    private static func foreignRuns(_ sentence: Sentence) -> [SpokenRun] {
        sentence.spoken.filter { run in
            guard let language = run.language else { return false }
            return !language.isEmpty && !GuideOutline.oneLine(run.text).isEmpty
        }
    }

    /// Text safe inside an element or a double-quoted attribute.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A relative file name as an attribute value: anything but unreserved ASCII and "/" is
    /// percent-encoded, so a name can never become a scheme, a query or markup.
    static func url(_ fileName: String) -> String {
        var encoded = ""
        for byte in fileName.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        // A leading "/" would leave the folder ("//host" even the machine): keep it relative.
        if encoded.hasPrefix("/") { encoded = "." + encoded }
        return escape(encoded)
    }
}
