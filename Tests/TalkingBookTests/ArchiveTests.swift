import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import TalkingBook

@Suite("ZIP container and atomic writing")
struct ArchiveTests {
    @Test func crc32MatchesTheStandardCheckValue() {
        var crc = CRC32()
        crc.update(Data("123456789".utf8))
        #expect(crc.checksum == 0xCBF4_3926)
    }

    @Test func mimetypeComesFirstStoredWithoutExtraField() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let epub = scratch.file("guide.epub")
        try TalkingBookWriter.write(try SampleBook.withPlaceholderAudio(in: scratch), to: epub)
        let bytes = try Data(contentsOf: epub)
        #expect(String(decoding: bytes[30..<38], as: UTF8.self) == "mimetype")
        #expect(String(decoding: bytes[38..<58], as: UTF8.self) == "application/epub+zip")
        let zip = try StoredZip(bytes)
        #expect(zip.entries.first?.name == "mimetype")
        #expect(zip.entries.first?.localHeaderOffset == 0)
        #expect(zip.entries.allSatisfy { $0.extraLength == 0 })
        #expect(zip["EPUB/audio/00-poster.mp3"] == (try Data(contentsOf: scratch.file("00-poster.mp3"))))
        let names = zip.entries.map(\.name)
        #expect(Set(names).count == names.count)
        if let python = ExternalTool.find("python3") {
            let script = "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); sys.exit(z.testzip() is not None)"
            #expect(try ExternalTool.run(python, ["-c", script, epub.path]).status == 0)
        }
    }

    @Test func identicalInputGivesIdenticalBytes() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let document = try SampleBook.withPlaceholderAudio(in: scratch)
        try TalkingBookWriter.write(document, to: scratch.file("a.epub"))
        try TalkingBookWriter.write(document, to: scratch.file("b.epub"))
        let first = try Data(contentsOf: scratch.file("a.epub"))
        #expect(first == (try Data(contentsOf: scratch.file("b.epub"))))
        try TalkingBookWriter.write(document, to: scratch.file("a.epub"))
        #expect(first == (try Data(contentsOf: scratch.file("a.epub"))))
    }

    @Test func failedWriteKeepsThePreviousFileAndLeavesNothingBehind() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        var document = try SampleBook.withPlaceholderAudio(in: scratch)
        let epub = scratch.file("guide.epub")
        try Data("previous".utf8).write(to: epub)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path))
        // The audio disappears: the failure comes mid-archive, after other entries were written.
        document.chapters[1].audio?.sourceURL = scratch.file("missing.mp3")
        #expect(throws: ExpoError.unreadableAudio(scratch.file("missing.mp3").path)) {
            try TalkingBookWriter.write(document, to: epub)
        }
        #expect(try Data(contentsOf: epub) == Data("previous".utf8))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)) == before)
        // An invalid document fails before anything is created.
        document.chapters[0].id = "bad id"
        #expect(throws: ExpoError.invalidName("bad id")) {
            try TalkingBookWriter.write(document, to: scratch.file("new.epub"))
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)) == before)
    }

    @Test func successfulWriteReplacesTheFile() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let epub = scratch.file("guide.epub")
        try Data("previous".utf8).write(to: epub)
        try TalkingBookWriter.write(try SampleBook.withPlaceholderAudio(in: scratch), to: epub)
        #expect(try StoredZip(Data(contentsOf: epub)).entries.count > 5)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
            .filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty)
    }
}

@Suite("Validation of the document")
struct ValidationTests {
    private func sample(_ change: (inout TalkingBookDocument) -> Void) throws -> TalkingBookDocument {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        var document = try SampleBook.withPlaceholderAudio(in: scratch)
        change(&document)
        return document
    }

