import ExpoModel
import ExpoSystem
import Foundation
import GuideCache
import Synthesizer

/// A running `expo-narrate _speech-server` (see `SpeechServer`), seen from the process that
/// started it: its process id (the leader of a process group that holds its workers too) and
/// the pipes to it.
///
/// It is started as soon as a run knows it may need speech, so that loading espeak-ng and
/// the voice overlaps with preparing the scripts; `WorkerPool` uses and stops it, and a run
/// that needs no synthesis after all (everything cached) dismisses it.
final class SpeechServerProcess {
    let pid: pid_t
    let channel: LineChannel
    private var ended = false

    private init(pid: pid_t, channel: LineChannel) {
        self.pid = pid
        self.channel = channel
    }

    /// Starts `executable _speech-server REQUEST` (a `SpeechServerRequest`) in a process group
    /// of its own (so that Ctrl-C reaches this process, which stops the workers), with default
    /// signal handling, its standard input and output connected to this process.
    ///
    /// posix_spawn (`ChildProcess`) and waitpid directly, not Foundation's Process: on a busy
    /// machine, Process is slow to report a child's end (its monitor thread reaps the child, then
    /// hands the news on).
    static func start(_ executable: URL, profile: VoiceProfile) throws -> SpeechServerProcess {
        // Writing to a server that has died must be an error to handle, not a signal that ends
        // this process (the CLI ignores SIGPIPE already; a library caller may not).
        ProcessStatus.ignoreBrokenPipes()
        let arguments = try SpeechServerRequest(profile: profile).arguments()
        do {
            let (pid, channel) = try ChildProcess.startConnected(executable, arguments: arguments)
            return SpeechServerProcess(pid: pid, channel: channel)
        } catch let error as ExpoError {
            throw Self.cannotStart(executable, error.code ?? EAGAIN)
        }
    }

    private static func cannotStart(_ executable: URL, _ code: Int32) -> ExpoError {
        ExpoError(
            .resources, "Cannot start the speech server \(executable.path): \(ExpoError.errnoText(code))",
            advice: "Nothing was published. Run again when the system has processes and memory to spare.",
            code: code)
    }

    /// Ends the server. After a completed batch (`gracefully`), closing its input is enough:
    /// it has no workers left and exits. Otherwise (an interruption or an error) the whole
    /// group gets SIGTERM (the server passes it on and waits for its workers), then SIGKILL
    /// after 0.3 s (a worker in the middle of loudness normalisation does not poll); then the
    /// temporary files of killed workers are removed from the cache. Does nothing the second
    /// time.
    func stop(cache: TrackCache, gracefully: Bool) {
        guard !ended else { return }
        ended = true
        channel.closeOutput()
        defer { channel.closeInput() }
        if gracefully {
            ProcessStatus.reap(pid, blocking: true)
            return
        }
        ProcessStatus.send(SIGTERM, toGroup: pid)
        let deadline = Date().addingTimeInterval(0.3)
        var reaped = false
        while !reaped, Date() < deadline {
            reaped = ProcessStatus.reap(pid, blocking: false) != nil
            if !reaped { ProcessStatus.pause(milliseconds: 2) }
        }
        if !reaped {
            ProcessStatus.send(SIGKILL, toGroup: pid)
            ProcessStatus.reap(pid, blocking: true)
        }
        // Killed workers whose server is gone are reaped by init, not here: wait until none
        // of the group runs any more, so that their files count as abandoned.
        let killDeadline = Date().addingTimeInterval(1)
        while ProcessStatus.groupIsRunning(pid), Date() < killDeadline {
            ProcessStatus.send(SIGKILL, toGroup: pid)
            ProcessStatus.pause(milliseconds: 2)
        }
        TrackCache.removeAbandonedFiles(in: cache.folder)
    }

    /// Ends a server that was given no batch (nothing needed speech): it has no workers and
    /// has written nothing. Does nothing after `stop`.
    func dismiss() {
        guard !ended else { return }
        ended = true
        channel.closeOutput()
        channel.closeInput()
        ProcessStatus.send(SIGKILL, toGroup: pid)
        ProcessStatus.reap(pid, blocking: true)
    }
}
