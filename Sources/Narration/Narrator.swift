import ExpoModel
import ExpoSystem
import Normalization

/// Turns a catalog into tracks: one for the poster, then one per entry, each sentence with
/// its display text and its spoken form.
public struct Narrator: Sendable {
    public let normalizer: KoreanNormalizer
    /// Display text only: no spoken form, no word links (see `displayOutline`).
    private var displayOnly = false

    public init(normalizer: KoreanNormalizer) {
        self.normalizer = normalizer
    }

    /// What the reader sees of each track, without the spoken forms, which are the expensive
    /// part (the normaliser, the Hanja dictionary): per track, its stem, title, kind, position
    /// and per block its role, label, value and sentences' display text, exactly as `tracks`
    /// gives them. What a cached narration is checked against before it is used.
    public static func displayOutline(for catalog: Catalog) -> [TrackOutline] {
        var narrator = Narrator(normalizer: KoreanNormalizer(lexicon: .empty))
        narrator.displayOnly = true
        return (0...catalog.entries.count).map { slot in
            TrackOutline(
                slot == 0
                    ? narrator.posterTrack(catalog.poster)
                    : narrator.entryTrack(catalog.entries[slot - 1], index: slot - 1, count: catalog.entries.count))
        }
    }

    /// The poster's track followed by every entry's, in catalog order. Tracks are made on
    /// every core at once: each depends only on its own entry (the normalizer and the Hanja
    /// dictionary are safe to share), so the result is the same as one by one; where the
    /// system refuses threads, one by one on the caller's.
    public func tracks(for catalog: Catalog) -> [Track] {
        let count = catalog.entries.count
        let slots = UnsafeMutableBufferPointer<Track?>.allocate(capacity: count + 1)
        slots.initialize(repeating: nil)
        defer {
            slots.deinitialize()
            slots.deallocate()
        }
        // Each iteration writes its own slot only.
        nonisolated(unsafe) let shared = slots
        ParallelWork.forEach(count + 1) { slot in
            shared[slot] =
                slot == 0
                ? posterTrack(catalog.poster)
                : entryTrack(catalog.entries[slot - 1], index: slot - 1, count: count)
        }
        return slots.map { $0! }
    }

    /// The poster: title, visitors, place, period, then the description's paragraphs.
    public func posterTrack(_ poster: Poster) -> Track {
        let title = PosterTitle(poster.title)
        var blocks: [Block] = [Block(role: .title, sentences: [titleSentence(title)])]
        let facts: [(String, String)] = [
            ("방문객", KoreanNumerals.sino(poster.visitors, spacedByGroups: true) + " 명"),
            ("개최지", poster.location.trimmingWhitespace),
            ("개최 기간", ExhibitionPeriod.display(poster.duration)),
        ]
        for (label, value) in facts {
            let display = "\(label): \(value)"
            var sentence = Sentence(display: display, spoken: normalizer.spokenRuns("\(label), \(value)."))
            sentence.wordLinks = SpokenWordLinks.links(for: sentence, normalizer: normalizer)
            blocks.append(Block(role: .fact, label: label, value: value, sentences: [sentence]))
        }
        blocks += appearance(poster.imageDescription)
        blocks += paragraphs(poster.description)
        return Track(fileStem: FileNaming.posterStem, title: title.display, kind: .poster, position: 1, blocks: blocks)
    }

    /// An entry: name, short description, then the description's paragraphs.
    public func entryTrack(_ entry: Entry, index: Int, count: Int) -> Track {
        var name = entry.name.trimmingWhitespace.split(whereSeparator: \.isNewline).joined(separator: " ")
        if name.isEmpty { name = "항목 \(index + 1)" }
        var blocks = [Block(role: .title, sentences: [sentence(name)])]
        blocks += appearance(entry.imageDescription)
        let summary = entry.shortDescription.trimmingWhitespace
        if !summary.isEmpty {
            blocks.append(Block(role: .summary, sentences: SentenceSplitter.sentences(summary).map(sentence)))
        }
        blocks += paragraphs(entry.description)
        let stem = FileNaming.entryStem(index: index, count: count, hint: entry.imageName)
        return Track(fileStem: stem, title: name, kind: .entry, position: index + 2, blocks: blocks)
    }

    /// The heading of the part that says what the picture shows.
    public static let appearanceLabel = "생김새"

    /// The audio description as its own part (its sentences are normalised like any text);
    /// none when the catalog has none.
    private func appearance(_ description: String?) -> [Block] {
        let text = SentenceSplitter.paragraphs(description ?? "").joined(separator: " ")
        guard !text.trimmingWhitespace.isEmpty else { return [] }
        return [Block(role: .appearance, label: Self.appearanceLabel, sentences: SentenceSplitter.sentences(text).map(sentence))]
    }

