import ExpoModel
import ExpoSystem
import Foundation
import Testing

@Suite("ChildProcess")
struct ChildProcessTests {
    @Test("a helper's end is its status, or the signal that ended it; one that cannot start is an error with its errno")
    func run() throws {
        #expect(try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exit 3"]) == (3, false))
        let killed = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "kill -KILL $$"])
        #expect(killed == (SIGKILL, true))
        let variable = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "test \"$EXPO_TEST\" = yes"],
            environment: ["EXPO_TEST": "yes"])
        #expect(variable == (0, false))
        #expect {
            _ = try ChildProcess.run(URL(fileURLWithPath: "/nonexistent-expo-narrate"), arguments: [])
        } throws: { error in
            (error as? ExpoError)?.code == ENOENT
        }
    }

    @Test("a connected child reads what the channel sends and answers on it")
    func connected() throws {
        let (pid, channel) = try ChildProcess.startConnected(
            URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "read line; echo \"got $line\""])
        channel.send("hello")
        #expect(channel.receiveLine() == "got hello")
        close(channel.output)
        close(channel.input)
        #expect(ProcessStatus.reap(pid, blocking: true)! == (0, false))
    }

    @Test("a child beside this process: its standard error kept until it is finished, none of it on ours; a stopped one is reaped")
    func capturingErrors() throws {
        let folder = NSTemporaryDirectory() + "child-process-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The folder is given, not set as TMPDIR: that would be every test's temporary folder
        // while this one runs, and their files would show up in it.
        let child = try ChildProcess.startCapturingErrors(
            URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "echo \"first $EXPO_TEST\" >&2; echo second >&2; exit 3"],
            environment: ["EXPO_TEST": "line"], temporaryFolder: folder)
        // The file it writes to has no name: nothing is left in the temporary folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        let (ending, errors) = ChildProcess.finish(child)
        #expect(ending! == (3, false))
        #expect(errors == "first line\nsecond\n")
        let sleeper = try ChildProcess.startCapturingErrors(URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"])
        let started = Date()
        ChildProcess.stop(sleeper)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(kill(sleeper.pid, 0) == -1)
    }

    @Test("a child started held waits for release; one released after it ended, or stopped while held, is no error")
    func heldChild() throws {
        let folder = NSTemporaryDirectory() + "expo-held-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // It reads one line, as the check helper does at its gate.
        var held = try ChildProcess.startCapturingErrors(
            URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "read line; echo \"got $line\" >&2"],
            temporaryFolder: folder, held: true)
        usleep(200_000)
        #expect(ProcessStatus.reap(held.pid, blocking: false) == nil, "it went on before it was released")
        ChildProcess.release(&held)
        ChildProcess.release(&held)  // once only
        let (ending, errors) = ChildProcess.finish(held)
        #expect(ending! == (0, false))
        #expect(errors == "got go\n")
        // Ended before its release: the release meets a closed socket, and no SIGPIPE.
        let gone = try ChildProcess.startCapturingErrors(
            URL(fileURLWithPath: "/bin/true"), arguments: [],
            temporaryFolder: folder, held: true)
        usleep(200_000)
        #expect(ChildProcess.finish(gone).ending! == (0, false))
        // Stopped while held: its input ends, and `stop` returns.
        let stopped = try ChildProcess.startCapturingErrors(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "read line"],
            temporaryFolder: folder, held: true)
        ChildProcess.stop(stopped)
        #expect(kill(stopped.pid, 0) == -1)
    }

    @Test("this program's own file exists")
    func currentExecutable() {
        #expect(FileManager.default.isExecutableFile(atPath: ChildProcess.currentExecutable.path))
    }
}
