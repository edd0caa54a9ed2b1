import ExpoModel
import Foundation
import Testing
@testable import Encoding

/// Byte-level checks of what this package writes itself (no ffprobe needed).
@Suite("Container bytes") struct ContainerTests {
    @Test("ID3v2.4 tag: header, sync-safe sizes, CTOC then CHAP frames with times")
    func id3Layout() throws {
        let chapters = [ChapterMark(title: "하나", startSeconds: 0), ChapterMark(title: "둘", startSeconds: 200.5)]
        let tag = try ID3v2.tag(TrackMetadata(title: String(repeating: "가", count: 60), trackNumber: "2"), chapters: chapters, durationMs: 300_000)
        #expect(Array(tag[0..<5]) == Array("ID3".utf8) + [4, 0] && tag[5] == 0)
        #expect(tag[6..<10].allSatisfy { $0 < 0x80 })
        #expect(ID3v2.tagLength(tag) == tag.count)
        var offset = 10, frames: [(String, [UInt8])] = []
        while offset + 10 <= tag.count {
            let id = String(decoding: tag[offset..<offset + 4], as: UTF8.self)
            #expect(tag[(offset + 4)..<(offset + 8)].allSatisfy { $0 < 0x80 }, "sync-safe frame size")
            let size = tag[(offset + 4)..<(offset + 8)].reduce(0) { $0 << 7 | Int($1) }
            frames.append((id, Array(tag[(offset + 10)..<(offset + 10 + size)])))
            offset += 10 + size
        }
        #expect(offset == tag.count)
        #expect(frames.map(\.0) == ["TIT2", "TRCK", "CTOC", "CHAP", "CHAP"])
        #expect(frames[0].1.first == 3 && frames[0].1.count == 1 + 180, "UTF-8 text, 60 × 3 bytes (size > 127 needs sync-safe coding)")
        #expect(frames[2].1 == Array("toc".utf8) + [0, 0x03, 2] + Array("chp1".utf8) + [0] + Array("chp2".utf8) + [0])
        let second = frames[4].1
        #expect(Array(second[0..<5]) == Array("chp2".utf8) + [0])
        #expect(readBE32(second, 5) == 200_500 && readBE32(second, 9) == 300_000)
        #expect(readBE32(second, 13) == UInt32.max && readBE32(second, 17) == UInt32.max)
        #expect(String(decoding: second[21..<25], as: UTF8.self) == "TIT2")
    }

    @Test("Opus track: OpusTags holds the tags and CHAPTERnnn comments")
    func opusComments() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let chapters = [ChapterMark(title: "처음", startSeconds: 0), ChapterMark(title: "끝", startSeconds: 3_723.4567)]
        let info = try Support.encode(Support.track(seconds: 0.5), format: .opus, to: folder + "/t.opus",
                                      metadata: TrackMetadata(title: "제목", trackNumber: "1"), chapters: chapters)
        let stream = try OggOpusStream(bytes: try readWholeFile(info.path), file: info.path)
        let text = String(decoding: stream.tags, as: UTF8.self)
        for field in ["TITLE=제목", "TRACKNUMBER=1", "CHAPTER001=00:00:00.000", "CHAPTER001NAME=처음",
                      "CHAPTER002=01:02:03.457", "CHAPTER002NAME=끝"] {
            #expect(text.contains(field), "\(field)")
        }
    }

    @Test("Ogg pages round-trip through the writer and the reader, CRC included")
    func oggRoundTrip() throws {
        let packets: [[UInt8]] = [[0x08, 1, 2], [UInt8](repeating: 0x08, count: 255), [UInt8](repeating: 0x08, count: 600)]
        let page = Ogg.Page(headerType: Ogg.beginOfStream, granule: 2_880, serial: 7, sequence: 0,
                            lacing: packets.flatMap { Ogg.lacing(forPacketOfLength: $0.count) }, body: ArraySlice(packets.joined()))
        let bytes = Ogg.pageBytes(page)
        let pages = try Ogg.pages(in: bytes, file: "memory")
        #expect(Ogg.packets(of: pages).map(\.data) == packets)
        var corrupted = bytes
        corrupted[40] ^= 1
        #expect(throws: ExpoError.self) { _ = try Ogg.pages(in: corrupted, file: "memory") }
    }
}
