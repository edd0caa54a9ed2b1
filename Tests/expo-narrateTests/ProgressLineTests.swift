import ExpoModel
import Foundation
import TestSupport
import Testing

/// What a run says while it works and when it ends, through the built binary (stderr is not a
/// terminal here, so every progress line is its own line).
@Suite("expo-narrate's progress and hints", .tags(.endToEnd))
struct ProgressLineTests {
    private static let entries = [["name": "가야금", "desc": "열두 줄 현악기."], ["name": "해금", "desc": "두 줄 현악기."]]

    @Test("a text-only run never mentions audio, and its last line names the editions published and where")
    func textOnly() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try writeCatalog(poster: samplePoster, entries: Self.entries, in: folder)
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run([
            "--all", "--text-only", "--format", "opus,epub", "--output", output.path,
            "--poster-file", files.poster, "--items-file", files.items,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let said = result.stderr.lowercased()
        for word in ["audio", "wav", "opus", "caption", "mp3"] {
            #expect(!said.contains(word), "\(word) in: \(result.stderr)")
        }
        let last = result.stderr.split(separator: "\n").last.map(String.init)
        #expect(
            last == "expo-narrate: published the page and transcript and the EPUB book (text only) in \(output.path)",
            "\(result.stderr)")
    }

    @Test("a track has one number from start to finish, its place in the guide; the last line names the audio published")
    func oneNumberPerTrack() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try writeCatalog(poster: samplePoster, entries: Self.entries, in: folder)
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run(
            [
                "--all", "--jobs", "2", "--output", output.path,
                "--poster-file", files.poster, "--items-file", files.items,
            ] + CommandRunner.wavOnly)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        // "[2/3] 가야금 · 0:01 elapsed" starts it, "[2/3] 가야금 done, 1 of 3 made, 0:02 elapsed" ends it.
        let started = lines.filter { $0.hasPrefix("[") && !$0.contains(" done, ") }.map { $0.components(separatedBy: " · ")[0] }
        let finished = lines.filter { $0.hasPrefix("[") && $0.contains(" done, ") }.map { $0.components(separatedBy: " done, ")[0] }
        #expect(Set(started) == ["[1/3] 시험 박람회 1900", "[2/3] 가야금", "[3/3] 해금"], "\(result.stderr)")
        #expect(Set(finished) == Set(started), "\(result.stderr)")
        #expect(
            lines.last == "expo-narrate: published the page and transcript and audio (WAV) with captions in \(output.path)",
            "\(result.stderr)")
    }

    @Test(
        "a hint names the run's own catalog, and the command copied from it works as printed, however long its paths",
        arguments: [8, 200])
    func hintWorksAsPrinted(folderNameLength: Int) throws {
        let base = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        // A short path fits the message line; a long one (a catalog deep in a museum's folders)
        // does not, and the command gets a line of its own.
        let folder = base.appendingPathComponent(String(repeating: "카", count: folderNameLength / 3))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = try writeCatalog(poster: samplePoster, entries: Self.entries, in: folder)
        let result = try CommandRunner.run([
            "--entry", "없는 항목", "--text-only", "--output", folder.appendingPathComponent("out").path,
            "--poster-file", files.poster, "--items-file", files.items,
        ])
        #expect(result.status == 64, "\(result.stderr)")
        let printed = try #require(Self.listCommand(in: result.stderr), "\(result.stderr)")
        #expect(printed == "expo-narrate --list --poster-file \(files.poster) --items-file \(files.items)", "\(result.stderr)")
        for line in result.stderr.split(separator: "\n") where line.hasPrefix("expo-narrate") {
            #expect(line.count <= messageLengthLimit, "\(line)")
        }
        let words = printed.split(separator: " ").map(String.init)
        #expect(words.first == "expo-narrate")
        let listed = try CommandRunner.run(Array(words.dropFirst()))
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("가야금") && listed.stdout.contains("해금"), "\(listed.stdout)")
    }

    /// The `expo-narrate --list` command a hint names: quoted in its line ("Run '…' to see them
    /// all."), or on a line of its own after "run:" when it does not fit the message line.
    static func listCommand(in stderr: String) -> String? {
        if let quoted = stderr.components(separatedBy: "Run '").dropFirst().first?.components(separatedBy: "'").first {
            return quoted
        }
        let lines = stderr.split(separator: "\n").map(String.init)
        guard let lead = lines.firstIndex(where: { $0.hasSuffix("To see them all, run:") }), lead + 1 < lines.count else { return nil }
        return lines[lead + 1].trimmingCharacters(in: .whitespaces)
    }
}
