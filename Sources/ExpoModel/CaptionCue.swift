/// One caption: a sentence of the display script and when it is heard, in seconds from the
/// start of the track's WAV.
public struct CaptionCue: Sendable, Equatable, Codable {
    public var start: Double
    public var end: Double
    public var text: String
    /// When each word of `text` (split as `Sentence.displayWords` splits) is first heard, in
    /// seconds from the WAV's start, from espeak-ng's word events; nil for a word no event
    /// could be tied to, and nil as a whole when the words were not timed.
    public var wordStarts: [Double?]?

    public init(start: Double, end: Double, text: String, wordStarts: [Double?]? = nil) {
        self.start = start
        self.end = end
        self.text = text
        self.wordStarts = wordStarts
    }
}
