import AppLabels
import Braille
import ExpoModel
import ExpoSystem
import Foundation

/// The editions made from the text (`--format brf,pef,labels`): a braille book and the apps'
/// spoken labels. They cost milliseconds, so they are made again on every run (no cache);
/// like every other file they cover the whole guide, also in a partial run.
extension ExportStage {
    /// The files these editions may write, for the clean-up of guides from before versions.
    static let editionFiles = [
        "guide.brf", "guide.pef", "labels.json", AppLabelWriters.displayTable + ".xcstrings",
        AppLabelWriters.labelTable + ".xcstrings", "strings.xml",
    ]

    /// Writes the editions the request asks for; returns what the manifest says of them.
    func writeEditions(_ tracks: [Track]) throws -> [String: String] {
        let formats = request.delivery.formats
        var notes: [String: String] = [:]
        if formats.contains(.brf) || formats.contains(.pef) {
            guard let table = request.brailleTable else {
                throw ExpoError(.internal, "a braille edition was asked for without a braille table")
            }
            try request.braillePage.validate()
            try Interruption.check()
            let transcriber = try BrailleTranscriber(table: table, normalizer: normalizer)
            let book = try BrailleEdition.book(tracks: tracks, transcriber: transcriber, size: request.braillePage)
            var files: [String] = []
            if formats.contains(.brf) {
                try output.write(Data(BRFWriter.render(book).utf8), to: "guide.brf")
                files.append("guide.brf")
            }
            if formats.contains(.pef) {
                let pef = PEFWriter.render(
                    book, title: tracks.first?.title ?? request.catalog.poster.title,
                    identifier: Self.bookIdentifier(request.catalog), date: String(Self.bookDate(seconds: request.sourceDate).prefix(10)))
                try output.write(pef, to: "guide.pef")
                files.append("guide.pef")
            }
            notes["braille.files"] = files.joined(separator: " ")
            notes["braille.table"] = table.lastPathComponent + " (liblouis \(Louis.version))"
            let unwritable = try BrailleEdition.unwritable(tracks: tracks, transcriber: transcriber)
            if !unwritable.isEmpty {
                // Said, not hidden: what no table writes, which the braille spells out in words.
                notes["braille.spelledOutCharacters"] = String(unwritable)
            }
            notes["braille.page"] = "\(request.braillePage.cells) cells x \(request.braillePage.lines) lines, \(book.pages.count) pages"
        }
        if formats.contains(.labels) {
            try Interruption.check()
            let labels = AppLabelSet(catalog: request.catalog, normalizer: normalizer)
            try output.write(try AppLabelWriters.json(labels), to: "labels.json")
            try output.write(try AppLabelWriters.stringCatalog(labels, labels: false), to: AppLabelWriters.displayTable + ".xcstrings")
            try output.write(try AppLabelWriters.stringCatalog(labels, labels: true), to: AppLabelWriters.labelTable + ".xcstrings")
            try output.write(AppLabelWriters.androidStrings(labels), to: "strings.xml")
            notes["labels.files"] = [
                "labels.json", AppLabelWriters.displayTable + ".xcstrings",
                AppLabelWriters.labelTable + ".xcstrings", "strings.xml",
            ].joined(separator: " ")
            notes["labels.count"] = String(labels.labels.count)
        }
        return notes
    }
}
