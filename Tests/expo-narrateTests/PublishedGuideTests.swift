import Audio
import Export
import Foundation
import TestSupport
import Testing

/// The published guide of a real run, checked with the library's own readers.
@Suite("published guide", .serialized, .tags(.endToEnd))
struct PublishedGuideTests {
    @Test("tracks meet the loudness target, captions fit the speech, guide.wav marks every track, the manifest and playlist agree")
    func guide() throws {
        // The poster and two entries of the default catalog, with the WAV masters this test
        // reads: the guide DeliveryFormatTests checks as a player opens it, made once for both.
        let shared = try SharedGuide.published(DeliveryFormatTests.smallGuideArguments())
        let folder = shared.output
        let result = shared.result
        #expect(result.status == 0, "\(result.stderr)")

        let manifestData = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        let manifest = try ManifestReader.read(manifestData)
        #expect(manifest.tracks.count == 3)
        #expect(manifest.voiceProfile == "standard")
        #expect(manifest.extra["voice.rate"] == "160" && manifest.extra["voice.targetLoudnessLUFS"] == "-19.0")
        #expect(manifest.espeakVersion?.isEmpty == false)
        let playlist = try String(contentsOf: folder.appendingPathComponent("guide.m3u8"), encoding: .utf8)
        #expect(playlist.hasPrefix("#EXTM3U"))

        for track in manifest.tracks {
            let wav = try #require(track.files.wav)
            let reader = try WAVReader(url: folder.appendingPathComponent(wav))
            #expect(reader.format.sampleRate == 22050)
            var meter = LoudnessMeter(sampleRate: reader.format.sampleRate)
            while true {
                let block = try reader.read(maxFrames: 8192)
                if block.isEmpty { break }
                meter.process(block)
            }
            #expect(abs(meter.integratedLoudness - (-19)) <= 1, "\(wav): \(meter.integratedLoudness) LUFS")
            #expect(meter.samplePeakDBFS <= -1 + 1e-6, "\(wav): peak \(meter.samplePeakDBFS) dBFS")
            #expect(abs((track.durationSeconds ?? 0) - reader.durationSeconds) < 0.01)
            #expect(playlist.contains(wav))

            let vtt = try String(contentsOf: folder.appendingPathComponent(try #require(track.files.vtt)), encoding: .utf8)
            let cues = try WebVTTParser.captionCues(vtt)
            let sentences = try String(contentsOf: folder.appendingPathComponent(track.files.txt), encoding: .utf8)
            #expect(!cues.isEmpty)
            for (previous, next) in zip(cues, cues.dropFirst()) {
                #expect(previous.end <= next.start + 0.0005, "\(wav): cues overlap")
            }
            #expect(cues.allSatisfy { $0.end > $0.start && $0.start >= 0 && $0.end <= reader.durationSeconds + 0.0005 })
            // The cues cover the speech: from the head silence to within the tail of the track.
            #expect(cues.first!.start < 1.0)
            #expect(reader.durationSeconds - cues.last!.end < 2.0)
            #expect(sentences.contains(cues.first!.text.split(separator: "\n").first.map(String.init) ?? "∅"))
        }

        let guide = try WAVReader(url: folder.appendingPathComponent("guide.wav"))
        #expect(guide.cuePoints.count == 3)
        #expect(guide.cuePoints.map(\.label) == manifest.tracks.map(\.title))
    }
}
