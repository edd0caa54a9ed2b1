import GuideProject

// The project file as the commands use it: the executable sees GuideProject through these names.

/// A guide's project file (`expo-narrate.yaml`).
public typealias ProjectFile = GuideProject.ProjectFile
/// A setting a project file or the command line gives.
public typealias ProjectKey = GuideProject.ProjectKey
/// One setting's value.
public typealias SettingValue = GuideProject.SettingValue
/// The settings one run uses, and what it says about them.
public typealias RunSettings = GuideProject.RunSettings
/// The file `init` writes.
public typealias ProjectTemplate = GuideProject.ProjectTemplate
/// The formats a list names.
public typealias FormatList = GuideProject.FormatList
