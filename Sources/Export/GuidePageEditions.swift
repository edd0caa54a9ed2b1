/// One file of the whole guide that the page offers, with what a visitor opens it with.
///
/// The page lists the editions a run published, in the order of `GuideEdition.all`, each as a
/// link with its size and, under it, what opens it in plain Korean. A new edition (a new
/// `--format`) is one more entry in `all`; the page links it only when the run published it.
public struct GuideEdition: Sendable, Equatable {
    /// The file, relative to the output folder.
    public var file: String
    /// Its media type for the link's `type`, or nil where none is registered.
    public var mediaType: String?
    /// What it is, as the link says it ("가이드 전체 음성 (Opus)").
    public var name: String
    /// What opens it, a sentence in plain Korean.
    public var opensWith: String
    /// Whether it is a large original rather than the copy a visitor wants (the WAV masters).
    public var isOriginal: Bool

    public init(file: String, mediaType: String?, name: String, opensWith: String, isOriginal: Bool = false) {
        self.file = file
        self.mediaType = mediaType
        self.name = name
        self.opensWith = opensWith
        self.isOriginal = isOriginal
    }

    /// Every file of the whole guide a run may publish, in the order the page lists them:
    /// what most visitors want first, the large originals last.
    public static let all: [GuideEdition] = [
        GuideEdition(
            file: "guide.opus", mediaType: "audio/ogg; codecs=opus", name: "가이드 전체 음성 (Opus)",
            opensWith: "휴대전화나 컴퓨터의 음악 재생기, 팟캐스트 앱, 웹 브라우저로 듣습니다. 가장 작은 파일입니다."),
        GuideEdition(
            file: "guide-opus.m3u8", mediaType: "audio/x-mpegurl", name: "장별 재생 목록 (Opus)",
            opensWith: "이 폴더를 통째로 옮긴 뒤 음악 재생기나 팟캐스트 앱에서 엽니다. 장마다 따로 넘겨 들을 수 있습니다."),
        GuideEdition(
            file: "guide.mp3", mediaType: "audio/mpeg", name: "가이드 전체 음성 (MP3)",
            opensWith: "거의 모든 휴대전화와 음악 재생기, 오래된 MP3 재생기로 듣습니다."),
        GuideEdition(
            file: "guide-mp3.m3u8", mediaType: "audio/x-mpegurl", name: "장별 재생 목록 (MP3)",
            opensWith: "이 폴더를 통째로 옮긴 뒤 음악 재생기나 팟캐스트 앱에서 엽니다. 장마다 따로 넘겨 들을 수 있습니다."),
        GuideEdition(
            file: "guide.epub", mediaType: "application/epub+zip", name: "전자책 (EPUB 3, 글과 음성)",
            opensWith: "EPUB 전자책 읽기 프로그램으로 엽니다. 소리 내어 읽기를 지원하는 프로그램에서는 읽는 문장이 음성과 함께 표시됩니다."),
        GuideEdition(
            file: "guide.daisy202.zip", mediaType: "application/zip", name: "데이지 도서 (DAISY 2.02, 글과 음성, ZIP)",
            opensWith: "데이지 재생기(빅터 리더 스트림, 플렉스토크 같은 기기나 데이지 재생 앱)로 듣습니다. 기기에는 압축을 풀어 메모리 카드에 넣습니다."),
        GuideEdition(
            file: "guide.daisy3.zip", mediaType: "application/zip", name: "데이지 도서 (DAISY 3, 글과 음성, ZIP)",
            opensWith: "DAISY 3을 읽는 데이지 재생기나 도서관의 데이지 프로그램으로 엽니다. 기기에는 압축을 풀어 넣습니다."),
        GuideEdition(
            file: "guide.brf", mediaType: nil, name: "점자책 (BRF)",
            opensWith: "점자 정보 단말기(점자 디스플레이)에서 읽거나 점자 프린터(엠보서)로 찍습니다."),
        GuideEdition(
            file: "guide.pef", mediaType: "application/x-pef+xml", name: "점자책 (PEF)",
            opensWith: "점자 정보 단말기나 PEF를 읽는 점자 프로그램에서 열고, 점자 프린터(엠보서)로 찍을 수 있습니다."),
        GuideEdition(
            file: "guide.txt", mediaType: "text/plain", name: "가이드 전체 대본 (텍스트)",
            opensWith: "아무 글 읽기 프로그램이나 화면 낭독기로 읽습니다."),
        GuideEdition(
            file: "labels.json", mediaType: "application/json", name: "앱 레이블 (JSON)",
            opensWith: "전시 앱을 만드는 개발자가 화면 낭독기가 읽을 이름으로 씁니다."),
        GuideEdition(
            file: "Exhibition.xcstrings", mediaType: "application/json", name: "iOS 앱 화면 문자열 (String Catalog)",
            opensWith: "iOS 앱 개발자가 Xcode에서 엽니다."),
        GuideEdition(
            file: "ExhibitionAccessibility.xcstrings", mediaType: "application/json",
            name: "iOS 앱 VoiceOver 레이블 (String Catalog)", opensWith: "iOS 앱 개발자가 Xcode에서 엽니다."),
        GuideEdition(
            file: "strings.xml", mediaType: "application/xml", name: "Android 앱 문자열과 TalkBack 레이블",
            opensWith: "Android 앱 개발자가 Android Studio에서 엽니다."),
        GuideEdition(
            file: "guide.wav", mediaType: "audio/wav", name: "가이드 전체 원본 음성 (WAV, 압축하지 않은 큰 파일)",
            opensWith: "음성 편집 프로그램에서 씁니다. 듣기에는 위의 Opus나 MP3가 훨씬 작습니다.", isOriginal: true),
        GuideEdition(
            file: "guide.m3u8", mediaType: "audio/x-mpegurl", name: "장별 재생 목록 (WAV 원본)",
            opensWith: "원본 음성 파일을 장마다 엽니다. 큰 파일이라 듣기에는 위의 재생 목록이 낫습니다.", isOriginal: true),
    ]
}

