import Audio
import ExpoModel
import ExpoSystem
import Export
import Foundation
import Normalization
import TestSupport
import Testing

@testable import Pipeline

/// The whole pipeline — narrate, synthesize, export, publish — with tones for speech, in
/// this process: what every run does, checked file by file, in well under a second.
@Suite("the guide builder, with a fake speech source")
struct GuideBuilderTests {
    static let catalog = Catalog(
        poster: Poster(
            title: "만국 박람회\n(Exposition Universelle)", visitors: 48_130_300, location: "파리",
            duration: "1900. 04. 14 - 1900. 11. 12", description: "첫 문장이다. 둘째 문장이다.\n\n셋째 문단이다."),
        entries: [
            Entry(name: "직지", imageName: "jikji", shortDescription: "금속 활자 책", description: "1377년에 찍었다. 두 권이다."),
            Entry(name: "갓", imageName: "gat", shortDescription: "모자", description: "12줄의 대나무로 만든다."),
        ]
    )

    struct Run {
        let report: GuideReport
        let source: FakeSpeechSource
    }

    static func build(
        into folder: URL, failure: FakeSpeechSource.Failure = .none, catalog: Catalog = catalog,
        selection: GuideRequest.Selection = .all, delivery: Delivery = Delivery(formats: [.wav])
    ) throws -> Run {
        let source = FakeSpeechSource(failure: failure)
        let builder = GuideBuilder(normalizer: KoreanNormalizer(), speechSource: { _ in source })
        // The cache beside the output folder, as the tests' binary runs have it (never the home's).
        let request = GuideRequest(
            catalog: catalog, selection: selection, outputFolder: folder,
            profile: TestProfiles.standard, delivery: delivery, jobs: 2,
            cacheFolder: URL(fileURLWithPath: folder.standardizedFileURL.path + ".cache"))
        return Run(report: try builder.build(request), source: source)
    }

