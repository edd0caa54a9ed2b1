import Foundation

/// Shares synthesis out to worker processes of the same executable
/// (`expo-narrate _worker BATCH KEY`), at most `workers` at a time, longest track first.
///
/// Each worker makes exactly one track and exits. espeak-ng cannot run twice in one process,
/// and it keeps state from one utterance to the next (the same text comes out a few
/// milliseconds different after another text), so a fresh process per track is what makes a
/// track's audio the same whatever `--jobs` is and whichever tracks came before it.
/// Results go to the cache; a failure is written as `failed/KEY` with the reason.
struct WorkerPool {
    let executable: URL
    let cache: TrackCache
    let profile: VoiceProfile

    /// Runs the jobs; returns the reasons of the jobs that failed, by key.
    func run(_ jobs: [SynthesisJob], workers: Int, progress: (GuideProgressEvent) -> Void) throws -> [String: String] {
        let batchFolder = cache.scratchURL("batch")
        let manager = FileManager.default
        try? manager.removeItem(at: batchFolder)
        defer { try? manager.removeItem(at: batchFolder) }
        do {
            try manager.createDirectory(at: batchFolder.appendingPathComponent("failed"), withIntermediateDirectories: true)
            let batch = SynthesisBatch(profile: profile, cacheFolder: cache.folder.path, jobs: jobs)
            try JSONEncoder().encode(batch).write(to: batchFolder.appendingPathComponent("batch.json"))
        } catch {
            throw OutputError.cannotWrite(path: batchFolder.path, reason: OutputFolder.reason(error))
        }

        var waiting = jobs.sorted { $0.estimatedCost > $1.estimatedCost }
        var running: [(process: Process, job: SynthesisJob)] = []
        var statuses: [String: Int32] = [:]
        var signals: [String: Bool] = [:]
        var finished = 0
        defer { Self.stop(running.map(\.process), cache: cache) }
        while !waiting.isEmpty || !running.isEmpty {
            if Interruption.isRequested { throw OutputError.interrupted }
            while running.count < workers, !waiting.isEmpty {
                let job = waiting.removeFirst()
                let process = Process()
                process.executableURL = executable
                process.arguments = ["_worker", batchFolder.path, job.key]
                do {
                    try process.run()
                } catch {
                    throw OutputError.cannotWrite(path: executable.path, reason: "cannot start a worker process (\(error.localizedDescription))")
                }
                running.append((process, job))
                progress(.trackStarted(index: finished + running.count, count: jobs.count, title: job.title))
            }
            var stillRunning: [(process: Process, job: SynthesisJob)] = []
            for entry in running {
                if entry.process.isRunning {
                    stillRunning.append(entry)
                } else {
                    statuses[entry.job.key] = entry.process.terminationStatus
                    signals[entry.job.key] = entry.process.terminationReason == .uncaughtSignal
                    finished += 1
                    progress(.trackFinished(index: finished, count: jobs.count, title: entry.job.title, fromCache: false))
                }
            }
            running = stillRunning
            if !running.isEmpty { usleep(5_000) }
        }

        var failed: [String: String] = [:]
        for job in jobs where cache.entry(job.key) == nil {
            let recorded = try? String(contentsOf: batchFolder.appendingPathComponent("failed/" + job.key), encoding: .utf8)
            // A full disk or an unwritable cache stops the run: no other track could be stored either.
            if statuses[job.key] == Self.storageFailureStatus, signals[job.key] != true {
                throw OutputError.cannotWrite(path: cache.folder.path, reason: recorded ?? "a worker could not store its track")
            }
            let status = statuses[job.key] ?? -1
            let reason = recorded ?? (signals[job.key] == true
                ? "the speech worker was killed by signal \(status)"
                : "the speech worker ended unexpectedly (status \(status))")
            failed[job.key] = reason
            progress(.trackFellBack(title: job.title, reason: reason))
        }
        return failed
    }

    /// A worker's exit status when it could not store its track (disk full, file-size limit).
    static let storageFailureStatus: Int32 = 74

    /// Stops `processes` for an interruption or an error: SIGTERM, then SIGKILL for any still
    /// running after 0.3 s (a worker in the middle of loudness normalisation does not poll),
    /// then removes the temporary files the killed ones left in the cache.
    static func stop(_ processes: [Process], cache: TrackCache) {
        guard processes.contains(where: \.isRunning) else { return }
        for process in processes where process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(0.3)
        while processes.contains(where: \.isRunning), Date() < deadline { usleep(5_000) }
        for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for process in processes { process.waitUntilExit() }
        TrackCache.removeAbandonedFiles(in: cache.folder)
    }

    /// The body of `expo-narrate _worker BATCH KEY`: makes the track `key` of the batch.
    /// Returns the exit status.
    static func work(batchFolder: URL, key: String) -> Int32 {
        func record(_ reason: String) {
            let name = key.allSatisfy(\.isHexDigit) ? key : "invalid-key"
            try? Data(reason.utf8).write(to: batchFolder.appendingPathComponent("failed/" + name), options: .atomic)
        }
        do {
            let data = try Data(contentsOf: batchFolder.appendingPathComponent("batch.json"))
            let batch = try JSONDecoder().decode(SynthesisBatch.self, from: data)
            guard let job = batch.jobs.first(where: { $0.key == key }) else {
                record("the batch has no job \(key)")
                return 2
            }
            let cache = try TrackCache(folder: URL(fileURLWithPath: batch.cacheFolder))
            let engine = try EspeakEngine.start()
            try TrackSynthesizer(engine: engine, profile: batch.profile, cache: cache).synthesize(job)
            return 0
        } catch SpeechError.interrupted {
            return 130
        } catch OutputError.interrupted {
            return 130
        } catch let OutputError.cannotWrite(_, reason) {
            record(reason)
            return storageFailureStatus
        } catch let AudioFileError.system(_, _, code) where [ENOSPC, EDQUOT, EFBIG, EROFS, EIO].contains(code) {
            record(String(cString: strerror(code)))
            return storageFailureStatus
        } catch {
            record(error.localizedDescription)
            return 1
        }
    }
}

/// The entry point of the hidden `expo-narrate _worker BATCH KEY` command that `WorkerPool`
/// starts.
public enum SynthesisWorker {
    /// Makes track `key` of the batch in `batchFolder`; returns the process's exit status.
    public static func run(batchFolder: URL, key: String) -> Int32 {
        WorkerPool.work(batchFolder: batchFolder, key: key)
    }
}
