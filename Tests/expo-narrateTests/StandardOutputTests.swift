import Foundation
import Testing

/// Every command that writes on stdout, `--help` included, into a pipe whose reader has gone
/// (`| head -c1` once head has its byte) and into a full device: status 74 and one line on
/// stderr, never a death by SIGPIPE (141) and never 0 for an answer that was not delivered.
@Suite("expo-narrate with a broken or full stdout", .serialized)
struct StandardOutputTests {
    /// Command lines that write on stdout; `FOLDER` is an empty temporary folder.
    static let commands = [
        "--help", "help", "--version", "verify --help", "voices --help", "normalize --help", "check --help",
        "--list", "voices", "verify FOLDER", "normalize", "pronounce",
    ]

    /// `command` with `FOLDER` replaced and its input, run under bash with `redirect` after it.
    private func script(_ command: String, folder: URL, redirect: String) -> String {
        let line = #"printf '1900년 신라\n' | "$BIN" "# + command.replacingOccurrences(of: "FOLDER", with: FaultInjectionTests.quoted(folder))
        return line + " " + redirect
    }

    @Test("a reader that went away: 74 and one line, never SIGPIPE", arguments: commands)
    func brokenPipe(command: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The reader (`:`) is gone well before the command writes, so every write fails with EPIPE.
        let outcome = try FaultInjectionTests.shell(
            "{ sleep 0.3; " + script(command, folder: folder, redirect: "") + #"; echo "status=$?" >&2; } | :"#)
        #expect(
            outcome.output.hasSuffix("expo-narrate: cannot write to standard output (Broken pipe).\nstatus=74\n"),
            "\(command): \(outcome.output)")
    }

    @Test("a full device: 74 and one line naming the reason", arguments: commands)
    func fullDevice(command: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try FaultInjectionTests.shell(script(command, folder: folder, redirect: #"> /dev/full; echo "status=$?""#))
        #expect(
            outcome.output.hasSuffix("expo-narrate: cannot write to standard output (No space left on device).\nstatus=74\n"),
            "\(command): \(outcome.output)")
    }
}
