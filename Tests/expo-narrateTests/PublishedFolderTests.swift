import Foundation
import Testing

/// The published folder through the real binary (issue 23): only a folder that is new, empty or
/// the tool's own is used; a user's entries in it are never touched; nothing is followed or
/// opened that the tool did not make; the guide is plain files, the cache outside it. Text-only
/// or WAV-only runs of a catalog of a poster and two entries, most without `--all` (which would
/// load the spelling dictionary for its summary line).
@Suite("the published folder: plain files in a folder the tool owns")
struct PublishedFolderTests {
    /// A poster and two short entries, written into `folder`; returns the catalog arguments.
    static func catalog(in folder: URL, second: String = "둘째 항목 설명입니다.") throws -> [String] {
        let entries = [
            ["name": "첫째", "image_name": "item1", "short_desc": "하나", "desc": "첫째 항목 설명입니다."],
            ["name": "둘째", "image_name": "item2", "short_desc": "둘", "desc": second],
        ]
        let files = try writeCatalog(poster: samplePoster, entries: entries, in: folder)
        return ["--poster-file", files.poster, "--items-file", files.items]
    }

    /// Every track of the catalog without `--all`: the poster and both entries, text only.
    static let everyTrack = ["--poster", "--entry", "1", "--entry", "2", "--text-only", "--quiet"]

    static func inode(_ url: URL) -> UInt64 {
        var status = stat()
        return lstat(url.path, &status) == 0 ? UInt64(status.st_ino) : 0
    }

