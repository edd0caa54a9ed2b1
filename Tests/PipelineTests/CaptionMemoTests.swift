import ExpoModel
import ExpoSystem
import Export
import Foundation
import TestSupport
import Testing

@testable import Pipeline

@Suite("Caption memo")
struct CaptionMemoTests {
    /// A title and a paragraph of two sentences, the first too long for one caption.
    static let track = Track(
        fileStem: "01-x", title: "제목", kind: .entry, position: 2,
        blocks: [
            Block(role: .title, sentences: plain(["제목"])),
            Block(role: .paragraph, sentences: plain(["하나는 자막 한 줄에 들어가지 않을 만큼 길게 이어지는 문장입니다.", "둘."])),
        ])

    static func plain(_ texts: [String]) -> [Sentence] { texts.map { Sentence(display: $0, spoken: []) } }

    static func result(end: Double = 9) -> TrackResult {
        TrackResult(
            fileStem: "01-x", title: "제목", kind: .entry, position: 2,
            audio: TrackAudio(
                durationSeconds: end, sampleRate: 22050, loudnessLUFS: -19, peakDBFS: -1, sha256: "", byteCount: 0,
                cues: [
                    CaptionCue(start: 0.3, end: 1, text: "제목"),
                    CaptionCue(start: 1, end: 7, text: "하나는 자막 한 줄에 들어가지 않을 만큼 길게 이어지는 문장입니다."),
                    CaptionCue(start: 7, end: end - 0.5, text: "둘."),
                ]))
    }

    @Test("a track split once is read back the same from the memo; other timings are split again; an unchanged run writes nothing")
    func reuse() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let split = TrackCaptions(track: Self.track, result: Self.result())
        let first = CaptionMemo(cacheFolder: folder)
        #expect(first.captions(track: Self.track, result: Self.result()) == split)
        #expect(first.splitCount == 1)
        first.save()
        let file = folder.appendingPathComponent(CaptionMemo.fileName)
        let written = try #require(FileIdentity(path: file.path))

        let second = CaptionMemo(cacheFolder: folder)
        #expect(second.captions(track: Self.track, result: Self.result()) == split)
        #expect(second.splitCount == 0)
        second.save()
        #expect(FileIdentity(path: file.path) == written, "nothing split, nothing written")

        let third = CaptionMemo(cacheFolder: folder)
        let longer = third.captions(track: Self.track, result: Self.result(end: 10))
        #expect(third.splitCount == 1)
        #expect(longer == TrackCaptions(track: Self.track, result: Self.result(end: 10)))
        third.save()
        // Only the last run's entries are kept.
        let kept = CaptionMemo.parse(try String(contentsOf: file, encoding: .utf8))
        #expect(kept.count == 1 && kept[CaptionMemo.key(track: Self.track, result: Self.result(end: 10))] != nil)
    }

    @Test("a damaged memo is split again, never read wrong; without a cache folder every track is split")
    func damage() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let memo = CaptionMemo(cacheFolder: folder)
        let split = memo.captions(track: Self.track, result: Self.result())
        memo.save()
        let file = folder.appendingPathComponent(CaptionMemo.fileName)
        let text = try String(contentsOf: file, encoding: .utf8)
        let key = CaptionMemo.key(track: Self.track, result: Self.result())
        for damaged in [
            text.replacingOccurrences(of: "expo-narrate captions 1", with: "expo-narrate captions 0"),
            String(text.dropLast(3)), text.replacingOccurrences(of: " 1 ", with: " x "),
            text.replacingOccurrences(of: "= \(key) ", with: "= \(key.dropLast())\(key.last == "0" ? "1" : "0") "), "", "\n",
        ] {
            try Data(damaged.utf8).write(to: file)
            let reread = CaptionMemo(cacheFolder: folder)
            #expect(reread.captions(track: Self.track, result: Self.result()) == split)
            #expect(reread.splitCount == 1, "\(damaged.prefix(200))")
        }
        let none = CaptionMemo(cacheFolder: nil)
        _ = none.captions(track: Self.track, result: Self.result())
        _ = none.captions(track: Self.track, result: Self.result())
        #expect(none.splitCount == 2)
    }

    @Test("the parser reads several entries and entries of no cues; a body other than its digest says is nothing")
    func parse() {
        let a = String(repeating: "a", count: 64)
        let b = String(repeating: "b", count: 64)
        func file(_ body: String) -> String { "expo-narrate captions 1 \(SHA256Digest.key([body]))\n" + body }
        let entries = CaptionMemo.parse(file("= \(a) 2\n0 0 0 x\n0 0 1 y\n= \(b) 0\n"))
        #expect(entries[a] == "0 0 0 x\n0 0 1 y\n")
        #expect(entries[b] == "")
        #expect(CaptionMemo.parse(file("= \(a) 3\n0 0 0 x\n")).isEmpty, "fewer lines than said")
        #expect(CaptionMemo.parse(file("= \(a) 1\n0 0 0 x")).isEmpty, "the last line without its line feed")
        #expect(CaptionMemo.parse(file("= \(a) 1\n0 0 0 x\n").replacingOccurrences(of: " x", with: " y")).isEmpty)
    }
}
