import Foundation
import Testing

/// `--help` as a reader meets it: each default said once, the overview naming the default
/// format, and the exit-status lines saying what the statuses mean.
@Suite struct HelpTextTests {
    static let commands: [[String]] = [[], ["check"], ["verify"], ["normalize"], ["pronounce"], ["voices"]]

    /// The help of `command`, one entry per option (its lines joined).
    static func optionEntries(_ command: [String]) throws -> [String] {
        let help = try CommandRunner.run(command + ["--help"])
        #expect(help.status == 0, "\(command): \(help.stderr)")
        guard let start = help.stdout.range(of: "OPTIONS:\n") else { return [] }
        var entries: [String] = []
        for line in help.stdout[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty || !line.hasPrefix(" ") { break }
            if line.hasPrefix("  -") {
                entries.append(String(line))
            } else if !entries.isEmpty {
                entries[entries.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        return entries
    }

    @Test func everyDefaultIsSaidOnce() throws {
        for command in Self.commands {
            let entries = try Self.optionEntries(command)
            #expect(!entries.isEmpty, "\(command)")
            for entry in entries {
                let defaults = entry.components(separatedBy: "default").count - 1
                #expect(defaults <= 1, "\(command): \(entry)")
            }
        }
        let main = try Self.optionEntries([])
        #expect(main.contains { $0.contains("--braille-cells") && $0.contains("default 40") })
        #expect(main.contains { $0.contains("--opus-bitrate") && $0.contains("default 24") })
    }

    @Test func theOverviewNamesOpusAndTheExitStatusesAreTrue() throws {
        let help = try CommandRunner.run(["--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(help.contains("Opus copy (the default format"), "\(help.prefix(600))")
        #expect(help.contains("73 the output or cache folder cannot be created or is not expo-narrate's,"))
        #expect(!help.contains("is not expo-narrate's cache;"))
        #expect(help.contains("libvips"), "69 names libvips, as README's table does")
        let verify = try CommandRunner.run(["verify", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(verify.contains("64 usage error") && verify.contains("74 the report could not be written"))
    }
}
