import ExpoModel
import Foundation
import GuideCache
import Synthesis
import Synthesizer

/// An engine that "speaks" an SSML document as one short tone per sentence, reporting each
/// sentence's `<mark>` and the end of its clause as espeak-ng would: deterministic audio with
/// real caption timing, in microseconds of work.
final class ToneEngine: SpeechSynthesizer {
    let sampleRate = 16_000
    let secondsPerSentence: Double

    init(secondsPerSentence: Double = 0.25) {
        self.secondsPerSentence = secondsPerSentence
    }

    func speak(
        _ text: String, isSSML: Bool, onSamples: (UnsafeBufferPointer<Int16>) throws -> Void,
        onEvent: (SpeechEvent) throws -> Void, shouldStop: () -> Bool
    ) throws {
        let marks = text.components(separatedBy: "<mark name=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
        let perSentence = Int(secondsPerSentence * Double(sampleRate))
        var written = 0
        for (index, mark) in marks.enumerated() {
            if shouldStop() { throw ExpoError.interrupted }
            try onEvent(SpeechEvent(kind: .mark(String(mark)), audioMilliseconds: written * 1000 / sampleRate, textPosition: 0))
            let frequency = 220.0 + 55.0 * Double(index % 7)
            let tone = (0..<perSentence).map { sample in
                Int16(8000 * sin(2 * Double.pi * frequency * Double(sample) / Double(sampleRate)))
            }
            try tone.withUnsafeBufferPointer { try onSamples($0) }
            written += perSentence
            try onEvent(SpeechEvent(kind: .clauseEnd, audioMilliseconds: written * 1000 / sampleRate, textPosition: 0))
        }
    }
}

/// A speech source that makes every job in this process with a `ToneEngine`, and can be told
/// to fail: one track, all speech (as if espeak-ng had no data), or the start itself.
final class FakeSpeechSource: SpeechSource, @unchecked Sendable {
    // @unchecked Sendable: used from the one thread that runs the build.
    enum Failure {
        case none
        case track(fileStem: String)
        case unavailable, cannotStart
    }

    let failure: Failure
    private(set) var synthesized: [String] = []
    private(set) var prepared = false
    private(set) var closed = false
    /// Called after each job's `trackFinished` event.
    var finished: (SynthesisJob) -> Void = { _ in }

    init(failure: Failure = .none) {
        self.failure = failure
    }

    var engineVersion: String { "tone-1" }

    func prepare(profile: VoiceProfile) { prepared = true }

    func synthesize(
        _ jobs: [SynthesisJob], profile: VoiceProfile, delivery: Delivery, cache: TrackCache,
        parallelism: Int, progress: (GuideProgressEvent) -> Void
    ) throws -> [String: String] {
        switch failure {
        case .unavailable: throw ExpoError(.unavailable, "no voice data", subject: .speech)
        case .cannotStart: throw ExpoError(.resources, "cannot start the speech server")
        case .none, .track: break
        }
        var failed: [String: String] = [:]
        // The events the worker pool reports, so that what the run does on them is exercised too.
        for (index, job) in jobs.enumerated() {
            progress(.trackStarted(index: index + 1, count: jobs.count, title: job.title, place: job.trackNumber))
            if case .track(let stem) = failure, stem == job.fileStem {
                failed[job.key] = "the tone broke"
            } else {
                if cache.entry(job.key) == nil { synthesized.append(job.fileStem) }
                try TrackMaker(engine: ToneEngine(), profile: profile, delivery: delivery, cache: cache).make(job)
            }
            progress(.trackFinished(index: index + 1, count: jobs.count, title: job.title, place: job.trackNumber, fromCache: false))
            finished(job)
        }
        return failed
    }

    func close() { closed = true }
}
