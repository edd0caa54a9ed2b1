import Foundation

/// A whole talking book: metadata plus the chapters ("tracks") in reading order.
///
/// The writer turns it into an EPUB 3 publication with Media Overlays: one XHTML
/// document and, when the chapter has audio, one SMIL document per chapter.
/// Every value is used verbatim, so identical documents give identical bytes.
public struct TalkingBookDocument: Sendable {
    /// The main title (`dc:title`).
    public var title: String
    /// BCP 47 tag of `title` when it differs from `language`; `nil` means the book's language.
    public var titleLanguage: String?
    /// BCP 47 tag of the book (`dc:language`, and `lang`/`xml:lang` on every XHTML root), e.g. `"ko"`.
    public var language: String
    /// Stable unique identifier (`dc:identifier`), e.g. `"urn:uuid:…"` derived from the content.
    public var identifier: String
    /// `dcterms:modified`, exactly `YYYY-MM-DDThh:mm:ssZ`; given by the caller so output stays deterministic.
    public var modified: String
    /// `dc:creator`, if any.
    public var creator: String?
    /// `dc:publisher`, if any.
    public var publisher: String?
    /// `schema:accessibilitySummary`: a human-readable description of the book's accessibility.
    public var accessibilitySummary: String
    /// The chapters in reading order; at least one.
    public var chapters: [BookChapter]
    /// `media:narrator`, e.g. `"espeak-ng (ko)"`.
    public var narrator: String?
    /// Optional `dcterms:conformsTo` claim, e.g. `"EPUB Accessibility 1.1 - WCAG 2.1 Level AA"`.
    /// Leave `nil` unless the publication has been evaluated against that standard.
    public var conformsTo: String?
    /// Who evaluates the book (`a11y:certifiedBy`): with it, the writer checks the book itself
    /// (`AccessibilityConformance`) and claims EPUB Accessibility 1.1 at WCAG 2.2 Level AA when
    /// it meets it, instead of `conformsTo`.
    public var certifiedBy: String?

    /// Creates a document; see the properties for the meaning of each value.
    public init(
        title: String, titleLanguage: String? = nil, language: String,
        identifier: String, modified: String,
        creator: String? = nil, publisher: String? = nil,
        accessibilitySummary: String, chapters: [BookChapter],
        narrator: String? = nil, conformsTo: String? = nil, certifiedBy: String? = nil
    ) {
        self.title = title
        self.titleLanguage = titleLanguage
        self.language = language
        self.identifier = identifier
        self.modified = modified
        self.creator = creator
        self.publisher = publisher
        self.accessibilitySummary = accessibilitySummary
        self.chapters = chapters
        self.narrator = narrator
        self.conformsTo = conformsTo
        self.certifiedBy = certifiedBy
    }
}

/// One chapter ("track"): its text and, optionally, the narration that reads it.
public struct BookChapter: Sendable {
    /// ASCII-safe stem used for file names and ids, e.g. `"00-poster"`, `"03-jikji"`:
    /// letters, digits, `-`, `_`, `.`; starting with a letter or digit; at most 64 characters.
    public var id: String
    /// Title shown in the table of contents and the XHTML `<title>`.
    public var title: String
    /// BCP 47 tag of `title` when it differs from the book's language.
    public var titleLanguage: String?
    /// The narration; `nil` makes a text-only chapter without a Media Overlay.
    public var audio: AudioReference?
    /// The display text, in reading order.
    public var blocks: [BookBlock]
    /// The chapter's picture, shown after its heading; nil for none.
    public var picture: PictureReference?

    /// Creates a chapter; see the properties for the meaning of each value.
    public init(
        id: String, title: String, titleLanguage: String? = nil,
        audio: AudioReference? = nil, blocks: [BookBlock], picture: PictureReference? = nil
    ) {
        self.id = id
        self.title = title
        self.titleLanguage = titleLanguage
        self.audio = audio
        self.blocks = blocks
        self.picture = picture
    }
}

