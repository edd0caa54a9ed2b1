import ExpoModel
import Foundation
import TestSupport
import Testing

/// The guide's project file through the real binary: `init` once, then runs with no options
/// that make what the same options make, overrides said in one line, every mistake in the file
/// 64 with file:line, and hints that work as printed.
@Suite("project file", .serialized, .tags(.endToEnd))
struct ProjectFileCommandTests {
    /// A folder with the small catalog as poster.json and items.json, and the environment that
    /// keeps the runs' default cache inside it.
    private struct Site {
        let folder: URL
        let environment: [String: String]

        init() throws {
            folder = try CommandRunner.temporaryFolder()
            environment = ["XDG_CACHE_HOME": folder.appendingPathComponent("xdg-cache").path]
            try SmallCatalog().write(in: folder)
        }

        func run(_ arguments: [String], in directory: URL? = nil) throws -> CommandRunner.Result {
            try CommandRunner.run(arguments, environment: environment, directory: directory ?? folder)
        }

        func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

        func writeProject(_ text: String) throws {
            try Data(text.utf8).write(to: url(ProjectFile.name))
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    private enum ProjectFile { static let name = "expo-narrate.yaml" }

    private static let settings = [
        "--poster-file", "poster.json", "--items-file", "items.json", "--format", "wav,brf",
        "--braille-cells", "32", "--braille-lines", "20", "--voice", "standard",
    ]

    @Test("init, then a run with no options, makes the guide the same options make, byte for byte (compare-outputs.sh)")
    func initThenRunIsByteIdentical() throws {
        let site = try Site()
        defer { site.remove() }
        let byOptions = try site.run(["--all", "--quiet", "--output", "by-options", "--cache", "cache-a"] + Self.settings)
        #expect(byOptions.status == 0, "\(byOptions.stderr)")
        let initialized = try site.run(["init", "--output", "by-project", "--cache", "cache-b"] + Self.settings)
        #expect(initialized.status == 0 && initialized.stdout.contains("Wrote expo-narrate.yaml"), "\(initialized.stderr)")
        let byProject = try site.run(["--all"])
        #expect(byProject.status == 0, "\(byProject.stderr)")
        #expect(byProject.stderr.hasPrefix("expo-narrate: using expo-narrate.yaml\n"), "\(byProject.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.url("by-project/guide.brf").path))
        let script = CommandRunner.projectRoot.appendingPathComponent("scripts/compare-outputs.sh")
        let compared = try ExternalTool.run(
            URL(fileURLWithPath: "/bin/bash"),
            [script.path, "--folders", site.url("by-options").path, site.url("by-project").path],
            input: Data())
        #expect(compared.status == 0 && compared.outputText.hasSuffix("byte-identical\n"), "\(compared.outputText)")
        // The comparison can fail: another braille page is another guide.
        let other = try site.run(["--all", "--braille-cells", "40", "--output", "other"])
        #expect(other.status == 0, "\(other.stderr)")
        let differs = try ExternalTool.run(
            URL(fileURLWithPath: "/bin/bash"),
            [script.path, "--folders", site.url("by-options").path, site.url("other").path],
            input: Data())
        #expect(differs.status == 1 && differs.outputText.contains("DIFFERS: other/guide.brf"), "\(differs.outputText)")
    }

    @Test("an option given besides the project file overrides it for that run, and the run says so in one line")
    func overrideIsSaid() throws {
        let site = try Site()
        defer { site.remove() }
        #expect(try site.run(["init", "--format", "opus,mp3,epub", "--output", "guide"] + Self.settings.prefix(4)).status == 0)
        let listed = try site.run(["--list", "--format", "wav", "--output", "elsewhere"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(
            listed.stderr == "expo-narrate: using expo-narrate.yaml; --format wav from the command line instead of opus,mp3,epub;"
                + " --output elsewhere from the command line instead of guide\n", "\(listed.stderr)")
        #expect(listed.stdout.contains("01-alpha"))
        // Given what the file says, an option changes nothing and is not mentioned.
        let same = try site.run(["--list", "--output", "guide"])
        #expect(same.stderr == "expo-narrate: using expo-narrate.yaml\n", "\(same.stderr)")
    }

    @Test(
        "a mistake in the project file is status 64 naming file:line",
        arguments: [
            ("voice: standard\n\nformats: [opus]\n", "expo-narrate.yaml:3: unknown key 'formats'"),
            ("voice: standard\nformat: [opus, mp3\noutput: x\n", "expo-narrate.yaml:3:"),
            ("output: guide\nbraille-cells: forty\n", "expo-narrate.yaml:2: 'braille-cells' takes a whole number from 20 to 100, not 'forty'"),
            ("format: [opus, flac]\n", "expo-narrate.yaml:1: format: \"flac\" is no format"),
        ])
    func mistakes(text: String, expected: String) throws {
        let site = try Site()
        defer { site.remove() }
        try site.writeProject(text)
        for arguments in [["--all"], ["--list"], ["check"], ["verify"]] {
            let result = try site.run(arguments)
            #expect(result.status == ExitStatus.usage.code, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("expo-narrate: " + expected), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: site.url("output").path))
    }

    @Test("init never replaces a project file: the second is refused (73) and the first kept as it was")
    func initTwice() throws {
        let site = try Site()
        defer { site.remove() }
        #expect(try site.run(["init"]).status == 0)
        let edited = "# mine\nvoice: standard\n"
        try site.writeProject(edited)
        let again = try site.run(["init", "--format", "mp3"])
        #expect(again.status == ExitStatus.cannotCreate.code, "\(again.stderr)")
        #expect(again.stderr.contains("expo-narrate.yaml already exists; it was left as it is"), "\(again.stderr)")
        #expect(try String(contentsOf: site.url(ProjectFile.name), encoding: .utf8) == edited)
    }

    @Test("--project FILE from another folder: its relative paths are the file's folder's, and a hint carries --project and works as printed")
    func projectElsewhere() throws {
        let site = try Site()
        defer { site.remove() }
        let project = site.url("museum")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try SmallCatalog().write(in: project)
        #expect(try site.run(["init", "--format", "wav,brf", "--output", "guide"] + Self.settings.prefix(4), in: project).status == 0)
        let elsewhere = site.url("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let made = try site.run(["--project", "../museum/expo-narrate.yaml", "--all"], in: elsewhere)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("guide/guide.brf").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        let verified = try site.run(["verify", "--project", "../museum/expo-narrate.yaml"], in: elsewhere)
        #expect(verified.status == 0 && verified.stdout.hasPrefix("../museum/guide: all "), "\(verified.stdout)\(verified.stderr)")

        // A wrong entry name: the hint names the command that lists the entries, with --project.
        let wrong = try site.run(["--project", "../museum/expo-narrate.yaml", "--entry", "nosuch"], in: elsewhere)
        #expect(wrong.status == ExitStatus.usage.code, "\(wrong.stderr)")
        let hint = try #require(Self.quotedCommand(in: wrong.stderr), "\(wrong.stderr)")
        #expect(hint == "expo-narrate --list --project ../museum/expo-narrate.yaml", "\(hint)")
        let listed = try Self.runAsPrinted(hint, in: elsewhere, site: site)
        #expect(listed.status == 0 && listed.stdout.contains("01-alpha"), "\(listed.stdout)\(listed.stderr)")

        // Found in the working folder, the hint needs nothing more.
        let found = try site.run(["--entry", "nosuch"], in: project)
        let plain = try #require(Self.quotedCommand(in: found.stderr), "\(found.stderr)")
        #expect(plain == "expo-narrate --list", "\(plain)")
        let listedThere = try Self.runAsPrinted(plain, in: project, site: site)
        #expect(listedThere.status == 0 && listedThere.stdout.contains("01-alpha"), "\(listedThere.stdout)")
    }

    @Test("partial runs, --shard and --assemble-only take the project's settings")
    func partialAndShardedRuns() throws {
        let site = try Site()
        defer { site.remove() }
        #expect(try site.run(["init", "--format", "wav,brf", "--output", "guide", "--cache", "shared-cache"] + Self.settings.prefix(4)).status == 0)
        for shard in ["0/2", "1/2"] {
            let result = try site.run(["--all", "--shard", shard])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(CommandRunner.trackRecords(in: site.url("shared-cache")).count == 4)
        let assembled = try site.run(["--all", "--assemble-only"])
        #expect(assembled.status == 0, "\(assembled.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.url("guide/guide.brf").path))
        let partial = try site.run(["--entry", "beta"])
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.url("guide/guide.brf").path), "the braille edition stays")
        #expect(try site.run(["verify"]).status == 0)
    }

    /// The command between the first pair of single quotes after "Run '".
    static func quotedCommand(in text: String) -> String? {
        guard let start = text.range(of: "Run '") else { return nil }
        let rest = text[start.upperBound...]
        return rest.firstIndex(of: "'").map { String(rest[..<$0]) }
    }

    /// Runs `command` as a shell would (its quoting too), `expo-narrate` being the built binary.
    private static func runAsPrinted(_ command: String, in directory: URL, site: Site) throws -> CommandRunner.Result {
        #expect(command == "expo-narrate" || command.hasPrefix("expo-narrate "))
        let script = "\"$0\"" + command.dropFirst("expo-narrate".count)
        var environment = ProcessInfo.processInfo.environment
        environment.merge(site.environment) { $1 }
        let outcome = try ExternalTool.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, CommandRunner.binary.path],
            input: Data(), environment: environment, directory: directory)
        return CommandRunner.Result(status: outcome.status, stdoutData: outcome.output, stderr: outcome.errorText)
    }
}
