import ArgumentParser
import ExpoModel
import Pipeline

/// `expo-narrate init`: writes the guide's project file in this folder.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a project file (\(ProjectFile.defaultName)) in this folder: the settings every later run here uses.",
        discussion: """
            The file names the catalog, the pictures, the voices and voice profile, the formats, the \
            braille page, the output and the cache folders, each with a comment that says what it does. \
            Options given to init are written into it (paths as given, relative to this folder); the \
            others get their defaults or stay commented out. Then edit it, run 'expo-narrate check', \
            'expo-narrate --all' and 'expo-narrate verify' in this folder: each uses it, and an option \
            given to one run overrides its setting for that run. An existing project file is never \
            replaced (status 73).
            """
    )

    @OptionGroup var catalogFiles: CatalogFileOptions
    @OptionGroup var voiceChoice: VoiceChoice
    @OptionGroup var voiceOptions: VoiceOptions
    @OptionGroup var publishing: PublishingOptions

    func run() throws {
        let given = try catalogFiles.given.merging(voiceChoice.given) { $1 }.merging(voiceOptions.given) { $1 }
            .merging(publishing.given()) { $1 }
        let settings = RunSettings.resolve(project: nil, named: false, commandLine: given).settings
        do {
            try ProjectTemplate.write(settings, to: ProjectFile.defaultName)
        } catch {
            printError("expo-narrate init: \(describe(error))")
            throw exitStatus(for: error)
        }
        try writeOutput(
            """
            Wrote \(ProjectFile.defaultName). Edit it, then in this folder: 'expo-narrate check' to check the catalog, \
            'expo-narrate --all' to publish the guide, 'expo-narrate verify' to check what was published.

            """)
    }
}
