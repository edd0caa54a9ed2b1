import ExpoModel
import Foundation
import TestSupport
import Testing

/// docs/curators.md, run as a curator would: every command in its `sh` blocks, in order, and
/// every edit in its `yaml` blocks applied to the project file, on a small catalog.
@Suite("the curator's workflow as documented", .serialized, .tags(.endToEnd))
struct CuratorGuideTests {
    /// One step of the page: a command to run, a folder to go to, or settings to write in.
    enum Step {
        case command(String)
        case changeFolder(String)
        case edit([String])
    }

    /// The steps of the page, in order: each line of an `sh` block, each `yaml` block whole.
    static func steps(of page: String) -> [Step] {
        var steps: [Step] = []
        var block: String?
        var yaml: [String] = []
        for line in page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if block == nil {
                    block = String(line.dropFirst(3))
                } else {
                    if block == "yaml" { steps.append(.edit(yaml)) }
                    (block, yaml) = (nil, [])
                }
                continue
            }
            let text = line.trimmingCharacters(in: .whitespaces)
            if block == "yaml", !text.isEmpty, !text.hasPrefix("#") { yaml.append(text) }
            guard block == "sh", !text.isEmpty, !text.hasPrefix("#") else { continue }
            steps.append(text.hasPrefix("cd ") ? .changeFolder(String(text.dropFirst(3))) : .command(text))
        }
        return steps
    }

    /// `settings` ("key: value" lines) written into the project file at `path`: each replaces
    /// the line of its key, set or commented out.
    static func edit(_ path: URL, with settings: [String]) throws {
        var lines = try String(contentsOf: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for setting in settings {
            let key = try #require(setting.split(separator: ":").first.map(String.init))
            let index = try #require(lines.firstIndex { $0.hasPrefix(key + ":") || $0.hasPrefix("#" + key + ":") }, "\(key)")
            lines[index] = setting
        }
        try Data(lines.joined(separator: "\n").utf8).write(to: path)
    }

    @Test("each command of docs/curators.md works as shown")
    func documentedWorkflow() throws {
        let page = try String(contentsOf: CommandRunner.projectRoot.appendingPathComponent("docs/curators.md"), encoding: .utf8)
        let steps = Self.steps(of: page)
        #expect(steps.count >= 10, "\(steps)")
        let root = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("museum"), withIntermediateDirectories: true)
        try SmallCatalog().write(in: root.appendingPathComponent("museum"))
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = root.appendingPathComponent("xdg-cache").path
        var folder = root
        var ran: [String] = []
        for step in steps {
            switch step {
            case .changeFolder(let path):
                folder = folder.appendingPathComponent(path).standardizedFileURL
            case .edit(let settings):
                try Self.edit(folder.appendingPathComponent("expo-narrate.yaml"), with: settings)
            case .command(let command):
                try #require(command.hasPrefix("expo-narrate "), "the page shows a command the test cannot run: \(command)")
                let outcome = try ExternalTool.run(
                    URL(fileURLWithPath: "/bin/sh"),
                    ["-c", "\"$0\"" + command.dropFirst("expo-narrate".count), CommandRunner.binary.path],
                    input: Data(), environment: environment, directory: folder)
                let allowed: [Int32] = command == "expo-narrate check" ? [0, ExitStatus.findings.code] : [0]
                #expect(allowed.contains(outcome.status), "\(command): \(outcome.status) \(outcome.errorText)")
                try check(command, outcome: outcome, root: root)
                ran.append(command)
            }
        }
        #expect(ran.contains("expo-narrate --all") && ran.contains("expo-narrate verify") && ran.contains { $0.hasPrefix("expo-narrate init") })
    }

    /// What the page says each command does, where it says more than "it works".
    private func check(_ command: String, outcome: ExternalTool.Outcome, root: URL) throws {
        let museum = root.appendingPathComponent("museum")
        switch command {
        case "expo-narrate --all":
            #expect(outcome.errorText.hasPrefix("expo-narrate: using expo-narrate.yaml\n"), "\(outcome.errorText)")
            for name in ["guide.opus", "guide.mp3", "guide.epub", "guide.brf", "guide.pef"] {
                #expect(FileManager.default.fileExists(atPath: museum.appendingPathComponent("guide/\(name)").path), "\(name)")
            }
        case "expo-narrate --all --format opus --output preview":
            #expect(
                outcome.errorText.hasPrefix(
                    "expo-narrate: using expo-narrate.yaml; --format opus from the command line instead of "
                        + "opus,mp3,epub,brf,pef,labels; --output preview from the command line instead of guide\n"), "\(outcome.errorText)")
            #expect(!FileManager.default.fileExists(atPath: museum.appendingPathComponent("preview/guide.epub").path))
            #expect(FileManager.default.fileExists(atPath: museum.appendingPathComponent("guide/guide.epub").path))
        case "expo-narrate --entry 2":
            #expect(FileManager.default.fileExists(atPath: museum.appendingPathComponent("guide/guide.brf").path), "an edition was dropped")
        case let list where list.hasSuffix("--list"):
            #expect(outcome.outputText.contains("entry   02-beta"), "\(outcome.outputText)")
        default: break
        }
    }
}
