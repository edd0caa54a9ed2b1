import Foundation
import TestSupport
import Testing

/// The DAISY books as folders of the published guide, through the real binary (issue 43, item
/// 1): `daisy202/` and `daisy3/`, each a whole book with its ncc.html or package at its top, as a
/// DAISY player reads it from a USB stick; the very files of the ZIPs beside them, listed in the
/// manifest and in the record (with their SHA-256) by relative path, held to the guide folder's
/// rules, swapped, kept consistent by a partial run and removed with the rest of the guide, and
/// checked by `verify`.
@Suite("the DAISY books as folders of the guide", .serialized, .tags(.endToEnd))
struct DaisyFolderTests {
    static let editions = [("daisy202", DaisyRules.Edition.daisy202, "ncc.html"), ("daisy3", .daisy3, "book.opf")]
    static let formats = "mp3,daisy202,daisy3"

    /// The record's names with their SHA-256.
    static func record(in output: URL) throws -> [String: String] {
        let text = try String(contentsOf: output.appendingPathComponent(".expo-narrate"), encoding: .utf8)
        var names: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() where !line.hasPrefix("#") {
            let parts = line.components(separatedBy: "  ")
            if parts.count == 2 { names[parts[1]] = parts[0] }
        }
        return names
    }

    /// Each MP3's decoded length as the manifest records it, by file name.
    static func audioSeconds(in output: URL) throws -> [String: Double] {
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("manifest.json"))) as? [String: Any] ?? [:]
        var seconds: [String: Double] = [:]
        for track in manifest["tracks"] as? [[String: Any]] ?? [] {
            if let mp3 = (track["encodings"] as? [String: Any])?["mp3"] as? [String: Any], let file = mp3["file"] as? String {
                seconds[file] = mp3["durationSeconds"] as? Double
            }
        }
        return seconds
    }

    static func sha256(_ url: URL) throws -> String {
        let tool = try #require(ExternalTool.find("sha256sum"))
        let result = try ExternalTool.run(tool, [url.path])
        return String(result.output.prefix(64))
    }

    /// Checks both folders of the guide in `output`: the book's top file, every rule, the very
    /// files of the edition's ZIP (unpacked by `unzip`), the MP3 edition's bytes, and each file
    /// listed in the manifest and in the record with its own SHA-256.
    static func expectBooks(in output: URL, scratch: TemporaryFolder) throws {
        let manager = FileManager.default
        let manifest = String(decoding: try Data(contentsOf: output.appendingPathComponent("manifest.json")), as: UTF8.self)
        let record = try Self.record(in: output)
        let seconds = try Self.audioSeconds(in: output)
        let unzip = try #require(ExternalTool.find("unzip"), "unzip is needed to unpack the books")
        for (name, edition, top) in Self.editions {
            let book = output.appendingPathComponent(name)
            let files = try manager.contentsOfDirectory(atPath: book.path).sorted()
            #expect(files.contains(top), "\(name)/ has no \(top) at its top: \(files)")
            #expect(DaisyRules.problems(in: book, edition: edition, audioSeconds: seconds) == [])
            let unpacked = scratch.file(name + "-" + UUID().uuidString)
            let result = try ExternalTool.run(unzip, ["-q", output.appendingPathComponent("guide.\(name).zip").path, "-d", unpacked.path])
            try #require(result.status == 0, "unzip: \(result.output)")
            #expect(try manager.contentsOfDirectory(atPath: unpacked.path).sorted() == files, "\(name)/ is not its ZIP's book")
            for file in files {
                let data = try Data(contentsOf: book.appendingPathComponent(file))
                #expect(data == (try Data(contentsOf: unpacked.appendingPathComponent(file))), "\(name)/\(file) differs from the ZIP's")
                if file.hasSuffix(".mp3") {
                    #expect(data == (try Data(contentsOf: output.appendingPathComponent(file))), "\(name)/\(file) is not the MP3 edition's")
                }
                #expect(manifest.contains("\"path\" : \"\(name)/\(file)\""), "the manifest lacks \(name)/\(file)")
                #expect(try record[name + "/" + file] == Self.sha256(book.appendingPathComponent(file)), "the record's \(name)/\(file)")
            }
        }
    }

    @Test(
        "both folders: every rule, the ZIP's very files, listed with their SHA-256; daisy-player opens each; verify passes, then names a changed file, a planted link and pipe, a file and a folder replaced by links"
    )
    func foldersPublishedAndVerified() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let catalog = SmallCatalog()
        try catalog.write(in: folder)
        let output = folder.appendingPathComponent("guide")
        let run = try CommandRunner.run(["--all", "--format", Self.formats, "--quiet", "--output", output.path] + catalog.arguments(in: folder))
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectBooks(in: output, scratch: scratch)
        if DaisyPlayer.shouldRun {
            for (name, _, _) in Self.editions {
                let screen = try DaisyPlayer.screen(of: output.appendingPathComponent(name), in: scratch)
                #expect(screen.contains { $0.contains("total length:") }, "daisy-player did not open \(name)/: \(screen.joined(separator: "\n"))")
            }
        }
        let whole = try CommandRunner.run(["verify", output.path])
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")

        let manager = FileManager.default
        let ncc = output.appendingPathComponent("daisy202/ncc.html")
        var changed = try Data(contentsOf: ncc)
        changed[changed.count / 2] ^= 0x01
        try changed.write(to: ncc)
        try manager.createSymbolicLink(atPath: output.appendingPathComponent("daisy3/extra.mp3").path, withDestinationPath: "../00-poster.mp3")
        #expect(mkfifo(output.appendingPathComponent("daisy202/pipe").path, 0o644) == 0)
        let ncx = output.appendingPathComponent("daisy3/navigation.ncx")
        try manager.moveItem(at: ncx, to: folder.appendingPathComponent("navigation.ncx"))
        try manager.createSymbolicLink(atPath: ncx.path, withDestinationPath: folder.appendingPathComponent("navigation.ncx").path)
        let damaged = try CommandRunner.run(["verify", output.path])
        #expect(damaged.status == 1, "\(damaged.stdout)\(damaged.stderr)")
        let lines = damaged.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("daisy202/ncc.html: its SHA-256 is not the manifest's") }, "\(damaged.stdout)")
        #expect(lines.contains { $0.hasPrefix("daisy202/pipe: a named pipe the manifest does not list") }, "\(damaged.stdout)")
        #expect(lines.contains { $0.hasPrefix("daisy3/extra.mp3: a symbolic link the manifest does not list") }, "\(damaged.stdout)")
        #expect(lines.contains { $0.hasPrefix("daisy3/navigation.ncx: is a symbolic link") }, "\(damaged.stdout)")
        #expect(lines.count == 4, "four findings: \(damaged.stdout)")

        // The whole folder replaced by a link to a good copy of it: one finding, nothing read through it.
        let copy = folder.appendingPathComponent("daisy3-copy")
        try manager.removeItem(at: ncx)
        try manager.moveItem(at: folder.appendingPathComponent("navigation.ncx"), to: ncx)
        try manager.removeItem(at: output.appendingPathComponent("daisy3/extra.mp3"))
        try manager.moveItem(at: output.appendingPathComponent("daisy3"), to: copy)
        try manager.createSymbolicLink(atPath: output.appendingPathComponent("daisy3").path, withDestinationPath: copy.path)
        let linked = try CommandRunner.run(["verify", output.path])
        #expect(linked.stdout.contains("daisy3/: is a symbolic link (verify never reads through a link)"), "\(linked.stdout)")
        #expect(!linked.stdout.contains("daisy3/book.opf"), "a file was looked for through the link: \(linked.stdout)")
    }

    @Test(
        "an entry of the user's in a folder (a file, a named pipe) is refused (73) and left as it is; fewer formats remove the folders; a user's folder at a book's name is refused (73)"
    )
    func foldersRefusedAndRemoved() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = SmallCatalog()
        try catalog.write(in: folder)
        let output = folder.appendingPathComponent("guide")
        let run = { (formats: String) in
            try CommandRunner.run(["--all", "--format", formats, "--quiet", "--output", output.path] + catalog.arguments(in: folder))
        }
        #expect(try run(Self.formats).status == 0)
        let manager = FileManager.default
        for planted in ["notes.txt", "pipe"] {
            let path = output.appendingPathComponent("daisy3/" + planted)
            if planted == "pipe" { #expect(mkfifo(path.path, 0o644) == 0) } else { try Data("mine".utf8).write(to: path) }
            let before = snapshot(of: output)
            let started = Date()
            let refused = try run("mp3")
            #expect(Date().timeIntervalSince(started) < 30, "the run waited on \(planted)")
            #expect(refused.status == 73, "\(refused.stderr)")
            #expect(refused.stderr.contains("daisy3/\(planted)"), "\(refused.stderr)")
            #expect(snapshot(of: output) == before, "nothing changed")
            #expect((try? manager.attributesOfItem(atPath: path.path)) != nil)
            try manager.removeItem(at: path)
        }

        let fewer = try run("mp3,daisy202")
        #expect(fewer.status == 0, "\(fewer.stderr)")
        #expect(manager.fileExists(atPath: output.appendingPathComponent("daisy202/ncc.html").path))
        #expect(!manager.fileExists(atPath: output.appendingPathComponent("daisy3").path), "the tool's folder stays")
        #expect(!manager.fileExists(atPath: output.appendingPathComponent("guide.daisy3.zip").path))
        #expect(try Self.record(in: output).keys.allSatisfy { !$0.hasPrefix("daisy3/") })
        let none = try run("mp3")
        #expect(none.status == 0, "\(none.stderr)")
        #expect(!manager.fileExists(atPath: output.appendingPathComponent("daisy202").path), "the tool's folder stays")
        #expect(try Self.record(in: output).keys.allSatisfy { !$0.contains("/") })
        #expect(PublishedFolderTests.workFolders(beside: output).isEmpty)

        // A folder of the user's at a book's name: the record lists nothing in it, so it is the
        // user's, and the guide folder is refused until it is moved out.
        try manager.createDirectory(at: output.appendingPathComponent("daisy202"), withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: output.appendingPathComponent("daisy202/ncc.html"))
        let users = snapshot(of: output)
        let clash = try run(Self.formats)
        #expect(clash.status == 73, "\(clash.stderr)")
        #expect(clash.stderr.contains("daisy202 (a folder)"), "\(clash.stderr)")
        #expect(snapshot(of: output) == users)
    }

    @Test(
        "a partial run into a guide with both books (its settings decide the formats) makes the changed entry's chapter in both folders, still the ZIPs' very files"
    )
    func partialRunKeepsFoldersConsistent() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        var catalog = SmallCatalog()
        try catalog.write(in: folder)
        let output = folder.appendingPathComponent("guide")
        let first = try CommandRunner.run(["--all", "--format", Self.formats, "--quiet", "--output", output.path] + catalog.arguments(in: folder))
        #expect(first.status == 0, "\(first.stderr)")
        let before = snapshot(of: output.appendingPathComponent("daisy202"))
        catalog.entries[1].desc += " 새로 덧붙인 문장입니다."
        try catalog.write(in: folder)
        let second = try CommandRunner.run(["--entry", "beta", "--output", output.path] + catalog.arguments(in: folder))
        #expect(second.status == 0, "\(second.stderr)")
        let settings = second.stderr.split(separator: "\n").first { $0.contains("using the published guide's settings") } ?? ""
        #expect(settings.contains("daisy202") && settings.contains("daisy3"), "\(second.stderr)")
        let after = snapshot(of: output.appendingPathComponent("daisy202"))
        #expect(Set(after.keys) == Set(before.keys))
        #expect(after["02-beta.mp3"] != before["02-beta.mp3"] && after["02-beta.smil"] != before["02-beta.smil"], "the changed chapter")
        #expect(after["01-alpha.mp3"] == before["01-alpha.mp3"], "an unchanged chapter's audio")
        try Self.expectBooks(in: output, scratch: scratch)
        let verified = try CommandRunner.run(["verify", output.path])
        #expect(verified.status == 0, "\(verified.stdout)")
    }
}
