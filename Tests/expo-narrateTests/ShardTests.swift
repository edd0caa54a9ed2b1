import ExpoModel
import Foundation
import TestSupport
import Testing

/// `--shard K/N` and `--assemble-only`: several processes filling one cache make the same
/// published guide, byte for byte, as one run on one machine.
@Suite("shards and assembling", .serialized, .tags(.endToEnd))
struct ShardTests {
    /// A catalog of tracks of different lengths (so the split has something to balance), with
    /// `formats` (default: the default formats).
    static func catalog(in folder: URL, formats: [String] = []) throws -> [String] {
        let sentences = [
            "이 전시품은 1900년 파리 만국박람회에 나왔습니다.", "크기는 가로 42㎝, 세로 30㎝입니다.",
            "나무와 종이로 만들었습니다.", "관람객 3,200명이 보았습니다.", "지금은 서울에 있습니다.",
        ]
        let entries = (1...7).map { number in
            [
                "name": "전시품 \(number)", "image_name": "item\(number)", "short_desc": "시험 전시품 \(number)",
                "desc": (0..<(1 + number % 4)).map { sentences[($0 + number) % sentences.count] }.joined(separator: " "),
            ]
        }
        let files = try writeCatalog(poster: samplePoster, entries: entries, in: folder)
        return ["--all", "--quiet", "--poster-file", files.poster, "--items-file", files.items] + formats
    }

    /// The files of the guide published in `output`, with their bytes (the tool's record included).
    static func published(_ output: URL) throws -> [String: Data] {
        snapshot(of: output)
    }

    /// Runs the shards of `shards` side by side into `cache`; returns their stderr.
    static func runShards(_ shards: [String], cache: URL, catalog: [String], in folder: URL) throws -> [String] {
        let runs = try shards.map {
            try RunningCommand(catalog + ["--shard", $0, "--cache", cache.path, "--jobs", "1"], directory: folder)
        }
        return runs.map { run in
            let status = run.waitForExit(timeout: 300)
            #expect(status == 0, "\(run.stderr)")
            return run.stderr
        }
    }

    /// The test catalog's arguments, the guide one machine makes of it in `folder`/one, and
    /// where the sharded guide and its shared cache go (`two`, `shared-cache`).
    static func singleMachineGuide(in folder: URL, formats: [String] = []) throws -> (catalog: [String], one: URL, two: URL, cache: URL) {
        let catalog = try catalog(in: folder, formats: formats)
        let one = folder.appendingPathComponent("one")
        let two = folder.appendingPathComponent("two")
        let single = try CommandRunner.run(catalog + ["--output", one.path], directory: folder)
        #expect(single.status == 0, "\(single.stderr)")
        return (catalog, one, two, folder.appendingPathComponent("shared-cache"))
    }

    @Test("four shards into one cache, then assembling, publish what one run publishes; a missing track is named with its shard")
    func fourShards() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (catalog, one, two, cache) = try Self.singleMachineGuide(in: folder)

        let lines = try Self.runShards((0..<4).map { "\($0)/4" }, cache: cache, catalog: catalog, in: folder)
        // One summary line each, saying what it made; every track made by exactly one shard.
        var made = 0
        for (index, stderr) in lines.enumerated() {
            let line = try #require(stderr.split(separator: "\n").first { $0.contains("shard \(index)/4:") })
            #expect(line.contains("failed"), "\(line)")
            let counts = line.components(separatedBy: "shard \(index)/4: ")[1]
            made += Int(counts.prefix { $0.isNumber }) ?? -100
        }
        #expect(made == 8)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("output").path))
        // The engines' variables name the same shards (a Slurm array numbered from 1 here).
        let slurm = try CommandRunner.run(
            catalog + ["--shard", "auto", "--cache", cache.path],
            environment: [
                "SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4", "JOB_COMPLETION_INDEX": "",
            ],
            directory: folder)
        #expect(slurm.status == 0 && slurm.stderr.contains("shard 1/4: 0 of"), "\(slurm.stderr)")
        let kubernetes = try CommandRunner.run(
            catalog + ["--shard", "auto/4", "--cache", cache.path],
            environment: ["JOB_COMPLETION_INDEX": "3"], directory: folder)
        #expect(kubernetes.status == 0 && kubernetes.stderr.contains("shard 3/4: 0 of"), "\(kubernetes.stderr)")

        let assemble = try CommandRunner.run(
            catalog.filter { $0 != "--quiet" }
                + ["--assemble-only", "--cache", cache.path, "--output", two.path], directory: folder)
        #expect(assemble.status == 0, "\(assemble.stderr)")
        #expect(assemble.stderr.contains("8 from the cache"), "\(assemble.stderr)")
        for index in 0..<4 { #expect(assemble.stderr.contains("shard \(index)/4 made"), "\(assemble.stderr)") }
        let reference = try Self.published(one)
        #expect(reference.count > 30)
        #expect(try Self.published(two) == reference)

        // A track whose entry is gone: named with its shard, status 69, nothing published.
        let records = CommandRunner.trackRecords(in: cache)
        let victim = records[records.count / 2]
        let record = try JSONDecoder().decode(TrackAudio.self, from: Data(contentsOf: cache.appendingPathComponent(victim)))
        let shard = try #require(record.origin?.shard)
        try FileManager.default.removeItem(at: cache.appendingPathComponent(victim))
        let before = snapshot(of: two)
        let missing = try CommandRunner.run(
            catalog + ["--assemble-only", "--cache", cache.path, "--output", two.path],
            directory: folder)
        #expect(missing.status == 69, "\(missing.stderr)")
        #expect(missing.stderr.contains("1 of 8 tracks are not complete"), "\(missing.stderr)")
        #expect(missing.stderr.contains("(shard \(shard))") && missing.stderr.contains("Run shard \(shard) again"), "\(missing.stderr)")
        #expect(snapshot(of: two) == before)

        // That shard run again alone makes just that track; then the guide is whole again.
        let again = try Self.runShards([shard], cache: cache, catalog: catalog, in: folder)
        #expect(again[0].contains("shard \(shard): 1 of"), "\(again[0])")
        let repaired = try CommandRunner.run(
            catalog + ["--assemble-only", "--cache", cache.path, "--output", two.path],
            directory: folder)
        #expect(repaired.status == 0, "\(repaired.stderr)")
        #expect(try Self.published(two) == reference)
    }

