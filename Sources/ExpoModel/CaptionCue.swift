/// One caption: a sentence of the display script and when it is heard, in seconds from the
/// start of the track's WAV.
public struct CaptionCue: Sendable, Equatable, Codable {
    public var start: Double
    public var end: Double
    public var text: String

    public init(start: Double, end: Double, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }
}
