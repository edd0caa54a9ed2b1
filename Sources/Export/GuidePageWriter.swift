import ExpoModel
import ExpoSystem
import Narration
/// Writes `index.html`: an accessible page that plays the guide offline from its folder.
///
/// The page needs no script and loads nothing from outside (one inline style sheet). It has
/// one `h1` (the guide's title), a skip link to `<main>`, an `h2` per track headed as in the
/// transcript ("항목 3 / 13: 이름"; the poster is not counted), the poster's facts in a `<dl>`,
/// and, for each track with audio, a player with Korean captions, a download link and the
/// track's text beside it. Tracks that fell back to text show a note with the reason
/// instead of a player. Text from the catalog is always escaped: it is data, never markup.
/// Parts of a text spoken in another language (a `SpokenRun` with a `language`) are marked
/// with `lang` where they appear in the displayed text.
public enum GuidePageWriter {
    /// Files the page links to besides the tracks' own.
    public static let guideTranscriptFile = "guide.txt"
    public static let playlistFile = "guide.m3u8"

    /// The page for `tracks`, with files and audio facts from `summary` (matched by file stem).
    public static func render(tracks: [Track], summary: GuideSummary) -> String {
        let results = Dictionary(summary.tracks.map { ($0.fileStem, $0) }, uniquingKeysWith: { first, _ in first })
        let titleRuns = tracks.first(where: { $0.kind == .poster })?.blocks.first(where: { $0.role == .title })
            .map(foreignRuns) ?? []
        let title = GuideOutline.oneLine(summary.title)
        let hasTrackAudio = summary.tracks.contains { $0.audioFile != nil }
        let fellBack = summary.tracks.filter(\.fellBackToText)

        var html = """
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
        \(hasTrackAudio ? "<p>이 페이지는 인터넷 연결 없이 이 폴더에서 바로 재생됩니다. 각 항목의 재생기에서 한국어 자막을 켜고 끌 수 있습니다.</p>" : "<p>이 가이드는 글로 읽을 수 있습니다. 인터넷 연결은 필요하지 않습니다.</p>")
        <nav aria-label="가이드 전체 파일">
        <ul>

        """
        if let guideAudio = summary.guideAudioFile {
            html += "<li><a href=\"\(url(guideAudio))\" type=\"audio/wav\">가이드 전체 듣기 또는 내려받기 (WAV)</a></li>\n"
        }
        if hasTrackAudio {
            html += "<li><a href=\"\(url(playlistFile))\" type=\"audio/x-mpegurl\">재생 목록 (M3U)</a></li>\n"
        }
        html += "<li><a href=\"\(url(guideTranscriptFile))\" type=\"text/plain\">가이드 전체 대본 (텍스트)</a></li>\n"
        html += "</ul>\n</nav>\n</header>\n<main id=\"main\" tabindex=\"-1\">\n"
        // When every track fell back for one reason, it is said once at the top.
        let reasons = Set(fellBack.map { reasonText($0.fallbackReason) })
        let sharedReason = fellBack.count == summary.tracks.count && reasons.count == 1 ? reasons.first : nil
        if let sharedReason {
            html += "<p class=\"notice\">이 가이드의 음성은 만들지 못해 글로만 제공합니다."
            html += sharedReason.map { " 이유: " + escape($0) } ?? ""
            html += "</p>\n"
        } else if !fellBack.isEmpty {
            html += "<p class=\"notice\">일부 항목의 음성은 만들지 못해 글로만 제공합니다. 이유는 각 항목에 적혀 있습니다.</p>\n"
        }

        let numbers = GuideOutline.entryNumbers(of: tracks)
        for (track, number) in zip(tracks, numbers) {
            html += section(track, number: number, result: results[track.fileStem], notesFallback: sharedReason == nil)
        }
        html += "</main>\n<footer>\n<p>"
        var made = "expo-narrate \(summary.toolVersion), 음성 프로필 \(summary.voiceProfile)"
        if let espeak = summary.espeakVersion { made += ", espeak-ng \(espeak)" }
        html += escape(made) + "로 만들었습니다.</p>\n</footer>\n</body>\n</html>\n"
        return html
    }

    /// The reason as one sentence ending with a full stop, or nil when none was given.
    private static func reasonText(_ reason: String?) -> String? {
        guard let reason else { return nil }
        let line = GuideOutline.oneLine(reason)
        guard let last = line.last else { return nil }
        return ".!?。".contains(last) ? line : line + "."
    }