    @Test func rejectsBadDocuments() throws {
        let cases: [(ExpoError, (inout TalkingBookDocument) -> Void)] = [
            (.noChapters, { $0.chapters = [] }),
            (.emptyValue("title"), { $0.title = " \u{1} " }),
            (.invalidModifiedDate("2026-01-01"), { $0.modified = "2026-01-01" }),
            (.invalidLanguageTag("français"), { $0.chapters[0].blocks[1].sentences[0].runs[0].language = "français" }),
            (.invalidName("../x"), { $0.chapters[0].id = "../x" }),
            (.invalidName("nav"), { $0.chapters[0].id = "nav" }),
            (.duplicateChapterID("00-POSTER"), { $0.chapters[1].id = "00-POSTER" }),
            (.unsupportedMediaType("audio/wav"), { $0.chapters[0].audio?.mediaType = "audio/wav" }),
            (.invalidDuration(chapter: "00-poster"), { $0.chapters[0].audio?.durationSeconds = .nan }),
            (.clipOutOfRange(chapter: "00-poster", sentence: 0), { $0.chapters[0].blocks[0].sentences[0].clip = 0...99 }),
            (.clipsOutOfOrder(chapter: "00-poster", sentence: 1), { $0.chapters[0].blocks[1].sentences[0].clip = 0...1 }),
            (.clipWithoutAudio(chapter: "02-notes", sentence: 0), { $0.chapters[2].blocks[0].sentences[0].clip = 0...1 }),
            (.conflictingAudio("00-poster.mp3"), { $0.chapters[1].audio?.fileName = "00-poster.mp3" }),
            (
                .emptyOverlay(chapter: "01-jikji"),
                { document in
                    for index in document.chapters[1].blocks.indices {
                        for sentence in document.chapters[1].blocks[index].sentences.indices {
                            document.chapters[1].blocks[index].sentences[sentence].clip = nil
                        }
                    }
                }
            ),
        ]
        for (expected, change) in cases {
            let document = try sample(change)
            #expect(throws: expected) { _ = try BookPlan(document) }
        }
    }

    @Test func clampsRoundingNoiseAtTheEndOfTheAudio() throws {
        let document = try sample { document in
            let duration = document.chapters[1].audio!.durationSeconds
            let last = document.chapters[1].blocks.count - 1
            document.chapters[1].blocks[last].sentences[0].clip = (duration - 1)...(duration + 0.004)
        }
        let plan = try BookPlan(document)
        let clips = plan.chapters[1].clips
        #expect(clips.values.map(\.end).max() == SMILClock.milliseconds(document.chapters[1].audio!.durationSeconds))
    }

    @Test func formatsClockValues() {
        #expect(SMILClock.timecount(12_345) == "12.345s")
        #expect(SMILClock.timecount(5) == "0.005s")
        #expect(SMILClock.fullClock(3_723_004) == "1:02:03.004")
        #expect(LanguageTag.isWellFormed("zh-Hant-TW") && !LanguageTag.isWellFormed("fr_FR"))
        #expect(LanguageTag.isRightToLeft("he") && LanguageTag.isRightToLeft("ar-EG") && !LanguageTag.isRightToLeft("ko"))
    }
}

@Suite("Streaming and labels")
struct StreamingTests {
    @Test func largeAudioIsCopiedInChunksIntact() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        var document = try SampleBook.withPlaceholderAudio(in: scratch)
        let big = scratch.file("big.mp3")
        var generator = UInt32(1)
        let bytes = (0..<(2_500_000)).map { _ -> UInt8 in
            generator = generator &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: generator >> 24)
        }
        try Data(bytes).write(to: big)
        document.chapters[1].audio?.sourceURL = big
        document.chapters[1].audio?.fileName = "big.mp3"
        try TalkingBookWriter.write(document, to: scratch.file("guide.epub"))
        let zip = try StoredZip(Data(contentsOf: scratch.file("guide.epub")))
        #expect(zip["EPUB/audio/big.mp3"] == Data(bytes))
    }

    @Test func navigationLabelsFollowTheBookLanguage() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        var document = try SampleBook.withPlaceholderAudio(in: scratch)
        document.language = "de"
        let german = NavigationDocument(plan: try BookPlan(document)).render()
        #expect(german.contains("<h1 id=\"toc-title\" lang=\"en\" xml:lang=\"en\">Contents</h1>"))
        document.language = "en-GB"
        let english = NavigationDocument(plan: try BookPlan(document)).render()
        #expect(english.contains("<h1 id=\"toc-title\">Contents</h1>"))
    }
}
