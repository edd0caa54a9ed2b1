import ExpoModel
import ExpoSystem
import Foundation

/// Writes a ``TalkingBookDocument`` as a DAISY book (2.02 or 3) in a ZIP: every file at the
/// archive's root, as DAISY players and libraries' tools expect a book's folder.
public enum DaisyBookWriter {
    /// Writes `document` as `edition` to `url`. The document is validated as for the EPUB
    /// (`BookPlan`), so both books carry the same chapters, sentences and clips; the chapters'
    /// audio files are stored as they are (the MP3 edition's bytes). Written under a temporary
    /// name and renamed into place when whole (`AtomicFile`); equal documents give equal bytes.
    /// `generator` names the program and its version (`ncc:generator`, `dtb:generator`).
    public static func write(_ document: TalkingBookDocument, edition: DaisyEdition, generator: String,
                             to url: URL) throws {
        let plan = try DaisyPlan(BookPlan(document), generator: generator)
        let output = try AtomicFile(url.path)
        let zip = ZipWriter(file: output.file)
        for (name, text) in try textFiles(plan, edition: edition) {
            try zip.add(name: name, data: Data(text.utf8))
        }
        for audio in plan.book.audioFiles {
            try zip.add(name: audio.fileName, file: audio.sourceURL)
        }
        try zip.finish()
        try output.commit(.file)
    }

    /// The book's text files (all but the audio), in archive order.
    static func textFiles(_ plan: DaisyPlan, edition: DaisyEdition) throws -> [(String, String)] {
        switch edition {
        case .daisy202:
            var sizes: [String: Int] = [:]
            for audio in plan.book.audioFiles {
                guard let status = FileStatus.of(audio.sourceURL.path, followingLinks: true) else {
                    throw ExpoError(.io, "the audio file \(audio.sourceURL.path) is gone; make the guide again")
                }
                sizes[audio.fileName] = Int(status.size)
            }
            return Daisy202Book(plan: plan, audioSizes: sizes).textFiles()
        case .daisy3:
            return Daisy3Book(plan: plan).textFiles()
        }
    }
}
