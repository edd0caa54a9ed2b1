import ExpoModel
import ExpoSystem
import Foundation
import GuideCache
import Synthesizer

/// Shares synthesis out to worker processes, at most `workers` at a time, longest track first.
///
/// The workers are children of one `expo-narrate _speech-server` process (see
/// `SpeechServer`), which starts espeak-ng once and forks a fresh worker per track. Each
/// worker makes exactly one track and exits: espeak-ng keeps state from one utterance to the
/// next (the same text comes out a few milliseconds different after another text), so an
/// engine that has never spoken, per track, is what makes a track's audio the same whatever
/// `--jobs` is and whichever tracks came before it. Results go to the cache; a failure is
/// written as `failed/KEY` with the reason.
struct WorkerPool {
    /// Started before the pool is made (see `SpeechServerProcess.start`), so that it loads
    /// espeak-ng while this process prepares the scripts; the pool stops it.
    let server: SpeechServerProcess
    let cache: TrackCache
    let profile: VoiceProfile
    let delivery: Delivery

    /// Runs the jobs; returns the reasons of the jobs that failed, by key. Throws
    /// `ExpoError` (unavailable) when espeak-ng or the voice cannot start (no job
    /// ran), and `ExpoError` for an interruption or a full or unwritable cache.
    func run(_ jobs: [SynthesisJob], workers: Int, progress: (GuideProgressEvent) -> Void) throws -> [String: String] {
        let batchFolder = try writeBatch(jobs)
        defer { try? FileManager.default.removeItem(at: batchFolder) }
        // What narrating, building the jobs and encoding the batch freed is given back before
        // the workers start: this process waits beside them for the whole synthesis.
        HeapMemory.releaseFreePages()

        var batchCompleted = false
        defer { server.stop(cache: cache, gracefully: batchCompleted) }
        for expected in ["started", "ready"] {
            if expected == "ready" { server.channel.send("batch " + batchFolder.path) }
            guard let line = try Self.nextLine(from: server.channel) else {
                // A crash, not a missing voice (that is an 'unavailable' line): an error, not text.
                throw ExpoError(
                    .resources, "The speech server stopped before espeak-ng started",
                    advice: "Raise the limits on processes and memory (ulimit -u, ulimit -v), then run again.",
                    subject: .speech)
            }
            if line.hasPrefix("refused ") {
                throw ExpoError(
                    .resources, "The speech server could not start espeak-ng: \(line.dropFirst("refused ".count))",
                    advice: "Raise the limits on processes and memory (ulimit -u, ulimit -v), then run again.",
                    subject: .speech)
            }
            if line.hasPrefix("unavailable ") {
                throw ExpoError.speechServerUnavailable(String(line.dropFirst("unavailable ".count)))
            }
        }
        let (endings, serverGone) = try dispatch(jobs, workers: workers, progress: progress)
        batchCompleted = !serverGone
        // Every worker has ended: the server goes now, not after the tracks are checked below.
        server.stop(cache: cache, gracefully: batchCompleted)

        var failed: [String: String] = [:]
        for job in jobs where TrackMaker.needsWork(job, cache: cache, delivery: delivery) {
            let recorded = try? String(contentsOf: batchFolder.appendingPathComponent("failed/" + job.key), encoding: .utf8)
            let ending = endings[job.key]
            // A full disk or an unwritable cache stops the run: no other track could be stored either.
            if let ending, ending.status == Self.storageFailureStatus, !ending.bySignal {
                // The worker's message names the file it could not write, not only the cache.
                guard let recorded else {
                    throw ExpoError.cannotWrite(path: cache.folder.path, reason: "a worker could not store its track")
                }
                throw ExpoError(.io, recorded, advice: ExpoError.cannotWrite(path: "", reason: "").advice)
            }
            // Neither may a refused resource: the next track would be refused too, and a track
            // the guide has as audio must never become text for it.
            if let ending, ending.status == Self.resourceRefusalStatus, !ending.bySignal {
                throw ExpoError.resourcesRefused(recorded ?? "a speech worker was refused processes or memory")
            }
            // A worker that made its track (status 0) while this process cannot open the files
            // to see it: the files are refused to this run, not missing.
            if recorded == nil, let ending, ending.status == 0, !ending.bySignal, let refused = FileTree.descriptorRefusal() {
                throw ExpoError.resourcesRefused("this run cannot open the tracks its workers made (\(ExpoError.systemReason(refused)))")
            }
            let reason = recorded ?? Self.reason(for: ending)
            failed[job.key] = reason
            progress(.trackFellBack(title: job.title, reason: reason))
        }
        return failed
    }

    /// Writes the batch the server reads, `batch.json` and an empty `failed/`, into a new
    /// private folder in the cache; returns the folder.
    private func writeBatch(_ jobs: [SynthesisJob]) throws -> URL {
        let batchFolder = try cache.makeBatchFolder()
        do {
            try FileTree.makeFolder(batchFolder.appendingPathComponent("failed").path, permissions: 0o700)
            let batch = SynthesisBatch(
                profile: profile, delivery: delivery, cacheFolder: cache.folder.path, jobs: jobs,
                shard: cache.shard)
            let path = batchFolder.appendingPathComponent("batch.json").path
            let file = try POSIXFile.createNew(path, shownAs: path)
            do {
                try JSONEncoder().encode(batch).withUnsafeBytes { try file.write($0) }
            } catch {
                file.closeQuietly()
                throw error
            }
            try file.close()
        } catch {
            try? FileManager.default.removeItem(at: batchFolder)
            throw ExpoError.cannotWrite(path: batchFolder.path, reason: ExpoError.reason(of: error))
        }
        return batchFolder
    }

