import ExpoModel
import ExpoSystem
import Foundation
import GuideCache
import Publication
import Synthesis
import TestSupport
import Testing

@testable import Pipeline

@Suite("Tracks staged as they are made")
struct TrackStagerTests {
    static func job(_ stem: String, title: String) -> SynthesisJob {
        let ssml = "<speak><mark name=\"s0\"/>\(stem)</speak>"
        return SynthesisJob(key: SHA256Digest.key([stem]), fileStem: stem, title: title, ssml: ssml, sentences: [stem])
    }

    /// A temporary folder with a track cache and an output folder in it.
    static func places() throws -> (URL, TrackCache, OutputFolder) {
        let folder = try TemporaryFolder().url
        return (
            folder, try TrackCache(folder: folder.appendingPathComponent("cache")),
            try OutputFolder(destination: folder.appendingPathComponent("out"))
        )
    }

    /// `places()` with one track, "00-a", made in the cache.
    static func placesWithOneTrack() throws -> (URL, TrackCache, OutputFolder, SynthesisJob) {
        let (folder, cache, output) = try places()
        let job = job("00-a", title: "가")
        try TrackMaker(engine: ToneEngine(), profile: TestProfiles.standard, delivery: Delivery(formats: [.wav]), cache: cache)
            .make(job)
        return (folder, cache, output, job)
    }

    @Test("each complete track of a finished title is staged with its cached bytes; one not yet made is left for later")
    func stagesCompleteTracks() throws {
        let (folder, cache, output) = try Self.places()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two tracks share a title (a duplicated entry); one of them is not made yet.
        let jobs = [Self.job("00-a", title: "가"), Self.job("01-b", title: "나"), Self.job("02-b", title: "나")]
        let maker = TrackMaker(
            engine: ToneEngine(), profile: TestProfiles.standard, delivery: Delivery(formats: [.wav]),
            cache: cache)
        try maker.make(jobs[0])
        try maker.make(jobs[1])
        let stager = SynthesisStage.TrackStager(jobs: jobs, madeNow: [], cache: cache, delivery: Delivery(formats: [.wav]), output: output)
        stager.stage(title: "가")
        stager.stage(title: "나")
        stager.stage(title: "가")  // a second report changes nothing
        try stager.wait()
        #expect(stager.staged("00-a") && stager.staged("01-b"))
        #expect(!stager.staged("02-b"), "not made yet: left to the run's own pass")
        for job in jobs.prefix(2) {
            let staged = output.stagedURL(job.fileStem + ".wav")
            #expect(try SHA256Digest.ofFile(staged.path) == cache.entry(job.key)?.sha256)
        }
        #expect(!FileManager.default.fileExists(atPath: output.stagedURL("02-b.wav").path))
        // Made later, it is staged at its title's next report.
        try maker.make(jobs[2])
        stager.stage(title: "나")
        try stager.wait()
        #expect(stager.staged("02-b"))
        #expect(try SHA256Digest.ofFile(output.stagedURL("02-b.wav").path) == cache.entry(jobs[2].key)?.sha256)
    }

    @Test("a track this run made is staged without its WAV being read again")
    func madeNowNotReadAgain() throws {
        let (folder, cache, output, job) = try Self.placesWithOneTrack()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stager = SynthesisStage.TrackStager(
            jobs: [job], madeNow: [job.key], cache: cache,
            delivery: Delivery(formats: [.wav]), output: output)
        stager.stage(title: "가")
        try stager.wait()
        #expect(stager.staged("00-a"))
        #expect(cache.digests.filesHashed == 0, "neither the worker nor the stager read the WAV back")
        #expect(
            try SHA256Digest.ofFile(output.stagedURL("00-a.wav").path) == cache.entry(job.key)?.sha256,
            "the digest the worker recorded, hashed as it wrote, is the file's")
    }

    @Test("a track whose thread the system refused is left to the run's own pass; a copy that fails is thrown")
    func refusedThread() throws {
        let (folder, cache, output, job) = try Self.placesWithOneTrack()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The body never runs, as when pthread_create is refused.
        let refused = SynthesisStage.TrackStager(
            jobs: [job], madeNow: [], cache: cache, delivery: Delivery(formats: [.wav]), output: output,
            startThread: { _ in BackgroundWork { throw ExpoError(.resources, "refused") } })
        refused.stage(title: "가")
        try refused.wait()
        #expect(!refused.staged("00-a"))
        #expect(!FileManager.default.fileExists(atPath: output.stagedURL("00-a.wav").path))
        // A thread that ran and failed: its error is the run's.
        unlink(cache.audioURL(job.key).path)
        let failing = SynthesisStage.TrackStager(
            jobs: [job], madeNow: [], cache: cache, delivery: Delivery(formats: [.wav]), output: output,
            startThread: { body in
                BackgroundWork {
                    try body()
                    throw ExpoError(.io, "disk full")
                }
            })
        failing.stage(title: "가")
        #expect(throws: ExpoError.self) { try failing.wait() }
    }
}
