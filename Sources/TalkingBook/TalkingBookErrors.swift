import ExpoModel

/// Why a talking book could not be written, as the one error type says it. Nothing is left at
/// the destination in any case. A document that breaks the writer's rules is the caller's bug
/// (`internal`); audio that cannot be read or an archive too large for plain ZIP is `io`.
extension ExpoError {
    /// The document has no chapters.
    static var noChapters: ExpoError { book("the book has no chapters") }
    /// A title, identifier or other required text is empty once cleaned; names the field.
    static func emptyValue(_ field: String) -> ExpoError { book("\(field) is empty") }
    /// A chapter id or audio file name uses characters other than `A-Z a-z 0-9 - _ .` (or is reserved).
    static func invalidName(_ name: String) -> ExpoError { book("invalid name \"\(name)\" (use A-Z a-z 0-9 - _ .)") }
    /// Two chapters share an id (compared case-insensitively).
    static func duplicateChapterID(_ id: String) -> ExpoError { book("duplicate chapter id \"\(id)\"") }
    /// One audio file name is used for two different sources or media types.
    static func conflictingAudio(_ name: String) -> ExpoError { book("audio file name \"\(name)\" used for different audio") }
    /// The media type is not an EPUB 3 core audio type this writer supports.
    static func unsupportedMediaType(_ type: String) -> ExpoError { book("unsupported audio media type \"\(type)\"") }
    /// A language tag is not a well-formed BCP 47 tag.
    static func invalidLanguageTag(_ tag: String) -> ExpoError { book("invalid language tag \"\(tag)\"") }
    /// `modified` is not `YYYY-MM-DDThh:mm:ssZ`.
    static func invalidModifiedDate(_ date: String) -> ExpoError { book("modified \"\(date)\" is not YYYY-MM-DDThh:mm:ssZ") }
    /// A chapter's audio duration is not a positive finite number.
    static func invalidDuration(chapter: String) -> ExpoError { book("chapter \(chapter): invalid audio duration") }
    /// A sentence's clip is negative, empty, not finite, or ends after the audio (index counts from 0 in the chapter).
    static func clipOutOfRange(chapter: String, sentence: Int) -> ExpoError {
        book("chapter \(chapter), sentence \(sentence): clip outside the audio")
    }
    /// A clip starts before the previous clip ends.
    static func clipsOutOfOrder(chapter: String, sentence: Int) -> ExpoError {
        book("chapter \(chapter), sentence \(sentence): clip starts before the previous one ends")
    }
    /// A sentence has a clip but its chapter has no audio.
    static func clipWithoutAudio(chapter: String, sentence: Int) -> ExpoError {
        book("chapter \(chapter), sentence \(sentence): clip but no audio")
    }
    /// A chapter has audio but no sentence with a clip.
    static func emptyOverlay(chapter: String) -> ExpoError { book("chapter \(chapter): audio but no clipped sentence") }
    /// An audio file could not be read.
    static func unreadableAudio(_ path: String) -> ExpoError { ExpoError(.io, "cannot read audio \(path)") }
    /// An audio file changed while it was being copied.
    static func audioChanged(_ path: String) -> ExpoError { ExpoError(.io, "audio \(path) changed while being copied") }
    /// The archive would need ZIP64 (an entry or the archive over 4 GiB, or too many entries).
    static var archiveTooLarge: ExpoError { ExpoError(.io, "the book is too large for a ZIP without ZIP64") }

    /// A document the writer cannot make into a book: the caller built it wrong.
    private static func book(_ message: String) -> ExpoError { ExpoError(.internal, message) }
}