/// An edition the run published, with its size.
public struct PublishedEdition: Sendable, Equatable {
    public var edition: GuideEdition
    public var byteCount: Int

    public init(_ edition: GuideEdition, byteCount: Int) {
        self.edition = edition
        self.byteCount = byteCount
    }

    /// The editions of `GuideEdition.all` that were published, in its order; `size` gives a
    /// published file's size in bytes, nil for a file the run did not publish.
    public static func published(size: (String) -> Int?) -> [PublishedEdition] {
        GuideEdition.all.compactMap { edition in size(edition.file).map { PublishedEdition(edition, byteCount: $0) } }
    }
}

extension GuidePageWriter {
    /// The list of the guide's editions: each a link with its size, and what opens it.
    static func editionList(_ editions: [PublishedEdition]) -> String {
        guard !editions.isEmpty else { return "" }
        var html = "<nav class=\"editions\" aria-labelledby=\"editions-heading\">\n<h2 id=\"editions-heading\">가이드 전체 파일</h2>\n<ul>\n"
        for published in editions {
            let edition = published.edition
            let type = edition.mediaType.map { " type=\"\(escape($0))\"" } ?? ""
            html += "<li\(edition.isOriginal ? " class=\"original\"" : "")><a href=\"\(url(edition.file))\"\(type)>"
            html += "\(escape(edition.name)), \(fileSize(published.byteCount))</a>"
            html += "<span class=\"opens\">\(escape(edition.opensWith))</span></li>\n"
        }
        return html + "</ul>\n</nav>\n"
    }

    /// "3.5 MB" from a megabyte up (see `megabytes`), "12 KB" below (rounded up, 1 KB at the least).
    public static func fileSize(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? megabytes(bytes) : "\(max(1, Int((Double(bytes) / 1000).rounded(.up)))) KB"
    }
}
