import ExpoSystem
import Normalization

/// Finds Korean words broken by a stray space (만국박 람회의, 분야 에서, 지배 적이었지만), with a
/// real spelling dictionary (hunspell-ko) and libhangul's list of Sino-Korean words.
///
/// Korean allows compounds to be written with or without a space (만국 박람회, 대한 제국), and
/// Hunspell's Korean affix rules join almost any two words into an accepted compound or attach
/// a following word as an ending, so "the two parts joined are a known word" alone would flag
/// much correct text (on the original apps' data, nearly all correct spacing). Two neighbours
/// A B are reported only when the joined form is a known word AND one of these holds:
/// - A or B is not a word on its own (만국박 람회의: neither is);
/// - B is only an ending of A: Hunspell reads A+B as the stem A with an affix, not as a compound,
///   A is a dictionary form itself, and B is not (분야 에서: 에서 is a particle, while in
///   청동기 시대 the second word 시대 is a word of its own);
/// - the space splits one Sino-Korean word: Hunspell reads A+B as one stem that runs past A,
///   the stem is a word written wholly in Hanja in libhangul's dictionary, and the split leaves
///   a single syllable on one side (문 서를: 文書; 지배 적이었지만: 支配的). Native compounds
///   (그 다음, 마음 속) and two-word Sino-Korean compounds (만국 박람회) are left alone.
/// What it finds and misses on both catalogs is in Benchmarks/README.md. Not found: a broken
/// word the spelling dictionary does not know joined either (칠 보: 칠보 is not in hunspell-ko;
/// libhangul lists it, but it also lists 간문, 올수 and 난등, correct spacing in the same texts).
public struct BrokenWordDetector {
    let dictionary: SpellingDictionary
    /// The answers already given, by pair: texts repeat their word pairs, and each new pair costs
    /// up to six Hunspell look-ups (a long description asks mostly repeats).
    /// Bounded, so that a text of only distinct pairs holds no more than `memoLimit` of them.
    private let memo = Memo()
    static let memoLimit = 100_000

    private final class Memo {
        var answers: [String: Match?] = [:]
    }

    public init(dictionary: SpellingDictionary) {
        self.dictionary = dictionary
    }

    /// A neighbouring pair that looks like one broken word: the word joined, and why.
    public struct Match: Equatable, Sendable {
        public var joined: String
        public var reason: String
    }

    /// Whether the Hangul words `first` and `second`, written with a space between them, look
    /// like one word broken in two.
    public func match(_ first: String, _ second: String) -> Match? {
        let key = first + " " + second
        if let answer = memo.answers[key] { return answer }
        let answer = lookUp(first, second)
        if memo.answers.count < Self.memoLimit { memo.answers[key] = answer }
        return answer
    }

    private func lookUp(_ first: String, _ second: String) -> Match? {
        let joined = first + second
        guard dictionary.knows(joined) else { return nil }
        if !dictionary.knows(first) || !dictionary.knows(second) {
            let unknown = [first, second].filter { !dictionary.knows($0) }.map { "'\($0)'" }
            let verb = unknown.count == 1 ? "is not a word on its own" : "are not words on their own"
            return Match(joined: joined, reason: "\(unknown.joined(separator: " and ")) \(verb); '\(joined)' is")
        }
        let stems = dictionary.analyses(of: joined)
            .filter { !$0.contains("pa:") }
            .compactMap(Self.stem(in:))
        if stems.contains(first), dictionary.stems(of: first).contains(first), !dictionary.stems(of: second).contains(second) {
            return Match(joined: joined, reason: "'\(second)' is an ending or particle of '\(first)' and is written joined to it")
        }
        for stem in stems
        where joined.hasPrefix(stem) && stem.count > first.count
            && (first.count == 1 || stem.count - first.count == 1)
        {
            let hanja = SinoKoreanWords.hanja(for: stem)
            guard let spelling = hanja.first else { continue }
            return Match(joined: joined, reason: "'\(stem)' (\(spelling)) is one word")
        }
        return nil
    }

    /// Starts loading libhangul's Hanja dictionary, which the Sino-Korean test reads, on a thread
    /// of its own, so that it loads while the spelling dictionary is reduced and loaded instead
    /// of at the first look-up; nil when no second thread is
    /// to be had (`ParallelWork.defaultThreads`). Asking for the Hanja of the empty word, which
    /// has none, is what loads it.
    static func loadSinoKoreanWordsBeside() -> BackgroundWork? {
        guard ParallelWork.defaultThreads > 1 else { return nil }
        return BackgroundWork { _ = SinoKoreanWords.hanja(for: "") }
    }

    /// The stem of one Hunspell analysis (" st:문서 fl:541" → 문서).
    static func stem(in analysis: String) -> String? {
        guard let range = analysis.range(of: "st:") else { return nil }
        let rest = analysis[range.upperBound...]
        let stem = rest.prefix { !$0.isWhitespace }
        return stem.isEmpty ? nil : String(stem)
    }
}