    private func paragraphs(_ text: String) -> [Block] {
        SentenceSplitter.paragraphs(text).map { paragraph in
            Block(role: .paragraph, sentences: SentenceSplitter.sentences(paragraph).map(sentence))
        }
    }

    private func sentence(_ text: String) -> Sentence {
        if displayOnly { return Sentence(display: text, spoken: []) }
        var sentence = Sentence(display: text, spoken: normalizer.spokenRuns(text))
        sentence.wordLinks = SpokenWordLinks.links(for: sentence, normalizer: normalizer)
        return sentence
    }

    /// The title is spoken in Korean, and its name in another language (the part in
    /// parentheses, usually on its own line) with that language's voice.
    private func titleSentence(_ title: PosterTitle) -> Sentence {
        if displayOnly { return Sentence(display: title.display, spoken: []) }
        var spoken = normalizer.spokenRuns(title.main)
        let mainSentence = Sentence(display: title.main, spoken: spoken)
        var links = SpokenWordLinks.links(for: mainSentence, normalizer: normalizer)
        if let foreign = title.foreign {
            // The lexicon may say how the name is read (and in which language); otherwise the
            // voice of its language reads it as written, numbers included, when its spelling
            // tells that language; else it is read as any Latin words in Korean text.
            let fromLexicon = normalizer.spokenRuns(foreign.text)
            if let language = foreign.language, fromLexicon.count != 1 || fromLexicon[0].language == nil {
                spoken.append(SpokenRun(text: foreign.text, language: language))
            } else {
                spoken += fromLexicon
            }
            // The name in parentheses is linked word for word when it is said in as many words.
            let shown = Sentence.words(foreign.text).count
            let said = spoken.flatMap { Sentence.words($0.text) }.count - mainSentence.spokenWords.count
            let mainWords = mainSentence.displayWords.count
            if let main = links, shown == said, mainWords + shown == Sentence.words(title.display).count {
                links = main + (0..<shown).map { mainSentence.spokenWords.count + $0 }
            } else {
                links = nil
            }
        }
        return Sentence(display: title.display, spoken: spoken, wordLinks: links)
    }
}

/// What the reader sees of a track (see `Narrator.displayOutline`).
public struct TrackOutline: Equatable, Sendable {
    public var fileStem: String
    public var title: String
    public var kind: Track.Kind
    public var position: Int
    public var blocks: [[String]]

    public init(_ track: Track) {
        fileStem = track.fileStem
        title = track.title
        kind = track.kind
        position = track.position
        blocks = track.blocks.map { block in
            [block.role.rawValue, block.label, block.value] + block.sentences.map(\.display)
        }
    }
}

/// The parts of a poster title as narration speaks them.
public enum PosterTitleParts {
    /// The title without its name in another language, and that name (without parentheses),
    /// which another language's voice reads; nil when the title has none.
    public static func split(_ title: String) -> (main: String, foreignName: String?) {
        let title = PosterTitle(title)
        return (title.main, title.foreign?.text)
    }

    /// The language of the title's name in another language: nil when it has none, or when
    /// its language cannot be told (the Korean voice reads it then).
    public static func foreignLanguage(_ title: String) -> String? {
        PosterTitle(title).foreign?.language
    }
}

/// A poster title such as "파리 만국박람회 1900\n(L'Exposition de Paris 1900)".
struct PosterTitle: Equatable {
    /// The title on one line.
    var display: String
    /// The title without its foreign name.
    var main: String
    /// The name in another language, without parentheses, and its language tag (nil when
    /// `LatinNameLanguage` cannot tell it: the Korean voice reads it then).
    var foreign: (text: String, language: String?)?

    init(_ raw: String) {
        let lines = raw.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
        display = lines.joined(separator: " ")
        main = display
        foreign = nil
        guard display.hasSuffix(")"), let open = display.lastIndex(of: "(") else { return }
        let inner = String(display[display.index(after: open)..<display.index(before: display.endIndex)]).trimmingWhitespace
        let latin = inner.unicodeScalars.filter { $0.properties.isAlphabetic }
        guard !latin.isEmpty, latin.allSatisfy({ $0.value < 0x250 }) else { return }
        main = String(display[..<open]).trimmingWhitespace
        foreign = (inner, LatinNameLanguage.decide(inner)?.language)
    }

    static func == (lhs: PosterTitle, rhs: PosterTitle) -> Bool {
        lhs.display == rhs.display && lhs.main == rhs.main && lhs.foreign?.text == rhs.foreign?.text
            && lhs.foreign?.language == rhs.foreign?.language
    }
}
