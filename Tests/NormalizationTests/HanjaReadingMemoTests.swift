import CatalogLoading
import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Normalization

@Suite("Hanja reading memo")
struct HanjaReadingMemoTests {
    @Test("a saved memo answers as the dictionary did, without the dictionary")
    func roundTrip() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("hanja-readings.json")
        let run: [Unicode.Scalar] = Array("八萬大藏經".unicodeScalars)
        let first = HanjaReadingMemo()
        let reading = try #require(first.reading(of: run, dictionary: { HanjaDictionary.shared }))
        #expect(reading == "팔만대장경")
        let readings = try #require(first.readings(of: "樂", dictionary: { HanjaDictionary.shared }))
        #expect(!readings.isEmpty)
        first.save(to: file, toolVersion: "1")

        let second = HanjaReadingMemo()
        second.load(from: file, toolVersion: "1")
        #expect(second.reading(of: run, dictionary: { nil }) == reading)
        #expect(second.readings(of: "樂", dictionary: { nil }) == readings)
        // Something never asked is not invented.
        #expect(second.readings(of: "龍", dictionary: { nil }) == nil)
    }

    @Test("a memo of another tool version is ignored")
    func stamp() throws {
        let folder = try TemporaryFolder().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("hanja-readings.json")
        let memo = HanjaReadingMemo()
        _ = memo.reading(of: Array("二胡".unicodeScalars), dictionary: { HanjaDictionary.shared })
        memo.save(to: file, toolVersion: "1")
        let other = HanjaReadingMemo()
        other.load(from: file, toolVersion: "2")
        #expect(other.reading(of: Array("二胡".unicodeScalars), dictionary: { nil }) == nil)
    }
}