    private static func section(_ track: Track, number: String?, result: TrackResult?, notesFallback: Bool) -> String {
        let id = "track-" + (FileNaming.slug(track.fileStem).isEmpty ? String(track.position) : FileNaming.slug(track.fileStem))
        let titleBlock = track.blocks.first { $0.role == .title }
        let heading = escape(GuideOutline.headingPrefix(entryNumber: number))
            + markUp(GuideOutline.oneLine(track.title), foreign: titleBlock.map(foreignRuns) ?? [])
        var html = "<section aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">\(heading)</h2>\n"

        let facts = track.blocks.filter { $0.role == .fact }
        if !facts.isEmpty {
            html += "<dl class=\"facts\">\n"
            for fact in facts {
                let label = fact.label.isEmpty ? "정보" : fact.label
                let value = fact.value.isEmpty ? fact.displayText : fact.value
                html += "<dt>\(escape(GuideOutline.oneLine(label)))</dt><dd>\(markUp(GuideOutline.oneLine(value), foreign: foreignRuns(fact)))</dd>\n"
            }
            html += "</dl>\n"
        }

        if let result, let audio = result.audioFile {
            html += "<div class=\"player\">\n"
            html += "<audio controls preload=\"none\" src=\"\(url(audio))\" aria-labelledby=\"\(id)\">\n"
            if let captions = result.captionsFile {
                html += "<track kind=\"captions\" srclang=\"ko\" label=\"한국어\" src=\"\(url(captions))\" default>\n"
            }
            html += "<a href=\"\(url(audio))\">음성 파일 내려받기</a>\n</audio>\n"
            var download = "<p class=\"files\"><a href=\"\(url(audio))\" type=\"audio/wav\">음성 내려받기 (WAV"
            if let duration = result.durationSeconds, duration.isFinite, duration > 0 {
                download += ", " + spokenDuration(duration)
            }
            download += ")</a>"
            if let captions = result.captionsFile {
                download += " <a href=\"\(url(captions))\" type=\"text/vtt\">자막 (WebVTT)</a>"
            }
            html += download + "</p>\n</div>\n"
        } else if let result, result.fellBackToText, notesFallback {
            html += "<p class=\"notice\">이 항목의 음성은 만들지 못했습니다."
            html += reasonText(result.fallbackReason).map { " 이유: " + escape($0) } ?? ""
            html += "</p>\n"
        }

        for block in track.blocks where block.role == .summary || block.role == .paragraph {
            let text = GuideOutline.oneLine(block.displayText)
            guard !text.isEmpty else { continue }
            let kind = block.role == .summary ? " class=\"summary\"" : ""
            html += "<p\(kind)>\(markUp(text, foreign: foreignRuns(block)))</p>\n"
        }
        return html + "</section>\n"
    }

    /// "3분 12초" for 192 seconds.
    static func spokenDuration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let minutes = total / 60, rest = total % 60
        if minutes == 0 { return "\(max(rest, 1))초" }
        return rest == 0 ? "\(minutes)분" : "\(minutes)분 \(rest)초"
    }

    /// The runs of a block spoken in another language.
    private static func foreignRuns(_ block: Block) -> [SpokenRun] {
        block.sentences.flatMap(\.spoken).filter { run in
            guard let language = run.language else { return false }
            return !language.isEmpty && !GuideOutline.oneLine(run.text).isEmpty
        }
    }

    /// `text` escaped, with the first occurrence of each foreign run (in order) wrapped in
    /// `<span lang="…">`.
    static func markUp(_ text: String, foreign runs: [SpokenRun]) -> String {
        var html = ""
        var rest = Substring(text)
        for run in runs {
            let needle = GuideOutline.oneLine(run.text)
            guard let language = run.language, isLanguageTag(language), let range = rest.range(of: needle) else { continue }
            html += escape(String(rest[..<range.lowerBound]))
            html += "<span lang=\"\(language)\">\(escape(String(rest[range])))</span>"
            rest = rest[range.upperBound...]
        }
        return html + escape(String(rest))
    }

    /// A BCP 47-shaped tag: letters, digits and hyphens only, so it is safe in an attribute.
    private static func isLanguageTag(_ tag: String) -> Bool {
        !tag.isEmpty && tag.count <= 35 && tag.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
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

    /// Sizes in rem/em so the page follows the reader's font size and zoom; dark text on a
    /// light background (and the reverse in dark mode), with a thick visible focus outline.
    static let styleSheet = """
    :root { color-scheme: light dark; --text: #1b1b1b; --background: #ffffff; --muted-background: #f3f1ec; --link: #0b4f9c; --focus: #b3400a; --border: #6b6b6b; }
    @media (prefers-color-scheme: dark) { :root { --text: #f2f2f2; --background: #141414; --muted-background: #262626; --link: #9cc8ff; --focus: #ffb36b; --border: #a0a0a0; } }
    html { font-size: 100%; }
    body { margin: 0 auto; max-width: 42em; padding: 1em 1.25em 3em; font-family: system-ui, "Noto Sans KR", "Apple SD Gothic Neo", sans-serif; font-size: 1.125rem; line-height: 1.7; color: var(--text); background: var(--background); word-break: keep-all; overflow-wrap: break-word; }
    h1 { font-size: 1.75em; line-height: 1.3; margin: 0.5em 0; }
    h2 { font-size: 1.35em; line-height: 1.35; margin: 2em 0 0.5em; padding-top: 0.75em; border-top: 0.0625em solid var(--border); }
    a { color: var(--link); text-decoration: underline; text-underline-offset: 0.15em; }
    a:focus-visible, audio:focus-visible, main:focus-visible { outline: 0.2em solid var(--focus); outline-offset: 0.15em; }
    .skip-link { position: absolute; left: 0.5em; top: -10em; padding: 0.5em 1em; background: var(--background); color: var(--link); z-index: 1; }
    .skip-link:focus { top: 0.5em; }
    nav ul { padding-left: 1.25em; }
    .facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25em 1em; margin: 1em 0; }
    .facts dt { font-weight: 700; }
    .facts dd { margin: 0; }
    .player { margin: 1em 0; }
    audio { width: 100%; min-height: 2.5em; }
    .files { margin: 0.25em 0 1em; }
    .files a { margin-right: 1em; }
    .summary { font-weight: 700; }
    .notice { padding: 0.75em 1em; border-left: 0.3em solid var(--focus); background: var(--muted-background); }
    footer { margin-top: 3em; font-size: 0.9em; }
    """
}