    @Test("a shard killed midway (SIGKILL) and run again gives the same guide")
    func killedShard() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (catalog, one, two, cache) = try Self.singleMachineGuide(in: folder, formats: CommandRunner.wavOnly)

        // Killed, with its speech server and workers, as a batch engine kills a job, once it
        // has stored one track and before it has stored them all.
        let run = try RunningCommand(catalog + ["--shard", "0/1", "--cache", cache.path, "--jobs", "1"], directory: folder)
        let records = { CommandRunner.trackRecords(in: cache).count }
        #expect(RunningCommand.wait(upTo: 120) { records() >= 1 || !run.process.isRunning })
        let family = [run.pid] + run.childProcesses() + run.speechWorkers()
        for pid in family { kill(pid, SIGKILL) }
        _ = run.waitForExit(timeout: 10)
        #expect(RunningCommand.wait(upTo: 10) { family.allSatisfy { kill($0, 0) != 0 } })
        #expect((1..<8).contains(records()), "the shard was not killed midway: \(records()) tracks stored")

        // Unfinished: assembling refuses and names the shard.
        let early = try CommandRunner.run(
            catalog + ["--assemble-only", "--cache", cache.path, "--output", two.path],
            directory: folder)
        #expect(early.status == 69 && early.stderr.contains("(shard 0/1)"), "\(early.stderr)")
        #expect(!FileManager.default.fileExists(atPath: two.appendingPathComponent("manifest.json").path))

        let again = try Self.runShards(["0/1"], cache: cache, catalog: catalog, in: folder)
        #expect(again[0].contains("already in the cache, 0 failed"), "\(again[0])")
        let assemble = try CommandRunner.run(
            catalog + ["--assemble-only", "--cache", cache.path, "--output", two.path],
            directory: folder)
        #expect(assemble.status == 0, "\(assemble.stderr)")
        #expect(try Self.published(two) == Self.published(one))
    }

    @Test("the shard comes from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN; a wrong one is a usage error")
    func shardFromEnvironment() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.catalog(in: folder) + ["--cache", folder.appendingPathComponent("c").path]
        // Read before the catalog: a wrong shard writes nothing.
        let cases: [([String: String], String, Int32, String)] = [
            (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"], "auto", 64, "shard 4 of 4 does not exist"),
            (["JOB_COMPLETION_INDEX": "4"], "auto/4", 64, "shard 4 of 4 does not exist"),
            (["SLURM_ARRAY_TASK_ID": "1"], "auto", 64, "give it as auto/N"),
            ([:], "auto/3", 64, "neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID"),
            ([:], "2/x", 64, "N is \"x\", not a whole number"),
        ]
        for (environment, value, status, message) in cases {
            var clean = environment
            for name in ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT"]
            where clean[name] == nil && ProcessInfo.processInfo.environment[name] != nil { clean[name] = "" }
            let result = try CommandRunner.run(catalog + ["--shard", value], environment: clean, directory: folder)
            #expect(result.status == status && result.stderr.contains(message), "\(environment) \(value): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("c").path))
        let textOnly = try CommandRunner.run(catalog + ["--shard", "0/2", "--text-only"], directory: folder)
        #expect(textOnly.status == 64 && textOnly.stderr.contains("drop --text-only"), "\(textOnly.stderr)")
    }

    @Test("where flock is not supported (ENOLCK, as on some NFS mounts), shards and assembling go on, say so once, and give the same guide")
    func withoutFlock() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // flock(2) as a file system without lock support answers it, for the binary only.
        let source = folder.appendingPathComponent("no-flock.c")
        try Data("#include <errno.h>\nint flock(int fd, int operation) { (void)fd; (void)operation; errno = ENOLCK; return -1; }\n".utf8)
            .write(to: source)
        let library = folder.appendingPathComponent("no-flock.so")
        let compiler = try CommandRunner.runTool("/bin/sh", ["-c", "cc -shared -fPIC -o '\(library.path)' '\(source.path)'"])
        try #require(compiler.status == 0, "no C compiler to make the flock stand-in: \(compiler.stderr)")
        let (catalog, one, two, cache) = try Self.singleMachineGuide(in: folder, formats: CommandRunner.wavOnly)

        let noLocks = ["LD_PRELOAD": library.path]
        for shard in ["0/2", "1/2"] {
            let run = try CommandRunner.run(
                catalog + ["--shard", shard, "--cache", cache.path, "--jobs", "2"],
                environment: noLocks, directory: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.components(separatedBy: "cannot be locked (No locks available").count == 2, "\(run.stderr)")
        }
        let assemble = try CommandRunner.run(
            catalog + ["--assemble-only", "--cache", cache.path, "--output", two.path],
            environment: noLocks, directory: folder)
        #expect(assemble.status == 0, "\(assemble.stderr)")
        // Told once, though both the output and the cache folder could not be locked.
        #expect(assemble.stderr.components(separatedBy: "cannot be locked").count == 2, "\(assemble.stderr)")
        #expect(try Self.published(two) == Self.published(one))
    }
}
