import ExpoModel
import ExpoSystem
import Foundation
import Glibc
import TestSupport
import Testing

@testable import Audio

@Suite("WAVWriter")
struct WAVWriterTests {
    static let quantizationTable: [(Float, Int16)] = [
        (0, 0), (0.5, 16384), (-0.5, -16384), (1, 32767), (-1, -32768),
        (1.7, 32767), (-4, -32768), (0.4 / 32768, 0), (0.6 / 32768, 1), (-0.6 / 32768, -1),
        (.nan, 0), (.infinity, 32767), (-.infinity, -32768),
    ]

    @Test("writes a canonical 16-bit mono header and the samples in order")
    func canonicalHeader() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("track.wav")
        let samples: [Int16] = [0, 1, -1, 32767, -32768, 1234]
        let writer = try WAVWriter(url: url, sampleRate: 22050)
        try writer.append(samples)
        #expect(writer.framesWritten == 6)
        try writer.finish()

        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(bytes.count == 44 + 12)
        #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
        #expect(RIFFBytes.u32(in: bytes, at: 4) == UInt32(bytes.count - 8))
        #expect(String(decoding: bytes[8..<16], as: UTF8.self) == "WAVEfmt ")
        #expect(RIFFBytes.u32(in: bytes, at: 16) == 16)
        #expect(bytes[20] == 1 && bytes[22] == 1)  // PCM, mono
        #expect(RIFFBytes.u32(in: bytes, at: 24) == 22050)
        #expect(RIFFBytes.u32(in: bytes, at: 28) == 44100)
        #expect(bytes[32] == 2 && bytes[34] == 16)
        #expect(String(decoding: bytes[36..<40], as: UTF8.self) == "data")
        #expect(RIFFBytes.u32(in: bytes, at: 40) == 12)
        #expect(Array(bytes[44...]) == RIFFBytes.pcm(samples))
    }

    @Test("a file whose size was announced before its first sample is hashed as it is written; any other is not")
    func digestWhileWriting() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let samples = (0..<100_000).map { Int16(truncatingIfNeeded: $0 &* 7919) }
        let cues = [CuePoint(sampleOffset: 10, label: "하나"), CuePoint(sampleOffset: 90_000, label: "둘")]
        let trailer = UInt64(WAVWriter.cueChunks(cues).count)
        func write(_ name: String, expecting frames: UInt64?, trailerBytes: UInt64 = trailer) throws -> (URL, String?) {
            let url = folder.file(name)
            let writer = try WAVWriter(url: url, sampleRate: 22050)
            if let frames { writer.expect(frames: frames, trailerBytes: trailerBytes) }
            try samples.withUnsafeBufferPointer { all in
                try writer.append(UnsafeBufferPointer(rebasing: all[0..<60_000]))
                try writer.appendSilence(frames: 1000)
                try writer.append(UnsafeBufferPointer(rebasing: all[60_000...]))
            }
            try writer.finish(cues: cues)
            return (url, writer.sha256)
        }
        let (exact, digest) = try write("exact.wav", expecting: 101_000)
        #expect(digest == (try SHA256Digest.ofFile(exact.path)))
        let (plain, none) = try write("plain.wav", expecting: nil)
        #expect(none == nil)
        #expect(try Data(contentsOf: plain) == Data(contentsOf: exact), "the same file either way")
        #expect(try write("short.wav", expecting: 100_999).1 == nil, "another length than announced")
        #expect(try write("cues.wav", expecting: 101_000, trailerBytes: trailer + 2).1 == nil, "other cue chunks")
        // Audio the kernel copies never passes through the writer: no digest.
        let joined = folder.file("joined.wav")
        let writer = try WAVWriter(url: joined, sampleRate: 22050)
        let reader = try WAVReader(url: exact)
        writer.expect(frames: reader.frameCount)
        try writer.appendAudio(of: reader)
        reader.close()
        try writer.finish()
        #expect(writer.sha256 == nil)
    }

    @Test("streams into a hidden partial file and renames it into place on finish")
    func atomicRename() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("guide.wav")
        try Data("old".utf8).write(to: url)
        let writer = try WAVWriter(url: url, sampleRate: 16000)
        #expect(writer.temporaryURL.lastPathComponent == ".guide.wav.partial-\(getpid())")
        try writer.append([Float](repeating: 0.25, count: 70_000))
        #expect(try folder.contents() == [".guide.wav.partial-\(getpid())", "guide.wav"])
        #expect(try Data(contentsOf: url) == Data("old".utf8), "the old file stays until finish")
        try writer.finish()
        #expect(try folder.contents() == ["guide.wav"])
        #expect(try readAllSamples(url) == [Int16](repeating: 8192, count: 70_000))
        #expect(throws: ExpoError.writerClosed(file: url.path)) { try writer.append([Int16(1)]) }
    }

    @Test("cancel and an unfinished writer going away both delete the partial file")
    func cleanUp() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cancelled = try WAVWriter(url: folder.file("a.wav"), sampleRate: 22050)
        try cancelled.append([Int16]([1, 2, 3]))
        cancelled.cancel()
        #expect(try folder.contents() == [])
        #expect(throws: ExpoError.self) { try cancelled.finish() }

        do {
            let abandoned = try WAVWriter(url: folder.file("b.wav"), sampleRate: 22050)
            try abandoned.append([Int16](repeating: 7, count: 100_000))
            #expect(try folder.contents().count == 1)
        }
        #expect(try folder.contents() == [])
    }

    @Test("cue points become a cue chunk and labelled adtl entries, every chunk word-aligned")
    func cueChunks() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("cues.wav")
        // Label byte counts with the NUL: 2 (even), 3 (odd), 10 (Korean, 9 UTF-8 bytes + NUL), 1 (empty).
        let cues = [
            CuePoint(sampleOffset: 0, label: "A"),
            CuePoint(sampleOffset: 5, label: "AB"),
            CuePoint(sampleOffset: 9, label: "포스터"),
            CuePoint(sampleOffset: 10, label: ""),
        ]
        let writer = try WAVWriter(url: url, sampleRate: 22050)
        try writer.append([Int16](repeating: 3, count: 10))
        try writer.finish(cues: cues)

        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(RIFFBytes.u32(in: bytes, at: 4) == UInt32(bytes.count - 8))
        // Walk the chunks by their sizes: they must tile the file exactly.
        var offset = 12
        var found: [String: (Int, Int)] = [:]
        while offset < bytes.count {
            #expect(offset % 2 == 0)
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(RIFFBytes.u32(in: bytes, at: offset + 4))
            found[id] = (offset + 8, size)
            offset += 8 + size + size % 2
        }
        #expect(offset == bytes.count)
        #expect(Set(found.keys) == ["fmt ", "data", "cue ", "LIST"])
        let (cueBody, cueSize) = try #require(found["cue "])
        #expect(cueSize == 4 + 24 * 4)
        #expect(RIFFBytes.u32(in: bytes, at: cueBody) == 4)
        #expect(RIFFBytes.u32(in: bytes, at: cueBody + 4 + 24 * 2 + 20) == 9)  // third cue's sample offset
        let (listBody, listSize) = try #require(found["LIST"])
        #expect(String(decoding: bytes[listBody..<(listBody + 4)], as: UTF8.self) == "adtl")
        // labl sizes: 4 + label bytes + NUL; odd ones followed by one pad byte inside the LIST.
        let lablSizes = [6, 7, 14, 5]
        #expect(listSize == 4 + lablSizes.reduce(0) { $0 + 8 + $1 + $1 % 2 })
        var labl = listBody + 4
        for (index, size) in lablSizes.enumerated() {
            #expect(String(decoding: bytes[labl..<(labl + 4)], as: UTF8.self) == "labl")
            #expect(Int(RIFFBytes.u32(in: bytes, at: labl + 4)) == size)
            #expect(RIFFBytes.u32(in: bytes, at: labl + 8) == UInt32(index + 1))
            #expect(bytes[labl + 8 + size - 1] == 0, "label is NUL-terminated")
            labl += 8 + size + size % 2
        }

        let reader = try WAVReader(url: url)
        #expect(reader.cuePoints == cues)
        #expect(reader.frameCount == 10)
    }

    @Test("a cue past the end is refused and the writer stays usable")
    func cuePastEnd() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = try WAVWriter(url: folder.file("x.wav"), sampleRate: 22050)
        try writer.append([Int16]([1, 2]))
        #expect(throws: ExpoError.self) { try writer.finish(cues: [CuePoint(sampleOffset: 3, label: "late")]) }
        try writer.finish(cues: [CuePoint(sampleOffset: 2, label: "end")])
        #expect(try WAVReader(url: folder.file("x.wav")).cuePoints.map(\.sampleOffset) == [2])
    }

    @Test(
        "floating-point samples are scaled by 32768, rounded to nearest and clipped",
        arguments: quantizationTable)
    func quantize(input: Float, expected: Int16) {
        #expect(WAVWriter.quantize(input) == expected)
    }

    @Test("a file that would pass the size limit is refused before anything is written")
    func sizeLimit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("big.wav")
        let writer = try WAVWriter(url: url, sampleRate: 22050, limitBytes: 44 + 200)
        try writer.append([Int16](repeating: 1, count: 100))
        let error = #expect(throws: ExpoError.self) { try writer.append([Int16(1)]) }
        #expect(error == .audioTooLarge(file: url.path, limitBytes: 244))
        #expect(writer.framesWritten == 100)
        try writer.finish()
        #expect(try WAVReader(url: url).frameCount == 100)

        let withCues = try WAVWriter(url: folder.file("cued.wav"), sampleRate: 22050, limitBytes: 44 + 200)
        try withCues.append([Int16](repeating: 1, count: 100))
        #expect(throws: ExpoError.self) { try withCues.finish(cues: [CuePoint(sampleOffset: 0, label: "x")]) }
        #expect(try folder.contents() == ["big.wav"], "a failed finish leaves nothing behind")
        #expect(WAVWriter.maximumFileBytes == 4 << 30)
        #expect(ExpoError.audioTooLarge(file: "/o/g.wav", limitBytes: 1 << 32).errorDescription!.contains("4 GiB"))
    }

    @Test("a missing output folder is reported with the file and the reason")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("no-such-folder/track.wav")
        let error = #expect(throws: ExpoError.self) { try WAVWriter(url: url, sampleRate: 22050) }
        #expect(
            error?.message.hasPrefix(url.path + ": cannot create: ") == true,
            "errors name the file asked for, not the hidden partial file")
        #expect(error?.code == ENOENT)
        #expect(error?.errorDescription?.contains("ENOENT") == true)
    }

    @Test(
        "system errors name the file, the symbol and what to do",
        arguments: [
            (ENOSPC, "ENOSPC", "free some disk space"), (EFBIG, "EFBIG", "does not allow a file this large"),
            (EACCES, "EACCES", "permissions"), (EDQUOT, "EDQUOT", "quota"),
        ])
    func systemErrorMessages(code: Int32, symbol: String, hint: String) {
        let message =
            ExpoError.system(file: "/out/poster.wav", operation: "write", code: code).errorDescription ?? ""
        #expect(message.hasPrefix("/out/poster.wav: cannot write: "))
        #expect(message.contains(symbol))
        #expect(message.lowercased().contains(hint.lowercased()))
        #expect(message.contains(String(cString: strerror(code))))
    }
}

