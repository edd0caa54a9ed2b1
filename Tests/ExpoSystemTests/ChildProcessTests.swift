import Foundation
import Testing
import ExpoModel
import ExpoSystem

@Suite("ChildProcess")
struct ChildProcessTests {
    @Test("a helper's end is its status, or the signal that ended it; one that cannot start is an error with its errno")
    func run() throws {
        #expect(try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exit 3"]) == (3, false))
        let killed = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "kill -KILL $$"])
        #expect(killed == (SIGKILL, true))
        let variable = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "test \"$EXPO_TEST\" = yes"],
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
        let (pid, channel) = try ChildProcess.startConnected(URL(fileURLWithPath: "/bin/sh"),
                                                             arguments: ["-c", "read line; echo \"got $line\""])
        channel.send("hello")
        #expect(channel.receiveLine() == "got hello")
        close(channel.output)
        close(channel.input)
        #expect(ProcessStatus.reap(pid, blocking: true)! == (0, false))
    }

    @Test("this program's own file exists")
    func currentExecutable() {
        #expect(FileManager.default.isExecutableFile(atPath: ChildProcess.currentExecutable.path))
    }
}
