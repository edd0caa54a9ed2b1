import Foundation

/// Shares synthesis out to worker processes of the same executable (`expo-narrate _worker`),
/// one espeak-ng each, since espeak-ng cannot run twice in one process.
///
/// Workers take jobs longest first, each claiming a job by creating its claim file
/// exclusively, so no job is done twice and a worker that finishes early takes the next one.
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
            try manager.createDirectory(at: batchFolder.appendingPathComponent("claims"), withIntermediateDirectories: true)
            try manager.createDirectory(at: batchFolder.appendingPathComponent("failed"), withIntermediateDirectories: true)
            let batch = SynthesisBatch(profile: profile, cacheFolder: cache.folder.path, jobs: jobs)
            try JSONEncoder().encode(batch).write(to: batchFolder.appendingPathComponent("batch.json"))
        } catch {
            throw OutputError.cannotWrite(path: batchFolder.path, reason: OutputFolder.reason(error))
        }

        var processes: [Process] = []
        defer {
            for process in processes where process.isRunning { process.terminate() }
            for process in processes { process.waitUntilExit() }
        }
        for _ in 0..<workers {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["_worker", batchFolder.path]
            try process.run()
            processes.append(process)
        }

        var reported = Set<String>()
        var started = Set<String>()
        while true {
            let running = processes.contains { $0.isRunning }
            if Interruption.isRequested {
                for process in processes where process.isRunning { process.terminate() }
                throw OutputError.interrupted
            }
            for (index, job) in jobs.enumerated() where !reported.contains(job.key) {
                if !started.contains(job.key), manager.fileExists(atPath: batchFolder.appendingPathComponent("claims/" + job.key).path) {
                    started.insert(job.key)
                    progress(.trackStarted(index: index + 1, count: jobs.count, title: job.title))
                }
                if cache.entry(job.key) != nil {
                    reported.insert(job.key)
                    progress(.trackFinished(index: reported.count, count: jobs.count, title: job.title, fromCache: false))
                }
            }
            if !running { break }
            usleep(50_000)
        }

        var failed: [String: String] = [:]
        let engineFailure = try? String(contentsOf: batchFolder.appendingPathComponent("failed/engine"), encoding: .utf8)
        for job in jobs where cache.entry(job.key) == nil {
            let reason = (try? String(contentsOf: batchFolder.appendingPathComponent("failed/" + job.key), encoding: .utf8))
                ?? engineFailure
                ?? "the worker process ended unexpectedly (status \(processes.map(\.terminationStatus).max() ?? -1))"
            failed[job.key] = reason
            progress(.trackFellBack(title: job.title, reason: reason))
        }
        return failed
    }

    /// The body of `expo-narrate _worker BATCH`: takes unclaimed jobs until none are left.
    /// Returns the exit status.
    static func work(batchFolder: URL) -> Int32 {
        let failedFolder = batchFolder.appendingPathComponent("failed")
        func record(_ name: String, _ reason: String) {
            try? Data(reason.utf8).write(to: failedFolder.appendingPathComponent(name), options: .atomic)
        }
        let batch: SynthesisBatch
        let cache: TrackCache
        let engine: EspeakEngine
        do {
            let data = try Data(contentsOf: batchFolder.appendingPathComponent("batch.json"))
            batch = try JSONDecoder().decode(SynthesisBatch.self, from: data)
            cache = try TrackCache(folder: URL(fileURLWithPath: batch.cacheFolder))
            engine = try EspeakEngine.start()
        } catch {
            record("engine", error.localizedDescription)
            return 2
        }
        let synthesizer = TrackSynthesizer(engine: engine, profile: batch.profile, cache: cache)
        for job in batch.jobs {
            if Interruption.isRequested { return 130 }
            let claim = batchFolder.appendingPathComponent("claims/" + job.key).path
            let descriptor = open(claim, O_CREAT | O_EXCL | O_WRONLY, 0o644)
            guard descriptor >= 0 else { continue }
            close(descriptor)
            do {
                try synthesizer.synthesize(job)
            } catch SpeechError.interrupted {
                return 130
            } catch OutputError.interrupted {
                return 130
            } catch {
                record(job.key, error.localizedDescription)
            }
        }
        return 0
    }
}

/// The entry point of the hidden `expo-narrate _worker BATCH` command that `WorkerPool` starts.
public enum SynthesisWorker {
    /// Works through the batch in `batchFolder`; returns the process's exit status.
    public static func run(batchFolder: URL) -> Int32 {
        WorkerPool.work(batchFolder: batchFolder)
    }
}
