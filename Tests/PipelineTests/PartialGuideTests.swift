import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Pipeline

/// A run over some tracks in a folder that holds a guide publishes that whole guide again.
@Suite("partial runs, with a fake speech source")
struct PartialGuideTests {
    typealias Builder = GuideBuilderTests

    @Test("after --all, one changed entry: only it is synthesized and the guide keeps every track")
    func oneChangedEntry() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try Builder.build(into: folder)
        var catalog = Builder.catalog
        catalog.entries[1].description += " 새 문장이다."
        let run = try Builder.build(into: folder, catalog: catalog, selection: .some(poster: false, entryNames: ["gat"]))
        #expect(run.source.synthesized == ["02-gat"])
        #expect(run.report.cachedTracks == 2)
        #expect(try Builder.manifest(in: folder).tracks.map(\.fileStem) == ["00-poster", "01-jikji", "02-gat"])
        #expect(run.report.summary.tracks.allSatisfy { $0.audioFile != nil })
    }

    @Test("another track the cache lacks stops the run before anything is synthesized or published")
    func otherTrackNotCached() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try Builder.build(into: folder)
        let before = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        var catalog = Builder.catalog
        catalog.entries[0].description += " 고쳤다."
        catalog.entries[1].description += " 고쳤다."
        #expect {
            _ = try Builder.build(into: folder, catalog: catalog, selection: .some(poster: false, entryNames: ["2"]))
        } throws: { error in
            let error = error as? ExpoError
            return error?.category == .unavailable && error?.subject == .publishedGuide
                && error?.message.contains("\"직지\"") == true && error?.message.contains("\"갓\"") == false
        }
        #expect(try Data(contentsOf: folder.appendingPathComponent("manifest.json")) == before)
    }

    @Test("on an empty folder, then again: the guide is the tracks asked for so far")
    func growingGuide() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try Builder.build(into: folder, selection: .some(poster: false, entryNames: ["02-gat"]))
        #expect(try Builder.manifest(in: folder).tracks.map(\.fileStem) == ["02-gat"])
        let run = try Builder.build(into: folder, selection: .poster)
        #expect(run.source.synthesized == ["00-poster"])
        #expect(try Builder.manifest(in: folder).tracks.map(\.fileStem) == ["00-poster", "02-gat"])
    }

    @Test("an entry taken out of the catalog leaves the guide; the others stay")
    func entryRemoved() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try Builder.build(into: folder)
        var catalog = Builder.catalog
        catalog.entries.removeLast()
        let run = try Builder.build(into: folder, catalog: catalog, selection: .poster)
        #expect(run.source.synthesized.isEmpty)
        #expect(try Builder.manifest(in: folder).tracks.map(\.fileStem) == ["00-poster", "01-jikji"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("02-gat.wav").path))
    }

    @Test("a published manifest that cannot be read stops a partial run as bad data")
    func unreadableManifest() throws {
        let folder = try TemporaryFolder().url.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try Builder.build(into: folder)
        try Data("{\"formatVersion\": 1".utf8).write(to: folder.appendingPathComponent("manifest.json"))
        #expect {
            _ = try Builder.build(into: folder, selection: .poster)
        } throws: { error in
            (error as? ExpoError)?.category == .data && (error as? ExpoError)?.subject == .publishedGuide
        }
    }
}

@Suite("entry names")
struct EntryNamesTests {
    static let names = EntryNames(
        names: ["직지심체요절", "갓", "같은\n이름", "같은\n이름"],
        entries: [("01-jikji", "직지심체요절"), ("02-gat", "갓"), ("03-same", "같은 이름"), ("04-same", "같은 이름")].enumerated().map {
            Track(fileStem: $1.0, title: $1.1, kind: .entry, position: $0 + 2, blocks: [])
        })

    @Test(
        "every form finds its entry",
        arguments: [
            ("직지심체요절", [0]), ("01-jikji", [0]), ("jikji", [0]), ("JIKJI", [0]), ("1", [0]), ("2", [1]),
            ("같은\n이름", [2, 3]), ("같은 이름", [2, 3]), ("03-same", [2]),
        ])
    func resolves(name: String, indices: [Int]) throws {
        #expect(try Self.names.resolve(name) == indices)
    }

    @Test("a short stem that fits several entries asks for the numbered one")
    func ambiguousShortStem() {
        #expect {
            _ = try Self.names.resolve("same")
        } throws: { error in
            let error = error as? ExpoError
            return error?.category == .usage && error?.message.contains("03-same") == true && error?.message.contains("04-same") == true
        }
    }

    @Test(
        "a name that fits one entry by its name and another by its stem or position names both, guessing nothing",
        arguments: ["1", "01-gat", "GAT"])
    func nameAgainstStemOrPosition(name: String) {
        let names = EntryNames(
            names: ["갓", name],
            entries: [("01-gat", "갓"), ("02-other", name)].enumerated().map {
                Track(fileStem: $1.0, title: $1.1, kind: .entry, position: $0 + 2, blocks: [])
            })
        #expect {
            _ = try names.resolve(name)
        } throws: { error in
            let message = (error as? ExpoError)?.message ?? ""
            return message.contains("01-gat") && message.contains("02-other") && message.contains("fits more than one entry")
        }
    }

    @Test("a position in an empty catalog is no entry, not a trap")
    func emptyCatalog() {
        #expect(throws: ExpoError.self) { _ = try EntryNames(names: [], entries: []).resolve("1") }
    }

    @Test(
        "an unknown name suggests the closest forms; a number out of range gives the range",
        arguments: [
            ("jikj", "Did you mean \"jikji\" (직지심체요절)?"), ("02-gta", "Did you mean \"02-gat\" (갓)?"),
            ("직지", "Did you mean \"직지심체요절\"?"), ("5", "positions are 1 to 4"), ("0", "positions are 1 to 4"),
            ("전혀 다른 것", "The catalog has: 직지심체요절"),
        ])
    func unknown(name: String, expected: String) {
        #expect {
            _ = try Self.names.resolve(name)
        } throws: { error in
            let error = error as? ExpoError
            return error?.category == .usage && error?.description.contains(expected) == true
        }
    }

    @Test("edit distance", arguments: [("", "abc", 3), ("kitten", "sitting", 3), ("갓", "갓", 0), ("해금", "헤금", 1)])
    func distance(a: String, b: String, expected: Int) {
        #expect(EntryNames.editDistance(Array(a), Array(b)) == expected)
    }
}
