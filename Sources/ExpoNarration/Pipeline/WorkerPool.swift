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
        var running: [(pid: pid_t, job: SynthesisJob)] = []
        var statuses: [String: Int32] = [:]
        var signals: [String: Bool] = [:]
        var finished = 0
        defer { Self.stop(running.map(\.pid), cache: cache) }
        while !waiting.isEmpty || !running.isEmpty {
            if Interruption.isRequested { throw OutputError.interrupted }
            while running.count < workers, !waiting.isEmpty {
                let job = waiting.removeFirst()
                let pid = try Self.spawn(executable, arguments: ["_worker", batchFolder.path, job.key])
                running.append((pid, job))
                progress(.trackStarted(index: finished + running.count, count: jobs.count, title: job.title))
            }
            var stillRunning: [(pid: pid_t, job: SynthesisJob)] = []
            for entry in running {
                if let ending = Self.reap(entry.pid, blocking: false) {
                    statuses[entry.job.key] = ending.status
                    signals[entry.job.key] = ending.bySignal
                    finished += 1
                    progress(.trackFinished(index: finished, count: jobs.count, title: entry.job.title, fromCache: false))
                } else {
                    stillRunning.append(entry)
                }
            }
            running = stillRunning
            if !running.isEmpty { usleep(1_000) }
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

    /// Stops workers for an interruption or an error: SIGTERM, then SIGKILL for any still
    /// running after 0.3 s (a worker in the middle of loudness normalisation does not poll),
    /// then removes the temporary files the killed ones left in the cache.
    static func stop(_ pids: [pid_t], cache: TrackCache) {
        guard !pids.isEmpty else { return }
        for pid in pids { kill(pid, SIGTERM) }
        var alive = pids
        let deadline = Date().addingTimeInterval(0.3)
        while !alive.isEmpty, Date() < deadline {
            alive = alive.filter { reap($0, blocking: false) == nil }
            if !alive.isEmpty { usleep(5_000) }
        }
        for pid in alive {
            kill(pid, SIGKILL)
            reap(pid, blocking: true)
        }
        TrackCache.removeAbandonedFiles(in: cache.folder)
    }

    /// Starts `executable` with `arguments` in a process group of its own (so that Ctrl-C
    /// reaches this process, which stops the workers), with default signal handling.
    ///
    /// posix_spawn and waitpid directly, not Foundation's Process: on a busy machine, Process
    /// took 20 to 100 ms to report a worker's end (its monitor thread reaps the child, then
    /// hands the news on), and each such delay left a core idle between two tracks.
    static func spawn(_ executable: URL, arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, nil, &attributes, argv, environ)
        guard result == 0 else {
            throw OutputError.cannotWrite(
                path: executable.path, reason: "cannot start a worker process (\(String(cString: strerror(result))))")
        }
        return pid
    }

    /// How `pid` ended: its exit status, or the signal that ended it (`bySignal`); nil while it
    /// runs (only when not `blocking`).
    @discardableResult
    static func reap(_ pid: pid_t, blocking: Bool) -> (status: Int32, bySignal: Bool)? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == pid { break }
            if result == 0 { return nil }
            if errno == EINTR { continue }
            return (-1, false)  // not our child any more: nothing to wait for
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
        let signal = status & 0x7f
        return signal == 0 ? ((status >> 8) & 0xff, false) : (signal, true)
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
