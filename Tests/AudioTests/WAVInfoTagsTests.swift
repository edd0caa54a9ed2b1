import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Audio

/// The WAV masters' tags: a `LIST`/`INFO` chunk after the audio that ffprobe shows as title,
/// album and track, in UTF-8, with the file still what sox and our reader take.
@Suite("WAV INFO tags")
struct WAVInfoTagsTests {
    static let tags = WAVInfoTags(
        title: "파리 만국박람회 1900 (L'Exposition de Paris)", album: "시험 박람회 — Essai",
        trackNumber: "3/16", software: "expo-narrate")

    @Test("the chunk: LIST INFO with INAM, IPRD, ITRK, ISFT, NUL-terminated UTF-8, odd texts padded")
    func chunkLayout() {
        let bytes = Self.tags.chunk
        #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "LIST")
        #expect(Int(RIFFBytes.u32(in: bytes, at: 4)) == bytes.count - 8)
        #expect(String(decoding: bytes[8..<12], as: UTF8.self) == "INFO")
        var offset = 12
        var found: [String: String] = [:]
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(RIFFBytes.u32(in: bytes, at: offset + 4))
            let text = bytes[(offset + 8)..<(offset + 8 + size)]
            #expect(text.last == 0, "\(id) ends with NUL")
            found[id] = String(decoding: text.dropLast(), as: UTF8.self)
            offset += 8 + size + (size & 1)
        }
        #expect(offset == bytes.count)
        #expect(found == ["INAM": Self.tags.title, "IPRD": Self.tags.album!, "ITRK": "3/16", "ISFT": "expo-narrate"])
        #expect(WAVInfoTags(title: "").chunk.isEmpty)
        #expect(WAVInfoTags(title: "a\nb").fields.map(\.text) == ["a b"])
    }

    @Test(
        "ffprobe shows title, album and track; sox reads the file; the reader finds every frame; the digest is the file's",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe"), "skipped: ffprobe is not installed"))
    func readByTools() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("tagged.wav")
        let samples = (0..<22_050).map { Int16(truncatingIfNeeded: $0 % 200 - 100) }
        let cues = [CuePoint(sampleOffset: 0, label: "처음"), CuePoint(sampleOffset: 11_025, label: "가운데")]
        let writer = try WAVWriter(url: url, sampleRate: 22_050)
        writer.expect(frames: UInt64(samples.count), trailerBytes: UInt64(WAVWriter.trailer(cues: cues, tags: Self.tags).count))
        try writer.append(samples)
        try writer.finish(cues: cues, tags: Self.tags)
        #expect(writer.sha256 == (try SHA256DigestOfFile.hex(url)))
        let probe = try ExternalTool.run(
            URL(fileURLWithPath: "/usr/bin/ffprobe"),
            [
                "-v", "error", "-show_entries", "format_tags:format=duration", "-of", "json", url.path,
            ], input: Data())
        let json = try JSONSerialization.jsonObject(with: probe.output) as? [String: Any]
        let format = json?["format"] as? [String: Any]
        let tags = format?["tags"] as? [String: String] ?? [:]
        #expect(tags["title"] == Self.tags.title)
        #expect(tags["album"] == Self.tags.album)
        #expect(tags["track"] == "3/16")
        #expect(tags["encoder"] == "expo-narrate")
        #expect(Double(format?["duration"] as? String ?? "") == 1)
        let reader = try WAVReader(url: url)
        defer { reader.close() }
        #expect(reader.frameCount == UInt64(samples.count))
        #expect(reader.cuePoints.map(\.label) == ["처음", "가운데"])
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sox") {
            let sox = try ExternalTool.run(URL(fileURLWithPath: "/usr/bin/soxi"), ["-r", url.path], input: Data())
            #expect(sox.status == 0 && sox.outputText.trimmingCharacters(in: .whitespacesAndNewlines) == "22050", "\(sox.errorText)")
        }
    }
}

/// The SHA-256 of a file, hashed here apart from the writer's own hashing.
enum SHA256DigestOfFile {
    static func hex(_ url: URL) throws -> String {
        let result = try ExternalTool.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [url.path], input: Data())
        return String(result.outputText.prefix(64))
    }
}