    static func workFolders(beside output: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)) ?? [])
            .filter { $0.hasPrefix("." + output.lastPathComponent + ".expo-narrate-") }
    }

    @Test("a folder of the user's (a web root) is refused with 73, its files named and left untouched")
    func usersFolderRefused() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let web = folder.appendingPathComponent("web")
        try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
        for (name, text) in [("index.html", "<h1>My museum</h1>"), ("guide.txt", "mine"), ("manifest.json", "{}"), ("01-jikji.txt", "my notes")] {
            try Data(text.utf8).write(to: web.appendingPathComponent(name))
        }
        let before = snapshot(of: web)
        let result = try CommandRunner.run(["--poster", "--text-only", "--output", web.path] + Self.catalog(in: folder))
        #expect(result.status == 73, "\(result.stderr)")
        #expect(
            result.stderr.contains("01-jikji.txt, guide.txt, index.html, …") && result.stderr.contains("\(web.path)/guide"),
            "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(snapshot(of: web) == before)
        #expect(Self.workFolders(beside: web).isEmpty)
    }

    @Test("a user's file or folder in the tool's folder, whatever its name, is refused (73): named, the guide unchanged byte for byte")
    func usersEntriesRefused() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.catalog(in: folder)
        let out = folder.appendingPathComponent("out")
        let first = try CommandRunner.run(["--poster", "--text-only", "--quiet", "--output", out.path] + catalog)
        #expect(first.status == 0, "\(first.stderr)")
        let manager = FileManager.default
        // Names that look like the tool's temporaries or its files, a folder with a sub-folder,
        // and a link to a folder elsewhere.
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try manager.createDirectory(at: elsewhere.appendingPathComponent("1"), withIntermediateDirectories: true)
        let cases: [(name: String, words: String, make: () throws -> Void)] = [
            ("notes.txt", "notes.txt (a file)", { try Data("mine".utf8).write(to: out.appendingPathComponent("notes.txt")) }),
            (".guide.txt.link-99", ".guide.txt.link-99 (a file)", { try Data("mine".utf8).write(to: out.appendingPathComponent(".guide.txt.link-99")) }),
            (
                "photos", "photos (a folder)",
                {
                    try manager.createDirectory(at: out.appendingPathComponent("photos/2024"), withIntermediateDirectories: true)
                    try Data("jpg".utf8).write(to: out.appendingPathComponent("photos/2024/a.jpg"))
                }
            ),
            (
                ".versions", ".versions (a symbolic link)",
                {
                    try manager.createSymbolicLink(atPath: out.appendingPathComponent(".versions").path, withDestinationPath: elsewhere.path)
                }
            ),
            ("00-poster.vtt", "00-poster.vtt (a file)", { try Data("mine too".utf8).write(to: out.appendingPathComponent("00-poster.vtt")) }),
        ]
        for item in cases {
            try item.make()
            let before = snapshot(of: out)
            let folderBefore = Self.inode(out)
            let theirs = snapshot(of: elsewhere)
            let result = try CommandRunner.run(["--poster", "--entry", "2", "--quiet", "--output", out.path] + CommandRunner.wavOnly + catalog)
            #expect(result.status == 73, "\(item.name): \(result.stderr)")
            #expect(
                result.stderr.contains(item.words) && result.stderr.contains("beside the guide") && result.stderr.contains("into " + folder.path + " (or"),
                "\(item.name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(snapshot(of: out) == before && Self.inode(out) == folderBefore, "\(item.name): the guide is unchanged byte for byte")
            #expect(snapshot(of: elsewhere) == theirs)
            #expect(Self.workFolders(beside: out).isEmpty)
            try manager.removeItem(at: out.appendingPathComponent(item.name))
        }
        let rerun = try CommandRunner.run(["--entry", "2", "--text-only", "--quiet", "--output", out.path] + catalog)
        #expect(rerun.status == 0 && manager.fileExists(atPath: out.appendingPathComponent("02-item2.txt").path), "\(rerun.stderr)")
    }

    @Test("symbolic links at the tool's internal names are never followed: the record, a work folder, the cache's own folder")
    func symlinkedInternalsNotFollowed() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.catalog(in: folder)
        let manager = FileManager.default
        let out = folder.appendingPathComponent("out")
        let cache = folder.appendingPathComponent("cache")
        let arguments = ["--poster", "--text-only", "--quiet", "--cache", cache.path, "--output", out.path] + catalog
        #expect(try CommandRunner.run(arguments).status == 0)

        // The record replaced by a link to a user's file that looks like one: the folder is not
        // the tool's any more (73), and the linked file is not touched.
        let decoy = folder.appendingPathComponent("decoy")
        try Data("expo-narrate guide folder, format 1\nsecret.txt\n".utf8).write(to: decoy)
        try manager.removeItem(at: out.appendingPathComponent(".expo-narrate"))
        try manager.createSymbolicLink(atPath: out.appendingPathComponent(".expo-narrate").path, withDestinationPath: decoy.path)
        try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        let refused = try CommandRunner.run(arguments)
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(try Data(contentsOf: decoy) == Data("expo-narrate guide folder, format 1\nsecret.txt\n".utf8))

        // A link with a work folder's name, to a folder of the user's that carries a work folder's
        // marker and a record: never entered, never drained.
        let other = folder.appendingPathComponent("other")
        let victim = folder.appendingPathComponent("victim")
        try manager.createDirectory(at: victim.appendingPathComponent("guide"), withIntermediateDirectories: true)
        try Data("expo-narrate work folder, format 1\nother\n".utf8).write(to: victim.appendingPathComponent(".expo-narrate-work"))
        try Data("expo-narrate guide folder, format 1\nprecious.txt\n".utf8).write(to: victim.appendingPathComponent("guide/.expo-narrate"))
        try Data("precious".utf8).write(to: victim.appendingPathComponent("guide/precious.txt"))
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent(".other.expo-narrate-1").path, withDestinationPath: victim.path)
        let victimBefore = snapshot(of: victim)
        let beside = try CommandRunner.run(["--poster", "--text-only", "--quiet", "--cache", cache.path, "--output", other.path] + catalog)
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(snapshot(of: victim) == victimBefore)

        // The cache's narration folder replaced by a link to a folder of the user's: refused (73).
        let mine = folder.appendingPathComponent("mine")
        try manager.createDirectory(at: mine, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: mine.appendingPathComponent("keep.json"))
        try manager.removeItem(at: cache.appendingPathComponent("narration"))
        try manager.createSymbolicLink(atPath: cache.appendingPathComponent("narration").path, withDestinationPath: mine.path)
        let linked = try CommandRunner.run(["--poster", "--text-only", "--quiet", "--cache", cache.path, "--output", other.path] + catalog)
        #expect(linked.status == 73 && linked.stderr.contains("narration is a symbolic link"), "\(linked.stderr)")
        #expect(try manager.contentsOfDirectory(atPath: mine.path) == ["keep.json"])
    }

    @Test("a named pipe at a name the tool would write, in the guide or the cache, is refused within a second, naming it")
    func namedPipeRefused() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.catalog(in: folder)
        let out = folder.appendingPathComponent("out")
        let cache = folder.appendingPathComponent("cache")
        let arguments = ["--poster", "--text-only", "--quiet", "--cache", cache.path, "--output", out.path] + catalog
        #expect(try CommandRunner.run(arguments).status == 0)
        for pipe in [out.appendingPathComponent("index.html"), cache.appendingPathComponent("CACHEDIR.TAG")] {
            try FileManager.default.removeItem(at: pipe)
            #expect(mkfifo(pipe.path, 0o644) == 0)
            let started = Date()
            let result = try CommandRunner.run(arguments)
            let seconds = Date().timeIntervalSince(started)
            // Named by its folder and its name ("… out holds index.html (a named pipe) …").
            #expect(
                result.status == 73 && result.stderr.contains(pipe.deletingLastPathComponent().path)
                    && result.stderr.contains(pipe.lastPathComponent) && result.stderr.contains("named pipe"), "\(result.stderr)")
            #expect(seconds < 1.0, "took \(seconds) s")
            var status = stat()
            #expect(lstat(pipe.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "the pipe is left as it is")
            try FileManager.default.removeItem(at: pipe)
            #expect(try CommandRunner.run(arguments + ["--no-cache"]).status == 0 || pipe == cache.appendingPathComponent("CACHEDIR.TAG"))
        }
    }

    @Test("the guide is plain files, each once: no link, zip within 1.1 × the files, a copy holds exactly the guide")
    func plainFilesOnly() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let result = try CommandRunner.run(
            ["--poster", "--entry", "1", "--entry", "2", "--quiet", "--output", out.path]
                + CommandRunner.wavOnly + Self.catalog(in: folder))
        #expect(result.status == 0, "\(result.stderr)")
        let find = try CommandRunner.runTool("/usr/bin/find", [out.path, "-type", "l"])
        #expect(find.status == 0 && find.stdout.isEmpty, "links: \(find.stdout)")
        var inodes: [UInt64: Int] = [:]
        var files = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path) {
            var status = stat()
            #expect(lstat(out.appendingPathComponent(name).path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG, "\(name)")
            inodes[UInt64(status.st_ino)] = Int(status.st_size)
            files += 1
        }
        #expect(inodes.count == files, "every file is its own")
        #expect(files > 10 && inodes.values.contains { $0 > 100_000 }, "the guide has its WAVs")
        let distinct = inodes.values.reduce(0, +)
        let zip = try CommandRunner.runTool("/usr/bin/zip", ["-qr", folder.appendingPathComponent("guide.zip").path, out.path])
        #expect(zip.status == 0, "\(zip.stderr)")
        let zipped = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("guide.zip").path)[.size] as? Int ?? .max
        #expect(Double(zipped) <= 1.1 * Double(distinct), "zip \(zipped) bytes for \(distinct) bytes of files")
        let copy = try CommandRunner.runTool("/bin/cp", ["-r", out.path, folder.appendingPathComponent("copy").path])
        #expect(copy.status == 0)
        #expect(snapshot(of: folder.appendingPathComponent("copy")) == snapshot(of: out))
        #expect(snapshot(of: out).keys.allSatisfy { !$0.contains("/") }, "no cache or old version inside")
    }

    @Test("the cache is outside the guide: $XDG_CACHE_HOME, else ~/.cache; without a usable home the guide is still made, with one line")
    func defaultCacheOutside() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.catalog(in: folder)
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let cases: [(environment: [String: String], cache: URL?)] = [
            (["XDG_CACHE_HOME": folder.appendingPathComponent("xdg").path], folder.appendingPathComponent("xdg/expo-narrate")),
            (["XDG_CACHE_HOME": "", "HOME": home.path], home.appendingPathComponent(".cache/expo-narrate")),
            (["XDG_CACHE_HOME": "", "HOME": "/nonexistent"], nil),
        ]
        for (number, item) in cases.enumerated() {
            let out = folder.appendingPathComponent("out-\(number)")
            let result = try CommandRunner.run(["--poster", "--text-only", "--output", out.path] + catalog, environment: item.environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("00-poster.txt").path))
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).allSatisfy { !$0.contains("cache") && !$0.contains("TAG") })
            let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
            if let cache = item.cache {
                let tag = try String(contentsOf: cache.appendingPathComponent("CACHEDIR.TAG"), encoding: .utf8)
                #expect(tag.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55"))
                #expect(warnings.isEmpty, "\(result.stderr)")
            } else {
                #expect(warnings.count == 1 && warnings[0].contains("/nonexistent") && warnings[0].contains("without"), "\(result.stderr)")
            }
        }
    }

    @Test("another program's cache (a CACHEDIR.TAG without the tool's version file) is refused with 73 and left as it is")
    func foreignCacheTagRefused() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("debug"), withIntermediateDirectories: true)
        try Data("Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag created by cargo.\n".utf8)
            .write(to: target.appendingPathComponent("CACHEDIR.TAG"))
        let before = snapshot(of: target)
        let result = try CommandRunner.run(
            ["--poster", "--text-only", "--cache", target.path, "--output", folder.appendingPathComponent("out").path]
                + Self.catalog(in: folder))
        #expect(result.status == 73 && result.stderr.contains("another program's cache"), "\(result.stderr)")
        #expect(snapshot(of: target) == before && GuideFolderCheck.names(target) == ["CACHEDIR.TAG", "debug"])
    }

    @Test("an --output link that names nothing or loops is refused with 73 and says so")
    func brokenOutputLink() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.catalog(in: folder)
        let dangling = folder.appendingPathComponent("dangling")
        let loop = folder.appendingPathComponent("loop")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: folder.appendingPathComponent("missing").path)
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        for (link, words) in [(dangling, "which does not exist"), (loop, "loop")] {
            let result = try CommandRunner.run(["--poster", "--text-only", "--output", link.path] + catalog)
            #expect(result.status == 73 && result.stderr.contains(words) && !result.stderr.contains("No such file"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("missing").path))
    }

    @Test("a rerun that changes nothing swaps nothing and writes no file; one changed entry writes only its files and those that list it")
    func onlyChangesWritten() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let arguments = Self.everyTrack + ["--output", out.path]
        #expect(try CommandRunner.run(arguments + Self.catalog(in: folder)).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        let before = Dictionary(uniqueKeysWithValues: names.map { ($0, Self.inode(out.appendingPathComponent($0))) })
        let folderBefore = Self.inode(out)
        #expect(try CommandRunner.run(arguments + Self.catalog(in: folder)).status == 0)
        #expect(Self.inode(out) == folderBefore, "nothing changed: the folder is not swapped")
        for name in names { #expect(Self.inode(out.appendingPathComponent(name)) == before[name], "\(name)") }

        #expect(try CommandRunner.run(arguments + Self.catalog(in: folder, second: "둘째 항목을 고쳤습니다.")).status == 0)
        #expect(Self.inode(out) != folderBefore)
        let rewritten = Set(names.filter { Self.inode(out.appendingPathComponent($0)) != before[$0] })
        // The entry's files and the files that list its text (the record too: it keeps each
        // file's SHA-256); every other file is the same file.
        #expect(
            rewritten.isSubset(of: ["02-item2.txt", "02-item2.spoken.txt", "guide.txt", "index.html", "manifest.json", ".expo-narrate"])
                && rewritten.contains("02-item2.txt") && rewritten.contains("index.html"), "\(rewritten.sorted())")
    }
}

/// Listing a folder for the checks above.
enum GuideFolderCheck {
    static func names(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
