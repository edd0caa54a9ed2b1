import CatalogLoading
import ExpoModel
import Foundation
import TestSupport
import Testing

@testable import Normalization

/// The normalizer under test, with an empty lexicon so that only the rules speak.
let ruleNormalizer = KoreanNormalizer()

/// Text without whitespace: NIKL spelling allows both "열두 줄" and "열두줄" after numerals,
/// so the rule tables compare words, not spacing.
func withoutSpaces(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }))
}

/// Text without whitespace and punctuation, as the external evaluation compares.
func wordsOnly(_ text: String) -> String {
    let dropped = CharacterSet.whitespacesAndNewlines.union(.punctuationCharacters).union(.symbols)
    return String(String.UnicodeScalarView(text.unicodeScalars.filter { !dropped.contains($0) }))
}

/// A row of a rule table: what is written, what a Korean narrator says.
struct SpeechCase: CustomTestStringConvertible, Sendable {
    let written: String
    let spoken: String
    init(_ written: String, _ spoken: String) {
        self.written = written
        self.spoken = spoken
    }
    var testDescription: String { "\(written) → \(spoken)" }
}
