import Foundation

/// Debian's `daisy-player` (a DAISY 2.02 and DAISY 3 player, as a blind reader runs it), driven
/// in a tmux session and its first screen read back as text.
///
/// The player stops after reading `/proc/asound/cards` on a machine without a sound card, so
/// it runs with a small preloaded library (C, compiled here) that answers that one file with
/// a card of its own; `HOME` is a scratch folder, so no bookmark or setting of the user's is
/// read or written.
public enum DaisyPlayer {
    public struct Missing: Error, CustomStringConvertible {
        public let tool: String
        public var description: String {
            "\(tool) was not found; scripts/install-dependencies.sh installs it (apt-get install daisy-player tmux gcc)"
        }
    }

    /// Whether the player and what drives it are installed (or CI requires them).
    public static var shouldRun: Bool {
        ["daisy-player", "tmux", "cc"].allSatisfy { ExternalTool.find($0) != nil }
            || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    private static let stubSource = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        /* Answers /proc/asound/cards with the file named by EXPO_FAKE_SOUND_CARDS. */
        static const char *redirect(const char *path) {
            const char *fake = getenv("EXPO_FAKE_SOUND_CARDS");
            return (path && fake && strcmp(path, "/proc/asound/cards") == 0) ? fake : path;
        }
        FILE *fopen(const char *path, const char *mode) {
            FILE *(*next)(const char *, const char *) = (FILE *(*)(const char *, const char *))dlsym(RTLD_NEXT, "fopen");
            return next(redirect(path), mode);
        }
        FILE *fopen64(const char *path, const char *mode) {
            FILE *(*next)(const char *, const char *) = (FILE *(*)(const char *, const char *))dlsym(RTLD_NEXT, "fopen64");
            return next(redirect(path), mode);
        }

        """

    /// The player's list with `book` (a folder or an archive) loaded: its two header lines, then
    /// the items of every screen of the list in order (paged with page-down), trailing spaces removed.
    public static func screen(of book: URL, in scratch: TemporaryFolder, columns: Int = 200, rows: Int = 80) throws -> [String] {
        func tool(_ name: String) throws -> URL {
            guard let url = ExternalTool.find(name) else { throw Missing(tool: name) }
            return url
        }
        let (player, tmux, compiler) = (try tool("daisy-player"), try tool("tmux"), try tool("cc"))
        try stubSource.write(to: scratch.file("sound-card.c"), atomically: true, encoding: .utf8)
        let compiled = try ExternalTool.run(
            compiler,
            [
                "-shared", "-fPIC", "-o", scratch.file("sound-card.so").path,
                scratch.file("sound-card.c").path, "-ldl",
            ])
        guard compiled.status == 0 else { throw ScreenError("the sound-card stub did not compile: \(compiled.output)") }
        try " 0 [Stub           ]: Stub - Stub sound card\n                      Stub sound card\n"
            .write(to: scratch.file("cards"), atomically: true, encoding: .utf8)
        let home = scratch.file("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let session = "expo-daisy-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let command =
            [
                "env", "HOME=" + home.path, "TERM=xterm-256color", "LANG=C.UTF-8",
                "EXPO_FAKE_SOUND_CARDS=" + scratch.file("cards").path, "LD_PRELOAD=" + scratch.file("sound-card.so").path,
                player.path, "-i", "-d", "default:alsa", book.path,
            ].map(shellQuoted).joined(separator: " ") + "; sleep 600"
        let tmuxCommand = TmuxCommand(tmux: tmux, server: session)
        let started = try tmuxCommand.run(["new-session", "-d", "-s", session, "-x", String(columns), "-y", String(rows), command])
        guard started.status == 0 else { throw ScreenError("tmux did not start: \(started.output)") }
        defer {
            // The player ignores the hang-up that ends the session and would go on spinning a
            // core: it is killed by its book's path, which only this session's processes name.
            _ = try? tmuxCommand.run(["kill-server"])
            if let pkill = ExternalTool.find("pkill") { _ = try? ExternalTool.run(pkill, ["-KILL", "-f", book.path]) }
        }
        var screens: [[String]] = []
        while true {
            let screen = try waitForScreen(screens.count + 1, session: session, tmux: tmuxCommand)
            screens.append(screen.lines)
            guard screen.number < screen.count else { break }
            // The next screen of the list (page-down).
            _ = try tmuxCommand.run(["send-keys", "-t", session, "NPage"])
        }
        return screens.first.map { Array($0.prefix(2)) + screens.flatMap { $0.dropFirst(2) } } ?? []
    }

    /// Waits up to 60 s (the player unpacks a ZIP first, slowly when the test command keeps both
    /// cores busy) for screen `number` of the list ("--- 2/3 -" on the second line) to be
    /// drawn; returns its lines (trailing spaces removed) and the number of screens.
    private static func waitForScreen(_ number: Int, session: String, tmux: TmuxCommand) throws -> (lines: [String], number: Int, count: Int) {
        var lines: [String] = []
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            let capture = try tmux.run(["capture-pane", "-p", "-t", session])
            lines = capture.output.split(separator: "\n", omittingEmptySubsequences: false).map {
                String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            }
            guard let header = lines.first(where: { $0.contains("total length") }),
                let match = header.range(of: #"--- [0-9]+/[0-9]+ -"#, options: .regularExpression)
            else { continue }
            let pages = header[match].dropFirst(4).dropLast(2).split(separator: "/").compactMap { Int($0) }
            guard pages.count == 2, pages[0] == number else { continue }
            // The list is drawn after the status line: one more moment for it.
            Thread.sleep(forTimeInterval: 0.5)
            let again = try tmux.run(["capture-pane", "-p", "-t", session])
            let drawn = again.output.split(separator: "\n", omittingEmptySubsequences: false).map {
                String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            }
            return (drawn, pages[0], pages[1])
        }
        throw ScreenError("daisy-player did not show screen \(number) of its list within 60 s; its screen:\n" + lines.joined(separator: "\n"))
    }

    /// tmux on a server of the test's own (`-L`), each command started with no descriptor but
    /// the standard three: the first command forks the server, which would otherwise keep the
    /// descriptor by which Foundation's `Process` learns that its child ended, and the test
    /// would wait for the command for as long as the server lives (a clean machine, with no tmux
    /// server running yet, waited for ever).
    struct TmuxCommand {
        let tmux: URL
        let server: String

        func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
            let closingDescriptors = #"for fd in /proc/$$/fd/*; do n=${fd##*/}; if ((n > 2)); then eval "exec $n>&-" 2>/dev/null; fi; done; exec "$0" "$@""#
            return try ExternalTool.run(URL(fileURLWithPath: "/bin/bash"), ["-c", closingDescriptors, tmux.path, "-L", server] + arguments)
        }
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Seconds of a player's `HH:MM:SS` or `MM:SS`.
    public static func seconds(_ clock: Substring) -> Int? {
        let parts = clock.split(separator: ":").map { Int($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.compactMap { $0 }.reduce(0) { $0 * 60 + $1 }
    }

    public struct ScreenError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
