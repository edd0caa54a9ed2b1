/// What the builder tells its caller while it works (the CLI prints these).
public enum GuideProgressEvent: Sendable {
    /// Audio could not be made at all; the run goes on with text.
    case audioUnavailable(reason: String)
    /// A track's audio is being made (`index` is 1-based among `count`).
    case trackStarted(index: Int, count: Int, title: String)
    /// A track is done; `fromCache` when it was not synthesized again.
    case trackFinished(index: Int, count: Int, title: String, fromCache: Bool)
    /// A track's audio failed; it falls back to text.
    case trackFellBack(title: String, reason: String)
    /// Something the run repaired or waited for, worth a line (a damaged cache entry removed
    /// and made again, another run holding the folder).
    case warning(String)
    /// Writing the guide-level files (guide.wav, page, transcript, …).
    case assembling
}