@Suite("WAVWriter.quantize against its reference copy")
struct WAVWriterQuantizeReferenceTests {
    @Test("the block quantizer rounds every kind of value as the frozen per-sample one")
    func blockMatchesReference() {
        var values: [Float] = [
            0, -0.0, .nan, -.nan, .infinity, -.infinity, .leastNonzeroMagnitude,
            -.leastNonzeroMagnitude, .greatestFiniteMagnitude, 1, -1,
        ]
        // Every half step between and around the 16-bit values, and its neighbours.
        for step in stride(from: -32770, through: 32770, by: 1) {
            let tie = (Float(step) + 0.5) / 32768
            values += [tie, tie.nextUp, tie.nextDown, Float(step) / 32768]
        }
        // A spread of bit patterns over all exponents and signs.
        for pattern in stride(from: UInt32(0), to: UInt32.max - 40_009, by: 40_009) {
            values.append(Float(bitPattern: pattern))
        }
        var output = [Int16](repeating: 0, count: values.count)
        values.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { WAVWriter.quantize(input, into: $0) }
        }
        let mismatch = values.indices.first { output[$0] != referenceQuantize(values[$0]) }
        #expect(mismatch == nil, "first mismatch for \(mismatch.map { values[$0] } ?? 0)")
    }
}
