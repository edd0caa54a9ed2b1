import Foundation

/// The one error type of expo-narrate's library. Every stage throws it; its `category` decides
/// the command line's exit status, and its `subject` what the command line advises about its
/// own options. The library's words name files, JSON paths and reasons, never command-line flags.
public struct ExpoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure this is: it decides the exit status.
    public enum Category: String, Sendable, Equatable, CaseIterable {
        /// The caller asked for something that cannot be: a bad option value, an unknown
        /// voice profile or entry, a malformed profile or lexicon line.
        case usage
        /// The catalog data cannot be narrated as it is.
        case data
        /// Something the tool needs is missing: espeak-ng, a voice.
        case unavailable
        /// expo-narrate's own installation is incomplete: a resource it ships with (the default
        /// catalog, the Voices folder) is not where it looks.
        case installation
        /// A folder the run needs cannot be created.
        case cannotCreate
        /// A file cannot be read or written (a full disk, permissions, a size limit).
        case io
        /// The system refused a resource for now (processes, threads, memory, descriptors):
        /// running again later, or with a higher limit, may work.
        case resources
        /// SIGINT, SIGTERM or SIGHUP asked the run to stop.
        case interrupted
        /// A bug: something that should not happen.
        case `internal`
    }

    /// What the user would change to fix the error; a front end turns it into advice about
    /// its own options (`--output`, `--voice`, …).
    public enum Subject: String, Sendable, Equatable {
        case catalog, defaultCatalog, entrySelection, voiceProfile, voicesFolder, lexicon
        case outputFolder, cacheFolder, speech
        /// The guide already in the output folder, which a run over some tracks re-publishes whole.
        case publishedGuide
    }

    public var category: Category
    public var subject: Subject?
    /// What went wrong and where, on one line, without a final full stop.
    public var message: String
    /// What to do, as a sentence, in words that name no command-line option; nil if nothing helps.
    public var advice: String?
    /// The C `errno` behind a system failure, if any.
    public var code: Int32?

    public init(_ category: Category, _ message: String, advice: String? = nil, subject: Subject? = nil, code: Int32? = nil) {
        self.category = category
        self.subject = subject
        self.message = singleLine(withoutFinalFullStop(message))
        self.advice = advice.map(singleLine)
        self.code = code
    }

    /// The message and the advice, as one line.
    public var description: String {
        guard let advice, !advice.isEmpty else { return message + "." }
        return message + ". " + advice
    }

    /// Whether the run was asked to stop.
    public var isInterruption: Bool { category == .interrupted }

    /// The run was asked to stop; nothing published was changed.
    public static let interrupted = ExpoError(
        .interrupted, "Interrupted; the previous output is unchanged",
        advice: "Run again to continue (finished tracks are kept in the cache).")
}

extension ExpoError: LocalizedError {
    public var errorDescription: String? { description }
}