    static func manifest(in folder: URL) throws -> GuideManifest {
        try ManifestReader.read(Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    }

    @Test("a run publishes every file, and the manifest's figures are the files' own")
    func wholeGuide() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let run = try Self.build(into: folder.appendingPathComponent("out"))
        let out = folder.appendingPathComponent("out")
        #expect(run.source.synthesized.sorted() == ["00-poster", "01-jikji", "02-gat"])
        #expect(run.source.prepared && run.source.closed)
        let manifest = try Self.manifest(in: out)
        #expect(manifest.tracks.map(\.fileStem) == ["00-poster", "01-jikji", "02-gat"])
        for track in manifest.tracks {
            let wav = try #require(track.files.wav)
            #expect(track.sha256 == (try SHA256Digest.ofFile(out.appendingPathComponent(wav).path)))
            let reader = try WAVReader(url: out.appendingPathComponent(wav))
            #expect(abs(Double(reader.frameCount) / Double(reader.sampleRate) - (track.durationSeconds ?? 0)) < 0.001)
            let cues = try WebVTTParser.captionCues(String(contentsOf: out.appendingPathComponent(track.files.vtt!), encoding: .utf8))
            let sentences = try String(contentsOf: out.appendingPathComponent(track.files.txt), encoding: .utf8)
            #expect(!cues.isEmpty && cues.allSatisfy { sentences.contains($0.text) })
            #expect(zip(cues, cues.dropFirst()).allSatisfy { $0.end <= $1.start })
        }
        let guide = try WAVReader(url: out.appendingPathComponent("guide.wav"))
        let tracks = manifest.tracks.compactMap(\.durationSeconds).reduce(0, +)
        #expect(abs(Double(guide.frameCount) / Double(guide.sampleRate) - (tracks + 2 * 2.0)) < 0.01)
        for name in ["guide.m3u8", "guide.txt", "index.html", "00-poster.spoken.txt"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name)")
        }
        let hidden = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".") }
        #expect(hidden == [".expo-narrate"], "only the tool's record: \(hidden)")
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".expo-narrate-") }
        #expect(beside.isEmpty, "no work folder is left: \(beside)")
    }

    @Test("a second run over the same catalog synthesizes nothing and publishes the same bytes")
    func warmRun() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try Self.build(into: folder)
        let first = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        let second = try Self.build(into: folder)
        #expect(second.source.synthesized.isEmpty && !second.source.prepared)
        #expect(second.report.cachedTracks == 3)
        #expect(try Data(contentsOf: folder.appendingPathComponent("manifest.json")) == first)
    }

    @Test("one changed entry is the only track synthesized again")
    func oneChangedEntry() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try Self.build(into: folder)
        var catalog = Self.catalog
        catalog.entries[1].description = "13줄의 대나무로 만든다."
        let run = try Self.build(into: folder, catalog: catalog)
        #expect(run.source.synthesized == ["02-gat"])
    }

    @Test("a track whose speech fails falls back to text; the others keep their audio")
    func oneTrackFails() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let run = try Self.build(into: folder, failure: .track(fileStem: "01-jikji"))
        #expect(run.report.failedTracks == ["직지"])
        let manifest = try Self.manifest(in: folder)
        #expect(manifest.tracks.map(\.fellBackToText) == [false, true, false])
        #expect(manifest.tracks[1].fallbackReason == "the tone broke")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("01-jikji.wav").path))
    }

    @Test("no speech at all (no espeak-ng data) writes the text and says why")
    func speechUnavailable() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let run = try Self.build(into: folder, failure: .unavailable)
        #expect(run.report.audioMissingReason == "no voice data")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.hasSuffix(".wav") } && names.contains("guide.txt"))
    }

    @Test("a speech source that cannot start is an error, and the published guide is left as it was")
    func cannotStart() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try Self.build(into: folder)
        let before = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        var catalog = Self.catalog
        catalog.entries[0].description = "바뀐 설명이다."
        #expect {
            _ = try Self.build(into: folder, failure: .cannotStart, catalog: catalog)
        } throws: { error in
            (error as? ExpoError)?.category == .resources
        }
        #expect(try Data(contentsOf: folder.appendingPathComponent("manifest.json")) == before)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("01-jikji.wav").path))
    }

    @Test("an unknown entry is a usage error naming it")
    func unknownEntry() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        #expect {
            _ = try Self.build(into: folder, selection: .some(poster: false, entryNames: ["없는 항목"]))
        } throws: { error in
            let error = error as? ExpoError
            return error?.category == .usage && error?.message.contains("없는 항목") == true
        }
    }

    @Test("every format asked for is published, cached, and joined into a guide with a chapter per track")
    func compressedFormats() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let delivery = Delivery(formats: [.opus, .mp3, .epub])
        _ = try Self.build(into: folder, delivery: delivery)
        let manifest = try Self.manifest(in: folder)
        for track in manifest.tracks {
            let encodings = try #require(track.encodings)
            #expect(Set(encodings.keys) == ["opus", "mp3"])
            for (format, copy) in encodings {
                let url = folder.appendingPathComponent(copy.file)
                #expect(copy.file == track.fileStem + "." + format)
                #expect(copy.sha256 == (try SHA256Digest.ofFile(url.path)))
                #expect(abs(copy.durationSeconds - (track.durationSeconds ?? 0)) < 0.05)
            }
        }
        let guide = try #require(manifest.guideEncodings)
        let wav = try WAVReader(url: folder.appendingPathComponent("guide.wav"))
        for format in ["opus", "mp3"] {
            let encoding = try #require(guide[format])
            #expect(encoding.chapters.map(\.title) == manifest.tracks.map(\.title))
            for (chapter, cue) in zip(encoding.chapters, wav.cuePoints) {
                let cueSeconds = Double(cue.sampleOffset) / Double(wav.format.sampleRate)
                // One codec frame: 20 ms of Opus, 1152 samples of MP3 at this rate.
                #expect(abs(chapter.startSeconds - cueSeconds) <= (format == "opus" ? 0.020 : 1152.0 / 16_000 + 0.001))
            }
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("guide.epub").path))
        let again = try Self.build(into: folder, delivery: delivery)
        #expect(again.source.synthesized.isEmpty && !again.source.prepared, "a warm run encodes nothing")
    }
}
