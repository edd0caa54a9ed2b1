import Foundation

/// Why a talking book could not be written. Nothing is left at the destination in any case.
public enum TalkingBookError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document has no chapters.
    case noChapters
    /// A title, identifier or other required text is empty once cleaned; names the field.
    case emptyValue(String)
    /// A chapter id or audio file name uses characters other than `A-Z a-z 0-9 - _ .` (or is reserved).
    case invalidName(String)
    /// Two chapters share an id (compared case-insensitively).
    case duplicateChapterID(String)
    /// One audio file name is used for two different sources or media types.
    case conflictingAudio(String)
    /// The media type is not an EPUB 3 core audio type this writer supports.
    case unsupportedMediaType(String)
    /// A language tag is not a well-formed BCP 47 tag.
    case invalidLanguageTag(String)
    /// `modified` is not `YYYY-MM-DDThh:mm:ssZ`.
    case invalidModifiedDate(String)
    /// A chapter's audio duration is not a positive finite number.
    case invalidDuration(chapter: String)
    /// A sentence's clip is negative, empty, not finite, or ends after the audio (index counts from 0 in the chapter).
    case clipOutOfRange(chapter: String, sentence: Int)
    /// A clip starts before the previous clip ends.
    case clipsOutOfOrder(chapter: String, sentence: Int)
    /// A sentence has a clip but its chapter has no audio.
    case clipWithoutAudio(chapter: String, sentence: Int)
    /// A chapter has audio but no sentence with a clip.
    case emptyOverlay(chapter: String)
    /// An audio file could not be read.
    case unreadableAudio(String)
    /// An audio file changed while it was being copied.
    case audioChanged(String)
    /// The archive would need ZIP64 (an entry or the archive over 4 GiB, or too many entries).
    case archiveTooLarge

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .noChapters: return "the book has no chapters"
        case .emptyValue(let field): return "\(field) is empty"
        case .invalidName(let name): return "invalid name \"\(name)\" (use A-Z a-z 0-9 - _ .)"
        case .duplicateChapterID(let id): return "duplicate chapter id \"\(id)\""
        case .conflictingAudio(let name): return "audio file name \"\(name)\" used for different audio"
        case .unsupportedMediaType(let type): return "unsupported audio media type \"\(type)\""
        case .invalidLanguageTag(let tag): return "invalid language tag \"\(tag)\""
        case .invalidModifiedDate(let date): return "modified \"\(date)\" is not YYYY-MM-DDThh:mm:ssZ"
        case .invalidDuration(let chapter): return "chapter \(chapter): invalid audio duration"
        case .clipOutOfRange(let chapter, let index):
            return "chapter \(chapter), sentence \(index): clip outside the audio"
        case .clipsOutOfOrder(let chapter, let index):
            return "chapter \(chapter), sentence \(index): clip starts before the previous one ends"
        case .clipWithoutAudio(let chapter, let index):
            return "chapter \(chapter), sentence \(index): clip but no audio"
        case .emptyOverlay(let chapter): return "chapter \(chapter): audio but no clipped sentence"
        case .unreadableAudio(let path): return "cannot read audio \(path)"
        case .audioChanged(let path): return "audio \(path) changed while being copied"
        case .archiveTooLarge: return "the book is too large for a ZIP without ZIP64"
        }
    }
}
