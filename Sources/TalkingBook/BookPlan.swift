import ExpoModel
import Foundation

/// One audio file of the book, listed once even when chapters share it.
struct AudioFilePlan: Sendable {
    let fileName: String
    let sourceURL: URL
    let mediaType: String
    /// Manifest id, e.g. `"audio-1"`.
    let itemID: String
    /// Path of the file relative to the package document, e.g. `"audio/00-poster.mp3"`.
    var href: String { "audio/" + fileName }
}

/// A sentence's clip in whole milliseconds.
struct ClipPlan: Sendable, Equatable {
    let begin: Int
    let end: Int
}

/// A validated chapter with its derived names and clips.
struct ChapterPlan: Sendable {
    let chapter: BookChapter
    /// Manifest id of the XHTML document, e.g. `"ch-00-poster"`.
    var itemID: String { "ch-" + chapter.id }
    /// Manifest id of the SMIL document, e.g. `"mo-00-poster"`.
    var overlayID: String { "mo-" + chapter.id }
    var xhtmlName: String { chapter.id + ".xhtml" }
    var smilName: String { chapter.id + ".smil" }
    let audio: AudioFilePlan?
    /// Clips by sentence number (0-based, counted across the chapter's blocks).
    let clips: [Int: ClipPlan]
    /// Sum of the clip lengths: the Media Overlay's `media:duration`.
    var overlayMilliseconds: Int { clips.values.reduce(0) { $0 + $1.end - $1.begin } }
    /// Whether every sentence of the chapter is narrated.
    let fullyNarrated: Bool
}

/// The validated book: everything the renderers need, or an error before any file is created.
struct BookPlan: Sendable {
    let document: TalkingBookDocument
    let chapters: [ChapterPlan]
    let audioFiles: [AudioFilePlan]

    var hasOverlays: Bool { chapters.contains { $0.audio != nil } }
    /// The chapters' pictures, in reading order.
    var pictures: [PictureReference] { chapters.compactMap(\.chapter.picture) }

    /// Path of a picture relative to the package document.
    static func pictureHref(_ picture: PictureReference) -> String { "images/" + picture.fileName }
    var totalMilliseconds: Int { chapters.reduce(0) { $0 + $1.overlayMilliseconds } }

    /// Validates `document` and derives names, ids and millisecond clips.
    init(_ document: TalkingBookDocument) throws {
        try Self.validateMetadata(document)
        guard !document.chapters.isEmpty else { throw ExpoError.noChapters }
        var seenIDs = Set<String>()
        var audioByName: [String: AudioFilePlan] = [:]
        var audioFiles: [AudioFilePlan] = []
        var chapters: [ChapterPlan] = []
        var seenPictures = Set<String>()
        for chapter in document.chapters {
            try Self.validateName(chapter.id)
            guard chapter.id.lowercased() != "nav" else { throw ExpoError.invalidName(chapter.id) }
            guard seenIDs.insert(chapter.id.lowercased()).inserted else {
                throw ExpoError.duplicateChapterID(chapter.id)
            }
            try Self.requireText(chapter.title, field: "title of chapter \(chapter.id)")
            try Self.validateLanguages(chapter)
            var audio: AudioFilePlan?
            if let reference = chapter.audio {
                audio = try Self.audioPlan(reference, known: &audioByName, list: &audioFiles)
            }
            if let picture = chapter.picture {
                try Self.validateName(picture.fileName)
                guard ["image/jpeg", "image/png"].contains(picture.mediaType) else {
                    throw ExpoError.unsupportedMediaType(picture.mediaType)
                }
                guard seenPictures.insert(picture.fileName.lowercased()).inserted else {
                    throw ExpoError.conflictingAudio(picture.fileName)
                }
            }
            chapters.append(try Self.chapterPlan(chapter, audio: audio))
        }
        self.document = document
        self.chapters = chapters
        self.audioFiles = audioFiles
    }

    private static func validateMetadata(_ document: TalkingBookDocument) throws {
        try requireText(document.title, field: "title")
        try requireText(document.identifier, field: "identifier")
        try requireText(document.accessibilitySummary, field: "accessibilitySummary")
        for tag in [document.language] + [document.titleLanguage].compactMap({ $0 }) {
            guard LanguageTag.isWellFormed(tag) else { throw ExpoError.invalidLanguageTag(tag) }
        }
        let pattern = #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"#
        guard document.modified.range(of: pattern, options: .regularExpression) != nil else {
            throw ExpoError.invalidModifiedDate(document.modified)
        }
    }

