/// How a guide is delivered: the formats besides the WAV master (which is always written: the
/// others are encoded from it), and the encoders' settings, tuned for speech.
public struct Delivery: Sendable, Equatable, Codable {
    /// The formats asked for; `wav` is always among them.
    public var formats: Set<DeliveryFormat>
    /// Opus bit rate, in bits per second (mono speech: 16 000 to 64 000).
    public var opusBitrate: Int
    /// Opus encoder complexity (0–10); 6 keeps speech quality at a quarter less work than 10.
    public var opusComplexity: Int
    /// LAME's variable-bit-rate quality (0 best … 9 smallest).
    public var mp3Quality: Int

    /// WAV and Opus: small enough to publish, and played by every current browser.
    public static let standard = Delivery(formats: [.wav, .opus])

    public init(formats: Set<DeliveryFormat>, opusBitrate: Int = 24_000, opusComplexity: Int = 6, mp3Quality: Int = 7) {
        self.formats = formats.union([.wav])
        self.opusBitrate = opusBitrate
        self.opusComplexity = opusComplexity
        self.mp3Quality = mp3Quality
    }

    /// The compressed formats every track needs: those asked for, and MP3 for the talking books
    /// (EPUB, DAISY 2.02, DAISY 3).
    public var encodedFormats: [DeliveryFormat] {
        var needed: [DeliveryFormat] = []
        if formats.contains(.opus) { needed.append(.opus) }
        if !formats.isDisjoint(with: [.mp3, .epub, .daisy202, .daisy3]) { needed.append(.mp3) }
        return needed
    }

    /// The compressed formats whose files are published beside the WAVs.
    public var publishedEncodings: [DeliveryFormat] {
        encodedFormats.filter { formats.contains($0) }
    }

    /// Checks the settings' ranges.
    public func validate() throws {
        guard (6_000...256_000).contains(opusBitrate) else {
            throw ExpoError(.usage, "The Opus bit rate \(opusBitrate) is outside 6000 to 256000 bits per second")
        }
        guard (0...10).contains(opusComplexity) else {
            throw ExpoError(.usage, "The Opus complexity \(opusComplexity) is outside 0 to 10")
        }
        guard (0...9).contains(mp3Quality) else {
            throw ExpoError(.usage, "The MP3 quality \(mp3Quality) is outside 0 to 9")
        }
    }
}
