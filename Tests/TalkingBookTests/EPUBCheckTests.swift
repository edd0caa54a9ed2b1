import Foundation
import TestSupport
import Testing

@testable import TalkingBook

/// End-to-end checks on a book narrated by espeak-ng and validated by EPUBCheck.
@Suite("Narrated sample book")
struct NarratedBookTests {
    static let audioTools = Tools.canBuildAudio
    static let allTools = Tools.canBuildAudio && EPUBCheck.isInstalled

    @Test(.enabled(if: allTools, "SKIPPED: needs espeak-ng, lame (or ffmpeg), java and epubcheck (apt-get install espeak-ng lame epubcheck)"))
    func sampleBookPassesEPUBCheckWithoutErrorsOrWarnings() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        var (document, _) = try SampleBook.withNarration(in: scratch)
        document.certifiedBy = "expo-narrate (automated self-check)"  // the claim as the guide makes it
        let epub = scratch.file("guide.epub")
        try TalkingBookWriter.write(document, to: epub)
        if let keep = ProcessInfo.processInfo.environment["TALKINGBOOK_SAMPLE_DIR"] {
            let target = URL(fileURLWithPath: keep).appendingPathComponent("guide.epub")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: epub, to: target)
        }
        // One run gives both: the summary on standard output and every message, usage notes
        // included, in the JSON report.
        let jsonFile = scratch.file("report.json")
        let report = try EPUBCheck.check(epub, ["--usage", "--json", jsonFile.path])
        print("epubcheck output:\n" + report.output)
        #expect(report.status == 0)
        #expect(report.output.contains("No errors or warnings detected"))
        #expect(report.output.contains("Messages: 0 fatals / 0 errors / 0 warnings"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: jsonFile)) as? [String: Any]
        let messages = try #require(json?["messages"] as? [[String: Any]])
        let severe = messages.filter { ["FATAL", "ERROR", "WARNING"].contains($0["severity"] as? String ?? "") }
        #expect(severe.isEmpty, "\(severe)")
        // Usage notes are advice. Expected: no document uses the active class (CSS-024: reading
        // systems add it while playing), and, in the JSON report only, that EPUB 2 readers want
        // an NCX table of contents (NCX-003: a book with Media Overlays is EPUB 3 throughout).
        let expected: Set<String> = ["CSS-024", "NCX-003"]
        let usages = messages.filter { $0["severity"] as? String == "USAGE" && !expected.contains($0["ID"] as? String ?? "") }
        #expect(usages.isEmpty, "\(usages)")
        let publication = json?["publication"] as? [String: Any]
        #expect(publication?["hasAudio"] as? Bool == true)
    }

    @Test(.enabled(if: audioTools, "SKIPPED: needs espeak-ng and lame (or ffmpeg)"))
    func clipsAreOrderedInsideTheAudioAndCoverTheSpeech() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let (document, narration) = try SampleBook.withNarration(in: scratch)
        let epub = scratch.file("guide.epub")
        try TalkingBookWriter.write(document, to: epub)
        let zip = try StoredZip(Data(contentsOf: epub))
        for (id, audio) in narration {
            #expect(zip["EPUB/audio/\(id).mp3"] == (try Data(contentsOf: audio.url)))
            let smil = try XMLScan.elements(try #require(zip["EPUB/\(id).smil"]))
            let clips = smil.filter { $0.name == "audio" }.map { element in
                (Double(element.attributes["clipBegin"]!.dropLast())!, Double(element.attributes["clipEnd"]!.dropLast())!)
            }
            #expect(clips.count == audio.clips.count)
            for (index, clip) in clips.enumerated() {
                #expect(clip.0 < clip.1 && clip.1 <= audio.duration + 0.0005)
                if index > 0 { #expect(clip.0 >= clips[index - 1].1) }
            }
            // Every 10 ms window with audible speech lies inside a clip.
            let window = audio.sampleRate / 100
            for start in stride(from: 0, to: audio.samples.count, by: window) {
                let slice = audio.samples[start..<min(start + window, audio.samples.count)]
                guard slice.contains(where: { abs(Int($0)) > 1000 }) else { continue }
                let time = Double(start) / Double(audio.sampleRate)
                #expect(clips.contains { $0.0 <= time + 0.0005 && time < $0.1 }, "speech at \(time) s in \(id)")
            }
        }
    }
}
