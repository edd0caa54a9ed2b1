import ExpoModel
import ExpoSystem
import Foundation
import GuideCache
import Synthesizer

/// The process behind `expo-narrate _speech-server`, which `WorkerPool` starts: it starts
/// espeak-ng and selects the voice once, then forks one child per track.
///
/// Why a fork server: espeak-ng keeps state from one utterance to the next, so every track
/// needs an engine that has never spoken (that is what makes a track's audio the same
/// whatever `--jobs` is). Starting a process for that means loading the libraries and
/// espeak-ng's data each time; a child forked from a server that has started espeak-ng
/// but never spoken gets the same fresh state for the price of a fork. The server itself
/// never speaks. Forking is safe because its only other thread is espeak-ng's queue thread
/// (for asynchronous mode, unused here), which waits on a condition variable holding no lock;
/// a child has just the thread that forked.
///
/// It is started with the voice profile (JSON) as its argument, and starts espeak-ng and
/// selects the voice at once. Then, one line at a time, over its standard input and output:
/// - in: `batch PATH` once (the folder holding `batch.json`), then `job KEY` per track;
///   closing standard input means no more jobs.
/// - out: `started` once espeak-ng and the voice are loaded, `ready` once the batch is read;
///   instead of either, `unavailable REASON` (espeak-ng, the voice or the batch cannot be
///   loaded; the server then exits) or `refused REASON` (the system refuses the thread
///   espeak-ng needs); then `done KEY STATUS HOW` when a child ends, HOW being
///   `exit` or `signal`.
///
/// A child writes its track to the cache, or the reason it failed to `failed/KEY` in the
/// batch folder, and exits with `WorkerPool.work`'s status.
public enum SpeechServer {
    /// Serves until standard input closes and every child has ended; returns the exit status.
    /// `request` is the server's one argument, a `SpeechServerRequest`.
    public static func serve(request: String) -> ExitStatus {
        let channel = LineChannel(input: 0, output: 1)
        let childEnded = ChildEndSignal()
        let engine: EspeakSynthesizer
        let profile: VoiceProfile
        // espeak-ng starts a thread of its own and aborts the whole process (an assertion) when
        // the system refuses it, as under a process limit: ask for a thread first, and say so.
        do {
            try BackgroundWork {}.wait()
        } catch {
            channel.send("refused " + oneLine(ExpoError.reason(of: error)))
            return .success
        }
        // The thread can still be taken by another process of the user's before espeak-ng asks
        // for it; then espeak-ng's abort comes back as a resources error, said the same way.
        do {
            profile = try SpeechServerRequest(argument: request).profile
            engine = try EspeakSynthesizer.start()
            try select(profile, on: engine)
        } catch let error as ExpoError where error.category == .resources {
            channel.send("refused " + oneLine(error.message))
            return .success
        } catch {
            channel.send("unavailable " + oneLine(ExpoError.reason(of: error)))
            return .success
        }
        channel.send("started")
        // No batch: the run needed no speech after all.
        guard let first = channel.receiveLine(), first.hasPrefix("batch ") else { return .success }
        let batchFolder = URL(fileURLWithPath: String(first.dropFirst("batch ".count)))
        var session: Session
        do {
            let data = try Data(contentsOf: batchFolder.appendingPathComponent("batch.json"))
            let batch = try JSONDecoder().decode(SynthesisBatch.self, from: data)
            let cache = try TrackCache(folder: URL(fileURLWithPath: batch.cacheFolder), shard: batch.shard)
            // Workers do not select the voice again (it makes espeak-ng read every voice
            // file), so the engine they inherit must have the batch's.
            if batch.profile != profile { try select(batch.profile, on: engine) }
            session = Session(channel: channel, engine: engine, batch: batch, batchFolder: batchFolder, cache: cache)
        } catch {
            channel.send("unavailable " + oneLine(ExpoError.reason(of: error)))
            return .success
        }
        channel.send("ready")
        return session.run(childEnded: childEnded)
    }

    private static func select(_ profile: VoiceProfile, on engine: EspeakSynthesizer) throws {
        try engine.select(
            voice: profile.espeakVoice, rate: profile.rate, pitch: profile.pitch,
            volume: profile.volume, wordGap: profile.wordGap)
    }

    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ")
    }

    /// The server once its batch is read: forks a worker per job line and reports each ending.
    private struct Session {
        let channel: LineChannel
        let engine: EspeakSynthesizer
        let batch: SynthesisBatch
        let batchFolder: URL
        let cache: TrackCache
        var workers = SpeechWorkers()

        mutating func run(childEnded: ChildEndSignal) -> ExitStatus {
            var inputOpen = true
            while inputOpen || !workers.isEmpty {
                if Interruption.isRequested { return stopChildren() }
                // Jobs already read (with the batch line, or several at once) start first.
                while let line = channel.nextBufferedLine() {
                    guard line.hasPrefix("job ") else { continue }
                    startWorker(key: String(line.dropFirst("job ".count)))
                }
                guard inputOpen || !workers.isEmpty else { break }
                // A time limit, so that a stop signal arriving just before the wait is seen soon.
                let (lineReady, childReady) = channel.wait(
                    alsoFor: childEnded.readEnd, watchingInput: inputOpen,
                    timeoutMilliseconds: 100)
                // Reaped after every wait, not only when the self-pipe says so: a signal mask
                // inherited from whoever started this process may hold SIGCHLD back.
                if childReady { childEnded.drain() }
                for line in workers.reapEnded() { channel.send(line) }
                if lineReady, !channel.fill() { inputOpen = false }
            }
            return .success
        }

        private mutating func startWorker(key: String) {
            let (batch, batchFolder, cache, engine) = (batch, batchFolder, cache, engine)
            // The child: no part in the protocol, default SIGCHLD, then one track.
            let failure = workers.start(key: key) {
                WorkerPool.work(job: key, batch: batch, batchFolder: batchFolder, cache: cache, engine: engine)
            }
            if let failure {
                channel.send(failure.line)
                WorkerPool.record(failure.reason, key: key, batchFolder: batchFolder)
            }
        }

        /// Stops the workers and waits for them (at most a quarter of a second), so that none
        /// outlives the server; whoever started it kills what is left.
        private mutating func stopChildren() -> ExitStatus {
            workers.stop(waitingAtMost: 0.25)
            return .signal(Interruption.signal)
        }
    }
}