    private static func requireText(_ text: String, field: String) throws {
        guard !XMLText.singleLine(text).isEmpty else { throw ExpoError.emptyValue(field) }
    }

    /// Accepts `A-Z a-z 0-9 - _ .`, starting with a letter or digit, 1 to 64 characters.
    static func validateName(_ name: String) throws {
        let pattern = #"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"#
        guard name.range(of: pattern, options: .regularExpression) != nil else {
            throw ExpoError.invalidName(name)
        }
    }

    private static func validateLanguages(_ chapter: BookChapter) throws {
        let tags =
            [chapter.titleLanguage].compactMap { $0 }
            + chapter.blocks.flatMap { $0.sentences.flatMap { $0.runs.compactMap(\.language) } }
        for tag in tags where !LanguageTag.isWellFormed(tag) {
            throw ExpoError.invalidLanguageTag(tag)
        }
    }

    private static func audioPlan(
        _ reference: AudioReference, known: inout [String: AudioFilePlan],
        list: inout [AudioFilePlan]
    ) throws -> AudioFilePlan {
        try validateName(reference.fileName)
        guard ["audio/mpeg", "audio/mp4"].contains(reference.mediaType) else {
            throw ExpoError.unsupportedMediaType(reference.mediaType)
        }
        if let existing = known[reference.fileName.lowercased()] {
            guard existing.fileName == reference.fileName,
                existing.sourceURL.standardizedFileURL == reference.sourceURL.standardizedFileURL,
                existing.mediaType == reference.mediaType
            else {
                throw ExpoError.conflictingAudio(reference.fileName)
            }
            return existing
        }
        let plan = AudioFilePlan(
            fileName: reference.fileName, sourceURL: reference.sourceURL,
            mediaType: reference.mediaType, itemID: "audio-\(list.count + 1)")
        known[reference.fileName.lowercased()] = plan
        list.append(plan)
        return plan
    }

    private static func chapterPlan(_ chapter: BookChapter, audio: AudioFilePlan?) throws -> ChapterPlan {
        let sentences = chapter.blocks.flatMap(\.sentences)
        guard let reference = chapter.audio else {
            if let index = sentences.firstIndex(where: { $0.clip != nil }) {
                throw ExpoError.clipWithoutAudio(chapter: chapter.id, sentence: index)
            }
            return ChapterPlan(chapter: chapter, audio: nil, clips: [:], fullyNarrated: false)
        }
        let duration = reference.durationSeconds
        guard duration.isFinite, duration > 0 else { throw ExpoError.invalidDuration(chapter: chapter.id) }
        let clips = try clipPlans(
            sentences, durationMilliseconds: SMILClock.milliseconds(duration),
            chapter: chapter.id)
        guard !clips.isEmpty else { throw ExpoError.emptyOverlay(chapter: chapter.id) }
        return ChapterPlan(
            chapter: chapter, audio: audio, clips: clips,
            fullyNarrated: clips.count == sentences.count)
    }

    /// Clip ends up to this many milliseconds past the audio's end are taken as rounding noise and clamped.
    static let endToleranceMilliseconds = 10

    private static func clipPlans(
        _ sentences: [BookSentence], durationMilliseconds: Int,
        chapter: String
    ) throws -> [Int: ClipPlan] {
        var clips: [Int: ClipPlan] = [:]
        var previousEnd = 0
        for (index, sentence) in sentences.enumerated() {
            guard let clip = sentence.clip else { continue }
            guard clip.lowerBound.isFinite, clip.upperBound.isFinite, clip.lowerBound >= 0 else {
                throw ExpoError.clipOutOfRange(chapter: chapter, sentence: index)
            }
            let begin = SMILClock.milliseconds(clip.lowerBound)
            var end = SMILClock.milliseconds(clip.upperBound)
            if end > durationMilliseconds, end - durationMilliseconds <= endToleranceMilliseconds {
                end = durationMilliseconds
            }
            guard end > begin, end <= durationMilliseconds else {
                throw ExpoError.clipOutOfRange(chapter: chapter, sentence: index)
            }
            guard begin >= previousEnd else {
                throw ExpoError.clipsOutOfOrder(chapter: chapter, sentence: index)
            }
            clips[index] = ClipPlan(begin: begin, end: end)
            previousEnd = end
        }
        return clips
    }
}
