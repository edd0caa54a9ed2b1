import Foundation
import Pipeline
import TestSupport
import Testing

/// `expo-narrate check` as a curator and a CI job run it: the report on stdout, exit 0 when
/// clean and 1 when something was found; bad data keeps its own status.
@Suite struct CheckCommandTests {
    static func originalData() throws -> [String] {
        [
            "--poster-file", try CommandRunner.fixture("exposition_universelle_1900.json"),
            "--items-file", try CommandRunner.fixture("items.json"),
        ]
    }

    @Test func theBundledCatalogIsClean() throws {
        let result = try CommandRunner.run(["check"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "Nothing found.\n")
        let json = try CommandRunner.run(["check", "--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["clean"] as? Bool == true)
        #expect((object["findings"] as? [Any])?.isEmpty == true)
    }

    @Test(.needsSharedFixtures) func theOriginalDataHasBrokenWords() throws {
        let result = try CommandRunner.run(["check"] + (try Self.originalData()))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("poster, description: broken word: 만국박 람회의"))
        #expect(result.stdout.contains("write '만국박람회의'"))
        #expect(result.stdout.contains("분야 에서"))
        #expect(result.stdout.contains("findings: "))

        let json = try CommandRunner.run(["check", "--json"] + (try Self.originalData()))
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["clean"] as? Bool == false)
        let counts = try #require(object["counts"] as? [String: Int])
        #expect((counts["brokenWord"] ?? 0) >= 4)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == counts.values.reduce(0, +))
        let broken = try #require(findings.first { $0["text"] as? String == "지배 적이었지만" })
        #expect(broken["entry"] as? String == "poster")
        #expect(broken["field"] as? String == "description")
        #expect(broken["suggestion"] as? String == "지배적이었지만")
        #expect((broken["context"] as? String)?.contains("의견이 지배 적이었지만") == true)
    }

    @Test func unlistedLatinNamesNameTheVoice() throws {
        // A Voices folder whose lexicon lists nothing.
        let voices = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: voices) }
        try FileManager.default.copyItem(
            at: CommandRunner.projectRoot.appendingPathComponent("Voices/standard.json"),
            to: voices.appendingPathComponent("standard.json"))
        try Data("# nothing\n".utf8).write(to: voices.appendingPathComponent("lexicon.txt"))
        let result = try CommandRunner.run(["check", "--json", "--voices", voices.path])
        #expect(result.status == 1, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let latin = findings.filter { $0["kind"] as? String == "unlistedLatin" }
        let names = Set(latin.compactMap { $0["text"] as? String })
        for name in ["Bibliothèque nationale de France", "Collin de Plancy", "avenue de Suffren"] {
            #expect(names.contains(name), "\(names)")
        }
        // The voice is the one the run chooses: French for names whose bracket spells them French.
        for finding in latin {
            let french = ["Bibliothèque nationale de France", "Collin de Plancy", "avenue de Suffren"].contains(finding["text"] as? String ?? "")
            if french { #expect(finding["voice"] as? String == "fr", "\(finding)") }
        }
        #expect(latin.contains { $0["text"] as? String == "Benedetto Castelli" && $0["voice"] as? String == "ko" })
    }

