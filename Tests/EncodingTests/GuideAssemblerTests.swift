import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Encoding

@Suite("Guide assembly") struct GuideAssemblerTests {
    /// Three tracks of odd lengths, so that gaps cannot be whole frames by luck.
    static let lengths = [1.013, 1.737, 0.871]

    @Test("Chapters land within half a codec frame of guide.wav's cue points", arguments: [EncodedFormat.mp3, .opus])
    func chapterOffsets(format: EncodedFormat) throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (assembly, tracks, pcm) = try assemble(format, in: folder)
        let frameSeconds = format == .mp3 ? 576.0 / 22_050 : 0.020
        #expect(assembly.chapters.map(\.title) == tracks.map(\.title))
        for error in assembly.chapterErrorsSeconds {
            #expect(abs(error) <= frameSeconds / 2 + 1e-9, "chapter error \(error * 1000) ms")
        }
        print("\(format) chapter errors (ms):", assembly.chapterErrorsSeconds.map { ($0 * 10_000).rounded() / 10 })

        // Where the audio really is: the tone's onset in the decoded guide against guide.wav.
        let decoded = try decodeEncodedFile(assembly.file.path)
        let rate = Double(decoded.sampleRate)
        let expectedTotal = Double(pcm.map(\.count).reduce(0, +)) / 22_050 + 2 * Double(tracks.count - 1)
        #expect(abs(Double(decoded.samples.count) / rate - expectedTotal) <= frameSeconds, "decoded length")
        let onsetInTrack = Double(Self.onset(pcm[0].map { Float($0) / 32_768 }, from: 0)!) / 22_050
        for (index, cue) in assembly.wavCueSeconds.enumerated() {
            let found = Self.onset(decoded.samples, from: Int((cue + 0.1) * rate)).map { Double($0) / rate }
            let error = (found ?? .infinity) - (cue + onsetInTrack)
            #expect(abs(error) <= frameSeconds, "track \(index): onset off by \(error * 1000) ms")
        }

        // What players see: ffprobe reads ID3 CHAP frames and Ogg CHAPTERnnn comments.
        if let probe = Support.probe(assembly.file.path) {
            let starts = (probe["chapters"] as? [[String: Any]] ?? []).compactMap { Double($0["start_time"] as? String ?? "") }
            #expect(starts.count == tracks.count)
            for (probed, chapter) in zip(starts, assembly.chapters) { #expect(abs(probed - chapter.startSeconds) < 0.0015) }
        }
        if let count = Support.ffmpegDecodedSamples(assembly.file.path, rate: decoded.sampleRate) {
            #expect(abs(count - decoded.samples.count) <= 1, "ffmpeg and the library decoders agree on the length")
        }
    }