/// A picture to embed (under `images/`), with its text alternative.
public struct PictureReference: Sendable {
    /// The file's bytes.
    public var data: Data
    /// Name inside the book's `images/` folder; same character rules as ``BookChapter/id``.
    public var fileName: String
    /// `"image/jpeg"` or `"image/png"`, EPUB 3 core image types.
    public var mediaType: String
    public var width: Int
    public var height: Int
    /// The `alt` text; empty for a decorative picture. The book's accessibility metadata claims
    /// alternative text only when every picture has one (`hasAlternative`).
    public var alt: String
    /// Whether a person wrote the alternative or marked the picture decorative on purpose.
    public var hasAlternative: Bool

    /// Creates a picture reference; see the properties for the meaning of each value.
    public init(data: Data, fileName: String, mediaType: String, width: Int, height: Int, alt: String, hasAlternative: Bool) {
        self.data = data
        self.fileName = fileName
        self.mediaType = mediaType
        self.width = width
        self.height = height
        self.alt = alt
        self.hasAlternative = hasAlternative
    }
}

/// An audio file to copy into the book (under `audio/`), streamed from disk.
public struct AudioReference: Sendable {
    /// Where the audio file is read from when the book is written.
    public var sourceURL: URL
    /// Name inside the book's `audio/` folder, e.g. `"00-poster.mp3"`; same character rules as ``BookChapter/id``.
    /// Chapters may share one file by giving the same name and source.
    public var fileName: String
    /// `"audio/mpeg"` (MP3) or `"audio/mp4"` (AAC in MP4), the EPUB 3 core audio types.
    public var mediaType: String
    /// Length of the audio in seconds; every clip must end within it.
    public var durationSeconds: Double

    /// Creates an audio reference; see the properties for the meaning of each value.
    public init(sourceURL: URL, fileName: String, mediaType: String, durationSeconds: Double) {
        self.sourceURL = sourceURL
        self.fileName = fileName
        self.mediaType = mediaType
        self.durationSeconds = durationSeconds
    }
}

/// A block of display text: a heading, a fact line, the summary or a paragraph.
public struct BookBlock: Sendable {
    /// What the block is; decides the XHTML element and its class.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// The chapter heading: the first becomes `<h1>`, later ones `<h2>`.
        case title
        /// A fact line such as "방문객: 사천팔백십삼만 삼백 명": `<p class="fact">`.
        case fact
        /// The one-line summary: `<p class="summary">`.
        case summary
        /// Body text: `<p>`.
        case paragraph
        /// What the picture shows, read aloud: `<p class="appearance">` under its own `<h2>`.
        case appearance
    }

    /// What the block is.
    public var role: Role
    /// The sentences, each a separately highlighted `<span id>`.
    public var sentences: [BookSentence]
    /// A heading shown (not read) before the block; nil for none.
    public var heading: String?

    /// Creates a block.
    public init(role: Role, heading: String? = nil, sentences: [BookSentence]) {
        self.role = role
        self.sentences = sentences
        self.heading = heading
    }
}

/// One sentence: the unit that is highlighted while it is read.
public struct BookSentence: Sendable {
    /// The text, as runs that may each carry their own language.
    public var runs: [TextRun]
    /// Start and end, in seconds, in the chapter's audio; `nil` if the sentence is not narrated.
    /// Clips must be in reading order, must not overlap, and must end within the audio.
    public var clip: ClosedRange<Double>?

    /// Creates a sentence from runs.
    public init(runs: [TextRun], clip: ClosedRange<Double>? = nil) {
        self.runs = runs
        self.clip = clip
    }

    /// Creates a sentence of a single run.
    public init(_ text: String, language: String? = nil, clip: ClosedRange<Double>? = nil) {
        self.init(runs: [TextRun(text, language: language)], clip: clip)
    }
}

/// A run of text in one language.
public struct TextRun: Sendable {
    /// The text, used as is (include the spaces between runs).
    public var text: String
    /// BCP 47 tag when the run is not in the book's language (e.g. `"fr"`), else `nil`.
    public var language: String?

    /// Creates a run.
    public init(_ text: String, language: String? = nil) {
        self.text = text
        self.language = language
    }
}
