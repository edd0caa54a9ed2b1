import Foundation

/// Where expo-narrate's installed resources (DefaultCatalog/ and Voices/) may be, in the order
/// they are searched:
/// 1. the folder named by the environment variable `EXPO_NARRATE_DATA`;
/// 2. the folder of the binary itself (a binary copied with its resources beside it);
/// 3. `../share/expo-narrate` from the binary (an installation under a prefix: PREFIX/bin and
///    PREFIX/share/expo-narrate, as scripts/install.sh and the Debian package lay it out);
/// then each resource adds its own places (`DefaultCatalog.searchPaths`, `VoiceLibrary.searchPaths`,
/// which also looks in $EXPO_NARRATE_VOICES first and in ./Voices), ending in a source checkout.
public enum ResourceLocations {
    /// The environment variable that names the folder holding DefaultCatalog/ and Voices/.
    public static let environmentVariable = "EXPO_NARRATE_DATA"

    /// The binary's own file, symbolic links resolved, or the first argument's.
    public static func resolvedExecutable(_ executable: URL?) -> URL {
        (executable ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ".")).resolvingSymlinksInPath()
    }

    /// The installation folders, in search order (see the type's comment).
    public static func installationFolders(executable: URL?, environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        var folders: [URL] = []
        if let data = environment[environmentVariable], !data.isEmpty {
            folders.append(URL(fileURLWithPath: data))
        }
        let directory = resolvedExecutable(executable).deletingLastPathComponent()
        folders.append(directory)
        folders.append(directory.appendingPathComponent("../share/expo-narrate").standardizedFileURL)
        return folders
    }

    /// `paths` without repeats (compared as standardised paths), in their first order.
    public static func unique(_ paths: [URL]) -> [URL] {
        var seen = Set<String>()
        return paths.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }
}
