import Foundation
import TestSupport

/// Runs the built `expo-narrate` binary, as a user would.
struct CommandRunner {
    struct Result {
        var status: Int32
        /// Standard output's bytes (a decoder's samples), and as text.
        var stdoutData: Data
        var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
        var stderr: String
    }

    /// The binary: $EXPO_NARRATE_BIN, or the one built beside the test bundle.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["EXPO_NARRATE_BIN"] { return URL(fileURLWithPath: path) }
        let beside = Bundle.main.bundleURL.appendingPathComponent("expo-narrate")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return projectRoot.appendingPathComponent(".build/debug/expo-narrate")
    }

    static var projectRoot: URL {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
            directory.path != "/"
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }

    /// A file of the original apps' data beside the checkout (SharedFixtures); a test that
    /// uses it carries `.needsSharedFixtures`.
    static func fixture(_ name: String) throws -> String {
        try SharedFixtures.url(name).path
    }

    /// `--format wav`: the WAV masters without their Opus copies, for tests whose subject is
    /// synthesis, the cache, publishing or a fault rather than the compressed formats. Encoding
    /// and measuring the Opus copies is most of an audio run's CPU (the default catalog takes
    /// 24 s of CPU with them, 3.7 s without); the formats have tests of their own (DeliveryFormatTests, the partial
    /// run with every format, ShardTests' four shards, the damaged Opus copy, PublishedGuideTests)
    /// and the accessibility and Slurm runs make the default formats.
    static let wavOnly = ["--format", "wav"]

    /// The default cache of a run into `output` in the tests: XDG_CACHE_HOME is set to a folder
    /// beside the output folder (`OUTPUT.xdg-cache`), so that each test keeps a cache of its own,
    /// outside its guide as a user's is, and never the home folder's.
    static func cacheHome(forOutput output: URL) -> URL {
        URL(fileURLWithPath: output.standardizedFileURL.path + ".xdg-cache")
    }

    /// The cache folder a run into `output` uses by default in the tests.
    static func cacheFolder(forOutput output: URL) -> URL {
        cacheHome(forOutput: output).appendingPathComponent("expo-narrate")
    }

    /// The environment a run with `arguments` gets: XDG_CACHE_HOME beside its `--output` (see
    /// `cacheHome`), unless the test sets it; `directory` resolves a relative output folder.
    static func environment(for arguments: [String], directory: URL?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        guard let index = arguments.firstIndex(of: "--output"), index + 1 < arguments.count else { return environment }
        let output = URL(fileURLWithPath: arguments[index + 1], relativeTo: directory ?? projectRoot)
        var home = cacheHome(forOutput: output)
        // An output folder that cannot be (under a file, under /proc): the run fails on it, and
        // its cache goes to one shared folder of the tests rather than the home folder.
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: home.deletingLastPathComponent().path, isDirectory: &isFolder) || !isFolder.boolValue
            || access(home.deletingLastPathComponent().path, W_OK) != 0
        {
            home = FileManager.default.temporaryDirectory.appendingPathComponent("expo-narrate-tests-xdg-cache")
        }
        environment["XDG_CACHE_HOME"] = home.path
        return environment
    }

    static func temporaryFolder() throws -> URL {
        // A test that ran straight into its temporary folder left its cache beside it: removed
        // here once that folder is gone.
        let temporary = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where name.hasPrefix("expo-narrate-cli-") && name.hasSuffix(".xdg-cache") {
            let output = temporary.appendingPathComponent(String(name.dropLast(".xdg-cache".count)))
            if !FileManager.default.fileExists(atPath: output.path) {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        return try TemporaryFolder(prefix: "expo-narrate-cli-").url
    }

    /// Runs the binary with `arguments` in `directory`, feeding `input` on stdin.
    static func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:],
        directory: URL? = nil, executable: URL? = nil
    ) throws -> Result {
        var env = Self.environment(for: arguments, directory: directory)
        for (key, value) in environment { env[key] = value }
        let outcome = try ExternalTool.run(
            executable ?? binary, arguments, input: Data(input.utf8), environment: env,
            directory: directory ?? projectRoot)
        return Result(status: outcome.status, stdoutData: outcome.output, stderr: outcome.errorText)
    }
}

extension CommandRunner {
    /// The track records in the cache folder `cache` (`KEY.json`, KEY 64 hex digits), sorted; not
    /// temporary files, and not the other files a cache keeps (`check-KEY.json`).
    static func trackRecords(in cache: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
        return names.filter { name in
            guard name.hasSuffix(".json") else { return false }
            let stem = name.dropLast(5)
            return stem.count == 64 && stem.allSatisfy { $0.isHexDigit && !$0.isUppercase }
        }.sorted()
    }

    /// Runs another program (a checker such as EPUBCheck) the same way.
    static func runTool(_ path: String, _ arguments: [String]) throws -> Result {
        try run(arguments, executable: URL(fileURLWithPath: path))
    }

    /// Runs the binary with `arguments` under bash and returns, with its result, the CPU seconds
    /// (user + system) it used, as bash's `times` counts them. CPU time, unlike wall time,
    /// hardly changes when other tests load the machine, so ratios of it show how work grows.
    static func runCountingCPU(_ arguments: [String]) throws -> (Result, cpuSeconds: Double) {
        let timesFile = try temporaryFolder().appendingPathComponent("times")
        defer { try? FileManager.default.removeItem(at: timesFile.deletingLastPathComponent()) }
        let script = #""$0" "$@"; status=$?; times > "$EXPO_TIMES_FILE"; exit $status"#
        let result = try run(
            ["-c", script, binary.path] + arguments, environment: ["EXPO_TIMES_FILE": timesFile.path],
            executable: URL(fileURLWithPath: "/bin/bash"))
        // The second line of `times` is the children's: "0m1.234s 0m0.056s".
        let lines = try String(contentsOf: timesFile, encoding: .utf8).split(separator: "\n")
        let seconds = lines.last.map { line in
            line.split(separator: " ").compactMap { field -> Double? in
                let parts = field.dropLast().split(separator: "m")
                guard parts.count == 2, let minutes = Double(parts[0]), let rest = Double(parts[1]) else { return nil }
                return minutes * 60 + rest
            }.reduce(0, +)
        }
        return (result, seconds ?? .nan)
    }
}
