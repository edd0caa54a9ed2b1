import Foundation
import Synthesis
import Synthesizer
import TestSupport
import Testing

@testable import Pipeline

/// `expo-narrate _speech-server`, driven over its standard input and output as `WorkerPool`
/// drives it.
@Suite("the speech server", .tags(.endToEnd))
struct SpeechServerTests {
    static let key = "0123456789abcdef"

    static func profile(voice: String? = nil) throws -> VoiceProfile {
        var profile = try VoiceLibrary(folder: CommandRunner.projectRoot.appendingPathComponent("Voices"))
            .profile(named: "standard")
        if let voice { profile.espeakVoice = voice }
        return profile
    }

    /// A batch folder (with `failed/`) holding one short job, and its cache folder.
    static func batch(in folder: URL, profile: VoiceProfile) throws -> (batch: URL, cache: URL) {
        let batch = folder.appendingPathComponent("batch")
        let cache = folder.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: batch.appendingPathComponent("failed"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let ssml = "<speak version=\"1.0\" xml:lang=\"ko\"><p><s><mark name=\"s0\"/>안녕하세요. </s></p></speak>"
        let job = SynthesisJob(key: key, fileStem: "00-test", title: "시험", ssml: ssml, sentences: ["안녕하세요."])
        let content = SynthesisBatch(profile: profile, cacheFolder: cache.path, jobs: [job])
        try JSONEncoder().encode(content).write(to: batch.appendingPathComponent("batch.json"))
        return (batch, cache)
    }

    static func arguments(_ profile: VoiceProfile) throws -> [String] {
        try SpeechServerRequest(profile: profile).arguments()
    }

    @Test("it reports started and ready, forks a worker per job, and reports how it ended")
    func oneJob() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = try Self.profile()
        let (batch, cache) = try Self.batch(in: folder, profile: profile)
        let result = try CommandRunner.run(
            try Self.arguments(profile),
            input: "batch \(batch.path)\njob \(Self.key)\njob ffff\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["started", "ready"], "\(lines)")
        #expect(Set(lines.dropFirst(2)) == ["done \(Self.key) 0 exit", "done ffff 2 exit"], "\(lines)")
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent(Self.key + ".wav").path))
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent(Self.key + ".json").path))
        let reason = try String(contentsOf: batch.appendingPathComponent("failed/ffff"), encoding: .utf8)
        #expect(reason.contains("no job ffff"), "\(reason)")
    }

    @Test("a batch for another voice profile than the server's is spoken with the batch's")
    func batchProfileWins() throws {
        func duration(serverProfile: VoiceProfile, batchProfile: VoiceProfile) throws -> Int {
            let folder = try CommandRunner.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let (batch, cache) = try Self.batch(in: folder, profile: batchProfile)
            let result = try CommandRunner.run(try Self.arguments(serverProfile), input: "batch \(batch.path)\njob \(Self.key)\n")
            #expect(result.status == 0, "\(result.stderr)")
            let attributes = try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(Self.key + ".wav").path)
            return (attributes[.size] as? NSNumber)?.intValue ?? 0
        }
        let library = VoiceLibrary(folder: CommandRunner.projectRoot.appendingPathComponent("Voices"))
        let standard = try library.profile(named: "standard")
        let slow = try library.profile(named: "slow")
        let asServer = try duration(serverProfile: slow, batchProfile: slow)
        let asBatch = try duration(serverProfile: standard, batchProfile: slow)
        let standardOnly = try duration(serverProfile: standard, batchProfile: standard)
        #expect(asServer > standardOnly, "the slow profile should make a longer file")
        #expect(asBatch == asServer, "\(asBatch) bytes with the batch's profile, \(asServer) with the server's")
    }

    @Test("a voice espeak-ng does not have is one 'unavailable' line with the reason, before any batch")
    func missingVoice() throws {
        let profile = try Self.profile(voice: "xx-no-such-voice")
        let result = try CommandRunner.run(try Self.arguments(profile), input: "batch /nonexistent\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("unavailable ") && lines[0].contains("xx-no-such-voice"), "\(lines)")
    }

    @Test("closing its input before a batch ends it quietly (a run that needed no speech)")
    func noBatch() throws {
        let result = try CommandRunner.run(try Self.arguments(try Self.profile()), input: "")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "started\n")
    }

    @Test("a batch it cannot read is one 'unavailable' line")
    func unreadableBatch() throws {
        let result = try CommandRunner.run(try Self.arguments(try Self.profile()), input: "batch /nonexistent-folder\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0] == "started" && lines[1].hasPrefix("unavailable "), "\(lines)")
    }
}
