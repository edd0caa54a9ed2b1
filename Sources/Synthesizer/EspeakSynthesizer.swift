import CEspeakShim
import ExpoModel
import ExpoSystem
import Foundation
import Normalization

/// Something espeak-ng reported while speaking, with its place in the utterance's audio.
public struct SpeechEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case word
        case sentence
        /// An SSML `<mark name=…/>` was reached.
        case mark(String)
        /// The end of a sentence or clause.
        case clauseEnd
        case messageEnd
    }

    public var kind: Kind
    /// Milliseconds from the start of this utterance's audio.
    public var audioMilliseconds: Int
    /// 1-based character position in the text given to espeak-ng.
    public var textPosition: Int

    public init(kind: Kind, audioMilliseconds: Int, textPosition: Int) {
        self.kind = kind
        self.audioMilliseconds = audioMilliseconds
        self.textPosition = textPosition
    }
}

extension ExpoError {
    /// espeak-ng did not start (its data is missing or unreadable).
    public static func speechEngineUnavailable(_ reason: String) -> ExpoError {
        ExpoError(
            .unavailable, "espeak-ng could not start: \(reason)",
            advice: "Install espeak-ng-data, or unset ESPEAK_DATA_PATH if it points elsewhere.", subject: .speech)
    }

    /// The voice is not installed.
    public static func voiceUnavailable(voice: String, reason: String) -> ExpoError {
        ExpoError(
            .unavailable, "espeak-ng has no voice \"\(voice)\" (\(reason))",
            advice: "Install espeak-ng-data, or choose another voice profile.", subject: .speech)
    }

    /// espeak-ng failed while speaking.
    public static func synthesisFailed(_ reason: String) -> ExpoError {
        ExpoError(.internal, "espeak-ng failed while speaking: \(reason)", subject: .speech)
    }

    /// The process already has an engine: espeak-ng keeps global state.
    public static let speechEngineAlreadyRunning = ExpoError(
        .internal, "espeak-ng is already running in this process; it cannot run twice at once", subject: .speech)
}

/// The synthesizer: espeak-ng. This file is the only one that talks to the C shim; raw
/// pointers never leave it.
///
/// espeak-ng keeps global state and is not thread-safe, so a process has at most one engine
/// at a time (`start` throws otherwise), and one engine is used from one thread at a time.
/// Parallel synthesis uses several processes.
public final class EspeakSynthesizer {
    /// The sample rate espeak-ng reported at start: every sample it delivers is at this rate.
    public let sampleRate: Int
    /// espeak-ng's version, e.g. "1.51".
    public let version: String

    private nonisolated(unsafe) static var running = false
    private static let runningLock = NSLock()

    private let dataPath: String?

    private init(sampleRate: Int, version: String, dataPath: String?) {
        self.sampleRate = sampleRate
        self.version = version
        self.dataPath = dataPath
    }

    /// Whether espeak-ng has the voice `name` (a language as `espeak-ng --voices` lists it, such
    /// as "en-us" or "fr", with an optional "+variant"), looked up in its data folder without
    /// starting it; nil when that folder or its voices cannot be found (no speech is made then
    /// anyway, and the run says so).
    public static func hasVoice(_ name: String) -> Bool? {
        guard let names = voiceFileNames else { return nil }
        let base = name.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? name
        return !base.isEmpty && names.contains(base.lowercased())
    }

    /// The names of espeak-ng's voice files (lang/ and voices/ of its data folder), lowercased;
    /// looked up once per process.
    private static let voiceFileNames: Set<String>? = {
        guard let pointer = expo_speech_data_folder() else { return nil }
        let folder = URL(fileURLWithPath: String(cString: pointer))
        var names = Set<String>()
        for subfolder in ["lang", "voices"] { collectNames(in: folder.appendingPathComponent(subfolder).path, into: &names) }
        return names.isEmpty ? nil : names
    }()

    /// Every name in the tree under `folder` (files and folders, links not followed), lowercased:
    /// a few hundred entries, read with readdir (FileManager's enumerator was slower, at every
    /// run's start).
    private static func collectNames(in folder: String, into names: inout Set<String>) {
        for name in FileTree.names(in: folder) {
            names.insert(name.lowercased())
            let path = folder + "/" + name
            if FileTree.isFolder(path) { collectNames(in: path, into: &names) }
        }
    }

    /// espeak-ng's version string, without starting it.
    public static var libraryVersion: String {
        String(cString: expo_speech_version())
    }

    /// Starts espeak-ng in synchronous mode. `dataPath` nil uses ESPEAK_DATA_PATH or the
    /// installed data. Never exits the process: a missing data folder is a thrown error.
    public static func start(dataPath: String? = nil) throws -> EspeakSynthesizer {
        runningLock.lock()
        defer { runningLock.unlock() }
        guard !running else { throw ExpoError.speechEngineAlreadyRunning }
        if let dataPath, !FileManager.default.fileExists(atPath: dataPath) {
            throw ExpoError.speechEngineUnavailable("its data folder \(dataPath) does not exist")
        }
        if dataPath == nil, let fromEnvironment = ProcessInfo.processInfo.environment["ESPEAK_DATA_PATH"],
            !FileManager.default.fileExists(atPath: fromEnvironment + "/espeak-ng-data/phontab"),
            !FileManager.default.fileExists(atPath: fromEnvironment + "/phontab")
        {
            throw ExpoError.speechEngineUnavailable("ESPEAK_DATA_PATH=\(fromEnvironment) holds no espeak-ng data (no phontab)")
        }
        var rate: Int32 = 0
        var message = [CChar](repeating: 0, count: 512)
        let status = dataPath.withOptionalCString { path in
            expo_speech_initialize(path, &rate, &message, message.count)
        }
        if status == EXPO_SPEECH_ABORTED {
            throw ExpoError(
                .resources, Self.text(message, status: status),
                advice: "Raise the limit on processes or memory (ulimit -u, ulimit -v), or run with fewer other programs.",
                subject: .speech)
        }
        guard status == 0, rate > 0 else {
            expo_speech_terminate()
            throw ExpoError.speechEngineUnavailable(Self.text(message, status: status))
        }
        running = true
        return EspeakSynthesizer(sampleRate: Int(rate), version: libraryVersion, dataPath: dataPath)
    }

