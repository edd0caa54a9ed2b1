import Foundation

/// Builds the package document (`EPUB/package.opf`): metadata, manifest and spine.
struct PackageDocument {
    let plan: BookPlan

    func render() -> String {
        let document = plan.document
        let lang = XMLText.escape(document.language)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\""
        out += " unique-identifier=\"pub-id\" xml:lang=\"\(lang)\">\n"
        out += "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n"
        out += descriptiveMetadata()
        out += accessibilityMetadata()
        out += overlayMetadata()
        out += "</metadata>\n"
        out += manifest()
        out += spine()
        out += "</package>\n"
        return out
    }

    private func element(_ name: String, _ value: String, attributes: String = "") -> String {
        "<\(name)\(attributes)>\(XMLText.escape(XMLText.singleLine(value)))</\(name)>\n"
    }

    private func meta(_ property: String, _ value: String, refines: String? = nil) -> String {
        let refinement = refines.map { " refines=\"#\($0)\"" } ?? ""
        return element("meta", value, attributes: " property=\"\(property)\"\(refinement)")
    }

    private func descriptiveMetadata() -> String {
        let document = plan.document
        var out = element("dc:identifier", document.identifier, attributes: " id=\"pub-id\"")
        var titleAttributes = " id=\"title\""
        if let titleLanguage = document.titleLanguage,
            !LanguageTag.same(titleLanguage, document.language)
        {
            titleAttributes += " xml:lang=\"\(XMLText.escape(titleLanguage))\""
        }
        out += element("dc:title", document.title, attributes: titleAttributes)
        out += element("dc:language", document.language)
        if let creator = document.creator, !XMLText.singleLine(creator).isEmpty {
            out += element("dc:creator", creator, attributes: " id=\"creator\"")
        }
        if let publisher = document.publisher, !XMLText.singleLine(publisher).isEmpty {
            out += element("dc:publisher", publisher)
        }
        out += meta("dcterms:modified", document.modified)
        return out
    }

    /// schema.org accessibility metadata (EPUB Accessibility 1.1 §2), derived from what the book contains.
    private func accessibilityMetadata() -> String {
        let document = plan.document
        let narrated = plan.hasOverlays
        let everythingNarrated = narrated && plan.chapters.allSatisfy(\.fullyNarrated)
        // Pictures: the book is visual too, and text alone is sufficient only when every
        // picture has a text alternative a person wrote (or was marked decorative).
        let pictures = plan.pictures
        let everyPictureDescribed = pictures.allSatisfy(\.hasAlternative)
        var out = meta("schema:accessMode", "textual")
        if narrated { out += meta("schema:accessMode", "auditory") }
        if !pictures.isEmpty { out += meta("schema:accessMode", "visual") }
        out += meta("schema:accessModeSufficient", everyPictureDescribed ? "textual" : "textual,visual")
        if everythingNarrated { out += meta("schema:accessModeSufficient", "auditory") }
        if narrated { out += meta("schema:accessModeSufficient", "textual,auditory") }
        var features = ["structuralNavigation", "tableOfContents", "readingOrder", "displayTransformability"]
        if narrated { features.insert("synchronizedAudioText", at: 0) }
        if !pictures.isEmpty, everyPictureDescribed { features.append("alternativeText") }
        for feature in features { out += meta("schema:accessibilityFeature", feature) }
        out += meta("schema:accessibilityHazard", "none")
        out += meta("schema:accessibilitySummary", document.accessibilitySummary)
        // The claim is made only when the book meets it and someone is named as its evaluator.
        if let certifiedBy = document.certifiedBy, !XMLText.singleLine(certifiedBy).isEmpty,
            AccessibilityConformance.failures(document).isEmpty
        {
            out += meta("dcterms:conformsTo", AccessibilityConformance.claim)
            out += meta("a11y:certifiedBy", certifiedBy)
        } else if let conformsTo = document.conformsTo, !XMLText.singleLine(conformsTo).isEmpty {
            out += meta("dcterms:conformsTo", conformsTo)
        }
        return out
    }

    /// Media Overlays metadata: per-overlay and total `media:duration`, narrator, active class.
    private func overlayMetadata() -> String {
        guard plan.hasOverlays else { return "" }
        var out = ""
        for chapter in plan.chapters where chapter.audio != nil {
            out += meta(
                "media:duration", SMILClock.fullClock(chapter.overlayMilliseconds),
                refines: chapter.overlayID)
        }
        out += meta("media:duration", SMILClock.fullClock(plan.totalMilliseconds))
        if let narrator = plan.document.narrator, !XMLText.singleLine(narrator).isEmpty {
            out += meta("media:narrator", narrator)
        }
        out += meta("media:active-class", StyleSheet.activeClass)
        return out
    }

    private func item(_ id: String, _ href: String, _ type: String, extra: String = "") -> String {
        "<item id=\"\(id)\" href=\"\(href)\" media-type=\"\(type)\"\(extra)/>\n"
    }

    private func manifest() -> String {
        var out = "<manifest>\n"
        out += item("nav", NavigationDocument.fileName, "application/xhtml+xml", extra: " properties=\"nav\"")
        out += item("css", StyleSheet.fileName, "text/css")
        for chapter in plan.chapters {
            let overlay = chapter.audio == nil ? "" : " media-overlay=\"\(chapter.overlayID)\""
            out += item(chapter.itemID, chapter.xhtmlName, "application/xhtml+xml", extra: overlay)
            if chapter.audio != nil {
                out += item(chapter.overlayID, chapter.smilName, "application/smil+xml")
            }
        }
        for audio in plan.audioFiles {
            out += item(audio.itemID, audio.href, audio.mediaType)
        }
        for (index, picture) in plan.pictures.enumerated() {
            out += item("image-\(index + 1)", BookPlan.pictureHref(picture), picture.mediaType)
        }
        return out + "</manifest>\n"
    }

    private func spine() -> String {
        var out = "<spine>\n"
        for chapter in plan.chapters {
            out += "<itemref idref=\"\(chapter.itemID)\"/>\n"
        }
        return out + "</spine>\n"
    }
}
