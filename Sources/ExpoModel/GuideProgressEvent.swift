/// What the builder tells its caller while it works (the CLI prints these).
public enum GuideProgressEvent: Sendable {
    /// Audio could not be made at all; the run goes on with text.
    case audioUnavailable(reason: String)
    /// A track's audio is being made: the `index`th (1-based) of the `count` this run makes;
    /// `place` is the track's own number in the guide ("3/16"), the same from start to finish.
    case trackStarted(index: Int, count: Int, title: String, place: String)
    /// A track is done: `index` of the `count` this run makes have ended; `place` as when it
    /// started; `fromCache` when it was not synthesized again.
    case trackFinished(index: Int, count: Int, title: String, place: String, fromCache: Bool)
    /// A track's audio failed; it falls back to text.
    case trackFellBack(title: String, reason: String)
    /// Something the run repaired or waited for, worth a line (a damaged cache entry removed
    /// and made again, another run holding the folder).
    case warning(String)
    /// Writing the guide-level files: page and transcript, and with audio guide.wav and captions.
    case assembling(withAudio: Bool)
}
