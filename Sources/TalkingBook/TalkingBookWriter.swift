import ExpoSystem
import Foundation

/// Writes a ``TalkingBookDocument`` as an EPUB 3 publication with Media Overlays.
public enum TalkingBookWriter {
    /// Writes `document` to `url` as an `.epub` file.
    ///
    /// The document is validated first (see `TalkingBookErrors.swift`). The book is then written to a
    /// hidden temporary file in the destination's folder (ExpoSystem's `AtomicFile`) and renamed over `url` only when complete,
    /// so `url` holds either its previous content or the whole new book, never a partial one.
    /// Audio files are streamed into the archive in chunks. Equal documents (and equal audio bytes)
    /// give byte-identical files.
    public static func write(_ document: TalkingBookDocument, to url: URL) throws {
        let plan = try BookPlan(document)
        let entries = textEntries(plan)
        let output = try AtomicFile(url.path)
        let zip = ZipWriter(file: output.file)
        for (name, data) in entries {
            try zip.add(name: name, data: data)
        }
        for picture in plan.pictures {
            try zip.add(name: "EPUB/" + BookPlan.pictureHref(picture), data: picture.data)
        }
        for audio in plan.audioFiles {
            try zip.add(name: "EPUB/" + audio.href, file: audio.sourceURL)
        }
        try zip.finish()
        try output.commit(.file)
    }

    /// Every entry but the audio, in archive order; `mimetype` first.
    static func textEntries(_ plan: BookPlan) -> [(String, Data)] {
        var entries: [(String, String)] = [
            ("mimetype", "application/epub+zip"),
            (ContainerDocument.path, ContainerDocument.text),
            (ContainerDocument.packagePath, PackageDocument(plan: plan).render()),
            ("EPUB/" + NavigationDocument.fileName, NavigationDocument(plan: plan).render()),
            ("EPUB/" + StyleSheet.fileName, StyleSheet.text),
        ]
        for chapter in plan.chapters {
            let xhtml = ChapterXHTML(plan: chapter, bookLanguage: plan.document.language)
            entries.append(("EPUB/" + chapter.xhtmlName, xhtml.render()))
            if chapter.audio != nil {
                entries.append(("EPUB/" + chapter.smilName, OverlayDocument(plan: chapter).render()))
            }
        }
        return entries.map { ($0.0, Data($0.1.utf8)) }
    }
}
