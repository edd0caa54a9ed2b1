import Foundation
import Testing

/// expo-narrate installed elsewhere: with scripts/install.sh under a prefix, copied alone (an
/// installation error, exit 72), and as a Debian package from scripts/build-deb.sh. Each test
/// has folders of its own (the package builds in .build-package), so they run in parallel:
/// one at a time, the package test, the longest, began last and ended the test run alone.
@Suite struct InstallationTests {
    static var root: URL { CommandRunner.projectRoot }

    /// Runs a shell command line in `directory`; stdout and stderr are collected.
    static func shell(_ command: String, in directory: URL? = nil, environment: [String: String] = [:]) throws -> CommandRunner.Result {
        try CommandRunner.run(
            ["-c", command], environment: environment, directory: directory ?? root,
            executable: URL(fileURLWithPath: "/bin/bash"))
    }

    /// `--all --text-only` of the default catalog from a folder outside the checkout.
    static func narrateDefaultCatalog(with binary: String, environment: [String: String] = [:]) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The braille edition too: its table is found with the installed Voices.
        let result = try CommandRunner.run(
            ["--all", "--text-only", "--format", "brf,labels", "--quiet", "--output", "guide"],
            environment: environment,
            directory: folder, executable: URL(fileURLWithPath: binary))
        #expect(result.status == 0, "\(binary): \(result.stderr)")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("guide").path)) ?? []
        #expect(
            files.contains("index.html") && files.contains("00-poster.txt") && files.contains("manifest.json")
                && files.contains("guide.brf") && files.contains("labels.json"), "\(files)")
        // The default catalog's pictures are found in the installed DefaultCatalog/images.
        #expect(files.contains("00-poster-480.webp") && files.contains("01-jikji-960.jpg"), "\(files)")
    }

    @Test func installScriptToAPrefixThenRunFromAnywhere() throws {
        let prefix = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let install = try Self.shell("scripts/install.sh --prefix '\(prefix.path)' --binary '\(CommandRunner.binary.path)'")
        #expect(install.status == 0, "\(install.stderr)")
        let binary = prefix.appendingPathComponent("bin/expo-narrate").path
        let share = prefix.appendingPathComponent("share/expo-narrate")
        for file in [
            "DefaultCatalog/poster.json", "DefaultCatalog/items.json", "Voices/standard.json", "Voices/lexicon.txt",
            "Voices/braille/ko-expo-g2.ctb",
        ] {
            #expect(FileManager.default.fileExists(atPath: share.appendingPathComponent(file).path), "\(file) not installed")
        }
        try Self.narrateDefaultCatalog(with: binary)
        try InstalledHelp.expectInstalled(under: prefix.appendingPathComponent("share"), zshFolder: "site-functions", binary: binary)
        let voices = try CommandRunner.run(["voices"], directory: prefix, executable: URL(fileURLWithPath: binary))
        #expect(voices.status == 0)
        #expect(voices.stdout.contains(share.appendingPathComponent("Voices").path))
        // Installing again over an installation replaces the resources.
        #expect(try Self.shell("scripts/install.sh --prefix '\(prefix.path)' --binary '\(CommandRunner.binary.path)'").status == 0)
    }

    @Test func aBinaryWithoutItsResourcesIsAnInstallationErrorThatTheEnvironmentFixes() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lone = folder.appendingPathComponent("expo-narrate")
        try FileManager.default.copyItem(at: CommandRunner.binary, to: lone)
        for arguments in [["--list"], ["voices"], ["--all", "--text-only"]] {
            let result = try CommandRunner.run(arguments, directory: folder, executable: lone)
            #expect(result.status == 72, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("installation is incomplete"))
            #expect(result.stderr.contains("EXPO_NARRATE_DATA"))
            #expect(!result.stderr.contains("bad catalog data") && !result.stderr.contains("Reinstall"))
            // Each searched place once.
            let list = try #require(result.stderr.range(of: "(looked in ")).upperBound
            let paths = result.stderr[list...].prefix { $0 != ")" }.components(separatedBy: ", ")
            #expect(Set(paths).count == paths.count, "\(paths)")
        }
        // The resources named by the environment variable (the checkout has both folders' layout).
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Voices"), to: data.appendingPathComponent("Voices"))
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Sources/CatalogLoading/Resources/DefaultCatalog"),
            to: data.appendingPathComponent("DefaultCatalog"))
        try Self.narrateDefaultCatalog(with: lone.path, environment: ["EXPO_NARRATE_DATA": data.path])
        let help = try CommandRunner.run(["--help"], executable: lone)
        #expect(help.stdout.contains("EXPO_NARRATE_DATA") && help.stdout.contains("72"))
    }

    @Test(.timeLimit(.minutes(20))) func debianPackageInstallsAndRuns() throws {
        let output = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        // Its own build folder: the running tests hold .build, and the package is a release build
        // with the Swift runtime linked in. Unoptimised: what is tested here is the package (its
        // files, dependencies and runtime linking), and an optimised build would cost two minutes
        // of one core; the optimised release build is the README's first command.
        let build = try Self.shell("scripts/build-deb.sh --output '\(output.path)' --scratch-path .build-package --unoptimized")
        #expect(build.status == 0, "\(build.stderr)")
        let deb = build.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(deb.hasSuffix(".deb") && FileManager.default.fileExists(atPath: deb))

        let control = try Self.shell("dpkg-deb -f '\(deb)' Depends")
        for package in [
            "libespeak-ng1", "libhangul1", "libhunspell-1.7-0", "libopus0", "libsoxr0", "libmp3lame0", "hunspell-ko", "liblouis20", "liblouis-data",
            "libvips42",
        ] {
            #expect(control.stdout.contains(package), "Depends: \(control.stdout)")
        }
        #expect(!control.stdout.contains("swift"), "the Swift runtime is linked in, not a dependency")

        // Unpacked into a temporary root: run from a folder elsewhere, with the variable and without.
        let unpacked = output.appendingPathComponent("root")
        #expect(try Self.shell("dpkg-deb -x '\(deb)' '\(unpacked.path)'").status == 0)
        let binary = unpacked.appendingPathComponent("usr/bin/expo-narrate").path
        let needed = try Self.shell("ldd '\(binary)'")
        #expect(!needed.stdout.contains("libswift") && !needed.stdout.contains("not found"), "\(needed.stdout)")
        try Self.narrateDefaultCatalog(
            with: binary,
            environment: ["EXPO_NARRATE_DATA": unpacked.appendingPathComponent("usr/share/expo-narrate").path])
        try Self.narrateDefaultCatalog(with: binary)
        // The man page and the completions where Debian's man, bash, zsh and fish look for them.
        try InstalledHelp.expectInstalled(
            under: unpacked.appendingPathComponent("usr/share"), zshFolder: "vendor-completions",
            binary: binary)

        // A real installation, only as root in CI, and only when no expo-narrate package is
        // installed already (it is removed afterwards).
        let installed = try Self.shell("dpkg-query -W -f='${Status}' expo-narrate 2>/dev/null | grep -q 'install ok installed'")
        guard getuid() == 0, ProcessInfo.processInfo.environment["CI"] == "true", installed.status != 0 else { return }
        let install = try Self.shell("dpkg -i '\(deb)'")
        #expect(install.status == 0, "\(install.stderr)")
        defer { _ = try? Self.shell("dpkg -r expo-narrate") }
        try Self.narrateDefaultCatalog(with: "/usr/bin/expo-narrate")
        let check = try CommandRunner.run(["check"], directory: output, executable: URL(fileURLWithPath: "/usr/bin/expo-narrate"))
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}
