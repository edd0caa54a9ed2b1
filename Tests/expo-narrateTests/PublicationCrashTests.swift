import Foundation
import Testing
import ExpoModel
import TestSupport
import Pipeline

/// Publication killed (SIGKILL) at every one of its steps: the output folder shows the old guide
/// or the new one, whole, never a mix; the next run completes the new one.
@Suite("publication killed at every step", .serialized)
struct PublicationCrashTests {
    /// A catalog whose poster title says which guide a file belongs to, with its own entries.
    private func catalog(_ mark: String, entries: [Int], in folder: URL) throws -> [String] {
        let sub = folder.appendingPathComponent("catalog-\(mark)")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        var poster = samplePoster
        poster["title"] = "박람회 \(mark)"
        let items = entries.map { ["name": "항목 \($0)", "image_name": "item\($0)", "short_desc": "설명", "desc": "항목 \($0) 설명입니다."] }
        let files = try writeCatalog(poster: poster, entries: items, in: sub)
        return ["--poster-file", files.poster, "--items-file", files.items]
    }

    private func run(_ catalog: [String], into output: URL, killAt step: Int?) throws -> Int32 {
        let prefix = step.map { "EXPO_NARRATE_KILL_AT_PUBLISH_STEP=\($0) " } ?? ""
        let arguments = (["--all", "--text-only", "--quiet", "--output", output.path] + catalog).map(RunningCommand.shellQuoted)
        let outcome = try FaultInjectionTests.shell(prefix + #""$BIN" "# + arguments.joined(separator: " ") + #"; echo "status=$?""#)
        return Int32(outcome.output.split(separator: "status=").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? -1)
    }

    /// Which guide the folder shows ("A" or "B"), or nil if its files disagree or are missing.
    private func shownGuide(_ output: URL) -> String? {
        guard let manifest = try? String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8) else { return nil }
        let mark = manifest.contains("박람회 A") ? "A" : manifest.contains("박람회 B") ? "B" : nil
        guard let mark else { return nil }
        for name in ["guide.txt", "index.html", "00-poster.txt"] {
            guard let text = try? String(contentsOf: output.appendingPathComponent(name), encoding: .utf8),
                  text.contains("박람회 \(mark)") else { return nil }
        }
        // Every entry file the manifest names is there; no file of the other guide's entries is.
        let expected = mark == "A" ? [1, 2] : [2, 3]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        for number in 1...3 {
            let files = names.filter { $0.hasSuffix("-item\(number).txt") }
            let readable = files.contains { FileManager.default.isReadableFile(atPath: output.appendingPathComponent($0).path) }
            if readable != expected.contains(number) { return nil }
            if readable, let text = try? String(contentsOf: output.appendingPathComponent(files[0]), encoding: .utf8),
               !text.contains("항목 \(number)") { return nil }
        }
        return mark
    }

    @Test("SIGKILL after each publication step leaves guide A or guide B whole; the next run makes B")
    func killedAtEveryStep() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try catalog("A", entries: [1, 2], in: folder)
        let b = try catalog("B", entries: [2, 3], in: folder)
        // Guide A published twice, so that the folder already has versions and links; each step
        // starts from a copy of it (symbolic links kept as links, the cache inside it too).
        let published = folder.appendingPathComponent("published-A")
        #expect(try run(a, into: published, killAt: nil) == 0)
        #expect(try run(a, into: published, killAt: nil) == 0)
        #expect(shownGuide(published) == "A")
        var step = 1
        var sawBoth: Set<String> = []
        while step < 40 {
            let output = folder.appendingPathComponent("out-\(step)")
            let copy = try CommandRunner.runTool("/bin/cp", ["-a", published.path, output.path])
            try #require(copy.status == 0, "\(copy.stderr)")
            #expect(shownGuide(output) == "A")
            let status = try run(b, into: output, killAt: step)
            let shown = shownGuide(output)
            #expect(shown != nil, "step \(step): the folder shows a mix")
            if let shown { sawBoth.insert(shown) }
            #expect(try run(b, into: output, killAt: nil) == 0)
            #expect(shownGuide(output) == "B", "step \(step): the next run did not complete guide B")
            if status == 0 { break }
            #expect(status == 128 + SIGKILL, "step \(step): status \(status)")
            step += 1
        }
        #expect(step > 3, "publication had only \(step) steps")
        #expect(sawBoth == ["A", "B"], "a kill left the old guide at some step and the new one at a later step")
    }
}
