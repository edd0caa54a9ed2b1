import CatalogCheck
import CatalogLoading
import ExpoModel
import Foundation
import TestSupport
import Testing

/// The spelling dictionary reduced to a catalog's words answers exactly as the whole one: every
/// word the check asks on the original apps' data, and words made from their pieces, compared
/// call by call (spell, stem, analyze). In CatalogCheckerTests' serialized suite, whose one
/// whole dictionary it shares.
extension CatalogCheckerTests {
    @Test(.needsSharedFixtures) func theReducedDictionaryAnswersAsTheWholeOne() throws {
        var loader = CatalogLoader()
        let catalog = try loader.load(
            posterFile: try SharedFixtures.url("exposition_universelle_1900.json"),
            itemsFile: try SharedFixtures.url("items.json"))
        let asked = CatalogChecker.spellingWords(in: catalog)
        // Words the check does not ask but that a reading could confuse: pieces of the asked
        // words (a suffix's text without its root, a root without its ending) and pieces joined
        // (a compound of two known words), drawn with a fixed seed.
        var generator = SeededGenerator(seed: 28)
        let pieces = asked.sorted().map(Array.init)
        var made = Set<String>()
        while made.count < 600 {
            let word = pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            let start = Int.random(in: 0..<word.count, using: &generator)
            let end = Int.random(in: (start + 1)...word.count, using: &generator)
            var piece = String(word[start..<end])
            if Bool.random(using: &generator) {
                let other = pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                piece += String(other.prefix(Int.random(in: 1...other.count, using: &generator)))
            }
            made.insert(piece)
        }
        let words = asked.union(made)
        let whole = try Self.spelling()
        let reduced = try #require(try SpellingDictionary(names: CatalogChecker.koreanDictionaryNames, onlyFor: words))
        #expect(reduced.isReduced)
        var differences: [String] = []
        for word in words.sorted() {
            if whole.knows(word) != reduced.knows(word) { differences.append("spell \(word)") }
            if whole.stems(of: word) != reduced.stems(of: word) { differences.append("stem \(word)") }
            if whole.analyses(of: word) != reduced.analyses(of: word) { differences.append("analyze \(word)") }
        }
        #expect(differences.isEmpty, "\(differences.count) of \(words.count) words differ: \(differences.prefix(10))")
        #expect(whole.failure == nil && reduced.failure == nil)
        // A word it was not loaded for is refused, not answered wrongly.
        #expect(reduced.knows("가나다라마바사아자차카타파하") && reduced.failure != nil)
    }
}

/// A small deterministic generator (SplitMix64), so that the words drawn are the same each run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A dictionary whose .aff has something the reduction does not model (here a prefix) is
/// loaded whole, and answers as before.
@Test func aDictionaryWithPrefixesIsLoadedWhole() throws {
    let folder = try TemporaryFolder().url
    defer { try? FileManager.default.removeItem(at: folder) }
    try "SET UTF-8\nFLAG num\nPFX 1 Y 1\nPFX 1 0 un .\nSFX 2 Y 1\nSFX 2 0 s .\n".write(
        to: folder.appendingPathComponent("t.aff"), atomically: true, encoding: .utf8)
    try "1\ndo/1,2\n".write(to: folder.appendingPathComponent("t.dic"), atomically: true, encoding: .utf8)
    let dictionary = try #require(try SpellingDictionary(names: ["t"], folders: [folder.path], onlyFor: ["undo", "dos", "undos"]))
    #expect(!dictionary.isReduced)
    #expect(dictionary.knows("undo") && dictionary.knows("dos") && dictionary.knows("undos"))
    // Without the prefix, the same pair is reduced: the rule whose text occurs in no word is left out.
    try "SET UTF-8\nFLAG num\nSFX 2 Y 2\nSFX 2 0 s .\nSFX 2 0 ing .\n".write(to: folder.appendingPathComponent("t.aff"), atomically: true, encoding: .utf8)
    let reduced = try #require(try SpellingDictionary(names: ["t"], folders: [folder.path], onlyFor: ["dos", "do"]))
    #expect(reduced.isReduced && reduced.knows("dos") && reduced.knows("do"))
}
