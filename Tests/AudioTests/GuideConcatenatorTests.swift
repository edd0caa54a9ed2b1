import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import Audio

@Suite("GuideConcatenator")
struct GuideConcatenatorTests {
    private func makeTrack(_ name: String, value: Int16, frames: Int, rate: Int = 22050, in folder: TemporaryFolder)
        throws -> URL
    {
        let url = folder.file(name)
        let writer = try WAVWriter(url: url, sampleRate: rate)
        try writer.append([Int16](repeating: value, count: frames))
        try writer.finish(cues: [CuePoint(sampleOffset: 0, label: "own cue, not copied")])
        return url
    }

    @Test("tracks follow each other with silent gaps and a titled cue at each start")
    func concatenates() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tracks = [
            GuideTrack(url: try makeTrack("01.wav", value: 100, frames: 30_000, in: folder), title: "포스터"),
            GuideTrack(url: try makeTrack("02.wav", value: -200, frames: 5_001, in: folder), title: "Entry 2: 갓"),
            GuideTrack(url: try makeTrack("03.wav", value: 300, frames: 1, in: folder), title: ""),
        ]
        let output = folder.file("guide.wav")
        let layout = try GuideConcatenator(gapSeconds: 0.5).concatenate(tracks, to: output)
        let gap = 11025
        #expect(layout.trackStartFrames == [0, UInt64(30_000 + gap), UInt64(30_000 + gap + 5_001 + gap)])
        #expect(layout.trackStartSeconds == layout.trackStartFrames.map { Double($0) / 22050 })
        #expect(layout.sampleRate == 22050)
        #expect(layout.durationSeconds == Double(30_000 + 5_001 + 1 + 2 * gap) / 22050)

        let expected =
            [Int16](repeating: 100, count: 30_000) + [Int16](repeating: 0, count: gap)
            + [Int16](repeating: -200, count: 5_001) + [Int16](repeating: 0, count: gap) + [300]
        #expect(try readAllSamples(output) == expected)
        let cues = try WAVReader(url: output).cuePoints
        #expect(cues.map(\.label) == tracks.map(\.title))
        #expect(cues.map { UInt64($0.sampleOffset) } == layout.trackStartFrames)
        #expect(layout.sha256 == (try SHA256Digest.ofFile(output.path)), "hashed beside the copy, it is the file's")
    }

    @Test("the digest hashed beside the copy is the file's for long tracks, odd lengths and no gap")
    func digestOfLargerGuides() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Longer than the hashing thread's block (65,536 frames), with varied samples.
        let url = folder.file("long.wav")
        let writer = try WAVWriter(url: url, sampleRate: 22050)
        try writer.append((0..<700_001).map { Int16(truncatingIfNeeded: $0 &* 40_503) })
        try writer.finish()
        let tracks = [
            GuideTrack(url: url, title: "긴 트랙"), GuideTrack(url: try makeTrack("b.wav", value: -7, frames: 3, in: folder), title: "B"),
            GuideTrack(url: url, title: "다시"),
        ]
        for gap in [0, 0.25, 3] {
            let output = folder.file("guide-\(gap).wav")
            let layout = try GuideConcatenator(gapSeconds: gap).concatenate(tracks, to: output)
            #expect(layout.sha256 == (try SHA256Digest.ofFile(output.path)))
        }
    }

    @Test("a track at another sample rate is named in the error and no guide is written")
    func rateMismatch() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let odd = try makeTrack("02.wav", value: 1, frames: 10, rate: 16000, in: folder)
        let tracks = [
            GuideTrack(url: try makeTrack("01.wav", value: 1, frames: 10, in: folder), title: "a"),
            GuideTrack(url: odd, title: "b"),
        ]
        #expect(throws: ExpoError.sampleRateMismatch(file: odd.path, expected: 22050, found: 16000)) {
            try GuideConcatenator().concatenate(tracks, to: folder.file("guide.wav"))
        }
        #expect(try folder.contents() == ["01.wav", "02.wav"])
    }

    @Test("a guide without tracks is refused")
    func noTracks() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(throws: ExpoError.self) { try GuideConcatenator().concatenate([], to: folder.file("guide.wav")) }
        #expect(try folder.contents() == [])
    }

    @Test("zero gap puts tracks back to back")
    func zeroGap() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tracks = [
            GuideTrack(url: try makeTrack("a.wav", value: 5, frames: 3, in: folder), title: "A"),
            GuideTrack(url: try makeTrack("b.wav", value: 6, frames: 2, in: folder), title: "B"),
        ]
        let layout = try GuideConcatenator(gapSeconds: 0).concatenate(tracks, to: folder.file("g.wav"))
        #expect(layout.trackStartFrames == [0, 3])
        #expect(try readAllSamples(folder.file("g.wav")) == [5, 5, 5, 6, 6])
    }
}
