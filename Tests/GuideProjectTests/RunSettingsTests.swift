import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import GuideProject

/// The run's settings: the project's over the standard ones, the command line's over both, and
/// the one line that says so; the file `init` writes reads back as the settings it was made from.
@Suite("Run settings")
struct RunSettingsTests {
    private let project = try! ProjectFile.parse(
        "format: [opus, mp3, epub]\noutput: guide\nvoice: standard\n",
        path: "expo-narrate.yaml", folder: "")

    @Test("the command line overrides the project for the run, and the notice names each change with what it replaced")
    func overrides() {
        let run = RunSettings.resolve(
            project: project, named: false,
            commandLine: [.format: .formats([.wav, .opus]), .voice: .name("standard")])
        #expect(run.settings.formats == [.wav, .opus] && run.settings.outputFolder == "guide")
        // --voice standard is what the project says: no change to report.
        #expect(run.overrides.map(\.key) == [.format])
        #expect(run.notice == "using expo-narrate.yaml; --format opus from the command line instead of opus,mp3,epub")
    }

    @Test("without a project file the command line lies over the standard settings and nothing is said")
    func withoutProject() {
        let run = RunSettings.resolve(project: nil, named: false, commandLine: [.output: .path("x")])
        #expect(
            run.settings
                == {
                    var s = GuideSettings.standard
                    s.outputFolder = "x"
                    return s
                }())
        #expect(run.notice == nil && run.projectWords(quoting: { $0 }) == "")
    }

    @Test("hints carry --project only when the file was named")
    func projectWords() {
        let named = RunSettings.resolve(project: project, named: true, commandLine: [:])
        #expect(named.projectWords(quoting: { "'\($0)'" }) == " --project 'expo-narrate.yaml'")
        #expect(RunSettings.resolve(project: project, named: false, commandLine: [:]).projectWords(quoting: { $0 }) == "")
    }

    @Test(
        "the file init writes reads back as the settings it was written from",
        arguments: [
            GuideSettings.standard,
            GuideSettings(
                posterFile: "data/poster.json", itemsFile: "data/items.json", picturesFolder: nil, voicesFolder: "my voices",
                voiceProfile: "calm", formats: [.opus, .mp3, .epub, .brf, .pef, .labels], textOnly: true, brailleCells: 32,
                brailleLines: 20, opusBitrateKbps: 32, outputFolder: "true", cacheFolder: "/var/cache/guide"),
            GuideSettings(formats: [.wav], outputFolder: "it's: #1"),
        ])
    func templateRoundTrip(settings: GuideSettings) throws {
        let text = ProjectTemplate.text(for: settings)
        let file = try ProjectFile.parse(text, path: "expo-narrate.yaml", folder: "")
        let read = RunSettings.resolve(project: file, named: false, commandLine: [:]).settings
        #expect(read == settings, "\(text)")
        // Every line is a comment, blank, or a setting; every key is there, set or commented out.
        for key in ProjectKey.allCases {
            #expect(text.contains("\n\(key.rawValue): ") || text.contains("\n#\(key.rawValue): "), "\(key)")
        }
    }

    @Test("init never replaces a project file")
    func refusesToOverwrite() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file(ProjectFile.defaultName).path
        try ProjectTemplate.write(.standard, to: path)
        try Data("voice: calm\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try ProjectTemplate.write(.standard, to: path)
        } throws: { error in
            (error as? ExpoError)?.category == .cannotCreate && "\(error)".contains("already exists")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "voice: calm\n")
    }
}