    deinit {
        expo_speech_terminate()
        Self.runningLock.lock()
        Self.running = false
        Self.runningLock.unlock()
    }

    /// Selects the voice (espeak-ng name such as "ko") and its prosody for what follows.
    public func select(voice: String, rate: Int, pitch: Int, volume: Int, wordGap: Int) throws {
        var message = [CChar](repeating: 0, count: 512)
        let status = expo_speech_set_voice(voice, &message, message.count)
        guard status == 0 else {
            throw ExpoError.voiceUnavailable(voice: voice, reason: Self.text(message, status: status))
        }
        let prosody = expo_speech_set_prosody(Int32(rate), Int32(pitch), Int32(volume), Int32(wordGap))
        guard prosody == 0 else {
            throw ExpoError.synthesisFailed("the rate, pitch, volume or word gap was refused (status \(prosody))")
        }
    }

    /// Speaks `text` (SSML when `isSSML`), handing samples to `onSamples` and events to
    /// `onEvent` as they are made. An error thrown by either stops speech and is rethrown;
    /// `shouldStop` is asked between chunks (for interruptions).
    public func speak(
        _ text: String,
        isSSML: Bool,
        onSamples: (UnsafeBufferPointer<Int16>) throws -> Void,
        onEvent: (SpeechEvent) throws -> Void,
        shouldStop: () -> Bool = { false }
    ) throws {
        try withoutActuallyEscaping(onSamples) { onSamples in
            try withoutActuallyEscaping(onEvent) { onEvent in
                try withoutActuallyEscaping(shouldStop) { shouldStop in
                    let receiver = Receiver(onSamples: onSamples, onEvent: onEvent, shouldStop: shouldStop)
                    try speak(text, isSSML: isSSML, receiver: receiver)
                }
            }
        }
    }

    private func speak(_ text: String, isSSML: Bool, receiver: Receiver) throws {
        var message = [CChar](repeating: 0, count: 512)
        let context = Unmanaged.passRetained(receiver)
        defer { context.release() }
        var sink = expo_speech_sink(
            context: context.toOpaque(),
            on_samples: { context, samples, count in
                let receiver = Unmanaged<Receiver>.fromOpaque(context!).takeUnretainedValue()
                guard let samples else { return 0 }
                return receiver.deliver(UnsafeBufferPointer(start: samples, count: Int(count)))
            },
            on_event: { context, type, audioMilliseconds, textPosition, name in
                let receiver = Unmanaged<Receiver>.fromOpaque(context!).takeUnretainedValue()
                let kind: SpeechEvent.Kind
                switch type {
                case Int32(EXPO_EVENT_WORD.rawValue): kind = .word
                case Int32(EXPO_EVENT_SENTENCE.rawValue): kind = .sentence
                case Int32(EXPO_EVENT_MARK.rawValue): kind = .mark(name.map { String(cString: $0) } ?? "")
                case Int32(EXPO_EVENT_END.rawValue): kind = .clauseEnd
                default: kind = .messageEnd
                }
                return receiver.deliver(
                    SpeechEvent(
                        kind: kind, audioMilliseconds: Int(audioMilliseconds),
                        textPosition: Int(textPosition)))
            }
        )
        let status = expo_speech_synthesize(text, isSSML ? 1 : 0, &sink, &message, message.count)
        if let error = receiver.error { throw error }
        if receiver.stopped { throw ExpoError.interrupted }
        guard status == 0 else { throw ExpoError.synthesisFailed(Self.text(message, status: status)) }
    }

    private static func text(_ message: [CChar], status: Int32) -> String {
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return text.isEmpty ? "status \(String(UInt32(bitPattern: status), radix: 16))" : text
    }
}

/// Carries the caller's closures through the C shim's context pointer for one utterance,
/// and remembers the first error they threw.
private final class Receiver {
    let onSamples: (UnsafeBufferPointer<Int16>) throws -> Void
    let onEvent: (SpeechEvent) throws -> Void
    let shouldStop: () -> Bool
    var error: Error?
    var stopped = false

    init(
        onSamples: @escaping (UnsafeBufferPointer<Int16>) throws -> Void,
        onEvent: @escaping (SpeechEvent) throws -> Void,
        shouldStop: @escaping () -> Bool
    ) {
        self.onSamples = onSamples
        self.onEvent = onEvent
        self.shouldStop = shouldStop
    }

    /// 0 to go on, 1 to stop espeak-ng.
    func deliver(_ samples: UnsafeBufferPointer<Int16>) -> Int32 {
        guard error == nil, !stopped else { return 1 }
        if shouldStop() {
            stopped = true
            return 1
        }
        do { try onSamples(samples) } catch {
            self.error = error
            return 1
        }
        return 0
    }

    func deliver(_ event: SpeechEvent) -> Int32 {
        guard error == nil, !stopped else { return 1 }
        do { try onEvent(event) } catch {
            self.error = error
            return 1
        }
        return 0
    }
}

extension Optional where Wrapped == String {
    fileprivate func withOptionalCString<Result>(_ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        switch self {
        case .some(let string): return string.withCString { body($0) }
        case .none: return body(nil)
        }
    }
}
