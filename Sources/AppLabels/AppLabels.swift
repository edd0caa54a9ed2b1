import ExpoModel
import Foundation
import Normalization
import Narration

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

    public init(key: String, field: String, display: String, label: String) {
        self.key = key
        self.field = field
        self.display = display
        self.label = label
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
        func add(_ field: String, _ display: String, _ label: String) {
            labels.append(AppLabel(key: catalogKey + "." + field, field: field, display: display,
                                   label: Self.oneLine(label)))
        }
        // The guide's own sentences: a poster and entries without their long descriptions.
        var poster = catalog.poster
        poster.description = ""
        let posterTrack = narrator.posterTrack(poster)
        let titleBlock = posterTrack.blocks.first { $0.role == .title }
        add("poster.title", catalog.poster.title, titleBlock?.spokenText ?? normalizer.spoken(catalog.poster.title))
        add("poster.location", catalog.poster.location, normalizer.spoken(catalog.poster.location.trimmingCharacters(in: .whitespacesAndNewlines)))
        add("poster.duration", catalog.poster.duration, normalizer.spoken(ExhibitionPeriod.display(catalog.poster.duration)))
        add("poster.visitors", Self.grouped(catalog.poster.visitors) + " 명",
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
            add("entry.\(slug).name", entry.name, name?.spokenText ?? "")
            if !entry.shortDescription.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                let summary = track.blocks.first { $0.role == .summary }
                add("entry.\(slug).short_desc", entry.shortDescription, summary?.spokenText ?? "")
            }
        }
        self.catalog = catalogKey
        language = "ko"
        self.labels = labels
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
