import CatalogLoading
import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Normalization

/// Every text of the shared Expo 1900 fixtures, normalized, must leave nothing the Korean voice
/// misreads: no ASCII digit, no Hanja, no unit symbol.
@Suite("KoreanNormalizer on the Expo 1900 fixtures", .needsSharedFixtures)
struct FixtureNormalizationTests {
    /// All strings (and integers, as written) found in the parseable fixture files.
    static func fixtureTexts() throws -> [(file: String, text: String)] {
        let folder = try SharedFixtures.folder()
        var texts: [(String, String)] = []
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            guard let json = try? JSONSerialization.jsonObject(with: data) else { continue }  // the malformed fixture
            func collect(_ value: Any) {
                switch value {
                case let string as String: texts.append((file, string))
                case let number as NSNumber: texts.append((file, number.stringValue))
                case let array as [Any]: array.forEach(collect)
                case let object as [String: Any]: object.values.forEach(collect)
                default: break
                }
            }
            collect(json)
        }
        return texts
    }

    static func forbiddenScalars(in spoken: String) -> [Unicode.Scalar] {
        spoken.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x30...0x39: return true  // ASCII digits
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: return true  // Hanja
            case 0x3380...0x33DF, 0x2103, 0x2109, 0x25, 0xB0, 0x2113: return true  // ㎝ ㎡ … ℃ ℉ % ° ℓ
            case 0x3040...0x30FF: return true  // kana
            default: return false
            }
        }
    }

    @Test func fixturesAreFound() throws {
        let texts = try Self.fixtureTexts()
        #expect(texts.count > 20)
        #expect(texts.contains { $0.text.contains("㎝") })
    }

    /// What a run leaves that its voice misreads: a run in another language (a bracketed
    /// name, L'Exposition de Paris 1900) keeps its digits, which that voice says in its words.
    static func forbiddenScalars(in run: SpokenRun) -> [Unicode.Scalar] {
        forbiddenScalars(in: run.text).filter { run.language == nil || !ScalarClass.isDigit($0) }
    }

    @Test func spokenFixturesHoldOnlyWordsTheVoiceReads() throws {
        for (file, text) in try Self.fixtureTexts() {
            for run in ruleNormalizer.spokenRuns(text) {
                let forbidden = Self.forbiddenScalars(in: run)
                #expect(forbidden.isEmpty, "\(file): \(String(String.UnicodeScalarView(forbidden))) left in: \(run.text.prefix(200))")
            }
        }
    }

    @Test func spokenFixturesWithTheDefaultLexiconToo() throws {
        guard let root = packageRoot() else {
            Issue.record("Package.swift not found above \(#filePath)")
            return
        }
        let lexicon = try CuratorLexicon(contentsOf: root.appendingPathComponent("Voices/lexicon.txt"))
        let normalizer = KoreanNormalizer(lexicon: lexicon)
        for (file, text) in try Self.fixtureTexts() {
            for run in normalizer.spokenRuns(text) {
                #expect(Self.forbiddenScalars(in: run).isEmpty, "\(file): \(run.text.prefix(200))")
            }
        }
    }
}
