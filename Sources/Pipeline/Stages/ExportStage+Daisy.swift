import Export
import ExpoModel
import TalkingBook

/// The DAISY editions (`--format daisy202,daisy3`): the EPUB's document written for DAISY
/// players, each as a ZIP beside the guide.
extension ExportStage {
    /// The delivery format that asks for `edition`.
    static func deliveryFormat(_ edition: DaisyEdition) -> DeliveryFormat {
        switch edition {
        case .daisy202: .daisy202
        case .daisy3: .daisy3
        }
    }

    /// Writes each edition of `editions` from `document`; returns the names written. The
    /// narrator is the voice that speaks (espeak-ng's version, its voice and the profile).
    func writeDaisyBooks(_ editions: [DaisyEdition], document: TalkingBookDocument,
                         summary: GuideSummary) throws -> [String] {
        var book = document
        let profile = request.profile
        let engine = summary.espeakVersion.map { "espeak-ng \($0)" } ?? "espeak-ng"
        book.narrator = "\(engine) (\(profile.espeakVoice)), voice profile \(profile.name)"
        let generator = "expo-narrate \(GuideBuilder.toolVersion)"
        for edition in editions {
            try writeBook(named: edition.archiveName) {
                try DaisyBookWriter.write(book, edition: edition, generator: generator, to: $0)
            }
        }
        return editions.map(\.archiveName)
    }
}
