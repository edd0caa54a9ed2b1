import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Export

@Suite("ManifestWriter")
struct ManifestWriterTests {
    @Test("round trip: what is written reads back to the same manifest and results")
    func roundTrip() throws {
        let summary = ExportSamples.summary()
        let data = try ManifestWriter.render(summary: summary, extra: ["catalogSHA256": "00ff"])
        let manifest = try ManifestReader.read(data)
        #expect(manifest == GuideManifest(summary: summary, extra: ["catalogSHA256": "00ff"]))
        #expect(manifest.tracks.count == summary.tracks.count)
        for (entry, result) in zip(manifest.tracks, summary.tracks) {
            #expect(entry.fileStem == result.fileStem && entry.files.wav == result.audioFile)
            #expect(entry.files.vtt == result.captionsFile && entry.fellBackToText == result.fellBackToText)
            #expect(entry.loudnessLUFS == result.audio?.loudnessLUFS.map { ($0 * 100).rounded() / 100 })
            #expect(entry.peakDBFS == result.audio?.peakDBFS.map { ($0 * 100).rounded() / 100 })
            #expect(entry.sha256 == result.audio?.sha256)
        }
        #expect(try ManifestWriter.render(manifest) == data, "stable: the same manifest gives the same bytes")
    }

    @Test("pretty-printed, sorted keys, the fields a reader needs")
    func layout() throws {
        let text = String(decoding: try ManifestWriter.render(summary: ExportSamples.summary()), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"espeakVersion\" : \"1.51\",\n  \"extra\" : {\n\n  },\n  \"formatVersion\" : 1,\n"))
        #expect(text.hasSuffix("}\n"))
        for fragment in [
            "\"guideAudioFile\" : \"guide.wav\"", "\"toolVersion\" : \"0.1.0-test\"", "\"voiceProfile\" : \"standard\"",
            "\"spokenTxt\" : \"00-poster.spoken.txt\"", "\"txt\" : \"00-poster.txt\"", "\"vtt\" : \"00-poster.vtt\"",
            "\"wav\" : \"00-poster.wav\"", "\"loudnessLUFS\" : -18.04", "\"peakDBFS\" : -1.99", "\"sampleRate\" : 22050",
            "\"durationSeconds\" : 18.25", "\"kind\" : \"poster\"", "\"position\" : 1", "\"fellBackToText\" : false",
            "\"fellBackToText\" : true", "\"fallbackReason\" : \"음성 합성기가 <응답> & 하지 않았습니다\"",
            "\"sha256\" : \"\(String(repeating: "ab", count: 32))\"",
        ] {
            #expect(text.contains(fragment), "missing \(fragment)")
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json.keys.sorted() == ["espeakVersion", "extra", "formatVersion", "guideAudioFile", "title", "toolVersion", "tracks", "voiceProfile"])
    }

    @Test("hostile text survives as data")
    func hostileText() throws {
        var summary = ExportSamples.summary()
        summary.title = "\"}, \"evil\": 1, \"x\": {\"\n\u{0}\t</script>"
        let manifest = try ManifestReader.read(try ManifestWriter.render(summary: summary))
        #expect(manifest.title == summary.title)
        #expect(manifest.tracks.last?.title == ExportSamples.hostileName)
    }

    @Test("silence measures as -inf LUFS; JSON has no such number, so it is left out")
    func nonFiniteFigures() throws {
        var summary = ExportSamples.summary()
        summary.tracks[0].audio?.loudnessLUFS = -.infinity
        summary.tracks[0].audio?.peakDBFS = .nan
        let manifest = try ManifestReader.read(try ManifestWriter.render(summary: summary))
        #expect(manifest.tracks[0].loudnessLUFS == nil && manifest.tracks[0].peakDBFS == nil)
    }

    @Test("a manifest of another format version or not a manifest is refused")
    func refusals() throws {
        let data = try ManifestWriter.render(summary: ExportSamples.summary())
        let future = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"formatVersion\" : 1", with: "\"formatVersion\" : 2")
        #expect(throws: ExpoError(.data, "manifest format 2 is not supported (expected 1)")) { try ManifestReader.read(Data(future.utf8)) }
        #expect { try ManifestReader.read(Data("[]".utf8)) } throws: { error in
            guard let error = error as? ExpoError else { return false }
            return error.category == .data && error.message.hasPrefix("manifest is not valid: ")
        }
    }

    @Test("a previous run's captions come back from its WebVTT file for resuming")
    func cuesFromCaptions() throws {
        let cues = ExportSamples.summary().tracks[1].cues
        let recovered = try WebVTTParser.captionCues(WebVTTWriter.render(cues: cues))
        #expect(recovered == cues)
    }
}
