import ExpoModel

/// The settings one run uses: the standard ones, then the project file's, then the options
/// given on the command line, each over the one before; and what the run says about it.
public struct RunSettings: Sendable {
    /// A setting the command line gave otherwise than the project would have it.
    public struct Override: Sendable, Equatable {
        public let key: ProjectKey
        /// The command line's value.
        public let given: SettingValue
        /// What the project (its file, or the default where the file is silent) would have used.
        public let instead: SettingValue
    }

    /// The settings the run uses.
    public let settings: GuideSettings
    /// The project file read, if any.
    public let project: ProjectFile?
    /// Whether the project file was named on the command line (`--project`), not found in the
    /// working folder.
    public let projectNamed: Bool
    /// The command line's settings that differ from the project's, in the keys' order.
    public let overrides: [Override]

    /// Reads the project file named (`projectPath`), or the one in the working folder when none
    /// is named, and lays `commandLine`'s settings over it. Without a project file the command
    /// line's settings lie over the standard ones and nothing is said.
    public static func resolve(projectPath: String?, commandLine: [ProjectKey: SettingValue]) throws -> RunSettings {
        let path = projectPath ?? ProjectFile.found()
        let project = try path.map { try ProjectFile.read($0) }
        return resolve(project: project, named: projectPath != nil, commandLine: commandLine)
    }

    /// `commandLine`'s settings over `project`'s (over the standard ones).
    public static func resolve(project: ProjectFile?, named: Bool, commandLine: [ProjectKey: SettingValue]) -> RunSettings {
        var settings = GuideSettings.standard
        for (key, value) in project?.values ?? [:] { settings.set(key, to: value) }
        var overrides: [Override] = []
        for key in ProjectKey.allCases {
            guard let value = commandLine[key] else { continue }
            let instead = settings.value(of: key)
            settings.set(key, to: value)
            let given = settings.value(of: key)
            if project != nil, given != instead { overrides.append(Override(key: key, given: given, instead: instead)) }
        }
        return RunSettings(settings: settings, project: project, projectNamed: named, overrides: overrides)
    }

    /// The one line a run with a project file says: which file, and each setting the command
    /// line changed ("using expo-narrate.yaml; --format opus from the command line instead of
    /// mp3,opus,epub"); nil without a project file.
    public var notice: String? {
        guard let project else { return nil }
        var parts = ["using \(project.path)"]
        for override in overrides {
            parts.append("\(override.key.option) \(override.given.shown) from the command line instead of \(override.instead.shown)")
        }
        return parts.joined(separator: "; ")
    }

    /// The words that make another command read the same project: " --project FILE" when the
    /// file was named, nothing when it was found in the working folder (where the command,
    /// run there, finds it again) or there is none.
    public func projectWords(quoting quote: (String) -> String) -> String {
        guard projectNamed, let project else { return "" }
        return " --project " + quote(project.path)
    }
}
