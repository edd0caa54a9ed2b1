import ExpoModel
import Foundation
import Narration
import Normalization

/// One field an app displays, with the text it shows and the label a screen reader should
/// say instead: the guide's normalised words (numbers, dates and Hanja in words), not SSML.
public struct AppLabel: Sendable, Equatable, Codable {
    /// Stable across runs: the catalog's key, then the field (`poster.duration`,
    /// `entry.jikji.name`); an entry is known by its image name, so reordering keeps its key.
    public var key: String
    /// The field's path without the catalog (`poster.visitors`).
    public var field: String
    /// The text the app shows.
    public var display: String
    /// What a screen reader should say.
    public var label: String
    /// `label` in parts of one language each, when it mixes languages (a foreign title in a
    /// Korean label): joined with single spaces they are `label`. Nil for a label in one language.
    public var parts: [AppLabelPart]?

    public init(key: String, field: String, display: String, label: String, parts: [AppLabelPart]? = nil) {
        self.key = key
        self.field = field
        self.display = display
        self.label = label
        self.parts = parts
    }
}

/// A stretch of a label in one language, for a screen reader to say with that language's rules.
public struct AppLabelPart: Sendable, Equatable, Codable {
    public var text: String
    /// Its BCP 47 language tag ("ko", "fr").
    public var language: String

    public init(text: String, language: String) {
        self.text = text
        self.language = language
    }
}

/// The labels of every field the apps display: the poster's title, location, dates and visitor
/// count, and each entry's name and short description.
public struct AppLabelSet: Sendable, Equatable, Codable {
    /// The catalog's key: an ASCII form of its title (its name in another language when it has one).
    public var catalog: String
    public var language: String
    public var labels: [AppLabel]

    /// The labels of `catalog`, spoken as the guide speaks them with `normalizer`.
    public init(catalog: Catalog, normalizer: KoreanNormalizer) {
        let parts = PosterTitleParts.split(catalog.poster.title)
        let catalogSlug = FileNaming.slug(parts.foreignName ?? catalog.poster.title)
        let catalogKey = catalogSlug.isEmpty ? "catalog" : catalogSlug
        let narrator = Narrator(normalizer: normalizer)
        var labels: [AppLabel] = []
        func add(_ field: String, _ display: String, _ label: String, runs: [SpokenRun] = []) {
            let parts = Self.parts(runs, language: "ko")
            labels.append(
                AppLabel(
                    key: catalogKey + "." + field, field: field, display: display,
                    label: parts.map { $0.map(\.text).joined(separator: " ") } ?? Self.oneLine(label),
                    parts: parts))
        }
        // The guide's own sentences: a poster and entries without their long descriptions.
        var poster = catalog.poster
        poster.description = ""
        let posterTrack = narrator.posterTrack(poster)
        let titleBlock = posterTrack.blocks.first { $0.role == .title }
        add(
            "poster.title", catalog.poster.title, titleBlock?.spokenText ?? normalizer.spoken(catalog.poster.title),
            runs: Self.runs(titleBlock))
        add("poster.location", catalog.poster.location, normalizer.spoken(catalog.poster.location.trimmingCharacters(in: .whitespacesAndNewlines)))
        add("poster.duration", catalog.poster.duration, normalizer.spoken(ExhibitionPeriod.display(catalog.poster.duration)))
        add(
            "poster.visitors", Self.grouped(catalog.poster.visitors) + " 명",
            normalizer.spoken(KoreanNumerals.sino(catalog.poster.visitors, spacedByGroups: true) + " 명"))
        var used: [String: Int] = [:]
        for (index, entry) in catalog.entries.enumerated() {
            var slug = FileNaming.slug(entry.imageName)
            if slug.isEmpty { slug = "entry-\(index + 1)" }
            used[slug, default: 0] += 1
            if used[slug]! > 1 { slug += "-\(used[slug]!)" }
            var short = entry
            short.description = ""
            let track = narrator.entryTrack(short, index: index, count: catalog.entries.count)
            let name = track.blocks.first { $0.role == .title }
            add("entry.\(slug).name", entry.name, name?.spokenText ?? "", runs: Self.runs(name))
            if !entry.shortDescription.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                let summary = track.blocks.first { $0.role == .summary }
                add("entry.\(slug).short_desc", entry.shortDescription, summary?.spokenText ?? "", runs: Self.runs(summary))
            }
        }
        self.catalog = catalogKey
        language = "ko"
        self.labels = labels
    }

    /// The spoken runs of `block`'s sentences, in order.
    static func runs(_ block: Block?) -> [SpokenRun] {
        block?.sentences.flatMap(\.spoken) ?? []
    }

    /// `runs` as parts of one language each (`language` for the runs in the guide's language),
    /// neighbours of one language joined; nil when they are all of one language.
    static func parts(_ runs: [SpokenRun], language: String) -> [AppLabelPart]? {
        var parts: [AppLabelPart] = []
        for run in runs {
            let text = oneLine(run.text)
            guard !text.isEmpty else { continue }
            let tag = run.language.flatMap { $0.isEmpty ? nil : $0 } ?? language
            if let last = parts.last, last.language == tag {
                parts[parts.count - 1].text += " " + text
            } else {
                parts.append(AppLabelPart(text: text, language: tag))
            }
        }
        return Set(parts.map(\.language)).count > 1 ? parts : nil
    }

    /// 48130300 → "48,130,300", as the apps show a count.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var output = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { output.append(",") }
            output.append(digit)
        }
        return (number < 0 ? "-" : "") + output
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
