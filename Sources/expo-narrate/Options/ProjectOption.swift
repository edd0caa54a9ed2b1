import ArgumentParser
import Pipeline

/// The option that names a guide's project file, and the settings a run takes from it.
struct ProjectOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The guide's project file, as 'expo-narrate init' writes it (default: \(ProjectFile.defaultName) in this folder, if there is one). Options given besides override its settings for this run.",
            valueName: "file"))
    var project: String?

    /// The settings of this run: the project file's (named, or found in this folder), with the
    /// command line's `given` over them. Says on stderr which file is used and what the command
    /// line changed, unless `quiet`; a project file that cannot be used is printed and becomes
    /// the exit status (64).
    func settings(given: [ProjectKey: SettingValue], quiet: Bool = false) throws -> RunSettings {
        let run: RunSettings
        do {
            run = try RunSettings.resolve(projectPath: project, commandLine: given)
        } catch {
            printError("expo-narrate: \(describe(error))")
            throw exitStatus(for: error)
        }
        if let notice = run.notice, !quiet { printError("expo-narrate: \(notice)") }
        return run
    }
}
