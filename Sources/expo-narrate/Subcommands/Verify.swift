import ArgumentParser
import ExpoModel
import Foundation
import Pipeline

/// `expo-narrate verify DIR`: checks a published guide against its manifest.
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a published guide against its manifest.json.",
        discussion: """
            Every file the manifest lists must be in the folder with its recorded size and SHA-256, and \
            every audio file (WAV, Opus, MP3) must decode to its recorded duration, loudness and true \
            peak (within \(GuideVerifier.durationTolerance) s, \(GuideVerifier.loudnessTolerance) LU and \
            \(GuideVerifier.truePeakTolerance) dB). The guide's folders (the DAISY books, daisy202/ and \
            daisy3/) must be real folders holding only the files the manifest lists in them; nothing is \
            read through a symbolic link. Use it on the copy a kiosk or a web host serves.

            \(ExitStatus.help(for: .verify))
            """
    )

    @Argument(help: "The folder of the published guide (default: the output folder of the project file).")
    var folder: String?

    @OptionGroup var project: ProjectOption

    func run() throws {
        let folder = try self.folder ?? projectOutput()
        let report = GuideVerifier.verify(folder: URL(fileURLWithPath: folder))
        if report.isWhole {
            try writeOutput("\(folder): all \(report.files) files as the manifest records them\n")
        } else {
            try writeOutput(report.problems.map { $0 + "\n" }.joined())
            throw ExitCode(.findings)
        }
    }

    /// The output folder of the project file (named, or in this folder); a usage error without one.
    private func projectOutput() throws -> String {
        let run = try project.settings(given: [:])
        guard run.project != nil else {
            throw ValidationError("Name the guide's folder (expo-narrate verify DIR), or run in the folder of its project file (\(ProjectFile.defaultName)).")
        }
        return run.settings.outputFolder
    }
}
