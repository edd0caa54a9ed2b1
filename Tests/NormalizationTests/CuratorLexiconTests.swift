import CatalogLoading
import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Normalization

@Suite("CuratorLexicon")
struct CuratorLexiconTests {
    private func write(_ contents: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lexicon-\(UUID().uuidString).txt")
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func readsEntriesCommentsAndLanguages() throws {
        let url = try write("# comment\n\nJikji | 직지\nL'Exposition de Paris | L'Exposition de Paris | fr\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let lexicon = try CuratorLexicon(contentsOf: url)
        #expect(
            lexicon.entries == [
                .init(written: "Jikji", spoken: "직지"),
                .init(written: "L'Exposition de Paris", spoken: "L'Exposition de Paris", language: "fr"),
            ])
    }

    static let badFiles: [(contents: String, line: Int, reason: String)] = [
        ("a | b\nonly one field\n", 2, "expected 2 or 3 fields"),
        (" | 소리\n", 1, "written form is empty"),
        ("직지 | \n", 1, "spoken form"),
        ("a | b | français\n", 1, "not a language tag"),
        ("a | b\n# x\na | c\n", 3, "already defined on line 1"),
        ("a | b | c | d\n", 1, "found 4"),
    ]

    @Test(arguments: 0..<badFiles.count)
    func reportsTheLineAndReason(_ index: Int) throws {
        let bad = Self.badFiles[index]
        let url = try write(bad.contents)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try CuratorLexicon(contentsOf: url)
            Issue.record("expected an error for \(bad.contents)")
        } catch let error as ExpoError {
            #expect(error.category == .usage && error.subject == .lexicon)
            #expect(error.message.hasPrefix(url.path + ":\(bad.line): "))
            #expect(error.message.contains(bad.reason))
            #expect(error.advice?.isEmpty == false)
        }
    }

    @Test func missingFileNamesTheFile() {
        let url = URL(fileURLWithPath: "/nonexistent/lexicon.txt")
        #expect {
            _ = try CuratorLexicon(contentsOf: url)
        } throws: { error in
            (error as? ExpoError)?.message.contains("/nonexistent/lexicon.txt") == true
        }
    }

    @Test func entriesApplyBeforeTheRules() {
        let lexicon = CuratorLexicon(entries: [
            .init(written: "12·12", spoken: "십이십이"),
            .init(written: "Jikji", spoken: "직지"),
            .init(written: "국보", spoken: "국뽀"),
        ])
        let normalizer = KoreanNormalizer(lexicon: lexicon)
        #expect(normalizer.spoken("12·12 사태") == "십이십이 사태")
        #expect(normalizer.spoken("영어권에도 'Jikji'로") == "영어권에도 직지로")
        #expect(normalizer.spoken("Jikjis") == "Jikjis")  // whole Latin words only
        #expect(normalizer.spoken("국보 제32호") == "국뽀 제삼십이 호")
    }

    @Test("a bracketed name the lexicon reads as the word before it is not said twice")
    func bracketedNameRepeatingTheWordIsLeftOut() {
        let lexicon = CuratorLexicon(entries: [
            .init(written: "JUKJI", spoken: "직지"),
            .init(written: "Seoul", spoken: "서 울"),
            .init(written: "Exposition Universelle", spoken: "Exposition Universelle", language: "fr"),
        ])
        let normalizer = KoreanNormalizer(lexicon: lexicon)
        #expect(normalizer.spoken("간단히 직지(直指, JUKJI)라고 부른다") == "간단히 직지라고 부른다")
        #expect(normalizer.spoken("수도 서울(Seoul)에서") == "수도 서울에서")
        // Another word, a foreign entry, or a word the lexicon does not know: still said.
        #expect(normalizer.spoken("책(JUKJI)") == "책(직지)")
        #expect(normalizer.spoken("박람회(Exposition Universelle)").contains("Exposition Universelle"))
        #expect(normalizer.spoken("직지(Jikji)").contains("Jikji"))
    }

    @Test func foreignEntriesBecomeRunsOfTheirLanguage() {
        let lexicon = CuratorLexicon(entries: [
            .init(written: "Le Petit Journal", spoken: "Le Petit Journal", language: "fr")
        ])
        let runs = KoreanNormalizer(lexicon: lexicon).spokenRuns("잡지 Le Petit Journal은 1900년")
        #expect(
            runs == [
                SpokenRun(text: "잡지"),
                SpokenRun(text: "Le Petit Journal", language: "fr"),
                SpokenRun(text: "은 천구백 년"),
            ])
    }

    @Test("a spoken form in square brackets is a fixed pronunciation, its own run")
    func bracketedPronunciation() throws {
        let url = try write("국립 | [궁닙]\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let lexicon = try CuratorLexicon(contentsOf: url)
        #expect(lexicon.entries == [.init(written: "국립", spoken: "궁닙", isPronunciation: true)])
        let runs = KoreanNormalizer(lexicon: lexicon).spokenRuns("그 국립 박물관")
        #expect(runs == [SpokenRun(text: "그"), SpokenRun(text: "궁닙", isPronunciation: true), SpokenRun(text: "박물관")])
    }

    @Test func laterEntriesWin() {
        let lexicon = CuratorLexicon(entries: [.init(written: "가", spoken: "나"), .init(written: "가", spoken: "다")])
        #expect(KoreanNormalizer(lexicon: lexicon).spoken("가") == "다")
    }

    @Test func theProjectLexiconLoads() throws {
        guard let root = packageRoot() else {
            Issue.record("Package.swift not found above \(#filePath)")
            return
        }
        let lexicon = try CuratorLexicon(contentsOf: root.appendingPathComponent("Voices/lexicon.txt"))
        #expect(!lexicon.entries.isEmpty)
    }
}
