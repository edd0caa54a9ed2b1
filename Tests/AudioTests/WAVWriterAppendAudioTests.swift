import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import Audio

@Suite("WAVWriter.appendAudio")
struct WAVWriterAppendAudioTests {
    static func samples(_ count: Int, seed: Int) -> [Int16] {
        (0..<count).map { Int16(truncatingIfNeeded: ($0 &+ seed) &* 40503 &+ seed) }
    }

    static func write(_ samples: [Int16], to url: URL, sampleRate: Int = 22050) throws {
        let writer = try WAVWriter(url: url, sampleRate: sampleRate)
        try writer.append(samples)
        try writer.finish()
    }

    static func audio(of url: URL) throws -> [Int16] {
        let reader = try WAVReader(url: url)
        return try reader.read(maxFrames: Int(reader.frameCount))
    }

    @Test(
        "copies another file's audio exactly, between samples and silence, across copy chunks",
        arguments: [0, 1, 4097, (2 << 20) + 3])
    func copiesExactly(frames: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let track = Self.samples(frames, seed: frames)
        try Self.write(track, to: folder.file("track.wav"))
        let before = Self.samples(101, seed: 7)

        let writer = try WAVWriter(url: folder.file("out.wav"), sampleRate: 22050)
        try writer.append(before)
        try writer.appendAudio(of: WAVReader(url: folder.file("track.wav")))
        try writer.appendSilence(frames: 5)
        try writer.appendAudio(of: WAVReader(url: folder.file("track.wav")))
        #expect(writer.framesWritten == UInt64(101 + 2 * frames + 5))
        try writer.finish(cues: [CuePoint(sampleOffset: 101, label: "track")])

        let expected = before + track + [Int16](repeating: 0, count: 5) + track
        #expect(try Self.audio(of: folder.file("out.wav")) == expected)
        #expect(try WAVReader(url: folder.file("out.wav")).cuePoints == [CuePoint(sampleOffset: 101, label: "track")])
    }

    @Test("a track at another sample rate is refused, naming it")
    func otherRateRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.write(Self.samples(10, seed: 1), to: folder.file("track.wav"), sampleRate: 16000)
        let writer = try WAVWriter(url: folder.file("out.wav"), sampleRate: 22050)
        #expect {
            try writer.appendAudio(of: WAVReader(url: folder.file("track.wav")))
        } throws: { error in
            error.localizedDescription.contains("track.wav")
        }
    }

    @Test("a stop request ends the copy with nothing left behind")
    func stopRequest() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.write(Self.samples(1000, seed: 2), to: folder.file("track.wav"))
        let writer = try WAVWriter(url: folder.file("out.wav"), sampleRate: 22050)
        #expect(throws: ExpoError.interrupted) {
            try writer.appendAudio(of: WAVReader(url: folder.file("track.wav")), shouldStop: { true })
        }
        writer.cancel()
        #expect(try folder.contents() == ["track.wav"])
    }

    @Test("the size limit holds for copied audio too: tooLarge, and the temporary file is gone")
    func sizeLimit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.write(Self.samples(1000, seed: 3), to: folder.file("track.wav"))
        let writer = try WAVWriter(url: folder.file("out.wav"), sampleRate: 22050, limitBytes: 44 + 1500)
        #expect(throws: ExpoError.self) {
            try writer.appendAudio(of: WAVReader(url: folder.file("track.wav")))
        }
        #expect(try folder.contents() == ["track.wav"])
    }
}

@Suite("WAVWriter.expect")
struct WAVWriterExpectTests {
    @Test("a size announced too small, too large or right changes nothing in the file", arguments: [0, 10, 1000, 100_000])
    func announcedSizeIsOnlyAHint(expectedFrames: UInt64) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let samples = WAVWriterAppendAudioTests.samples(1000, seed: 9)
        let plain = try WAVWriter(url: folder.file("plain.wav"), sampleRate: 22050)
        try plain.append(samples)
        try plain.finish(cues: [CuePoint(sampleOffset: 10, label: "a")])
        let hinted = try WAVWriter(url: folder.file("hinted.wav"), sampleRate: 22050)
        hinted.expect(frames: expectedFrames, trailerBytes: 64)
        try hinted.append(samples)
        try hinted.finish(cues: [CuePoint(sampleOffset: 10, label: "a")])
        #expect(try Data(contentsOf: folder.file("plain.wav")) == Data(contentsOf: folder.file("hinted.wav")))
    }
}
