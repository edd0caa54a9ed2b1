/// Something that speaks a document into 16-bit mono samples at `sampleRate`, reporting timed
/// events (sentence marks, clause ends) as it goes: espeak-ng, or a stand-in in tests.
public protocol SpeechSynthesizer: AnyObject {
    /// The rate of every sample the engine delivers.
    var sampleRate: Int { get }

    /// Speaks `text` (SSML when `isSSML`), handing samples and events over as they are made;
    /// an error thrown by either handler stops speech and is rethrown. `shouldStop` is asked
    /// between chunks; when it says yes, this throws `ExpoError.interrupted`.
    func speak(
        _ text: String, isSSML: Bool, onSamples: (UnsafeBufferPointer<Int16>) throws -> Void,
        onEvent: (SpeechEvent) throws -> Void, shouldStop: () -> Bool) throws
}

extension EspeakSynthesizer: SpeechSynthesizer {}
