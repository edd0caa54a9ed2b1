import Foundation
import Testing

/// What an installation must offer besides the program: the man page, which covers every
/// subcommand `--help` lists, and completions that bash, zsh and fish find where they look.
enum InstalledHelp {
    /// The subcommands `expo-narrate --help` lists (its SUBCOMMANDS section), `help` left out.
    static func subcommands(of binary: String) throws -> [String] {
        let help = try CommandRunner.run(["--help"], executable: URL(fileURLWithPath: binary))
        guard let section = help.stdout.range(of: "SUBCOMMANDS:\n") else { return [] }
        // One line per subcommand, its name two spaces in; its description's further lines are
        // indented deeper, and the section ends at the first empty line.
        return help.stdout[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { $0.hasPrefix("  ") }
            .filter { !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "help" }
    }

    /// Checks the man page and the completions installed under `share` (PREFIX/share or the
    /// package's usr/share), `zshFolder` being the zsh completions' folder under it.
    static func expectInstalled(under share: URL, zshFolder: String, binary: String) throws {
        let subcommands = try subcommands(of: binary)
        #expect(subcommands.contains("check") && subcommands.contains("verify") && subcommands.count >= 5, "\(subcommands)")
        // The page itself, as man shows it (MANPATH names only this installation).
        let man = try InstallationTests.shell(
            "MANPATH='\(share.appendingPathComponent("man").path)' MANWIDTH=120 man -P cat expo-narrate",
            environment: ["MANPATH": share.appendingPathComponent("man").path])
        #expect(man.status == 0, "\(man.stderr)")
        #expect(man.stdout.contains("--braille-cells") && man.stdout.contains("Exit status"), "\(man.stdout.prefix(400))")
        for command in subcommands {
            #expect(man.stdout.contains("COMMAND: \(command)"), "the man page has no section for \(command)")
        }
        // bash: the completion function completes a subcommand and an option.
        let bash = share.appendingPathComponent("bash-completion/completions/expo-narrate").path
        let completion = try InstallationTests.shell(
            """
            source '\(bash)'
            complete -p expo-narrate
            COMP_WORDS=(expo-narrate ver); COMP_CWORD=1; COMP_LINE='expo-narrate ver'; COMP_POINT=${#COMP_LINE}
            _expo-narrate expo-narrate ver expo-narrate; printf '%s\\n' "${COMPREPLY[@]}"
            COMPREPLY=(); COMP_WORDS=(expo-narrate --braille-c); COMP_LINE='expo-narrate --braille-c'; COMP_POINT=${#COMP_LINE}
            _expo-narrate expo-narrate --braille-c expo-narrate; printf '%s\\n' "${COMPREPLY[@]}"
            """)
        #expect(completion.status == 0, "\(completion.stderr)")
        #expect(completion.stdout.contains("-F _expo-narrate expo-narrate"), "\(completion.stdout)")
        #expect(
            completion.stdout.split(separator: "\n").contains("verify") && completion.stdout.contains("--braille-cells\n"),
            "\(completion.stdout)")
        // zsh and fish: each file is where that shell looks and names every subcommand.
        let zsh = try String(contentsOf: share.appendingPathComponent("zsh/\(zshFolder)/_expo-narrate"), encoding: .utf8)
        let fish = try String(contentsOf: share.appendingPathComponent("fish/vendor_completions.d/expo-narrate.fish"), encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef expo-narrate"))
        #expect(fish.contains("complete -c 'expo-narrate'") || fish.contains("complete -c expo-narrate"), "\(fish.prefix(300))")
        for command in subcommands {
            #expect(zsh.contains("'\(command):") || zsh.contains("\(command):"), "zsh completion lacks \(command)")
            #expect(fish.contains(command), "fish completion lacks \(command)")
        }
    }
}
