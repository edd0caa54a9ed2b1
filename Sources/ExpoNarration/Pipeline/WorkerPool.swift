import Foundation

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
    let executable: URL
    let cache: TrackCache
    let profile: VoiceProfile

    /// Runs the jobs; returns the reasons of the jobs that failed, by key. Throws
    /// `WorkerPoolError.speechUnavailable` when espeak-ng or the voice cannot start (no job
    /// ran), and `OutputError` for an interruption or a full or unwritable cache.
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

        let server = try Self.startServer(executable)
        var batchCompleted = false
        defer { server.stop(cache: cache, gracefully: batchCompleted) }
        server.channel.send("batch " + batchFolder.path)
        guard let greeting = server.receiveLine() else {
            throw WorkerPoolError.speechUnavailable("the speech server ended before it started espeak-ng")
        }
        if greeting.hasPrefix("unavailable ") {
            throw WorkerPoolError.speechUnavailable(String(greeting.dropFirst("unavailable ".count)))
        }

        var waiting = jobs.sorted { $0.estimatedCost > $1.estimatedCost }
        var running: [String: SynthesisJob] = [:]
        var endings: [String: (status: Int32, bySignal: Bool)] = [:]
        var finished = 0
        var serverGone = false
        while !serverGone, !waiting.isEmpty || !running.isEmpty {
            if Interruption.isRequested { throw OutputError.interrupted }
            while running.count < workers, !waiting.isEmpty {
                let job = waiting.removeFirst()
                server.channel.send("job " + job.key)
                running[job.key] = job
                progress(.trackStarted(index: finished + running.count, count: jobs.count, title: job.title))
            }
            // Poll with a time limit so that an interruption is seen within 50 ms.
            guard server.channel.wait(alsoFor: -1, watchingInput: true, timeoutMilliseconds: 50).input else { continue }
            guard server.channel.fill() else {
                serverGone = true
                break
            }
            while let line = server.channel.nextBufferedLine() {
                let parts = line.split(separator: " ")
                guard parts.count == 4, parts[0] == "done", let status = Int32(parts[2]),
                      let job = running.removeValue(forKey: String(parts[1])) else { continue }
                endings[job.key] = (status, parts[3] == "signal")
                finished += 1
                progress(.trackFinished(index: finished, count: jobs.count, title: job.title, fromCache: false))
            }
        }

        batchCompleted = !serverGone

        var failed: [String: String] = [:]
        for job in jobs where cache.entry(job.key) == nil {
            let recorded = try? String(contentsOf: batchFolder.appendingPathComponent("failed/" + job.key), encoding: .utf8)
            let ending = endings[job.key]
            // A full disk or an unwritable cache stops the run: no other track could be stored either.
            if let ending, ending.status == Self.storageFailureStatus, !ending.bySignal {
                throw OutputError.cannotWrite(path: cache.folder.path, reason: recorded ?? "a worker could not store its track")
            }
            let reason: String
            if let recorded {
                reason = recorded
            } else if let ending {
                reason = ending.bySignal
                    ? "the speech worker was killed by signal \(ending.status)"
                    : "the speech worker ended unexpectedly (status \(ending.status))"
            } else {
                reason = "the speech server ended before this track was made; run again to make it"
            }
            failed[job.key] = reason
            progress(.trackFellBack(title: job.title, reason: reason))
        }
        return failed
    }

    /// A worker's exit status when it could not store its track (disk full, file-size limit).
    static let storageFailureStatus: Int32 = 74

    /// A running speech server: its process (the leader of a process group that holds its
    /// workers too) and the pipes to it.
    struct Server {
        let pid: pid_t
        let channel: LineChannel

        func receiveLine() -> String? { channel.receiveLine() }

        /// Ends the server. After a completed batch (`gracefully`), closing its input is
        /// enough: it has no workers left and exits. Otherwise (an interruption or an error)
        /// the whole group gets SIGTERM (the server passes it on and waits for its workers),
        /// then SIGKILL after 0.3 s (a worker in the middle of loudness normalisation does
        /// not poll); then the temporary files of killed workers are removed from the cache.
        func stop(cache: TrackCache, gracefully: Bool) {
            close(channel.output)
            defer { close(channel.input) }
            if gracefully {
                WorkerPool.reap(pid, blocking: true)
                return
            }
            kill(-pid, SIGTERM)
            let deadline = Date().addingTimeInterval(0.3)
            var ended = false
            while !ended, Date() < deadline {
                ended = WorkerPool.reap(pid, blocking: false) != nil
                if !ended { usleep(2_000) }
            }
            if !ended {
                kill(-pid, SIGKILL)
                WorkerPool.reap(pid, blocking: true)
            }
            // Killed workers whose server is gone are reaped by init, not here: wait until
            // none of the group runs any more, so that their files count as abandoned.
            let killDeadline = Date().addingTimeInterval(1)
            while ProcessStatus.groupIsRunning(pid), Date() < killDeadline {
                kill(-pid, SIGKILL)
                usleep(2_000)
            }
            TrackCache.removeAbandonedFiles(in: cache.folder)
        }
    }

    /// Starts `executable _speech-server` in a process group of its own (so that Ctrl-C
    /// reaches this process, which stops the workers), with default signal handling, its
    /// standard input and output connected to this process.
    ///
    /// posix_spawn and waitpid directly, not Foundation's Process: on a busy machine, Process
    /// took 20 to 100 ms to report a child's end (its monitor thread reaps the child, then
    /// hands the news on).
    static func startServer(_ executable: URL) throws -> Server {
        var toServer: [Int32] = [-1, -1]
        var fromServer: [Int32] = [-1, -1]
        guard pipe(&toServer) == 0, pipe(&fromServer) == 0 else {
            throw OutputError.cannotWrite(path: executable.path, reason: "cannot make a pipe (\(String(cString: strerror(errno))))")
        }
        // This process's ends stay out of any other child; the server's ends are closed here
        // once it has them.
        _ = fcntl(toServer[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromServer[0], F_SETFD, FD_CLOEXEC)
        defer {
            close(toServer[0])
            close(fromServer[1])
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toServer[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromServer[1], 1)
        posix_spawn_file_actions_addclose(&actions, toServer[0])
        posix_spawn_file_actions_addclose(&actions, fromServer[1])

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
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable.path), strdup("_speech-server"), nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, environ)
        guard result == 0 else {
            close(toServer[1])
            close(fromServer[0])
            throw OutputError.cannotWrite(
                path: executable.path, reason: "cannot start the speech server (\(String(cString: strerror(result))))")
        }
        return Server(pid: pid, channel: LineChannel(input: fromServer[0], output: toServer[1]))
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

    /// Writes why track `key` failed where `run` looks for it.
    static func record(_ reason: String, key: String, batchFolder: URL) {
        let name = key.allSatisfy(\.isHexDigit) ? key : "invalid-key"
        try? Data(reason.utf8).write(to: batchFolder.appendingPathComponent("failed/" + name), options: .atomic)
    }

    /// The body of a worker (a child of the speech server): makes track `key` of the batch
    /// with `engine`, which has never spoken. Returns the exit status.
    static func work(job key: String, batch: SynthesisBatch, batchFolder: URL, cache: TrackCache, engine: EspeakEngine) -> Int32 {
        do {
            guard let job = batch.jobs.first(where: { $0.key == key }) else {
                record("the batch has no job \(key)", key: key, batchFolder: batchFolder)
                return 2
            }
            // The server selected the voice just before forking, and its engine has never spoken.
            try TrackSynthesizer(engine: engine, profile: batch.profile, cache: cache).synthesize(job, selectingVoice: false)
            return 0
        } catch SpeechError.interrupted {
            return 130
        } catch OutputError.interrupted {
            return 130
        } catch let OutputError.cannotWrite(_, reason) {
            record(reason, key: key, batchFolder: batchFolder)
            return storageFailureStatus
        } catch let AudioFileError.system(_, _, code) where [ENOSPC, EDQUOT, EFBIG, EROFS, EIO].contains(code) {
            record(String(cString: strerror(code)), key: key, batchFolder: batchFolder)
            return storageFailureStatus
        } catch {
            record(error.localizedDescription, key: key, batchFolder: batchFolder)
            return 1
        }
    }
}

/// Why the worker pool made no audio at all.
enum WorkerPoolError: Error, LocalizedError {
    /// espeak-ng or the voice could not start in the speech server; the reason is its message.
    case speechUnavailable(String)

    var errorDescription: String? {
        switch self {
        case let .speechUnavailable(reason): return reason
        }
    }
}