    /// Hands the jobs to the server, `workers` at a time, longest first, until every one has
    /// ended or the server is gone; returns how each ended, by key.
    private func dispatch(_ jobs: [SynthesisJob], workers: Int, progress: (GuideProgressEvent) -> Void) throws
        -> (endings: [String: (status: Int32, bySignal: Bool)], serverGone: Bool)
    {
        var waiting = jobs.sorted { $0.estimatedCost > $1.estimatedCost }
        var running: [String: SynthesisJob] = [:]
        var endings: [String: (status: Int32, bySignal: Bool)] = [:]
        while !waiting.isEmpty || !running.isEmpty {
            if Interruption.isRequested { throw ExpoError.interrupted }
            while running.count < workers, !waiting.isEmpty {
                let job = waiting.removeFirst()
                server.channel.send("job " + job.key)
                running[job.key] = job
                progress(.trackStarted(index: endings.count + running.count, count: jobs.count, title: job.title, place: job.trackNumber))
            }
            // Poll with a time limit so that an interruption is seen within 50 ms.
            guard server.channel.wait(alsoFor: -1, watchingInput: true, timeoutMilliseconds: 50).input else { continue }
            guard server.channel.fill() else { return (endings, true) }
            while let line = server.channel.nextBufferedLine() {
                let parts = line.split(separator: " ")
                guard parts.count == 4, parts[0] == "done", let status = Int32(parts[2]),
                    let job = running.removeValue(forKey: String(parts[1]))
                else { continue }
                endings[job.key] = (status, parts[3] == "signal")
                progress(.trackFinished(index: endings.count, count: jobs.count, title: job.title, place: job.trackNumber, fromCache: false))
            }
        }
        return (endings, false)
    }

    /// Why a track failed when its worker recorded no reason.
    static func reason(for ending: (status: Int32, bySignal: Bool)?) -> String {
        guard let ending else { return "the speech server ended before this track was made; run again to make it" }
        return ending.bySignal
            ? "the speech worker was killed by signal \(ending.status)"
            : "the speech worker ended unexpectedly (status \(ending.status))"
    }

    /// The server's next line, waiting at most 50 ms at a time so that an interruption is seen;
    /// nil when the server has closed its end.
    private static func nextLine(from channel: LineChannel) throws -> String? {
        while true {
            if let line = channel.nextBufferedLine() { return line }
            if Interruption.isRequested { throw ExpoError.interrupted }
            guard channel.wait(alsoFor: -1, watchingInput: true, timeoutMilliseconds: 50).input else { continue }
            guard channel.fill() else { return nil }
        }
    }

    /// A worker's exit status when it could not store its track (disk full, file-size limit).
    static let storageFailureStatus = ExitStatus.io.code
    /// A worker's status when the system refused it a resource (processes, threads, memory,
    /// open files), or refused the server a worker.
    static let resourceRefusalStatus = ExitStatus.resources.code

    /// Writes why track `key` failed where `run` looks for it.
    static func record(_ reason: String, key: String, batchFolder: URL) {
        let name = key.allSatisfy(\.isHexDigit) ? key : "invalid-key"
        try? AtomicFile.write(Data(reason.utf8), to: batchFolder.appendingPathComponent("failed/" + name))
    }

    /// The body of a worker (a child of the speech server): makes track `key` of the batch
    /// with `engine`, which has never spoken. Returns the exit status.
    static func work(job key: String, batch: SynthesisBatch, batchFolder: URL, cache: TrackCache, engine: EspeakSynthesizer) -> Int32 {
        do {
            guard let job = batch.jobs.first(where: { $0.key == key }) else {
                record("the batch has no job \(key)", key: key, batchFolder: batchFolder)
                return 2
            }
            // The server selected the voice just before forking, and its engine has never spoken.
            try TrackMaker(engine: engine, profile: batch.profile, delivery: batch.delivery, cache: cache).make(job)
            return 0
        } catch let error as ExpoError where error.isInterruption {
            return 130
        } catch let error as ExpoError where error.category == .resources || [EAGAIN, ENOMEM, EMFILE, ENFILE].contains(error.code ?? 0) {
            record(error.message, key: key, batchFolder: batchFolder)
            return resourceRefusalStatus
        } catch let error as ExpoError where error.category == .io && error.code == nil {
            record(error.message, key: key, batchFolder: batchFolder)
            return storageFailureStatus
        } catch let error as ExpoError where error.category == .io && [ENOSPC, EDQUOT, EFBIG, EROFS, EIO].contains(error.code!) {
            record(error.message, key: key, batchFolder: batchFolder)
            return storageFailureStatus
        } catch {
            record(error.localizedDescription, key: key, batchFolder: batchFolder)
            return 1
        }
    }
}

extension ExpoError {
    /// The system refused the speech server or a worker a resource (processes, threads, memory,
    /// open files): the run stops with nothing published, never with a track as text.
    static func resourcesRefused(_ reason: String) -> ExpoError {
        ExpoError(
            .resources, "The system refused the speech synthesis a resource it needs: \(reason)",
            advice:
                "Nothing was published; the guide is as it was. Raise the limits on processes, memory and open files (ulimit -u, ulimit -v, ulimit -n), then run again.",
            subject: .speech)
    }

    /// espeak-ng or the voice could not start in the speech server; the reason is its message.
    static func speechServerUnavailable(_ reason: String) -> ExpoError {
        ExpoError(.unavailable, reason, subject: .speech)
    }
}
