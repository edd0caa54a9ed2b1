import ExpoModel
import Narration
import Normalization

/// Finds a catalog's entries by any name the tool shows for them: the entry's own name
/// (직지심체요절), its file stem as the track list prints it (`01-jikji`), that stem without its
/// number (`jikji`), or its 1-based position among the entries (`1`, as in `01-`). A name that
/// matches nothing gets the closest names of every form as suggestions.
public struct EntryNames: Sendable {
    /// One way to call an entry.
    struct Form {
        var text: String
        /// 0-based among the entries.
        var index: Int
    }

    /// The entries' own names as the catalog has them, by 0-based index.
    let names: [String]
    /// The names as the track list shows them (control characters and line breaks cleaned).
    let titles: [String]
    /// The file stems, by 0-based index.
    let stems: [String]

    /// `names` are the catalog's entry names, `entries` their tracks, in order (the poster left out).
    public init(names: [String], entries: [Track]) {
        precondition(names.count == entries.count, "one track per entry")
        self.names = names
        titles = entries.map(\.title)
        stems = entries.map(\.fileStem)
    }

    /// The stem without its leading number and hyphen ("01-jikji" → "jikji").
    static func shortStem(_ stem: String) -> String {
        guard let hyphen = stem.firstIndex(of: "-"), stem[..<hyphen].allSatisfy(\.isNumber) else { return stem }
        return String(stem[stem.index(after: hyphen)...])
    }

    /// The 0-based indices of the entries `name` stands for: by the entry's name (every entry
    /// of that name), its file stem, the stem without its number, or its position. When these
    /// point to different entries (an entry *named* "1" or "01-gat"), nothing is guessed: a
    /// usage error names each entry and how the name fits it. Throws a usage error naming the
    /// closest names when none fits, or the stems when a short stem fits several entries.
    public func resolve(_ name: String) throws -> [Int] {
        var fits: [(how: String, indices: [Int])] = []
        let byName = names.indices.filter { names[$0] == name || titles[$0] == name }
        if !byName.isEmpty { fits.append(("named so", byName)) }
        let folded = name.lowercased()
        if let index = stems.firstIndex(where: { $0.lowercased() == folded }) { fits.append(("its file stem", [index])) }
        let byShortStem = stems.indices.filter { Self.shortStem(stems[$0]).lowercased() == folded }
        if !byShortStem.isEmpty { fits.append(("its stem without the number", byShortStem)) }
        if !name.isEmpty, name.count <= 9, name.allSatisfy({ $0.isASCII && $0.isNumber }), let position = Int(name),
            (1...max(1, names.count)).contains(position), position <= names.count
        {
            fits.append(("its position", [position - 1]))
        }
        guard let first = fits.first else { throw unknown(name) }
        if fits.allSatisfy({ $0.indices == first.indices }) {
            guard first.indices.count > 1, byName.isEmpty else { return first.indices }
        }
        if fits.count == 1 {
            let choices = byShortStem.map { "\(stems[$0]) (\(excerpt(names[$0])))" }.joined(separator: ", ")
            throw ExpoError(
                .usage, "\"\(excerpt(name))\" fits \(counted(byShortStem.count, "entry", "entries")): \(choices); name one by its numbered stem",
                subject: .entrySelection)
        }
        var described: [String] = []
        for fit in fits {
            for index in fit.indices where described.count < 4 {
                described.append("\(stems[index]) (\(excerpt(names[index], limit: 24)), \(fit.how))")
            }
        }
        throw ExpoError(
            .usage, "\"\(excerpt(name))\" fits more than one entry: \(described.joined(separator: "; ")); name one by its numbered stem",
            subject: .entrySelection)
    }

    /// The error for a name that fits no entry: the closest names, or, with none close, the
    /// catalog's first names.
    func unknown(_ name: String) -> ExpoError {
        let quoted = "\"\(excerpt(name))\""
        // A number is a position: the range says more than names that look alike.
        let suggestions = name.allSatisfy({ $0.isASCII && $0.isNumber }) ? [] : closest(to: name)
        if suggestions.isEmpty {
            let list = names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", …" : "")
            let range = names.isEmpty ? "" : "; positions are 1 to \(names.count)"
            return ExpoError(
                .usage, "No entry is named \(quoted)", advice: "The catalog has: \(list)\(range).",
                subject: .entrySelection)
        }
        let shown = suggestions.map { form in
            form.text == names[form.index] ? "\"\(form.text)\"" : "\"\(form.text)\" (\(names[form.index]))"
        }
        let list = shown.count == 1 ? shown[0] : shown.dropLast().joined(separator: ", ") + " or " + shown.last!
        return ExpoError(.usage, "No entry is named \(quoted)", advice: "Did you mean \(list)?", subject: .entrySelection)
    }

    /// At most three forms, of different entries, nearest first by edit distance (case folded),
    /// among those within half the name's length (at least 1), or containing the name.
    func closest(to name: String) -> [Form] {
        let query = Array(name.lowercased())
        guard !query.isEmpty else { return [] }
        var forms: [Form] = []
        for index in names.indices {
            // The shortest form first: of two as close, it is the one suggested.
            forms.append(Form(text: names[index], index: index))
            if titles[index] != names[index] { forms.append(Form(text: titles[index], index: index)) }
            let short = Self.shortStem(stems[index])
            if short != stems[index] { forms.append(Form(text: short, index: index)) }
            forms.append(Form(text: stems[index], index: index))
        }
        let limit = max(1, query.count / 2)
        var scored: [(form: Form, distance: Int)] = []
        for form in forms {
            let candidate = Array(form.text.lowercased())
            var distance = Self.editDistance(query, candidate)
            if query.count >= 2, form.text.lowercased().contains(String(query)) { distance = min(distance, 1) }
            if distance <= limit { scored.append((form, distance)) }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.form.index < $1.form.index }
        var seen = Set<Int>()
        var result: [Form] = []
        for (form, _) in scored where seen.insert(form.index).inserted {
            result.append(form)
            if result.count == 3 { break }
        }
        return result
    }

    /// Levenshtein distance between two character sequences.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension EntryNames {
    /// The tracks of `catalog` as the track list shows them, in order: the poster, then each
    /// entry, with the titles and file stems every other command uses.
    public static func listedTracks(of catalog: Catalog) -> [Track] {
        Narrator(normalizer: KoreanNormalizer()).tracks(for: catalog)
    }
}
