import Foundation
import TestSupport
import Testing

/// A speech worker or the speech server that dies while the guide is made.
extension FaultTests {
    @Test("a speech worker that dies makes that track fall back to text; the others are made; exit 3", .needsSharedFixtures)
    func workerKilled() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let entries = ["해금", "용고", "나전칠기"]
        let run = try RunningCommand(
            entries.flatMap { ["--entry", $0] } + ["--jobs", "1", "--output", output.path] + CommandRunner.wavOnly + catalogArguments())
        var victim: Int32?
        RunningCommand.wait(upTo: 60) {
            victim = run.speechWorkers().first
            return victim != nil || !run.process.isRunning
        }
        let killed = try #require(victim, "no worker process was seen")
        kill(killed, SIGKILL)
        let status = run.waitForExit(timeout: 180)
        #expect(status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("fell back to text: "), "\(run.stderr)")

        let manifest = try Data(contentsOf: output.appendingPathComponent("manifest.json"))
        let tracks = try #require((try JSONSerialization.jsonObject(with: manifest) as? [String: Any])?["tracks"] as? [[String: Any]])
        let fellBack = tracks.filter { $0["fellBackToText"] as? Bool == true }
        #expect(fellBack.count == 1, "\(tracks)")
        let title = fellBack.first?["title"] as? String ?? "?"
        #expect(run.stderr.contains("fell back to text: \(title)"), "\(run.stderr)")
        #expect((fellBack.first?["fallbackReason"] as? String)?.contains("signal 9") == true, "\(fellBack)")
        let wavs = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".wav") }
        #expect(wavs.count == entries.count - 1 + 1, "two tracks and guide.wav: \(wavs)")
        #expect(leftovers(in: output).isEmpty, "\(leftovers(in: output))")
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains(title))
    }

    @Test(
        "a speech server that dies makes the tracks it had not made fall back to text; exit 3; no worker outlives the run",
        .needsSharedFixtures)
    func speechServerKilled() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let entries = ["해금", "용고", "나전칠기"]
        let run = try RunningCommand(
            entries.flatMap { ["--entry", $0] } + ["--jobs", "1", "--output", output.path] + CommandRunner.wavOnly + catalogArguments())
        var server: Int32?
        var workers: [Int32] = []
        RunningCommand.wait(upTo: 60) {
            workers = run.speechWorkers()
            server = run.childProcesses().first
            return !workers.isEmpty || !run.process.isRunning
        }
        let killed = try #require(server, "no speech server was seen")
        kill(killed, SIGKILL)
        let status = run.waitForExit(timeout: 180)
        #expect(status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("fell back to text: "), "\(run.stderr)")
        #expect(workers.allSatisfy { kill($0, 0) != 0 || Self.isZombie($0) }, "a worker outlived the run")

        let manifest = try Data(contentsOf: output.appendingPathComponent("manifest.json"))
        let tracks = try #require((try JSONSerialization.jsonObject(with: manifest) as? [String: Any])?["tracks"] as? [[String: Any]])
        let fellBack = tracks.filter { $0["fellBackToText"] as? Bool == true }
        #expect(!fellBack.isEmpty, "\(tracks)")
        #expect(fellBack.allSatisfy { ($0["fallbackReason"] as? String)?.contains("speech server") == true }, "\(fellBack)")
        #expect(leftovers(in: output).isEmpty, "\(leftovers(in: output))")
    }

    static func isZombie(_ pid: Int32) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }
}
