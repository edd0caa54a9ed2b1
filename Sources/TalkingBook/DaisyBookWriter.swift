import ExpoModel
import ExpoSystem
import Foundation

/// Writes a ``TalkingBookDocument`` as a DAISY book (2.02 or 3) in a ZIP: every file at the
/// archive's root, as DAISY players and libraries' tools expect a book's folder; `files` gives
/// the same files for the book's folder of the guide.
public enum DaisyBookWriter {
    /// Writes `document` as `edition` to `url`. The document is validated as for the EPUB
    /// (`BookPlan`), so both books carry the same chapters, sentences and clips; the chapters'
    /// audio files are stored as they are (the MP3 edition's bytes). Written under a temporary
    /// name and renamed into place when whole (`AtomicFile`); equal documents give equal bytes.
    /// `generator` names the program and its version (`ncc:generator`, `dtb:generator`).
    public static func write(
        _ document: TalkingBookDocument, edition: DaisyEdition, generator: String,
        to url: URL
    ) throws {
        let book = try files(document, edition: edition, generator: generator)
        let output = try AtomicFile(url.path)
        let zip = ZipWriter(file: output.file)
        for (name, text) in book.texts {
            try zip.add(name: name, data: Data(text.utf8))
        }
        for (name, source) in book.audio {
            try zip.add(name: name, file: source)
        }
        try zip.finish()
        try output.commit(.file)
    }

    /// The files of `document` as `edition`, all at the book's top: the text files (the NCC or
    /// the package first), then each audio file's name and the file it is (the MP3 edition's),
    /// as the ZIP holds them and as the book's folder of the guide holds them.
    public static func files(
        _ document: TalkingBookDocument, edition: DaisyEdition,
        generator: String
    ) throws -> (texts: [(name: String, text: String)], audio: [(name: String, source: URL)]) {
        let plan = try DaisyPlan(BookPlan(document), generator: generator)
        let texts = try textFiles(plan, edition: edition).map { (name: $0.0, text: $0.1) }
        return (texts, plan.book.audioFiles.map { (name: $0.fileName, source: $0.sourceURL) })
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