    @Test(.needsSharedFixtures) func badDataKeepsItsStatus() throws {
        let result = try CommandRunner.run([
            "check", "--poster-file", try CommandRunner.fixture("daejeon_expo.malformed.json"),
            "--items-file", try CommandRunner.fixture("items.json"),
        ])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(.needsSharedFixtures) func allPrintsTheSummaryAndPointsToCheck() throws {
        // The run's stderr only: the original data's text-only guide, shared with PartialRunTests.
        let result = try SharedGuide.published(["--all", "--text-only", "--quiet"] + (try Self.originalData())).result
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("check: ") }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.contains("broken word") == true)
        #expect(lines.first?.contains("run 'expo-narrate check --poster-file") == true)
    }

    @Test("the command the summary suggests names the run's voices and finds what the summary counted")
    func summaryCommandRunsWithTheRunsVoices() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let voices = try Self.voicesWithoutLexicon(named: "my voices", in: folder)  // a space in its name
        let run = try CommandRunner.run([
            "--all", "--text-only", "--quiet", "--voices", voices.path, "--voice", "slow",
            "--output", folder.appendingPathComponent("guide").path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stderr.split(separator: "\n").first { $0.hasPrefix("check: ") }, "\(run.stderr)")
        let start = try #require(line.range(of: "run 'expo-narrate "))
        let end = try #require(line.range(of: "' for the list."))
        let arguments = String(line[start.upperBound..<end.lowerBound])
        #expect(arguments.contains("--voices '\(voices.path)'") && arguments.contains("--voice slow"), "\(line)")
        let count = try #require(line.split(separator: " ").dropFirst().first.flatMap { Int($0) }, "\(line)")
        let check = try CommandRunner.run(
            ["-c", "\"$0\" \(arguments) --json", CommandRunner.binary.path],
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(check.status == 1, "\(check.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any]
        #expect((report?["findings"] as? [Any])?.count == count, "\(check.stdout.prefix(400))")
    }

    @Test(
        "the check helper started held waits for the run's go-ahead, and ends quietly when the run went away",
        .enabled(if: FileManager.default.isReadableFile(atPath: "/usr/share/hunspell/ko_KR.dic"), "hunspell-ko is not installed"))
    func heldHelper() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let voices = try Self.voicesWithoutLexicon(named: "voices", in: folder)  // findings to report
        var request = CheckSummaryRequest(voice: "standard")
        request.voices = voices.path
        request.held = true
        let arguments = try request.arguments()
        // Its input ends without the line: the run is gone, and nothing is said or kept.
        var kept = request
        kept.reportCache = folder.appendingPathComponent("gone").path
        let gone = try CommandRunner.run(try kept.arguments())
        #expect(gone.status == 0 && gone.stderr.isEmpty && gone.stdout.isEmpty, "\(gone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("gone").path))
        let released = try CommandRunner.run(arguments, input: "go\n")
        #expect(released.status == 0)
        #expect(released.stderr.hasPrefix("check: ") && released.stderr.contains("Latin-script name"), "\(released.stderr)")
    }

    @Test("a warm --all takes its summary from the report kept in the cache, and checks again when the lexicon changes")
    func warmRunReusesTheKeptReport() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let voices = try Self.voicesWithoutLexicon(named: "voices", in: folder)
        let output = folder.appendingPathComponent("guide")
        func summary() throws -> String {
            let run = try CommandRunner.run(["--all", "--text-only", "--quiet", "--voices", voices.path, "--output", output.path])
            #expect(run.status == 0, "\(run.stderr)")
            return run.stderr.split(separator: "\n").first { $0.hasPrefix("check: ") }.map(String.init) ?? ""
        }
        let first = try summary()
        let cache = CommandRunner.cacheFolder(forOutput: output)
        let kept = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.hasPrefix("check-") })
        // The kept report, edited to one finding fewer, is what the next run reports.
        let file = cache.appendingPathComponent(kept)
        var report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var findings = try #require(report["findings"] as? [Any])
        let count = findings.count
        findings.removeLast()
        report["findings"] = findings
        try JSONSerialization.data(withJSONObject: report).write(to: file)
        #expect(first.hasPrefix("check: \(count) "))
        #expect(try summary().hasPrefix("check: \(count - 1) "), "the warm run did not use the kept report")
        // A lexicon entry for one of the names: a new key, a new check.
        try Data("Collin de Plancy | Collin de Plancy | fr\n".utf8).write(to: voices.appendingPathComponent("lexicon.txt"))
        let truth = try CommandRunner.run(["check", "--json", "--voices", voices.path])
        let now = try #require((try JSONSerialization.jsonObject(with: Data(truth.stdout.utf8)) as? [String: Any])?["findings"] as? [Any])
        #expect(now.count == count - 1, "one name fewer is unlisted")
        let rechecked = try summary()
        #expect(rechecked.hasPrefix("check: \(now.count) "), "\(rechecked)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("check-") }.count == 2)
    }

    /// A copy of Voices/ named `name` in `folder` with no lexicon entries: the default catalog's
    /// French names are then unlisted.
    private static func voicesWithoutLexicon(named name: String, in folder: URL) throws -> URL {
        let voices = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: CommandRunner.projectRoot.appendingPathComponent("Voices"), to: voices)
        try Data("# no entries\n".utf8).write(to: voices.appendingPathComponent("lexicon.txt"))
        return voices
    }
}
