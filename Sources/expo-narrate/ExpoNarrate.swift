import ArgumentParser
import ExpoNarration
import Foundation

@main
struct ExpoNarrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expo-narrate",
        abstract: "Turns exhibition data into an accessible audio guide and text.",
        subcommands: [Narrate.self, Normalize.self],
        defaultSubcommand: Narrate.self
    )
}

struct Narrate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Narrate the catalog (default).")
    func run() throws {}
}

/// `expo-narrate normalize`: one spoken line per input line, in order.
struct Normalize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the spoken form of each line read from standard input.",
        discussion: """
            Uses Voices/lexicon.txt when found in the current directory or beside the \
            executable (or in a folder above it).
            """
    )

    func run() throws {
        let normalizer: KoreanSpeechNormalizer
        if let url = Self.lexiconURL() {
            normalizer = KoreanSpeechNormalizer(lexicon: try PronunciationLexicon(contentsOf: url))
        } else {
            normalizer = KoreanSpeechNormalizer()
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        while let line = readLine(strippingNewline: true) {
            buffer.append(contentsOf: normalizer.spoken(line).utf8)
            buffer.append(0x0A)
            if buffer.count >= 1 << 16 {
                Self.write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        Self.write(buffer)
    }

    private static func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// Voices/lexicon.txt in the current directory, else beside the executable or above it.
    static func lexiconURL() -> URL? {
        let fileManager = FileManager.default
        let relative = "Voices/lexicon.txt"
        let current = URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent(relative)
        if fileManager.fileExists(atPath: current.path) { return current }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent(relative)
            if fileManager.fileExists(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}
