import Foundation
import TestSupport
import Testing

/// When the system refuses the run a resource (processes, threads, descriptors, memory), the
/// run stops with 75 and the published guide is as it was: a track the guide has as audio never
/// becomes text for it. The limits are real ones (`prlimit`), and the runs are an unprivileged
/// user's (`setpriv`, nobody), since the process limit does not bind root. Memory
/// (RLIMIT_AS) has no test here: below what the dynamic loader maps the program does not start
/// (127), and a refused allocation inside the Swift runtime aborts the process (SIGABRT), which
/// no handler turns into a status.
@Suite("refused resources: 75, the published guide unchanged", .serialized, .tags(.endToEnd))
struct ResourceLimitTests {
    static let canDropPrivileges = getuid() == 0 && ExternalTool.find("setpriv") != nil && ExternalTool.find("prlimit") != nil
    static let nobody: UInt32 = 65534

    /// A folder that nobody owns, with a catalog of one entry whose text says `variant`.
    static func folder() throws -> URL {
        let folder = try CommandRunner.temporaryFolder()
        #expect(chown(folder.path, nobody, nobody) == 0)
        return folder
    }

    /// A catalog of six entries whose texts say `variant`: a run with a new variant has six
    /// tracks to make, as many as `--jobs 6` makes at once.
    static func catalog(_ variant: Int, in folder: URL) throws -> [String] {
        let entries = (0..<6).map { #"{"name": "갓\#($0)", "image_name": "g\#($0)", "short_desc": "모자 \#($0)", "desc": "갓은 모자다. \#(variant)번째 이야기의 \#($0)."}"# }
        let files = try BadInputTests.catalog(items: "[" + entries.joined(separator: ",") + "]", in: folder)
        for file in [files[1], files[3]] { #expect(chmod(file, 0o644) == 0) }
        return files
    }

    /// Runs `binary` (one that nobody may run: `FaultInjectionTests.installForAnyUser`) as
    /// nobody under `limits` (prlimit's options, e.g. "--nproc=8").
    static func runAsNobody(_ binary: URL, _ arguments: [String], limits: [String]) throws -> CommandRunner.Result {
        try CommandRunner.run(
            limits + [
                "setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", "--",
                binary.path,
            ] + arguments,
            executable: try #require(ExternalTool.find("prlimit")))
    }

    /// Every published file and its bytes.
    static func published(_ guide: URL) -> [String: Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: guide.path)) ?? []
        return Dictionary(uniqueKeysWithValues: names.map { ($0, (try? Data(contentsOf: guide.appendingPathComponent($0))) ?? Data()) })
    }

    /// Runs `limits` over a guide that has its audio, each time with a changed entry to speak:
    /// the run either publishes it whole (0: the limit allowed it) or stops with 75 and the guide
    /// as it was; never text in place of audio (3), never a signal.
    func expectWholeOrUnchanged(limits: [[String]]) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let guide = folder.appendingPathComponent("guide")
        let binary = try FaultInjectionTests.installForAnyUser(in: folder)
        let arguments = ["--all", "--quiet", "--jobs", "6", "--output", guide.path] + CommandRunner.wavOnly
        let first = try Self.runAsNobody(binary, arguments + (try Self.catalog(0, in: folder)), limits: [])
        #expect(first.status == 0, "\(first.stderr)")
        var refused = 0
        for (index, limit) in limits.enumerated() {
            let before = Self.published(guide)
            let result = try Self.runAsNobody(binary, arguments + (try Self.catalog(index + 1, in: folder)), limits: limit)
            #expect([0, 75].contains(result.status), "\(limit): \(result.status): \(result.stderr.suffix(800))")
            if result.status != 0 {
                refused += 1
                #expect(Self.published(guide) == before, "\(limit): the guide changed")
                let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("expo-narrate") }
                #expect(lines.count == 1, "\(limit): \(result.stderr.suffix(800))")
                // A refused resource is not a full disk: the advice says which limit to raise.
                #expect(!result.stderr.contains("Free some space") && result.stderr.contains("ulimit"), "\(limit): \(result.stderr.suffix(800))")
            }
            #expect(!result.stderr.contains("its text is written"), "\(limit): a track became text: \(result.stderr.suffix(800))")
        }
        // A limit that refused nothing tested nothing: the tightest must refuse.
        #expect(refused > 0, "no limit was tight enough to refuse anything")
    }

    @Test(
        "too few processes (RLIMIT_NPROC) for the speech workers: 75, the guide unchanged",
        .enabled(if: canDropPrivileges, "needs root, setpriv and prlimit"))
    func tooFewProcesses() throws {
        try expectWholeOrUnchanged(limits: [4, 5, 6, 7, 8, 12].map { ["--nproc=\($0)"] })
    }

    @Test(
        "too few descriptors (RLIMIT_NOFILE): 75, the guide unchanged",
        .enabled(if: canDropPrivileges, "needs root, setpriv and prlimit"))
    func tooFewDescriptors() throws {
        try expectWholeOrUnchanged(limits: [6, 8, 12, 16].map { ["--nofile=\($0)"] })
    }
}
