import ExpoModel

/// The pictures' part of the check: a picture that exists but has no text alternative
/// (`image_alt`) is listed, so that a curator writes one or marks it decorative (`""`); an audio
/// description (`image_description`) is read by the voice, so it is checked like any text.
extension CatalogChecker {
    func pictureFindings(_ catalog: Catalog, picturesFound: Set<String>, brokenWords: BrokenWordDetector?) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        let poster = catalog.poster
        if let name = poster.imageName, picturesFound.contains(name), poster.imageAlt == nil {
            findings.append(Self.missingAlternative(entry: "poster", position: 0, imageName: name))
        }
        if let description = poster.imageDescription, !description.trimmingWhitespace.isEmpty {
            findings += checkText(description, entry: "poster", position: 0, field: "image_description", brokenWords: brokenWords)
        }
        for (index, entry) in catalog.entries.enumerated() {
            let label = entry.name.trimmingWhitespace.isEmpty ? "entry \(index + 1)" : entry.name
            if picturesFound.contains(entry.imageName), entry.imageAlt == nil {
                findings.append(Self.missingAlternative(entry: label, position: index + 1, imageName: entry.imageName))
            }
            if let description = entry.imageDescription, !description.trimmingWhitespace.isEmpty {
                findings += checkText(description, entry: label, position: index + 1, field: "image_description", brokenWords: brokenWords)
            }
        }
        return findings
    }

    private static func missingAlternative(entry: String, position: Int, imageName: String) -> CheckFinding {
        CheckFinding(
            kind: .missingAltText, entry: entry, position: position, field: "image_alt", text: imageName, context: "",
            detail: "the picture has no text alternative; write what it shows in \"image_alt\" "
                + "(or \"image_alt\": \"\" if it is only decorative); until then the page says it has none")
    }
}