    @Test("A track's audio decodes the same inside the guide as alone", arguments: [EncodedFormat.mp3, .opus])
    func remuxedAudioMatchesTracks(format: EncodedFormat) throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (assembly, tracks, _) = try assemble(format, in: folder)
        let guide = try decodeEncodedFile(assembly.file.path).samples
        var worst = -Double.infinity
        for (index, track) in tracks.enumerated() {
            let alone = try decodeEncodedFile(track.path).samples
            let start = Int((assembly.chapters[index].startSeconds * (format == .mp3 ? 22_050 : 48_000)).rounded())
            var error = 0.0
            var energy = 0.0
            for offset in 0..<min(alone.count, guide.count - start) {
                let difference = Double(guide[start + offset] - alone[offset])
                error += difference * difference
                energy += Double(alone[offset]) * Double(alone[offset])
            }
            worst = max(worst, 10 * log10(max(error, 1e-20) / energy))
        }
        print("\(format): worst track difference, guide vs track decoded alone: \((worst * 10).rounded() / 10) dB")
        #expect(worst < -40)
    }

    @Test(
        "The MP3 guide's info frame is consistent (frame count, bytes, CRCs, delay, padding)",
        arguments: [MP3Settings(), MP3Settings(rateControl: .cbr(kbps: 48))])
    func mp3InfoFrame(settings: MP3Settings) throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (assembly, tracks, pcm) = try assemble(.mp3, in: folder, mp3: settings)
        let bytes = try readWholeFile(assembly.file.path)
        let layout = try MP3FileLayout(bytes: bytes, file: assembly.file.path)
        let tag = try #require(LAMETag(frame: Array(bytes[layout.infoFrame!]), header: layout.header))
        #expect(Int(tag.framesField!) == layout.frames.count)
        #expect(Int(tag.bytesField!) == layout.frames.last!.upperBound - layout.infoFrame!.lowerBound)
        #expect(tag.musicCRC == LAMETag.crc16(bytes[layout.frames.first!.lowerBound..<layout.frames.last!.upperBound], seed: 0))
        #expect(tag.tagCRC == LAMETag.crc16(tag.frame[0..<(tag.lameOffset! + 34)], seed: 0))
        let first = try MP3FileInspector.describe(path: tracks[0].path)
        let last = try MP3FileInspector.describe(path: tracks[2].path)
        #expect(tag.delay == first.encoderDelay && tag.padding == last.padding)
        #expect(assembly.file.audioSamples > Int64(pcm.map(\.count).reduce(0, +)))
        let decoded = try decodeEncodedFile(assembly.file.path)
        #expect(Int64(decoded.samples.count) == assembly.file.audioSamples, "libmpg123 decodes exactly the announced length")
        for error in assembly.chapterErrorsSeconds { #expect(abs(error) <= 288.0 / 22_050 + 1e-9) }
    }

    @Test(
        "The guide is described from what was written exactly as reading the file describes it",
        arguments: [EncodedFormat.mp3, .opus])
    func describedWithoutReadingBack(format: EncodedFormat) throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (assembly, _, _) = try assemble(format, in: folder)
        let read =
            format == .mp3
            ? try MP3FileInspector.describe(path: assembly.file.path)
            : try OpusFileInspector.describe(path: assembly.file.path)
        #expect(assembly.file == read)
    }

    @Test("Bad input is refused with the file named")
    func badInput() throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: ExpoError.self) { _ = try GuideAssembler.mp3(tracks: [], to: folder + "/g.mp3") }
        let bogus = folder + "/bogus.mp3"
        try Data("not audio".utf8).write(to: URL(fileURLWithPath: bogus))
        let track = EncodedTrackFile(path: bogus, title: "x", sourceFrames: 10, sourceSampleRate: 22_050)
        #expect { _ = try GuideAssembler.mp3(tracks: [track], to: folder + "/g.mp3") } throws: { error in
            (error as? ExpoError)?.localizedDescription.contains(bogus) == true
        }
        #expect { _ = try GuideAssembler.opus(tracks: [track], to: folder + "/g.opus") } throws: { error in
            (error as? ExpoError)?.localizedDescription.contains(bogus) == true
        }
        #expect(throws: ExpoError.self) { _ = try GuideAssembler.mp3(tracks: [track], cueSeconds: [0, 1], to: folder + "/g.mp3") }
    }

    /// Encodes the three tracks into `folder` and assembles them there.
    private func assemble(_ format: EncodedFormat, in folder: String, mp3: MP3Settings = MP3Settings()) throws -> (GuideAssembly, [EncodedTrackFile], [[Int16]])
    {
        var tracks: [EncodedTrackFile] = []
        var pcm: [[Int16]] = []
        for (index, seconds) in Self.lengths.enumerated() {
            let samples = Support.track(seconds: seconds, frequency: 300 + 100 * Double(index))
            let path = folder + "/track\(index).\(format.rawValue)"
            _ = try Support.encode(samples, format: format, to: path, mp3: mp3)
            tracks.append(EncodedTrackFile(path: path, title: "트랙 \(index + 1)", sourceFrames: Int64(samples.count), sourceSampleRate: 22_050))
            pcm.append(samples)
        }
        let metadata = TrackMetadata(title: "안내 전체", album: "만국박람회 1900")
        let out = folder + "/guide.\(format.rawValue)"
        // The cue points as guide.wav's writer computes them, passed in as the integrator would.
        let cues = GuideAssembler.wavCueSeconds(tracks: tracks, gapSeconds: 2)
        let assembly =
            format == .mp3
            ? try GuideAssembler.mp3(tracks: tracks, gapSeconds: 2, metadata: metadata, cueSeconds: cues, to: out)
            : try GuideAssembler.opus(tracks: tracks, gapSeconds: 2, metadata: metadata, to: out)
        return (assembly, tracks, pcm)
    }

    /// First sample at or after `from` louder than −40 dBFS.
    static func onset(_ samples: [Float], from: Int) -> Int? {
        (max(0, from)..<samples.count).first { abs(samples[$0]) > 0.01 }
    }
}
