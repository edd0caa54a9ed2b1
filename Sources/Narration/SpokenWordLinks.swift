import ExpoModel
import Normalization

/// Links the words a sentence shows to the words the voice says (see `Sentence.wordLinks`),
/// so that a caption part can be timed from when its first word is heard.
///
/// The normalizer turns one written word into none, one or several spoken words ("1900년" →
/// "천구백 년", "高麗" → "고려"), so the link is found with the normalizer itself: display word
/// `k` is heard from spoken word N(k), where N(k) is how many words the normalizer makes of
/// the display words before it. The link is kept only when the whole display text makes as
/// many words as the sentence's spoken runs have; otherwise there is none (and captions are
/// timed by length).
public enum SpokenWordLinks {
    /// Display sentences longer than this get no links by prefixes (the work grows with the
    /// square of the length); their captions are timed by length unless word by word agrees.
    public static let longestSentenceByPrefixes = 80

    /// The links of `displayWords` to a spoken form of `spokenWordCount` words, made by
    /// `spoken` (the normalizer's text for a stretch of display text); nil when the counts
    /// disagree. Each word is first normalised alone (linear); where the reading of a word
    /// depends on its neighbours the total disagrees, and the prefixes decide.
    public static func links(
        displayWords: [Substring], spokenWordCount: Int,
        spoken: (String) -> String
    ) -> [Int]? {
        guard !displayWords.isEmpty else { return nil }
        if let links = wordByWord(displayWords, spokenWordCount: spokenWordCount, spoken: spoken) { return links }
        guard displayWords.count <= longestSentenceByPrefixes else { return nil }
        var links: [Int] = []
        var previous = 0
        for count in 0...displayWords.count {
            let made = count == 0 ? 0 : Sentence.words(spoken(displayWords[..<count].joined(separator: " "))).count
            previous = max(previous, made)
            if count < displayWords.count { links.append(previous) }
        }
        guard previous == spokenWordCount else { return nil }
        return links
    }

    /// The links when every display word, normalised alone, makes the words it makes in the
    /// sentence: nil unless their total is the sentence's.
    private static func wordByWord(
        _ displayWords: [Substring], spokenWordCount: Int,
        spoken: (String) -> String
    ) -> [Int]? {
        var links: [Int] = []
        links.reserveCapacity(displayWords.count)
        var total = 0
        for word in displayWords {
            links.append(total)
            total += Sentence.words(spoken(String(word))).count
            if total > spokenWordCount { return nil }
        }
        return total == spokenWordCount ? links : nil
    }

    /// The links of a sentence whose spoken runs the normalizer made from its display text.
    public static func links(for sentence: Sentence, normalizer: KoreanNormalizer) -> [Int]? {
        links(
            displayWords: sentence.displayWords, spokenWordCount: sentence.spokenWords.count,
            spoken: normalizer.spoken)
    }
}
