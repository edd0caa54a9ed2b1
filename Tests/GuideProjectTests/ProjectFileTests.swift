import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import GuideProject

/// The project file reader: every key with its line, paths against the file's folder, and
/// every mistake a usage error that names file:line (and the key).
@Suite("Project file")
struct ProjectFileTests {
    private func parse(_ text: String, folder: String = "site") throws -> ProjectFile {
        try ProjectFile.parse(text, path: "site/expo-narrate.yaml", folder: folder)
    }

    /// The usage error `text` gives, or nil when it reads.
    private func failure(_ text: String) -> ExpoError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error as? ExpoError
        }
    }

    @Test("every key is read with its line; relative paths are taken from the file's folder, absolute ones as written")
    func readsKeys() throws {
        let file = try parse(
            """
            # a comment
            poster-file: data/poster.json
            items-file: /srv/items.json
            voice: calm
            format: [opus, mp3, epub]
            text-only: false
            braille-cells: 32
            braille-lines: 20
            opus-bitrate: 32
            output: guide
            cache: ~

            """)
        #expect(file.values[.posterFile] == .path("site/data/poster.json"))
        #expect(file.values[.itemsFile] == .path("/srv/items.json"))
        #expect(file.values[.voice] == .name("calm"))
        #expect(file.values[.format] == .formats([.wav, .opus, .mp3, .epub]))
        #expect(file.values[.textOnly] == .flag(false))
        #expect(file.values[.brailleCells] == .number(32) && file.values[.opusBitrate] == .number(32))
        #expect(file.values[.output] == .path("site/guide"))
        #expect(file.values[.cache] == .path(nil))
        #expect(file.lines[.posterFile] == 2 && file.lines[.voice] == 4 && file.lines[.cache] == 11)
        // In the working folder, paths stay as written.
        #expect(try parse("output: guide\n", folder: "").values[.output] == .path("guide"))
    }

    @Test("formats are a list or a comma-separated line; only text editions keep the default audio")
    func formats() throws {
        #expect(try parse("format: opus, mp3\n").values[.format] == .formats([.wav, .opus, .mp3]))
        #expect(try parse("format: [brf]\n").values[.format] == .formats([.wav, .opus, .brf]))
        #expect(try parse("format: [wav]\n").values[.format] == .formats([.wav]))
    }

    @Test("an unknown key is a usage error naming file:line and the key, and listing the keys")
    func unknownKey() throws {
        let error = try #require(failure("voice: standard\n\nformats: [opus]\n"))
        #expect(error.category == .usage)
        #expect(error.message.hasPrefix("site/expo-narrate.yaml:3: unknown key 'formats'"), "\(error.message)")
        #expect(error.advice?.contains("format,") == true)
    }

    @Test(
        "malformed YAML is a usage error naming file:line:column",
        arguments: [
            ("voice: standard\nformat: [opus, mp3\noutput: x\n", ":3:"),
            ("voice: 'standard\n", ":2:"),
            ("voice: standard\n  output: x\n", ":2:"),
        ])
    func malformed(text: String, place: String) throws {
        let error = try #require(failure(text))
        #expect(error.category == .usage)
        #expect(error.message.hasPrefix("site/expo-narrate.yaml" + place) && error.message.contains("is not YAML"), "\(error.message)")
    }

    @Test(
        "a value of the wrong kind names file:line, the key and what it takes",
        arguments: [
            ("voice: standard\nbraille-cells: forty\n", "site/expo-narrate.yaml:2: 'braille-cells' takes a whole number from 20 to 100, not 'forty'"),
            ("text-only: sometimes\n", "site/expo-narrate.yaml:1: 'text-only' takes true or false, not 'sometimes'"),
            ("output: [a, b]\n", "site/expo-narrate.yaml:1: 'output' takes a path, not a list"),
            ("opus-bitrate: 1000\n", "site/expo-narrate.yaml:1: 'opus-bitrate' is 1000, outside 6 to 256"),
            ("opus-bitrate: '24'\n", "site/expo-narrate.yaml:1: 'opus-bitrate' takes a whole number from 6 to 256, not '24'"),
            ("\n\nformat: [opus, flac]\n", "site/expo-narrate.yaml:3: format: \"flac\" is no format"),
            ("voice:\n", "site/expo-narrate.yaml:1: 'voice' has no value"),
            ("poster-file: p.json\n", "site/expo-narrate.yaml:1: poster-file and items-file go together"),
            ("voice: a\nvoice: b\n", "site/expo-narrate.yaml:2: 'voice' is given twice (first on line 1)"),
            ("- voice\n", "site/expo-narrate.yaml:1: the project file is not a list of settings"),
        ])
    func wrongKind(text: String, expected: String) throws {
        let error = try #require(failure(text))
        #expect(error.category == .usage)
        #expect(error.message.hasPrefix(expected), "\(error.message)")
    }

    @Test("an empty file (or one of comments) gives no setting")
    func empty() throws {
        #expect(try parse("").values.isEmpty)
        #expect(try parse("# nothing yet\n").values.isEmpty)
    }

    @Test("a pictures folder that does not exist is named with its line")
    func missingPictures() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let error = try #require(failure("images: \(folder.path)/none\n"))
        #expect(error.message.hasPrefix("site/expo-narrate.yaml:1: images: \(folder.path)/none is not a folder"), "\(error.message)")
        #expect(try parse("images: \(folder.path)\n").values[.images] == .path(folder.path))
    }

    @Test("a file that cannot be read is a usage error naming it")
    func unreadable() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect {
            _ = try ProjectFile.read(folder.file("missing.yaml").path)
        } throws: { error in
            (error as? ExpoError)?.category == .usage && "\(error)".contains("missing.yaml")
        }
    }
}
