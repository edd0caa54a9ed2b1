import Foundation
import KoreanPronunciation

/// One table row: the article of 표준 발음법 it follows, the written input and the standard
/// pronunciation in Hangul (as the standard writes it; spaces kept where no consonant moves).
struct Case: Sendable, CustomStringConvertible {
    let article: String
    let written: String
    let expected: String

    init(_ article: String, _ written: String, _ expected: String) {
        self.article = article
        self.written = written
        self.expected = expected
    }

    var description: String { "\(article) \(written) → \(expected)" }

    /// The rule family the article belongs to (the maintainers' grouping).
    var family: String {
        let digits = article.filter(\.isNumber)
        switch Int(digits) ?? 0 {
        case 5: return "모음 5"
        case 8...11: return "받침 9–11"
        case 12: return "ㅎ 12"
        case 13...16: return "연음 13–15"
        case 17: return "구개음화 17"
        case 18, 19: return "비음화 18–19"
        case 20: return "유음화 20"
        case 23...28: return "경음화 23–28"
        case 29: return "ㄴ첨가 29"
        case 30: return "사이시옷 30"
        default: return "기타"
        }
    }
}

enum Fixture {
    static let voicesURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Voices/pronunciation.txt")

    static let dictionary: PronunciationDictionary = {
        do { return try PronunciationDictionary(contentsOf: voicesURL) } catch {
            fatalError("cannot load \(voicesURL.path): \(error)")
        }
    }()

    static let pronouncer = StandardPronouncer(dictionary: dictionary)

    static let allCases: [Case] =
        RuleTableCases.batchim + RuleTableCases.linking + RuleTableCases.h + RuleTableCases.palatal
        + RuleTableCases.nasal + RuleTableCases.liquid + RuleTableCases.tensing + RuleTableCases.nInsertion + RuleTableCases.saiSiot + RuleTableCases.vowels
        + RuleTableCases.sentences
}
