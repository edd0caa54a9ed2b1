import Foundation
import KoreanMorphology
import Testing

/// The classes read from Debian's hunspell-ko (a dependency: scripts/install-dependencies.sh).
@Suite(.enabled(if: PartsOfSpeech.installed != nil, "hunspell-ko is not installed"))
struct PartsOfSpeechTests {
    let lexicon = PartsOfSpeech.installed!

    @Test(arguments: [
        // predicate stems (the dictionary form without 다), verbs and adjectives
        ("삼", PartsOfSpeech.WordClass.predicateStem), ("더듬", .predicateStem), ("다듬", .predicateStem),
        ("숨지", .predicateStem), ("젊", .predicateStem), ("부둥켜안", .predicateStem),
        // nouns
        ("감자", .nominal), ("책", .nominal), ("심지", .nominal), ("박물관", .nominal),
        // adnominal forms
        ("먹을", .adnominalL), ("갈", .adnominalL), ("읽은", .adnominalN),
    ])
    func classOfWord(_ word: String, _ expected: PartsOfSpeech.WordClass) {
        #expect(lexicon.classes(of: word).contains(expected), "\(word)")
    }

    /// Adverbs (only the particle flag 540) are told from nouns, which are nominal as well.
    @Test func adverbsAreToldFromNouns() {
        #expect(lexicon.classes(of: "역시").contains(.adverb))
        #expect(lexicon.classes(of: "역시").contains(.nominal))
        #expect(!lexicon.classes(of: "이름").contains(.adverb))
        #expect(!lexicon.classes(of: "박물관").contains(.adverb))
        #expect(lexicon.classes(of: "이름").contains(.noun))
        #expect(!lexicon.classes(of: "역시").contains(.noun))
        #expect(lexicon.classes(of: "요리").isSuperset(of: [.noun, .adverb]))  // 料理 and the adverb
    }

    @Test func wordsOutsideTheDictionaryHaveNoClass() {
        #expect(lexicon.classes(of: "먹었") == [])  // an inflected form is not listed
        #expect(!lexicon.classes(of: "책").contains(.predicateStem))
        #expect(!lexicon.classes(of: "먹을").contains(.nominal))
        #expect(lexicon.classes(of: "") == [])
        #expect(lexicon.classes(of: "abc") == [])
        #expect(lexicon.classes(of: "가나다라마") == [])  // longer than the keys
    }

    @Test func missingOrForeignFilesGiveNoLexicon() throws {
        #expect(PartsOfSpeech(affixFile: "/nonexistent/ko.aff", dictionaryFile: "/nonexistent/ko.dic") == nil)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lexicon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let aff = folder.appendingPathComponent("x.aff")
        let dic = folder.appendingPathComponent("x.dic")
        try "SET UTF-8\nTRY abc\n".write(to: aff, atomically: true, encoding: .utf8)
        try "1\nword/1\n".write(to: dic, atomically: true, encoding: .utf8)
        #expect(PartsOfSpeech(affixFile: aff.path, dictionaryFile: dic.path) == nil)
    }
}

/// A damaged dictionary is read as far as it makes sense, never a crash.
@Suite struct DamagedLexiconTests {
    @Test func malformedLinesAreSkipped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lexicon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let aff = folder.appendingPathComponent("ko.aff")
        let dic = folder.appendingPathComponent("ko.dic")
        // alias 1: a noun (particle flag 530); alias 2: a predicate (ending flag 30); alias 3: huge flags
        try "SET UTF-8\nAF 3\nAF 530\nAF 30\nAF 99999999999999999999999\nSFX 530 Y 1\n".write(to: aff, atomically: true, encoding: .utf8)
        let jamo = { (word: String) in word.decomposedStringWithCanonicalMapping }
        let lines = [
            "6", jamo("책") + "/1", jamo("먹다") + "/2", jamo("가") + "/123456789012345678901234567890",
            "\u{1100}\u{1100}/1", "\u{FF}\u{FE}/1", jamo("좋") + "/3", "/1", "",
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: dic)
        let lexicon = try #require(PartsOfSpeech(affixFile: aff.path, dictionaryFile: dic.path))
        #expect(lexicon.classes(of: "책") == [.nominal, .noun])
        #expect(lexicon.classes(of: "먹") == .predicateStem)
        #expect(lexicon.classes(of: "가") == [])
        #expect(lexicon.classes(of: "좋") == [])
    }
}
