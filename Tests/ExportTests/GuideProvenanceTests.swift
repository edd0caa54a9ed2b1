import Testing

@testable import Export

/// The guide's record of its settings keeps paths relative to the guide's folder where they share
/// a top folder with it, and reads them back as they were.
@Suite("The settings record's paths")
struct GuideProvenanceTests {
    static func settings(poster: String?, items: String?, pictures: String?, voices: String?) -> GuideProvenance.Settings {
        GuideProvenance.Settings(
            posterFile: poster, itemsFile: items, picturesFolder: pictures, voicesFolder: voices, voiceProfile: "standard",
            formats: ["wav"], textOnly: false, brailleCells: 40, brailleLines: 25, opusBitrateKbps: 24)
    }

    @Test(
        "paths beside, above and below the guide become relative, and come back as they were",
        arguments: [
            ("/home/kim/museum/guide", "/home/kim/museum/catalog/items.json", "../catalog/items.json"),
            ("/home/kim/museum/guide", "/home/kim/museum/guide/own/items.json", "own/items.json"),
            ("/srv/site/guide", "/srv/items.json", "../../items.json"),
            ("/srv/site/guide", "/srv/site/guide", "."),
            ("/srv/site/guide", "/home/kim/items.json", "/home/kim/items.json"),
        ])
    func roundTrip(guide: String, path: String, recorded: String) {
        let original = Self.settings(poster: path, items: path, pictures: nil, voices: path)
        let kept = original.recorded(relativeTo: guide)
        #expect(kept.itemsFile == recorded && kept.posterFile == recorded && kept.voicesFolder == recorded)
        #expect(kept.picturesFolder == nil)
        #expect(kept.resolved(against: guide) == original)
    }

    @Test("a record of an earlier version, with absolute paths, reads as it is")
    func absoluteRecordsStay() {
        let old = Self.settings(poster: "/a/p.json", items: "/a/i.json", pictures: "/a/pics", voices: nil)
        #expect(old.resolved(against: "/b/guide") == old)
    }
}
