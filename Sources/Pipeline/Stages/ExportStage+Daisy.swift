import ExpoModel
import ExpoSystem
import Export
import Foundation
import TalkingBook

/// The DAISY editions (`--format daisy202,daisy3`): the EPUB's document written for DAISY
/// players, each as a ZIP and as a folder of the guide.
extension ExportStage {
    /// The delivery format that asks for `edition`.
    static func deliveryFormat(_ edition: DaisyEdition) -> DeliveryFormat {
        switch edition {
        case .daisy202: .daisy202
        case .daisy3: .daisy3
        }
    }

    /// Writes each edition of `editions` from `document`: its ZIP, and the same files in its
    /// folder of the guide (`daisy202/ncc.html`, …), which a DAISY player opens from an SD card
    /// or USB stick as it is. Returns the names written. The narrator is the voice that speaks
    /// (espeak-ng's version, its voice and the profile). `audioDigests` holds the SHA-256 of
    /// each chapter's MP3 by the path of its file in the cache.
    func writeDaisyBooks(
        _ editions: [DaisyEdition], document: TalkingBookDocument, summary: GuideSummary,
        audioDigests: [String: String]
    ) throws -> [String] {
        var book = document
        let profile = request.profile
        let engine = summary.espeakVersion.map { "espeak-ng \($0)" } ?? "espeak-ng"
        book.narrator = "\(engine) (\(profile.espeakVoice)), voice profile \(profile.name)"
        let generator = "expo-narrate \(GuideBuilder.toolVersion)"
        var written: [String] = []
        for edition in editions {
            try writeBook(named: edition.archiveName) {
                try DaisyBookWriter.write(book, edition: edition, generator: generator, to: $0)
            }
            written.append(edition.archiveName)
            written += try writeDaisyFolder(
                edition, files: try DaisyBookWriter.files(book, edition: edition, generator: generator),
                audioDigests: audioDigests)
        }
        return written
    }

    /// Writes one book's `files` into its folder of the guide, through the same writer as every
    /// other file: the MP3s as copies of the cache's (a reflink where the file system can), the
    /// very bytes of the MP3 edition and of the ZIP. Copies, not links to the top-level MP3s:
    /// those are published only with `--format mp3`; the record holds each name as a file of its
    /// own, which the swap keeps, replaces or removes by itself; and the FAT or exFAT of the USB
    /// stick a museum copies the folder onto has no links, so a copy would be made there anyway
    /// (docs/daisy.md). Returns the names written.
    private func writeDaisyFolder(
        _ edition: DaisyEdition, files: (texts: [(name: String, text: String)], audio: [(name: String, source: URL)]),
        audioDigests: [String: String]
    ) throws -> [String] {
        let folder = edition.folderName
        var written: [String] = []
        for (name, text) in files.texts {
            try Interruption.check()
            try output.write(text, to: folder + "/" + name)
            written.append(folder + "/" + name)
        }
        for (name, source) in files.audio {
            try Interruption.check()
            let digest = try audioDigests[source.path] ?? SHA256Digest.ofFile(source.path)
            try output.stageCopy(of: source, as: folder + "/" + name, sha256: digest)
            written.append(folder + "/" + name)
        }
        return written
    }
}
