import ExpoModel
import Foundation
import TestSupport
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
        var offset = 10
        var frames: [(String, [UInt8])] = []
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
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let chapters = [ChapterMark(title: "처음", startSeconds: 0), ChapterMark(title: "끝", startSeconds: 3_723.4567)]
        let info = try Support.encode(
            Support.track(seconds: 0.5), format: .opus, to: folder + "/t.opus",
            metadata: TrackMetadata(title: "제목", trackNumber: "1"), chapters: chapters)
        let stream = try OggOpusStream(bytes: try readWholeFile(info.path), file: info.path)
        let text = String(decoding: stream.tags, as: UTF8.self)
        for field in [
            "TITLE=제목", "TRACKNUMBER=1", "CHAPTER001=00:00:00.000", "CHAPTER001NAME=처음",
            "CHAPTER002=01:02:03.457", "CHAPTER002NAME=끝",
        ] {
            #expect(text.contains(field), "\(field)")
        }
    }

    @Test("Ogg pages round-trip through the writer and the reader, CRC included")
    func oggRoundTrip() throws {
        let packets: [[UInt8]] = [[0x08, 1, 2], [UInt8](repeating: 0x08, count: 255), [UInt8](repeating: 0x08, count: 600)]
        let page = Ogg.Page(
            headerType: Ogg.beginOfStream, granule: 2_880, serial: 7, sequence: 0,
            lacing: packets.flatMap { Ogg.lacing(forPacketOfLength: $0.count) }, body: ArraySlice(packets.joined()))
        let bytes = Ogg.pageBytes(page)
        let pages = try Ogg.pages(in: bytes, file: "memory")
        #expect(Ogg.packets(of: pages).map(\.data) == packets)
        var corrupted = bytes
        corrupted[40] ^= 1
        #expect(throws: ExpoError.self) { _ = try Ogg.pages(in: corrupted, file: "memory") }
    }

    @Test("An Ogg Opus file read a page at a time, over many read chunks, gives what reading it whole gives")
    func streamedPackets() throws {
        let folder = try TemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Packets with a valid TOC (one 20 ms frame), of sizes that need several lacing values;
        // one packet goes on from one page to the next.
        let packets = (0..<1_500).map { [0x08] + [UInt8](repeating: UInt8($0 % 251), count: $0 % 700) }
        let head = Array("OpusHead".utf8) + [1, 1, 0x38, 0x01, 0x80, 0xBB, 0, 0, 0, 0, 0]
        var bytes = Ogg.pageBytes(
            Ogg.Page(
                headerType: Ogg.beginOfStream, granule: 0, serial: 9, sequence: 0,
                lacing: Ogg.lacing(forPacketOfLength: head.count), body: ArraySlice(head)))
        let tags = Array("OpusTags".utf8) + [UInt8](repeating: 0, count: 8)
        bytes += Ogg.pageBytes(
            Ogg.Page(
                headerType: 0, granule: 0, serial: 9, sequence: 1,
                lacing: Ogg.lacing(forPacketOfLength: tags.count), body: ArraySlice(tags)))
        var sequence: UInt32 = 2
        for start in stride(from: 0, to: packets.count, by: 10) {
            let group = packets[start..<min(start + 10, packets.count)]
            var lacing = group.flatMap { Ogg.lacing(forPacketOfLength: $0.count) }
            var body = Array(group.joined())
            var carried: [UInt8] = []
            if start == 600 {  // the group's last packet: two lacing values here, the rest on a page of its own
                let last = group.last!
                lacing.removeLast(Ogg.lacing(forPacketOfLength: last.count).count)
                lacing += [255, 255]
                body.removeLast(last.count - 510)
                carried = Array(last[510...])
            }
            bytes += Ogg.pageBytes(
                Ogg.Page(
                    headerType: 0, granule: Int64(960 * (start + group.count)), serial: 9,
                    sequence: sequence, lacing: lacing, body: ArraySlice(body)))
            sequence += 1
            if !carried.isEmpty {
                bytes += Ogg.pageBytes(
                    Ogg.Page(
                        headerType: Ogg.continued, granule: Int64(960 * (start + group.count)),
                        serial: 9, sequence: sequence,
                        lacing: Ogg.lacing(forPacketOfLength: carried.count), body: ArraySlice(carried)))
                sequence += 1
            }
        }
        #expect(bytes.count > 5 << 16, "the file spans several read chunks")
        let path = folder + "/t.opus"
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        var reader = try OggOpusPacketReader(pages: OggPageReader(path: path))
        var streamed: [[UInt8]] = []
        while let packet = try reader.next() { streamed.append(packet) }
        let whole = try OggOpusStream(bytes: bytes, file: path)
        #expect(streamed == packets)
        #expect(whole.packets == packets)
        #expect(reader.head == head && reader.tags == tags && reader.preSkip == 312)
        #expect(reader.lastGranule == whole.finalGranule && whole.finalGranule == 960 * 1_500)

        // Cut inside a page: the reader names the file and what is wrong, like the whole reading.
        FileManager.default.createFile(atPath: path, contents: Data(bytes.dropLast(100)))
        var cut = try OggOpusPacketReader(pages: OggPageReader(path: path))
        #expect(throws: ExpoError.malformed(file: path, reason: "truncated Ogg page")) {
            while try cut.next() != nil {}
        }
    }
}
