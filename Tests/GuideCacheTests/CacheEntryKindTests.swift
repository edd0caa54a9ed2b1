import ExpoModel
import Testing

@testable import GuideCache

@Suite("Cache entry kinds")
struct CacheEntryKindTests {
    static let key = String(repeating: "0a", count: 32)

    /// A name of each kind in the cache folder.
    static func sampleName(_ kind: CacheEntryKind) -> String {
        switch kind.middle {
        case .none: kind.name
        case .key: kind.name(key: key)
        case .randomHex: kind.name(randomHex: "1f")
        }
    }

    @Test("every kind's entries and their temporary names are the cache's own, each of one kind only")
    func everyKindIsOwn() {
        for kind in CacheEntryKind.all {
            let name = Self.sampleName(kind)
            #expect(CacheFolder.isOwnName(name), "\(name)")
            #expect(CacheFolder.isOwnName("." + name + ".partial-12"), "\(name)")
            #expect(CacheEntryKind.all.filter { $0.matches(name) } == [kind], "\(name)")
        }
    }

    @Test("the names the layers above make come from the registry")
    func layersNames() {
        #expect(CacheEntryKind.checkReport.name(key: Self.key) == "check-\(Self.key).json")
        #expect(CacheEntryKind.picture.name(key: Self.key) == "picture-\(Self.key).json")
        #expect(CacheEntryKind.guideDigest.name(key: Self.key) == "guide-\(Self.key).sha256")
        #expect(CacheEntryKind.encodedTrack(.mp3).name(key: Self.key) == Self.key + ".mp3")
        #expect(
            [CacheEntryKind.captions.name, CacheEntryKind.narration.name, CacheEntryKind.tag.name]
                == ["captions", "narration", "CACHEDIR.TAG"])
    }

    @Test("a name the cache never makes is not its own, nor a narration record outside its folder")
    func strangers() {
        for name in [
            "check-holiday.json", "\(Self.key).txt", "guide-\(Self.key).raw", "picture-\(Self.key).jpg",
            "batch-xyz", "batch-" + String(repeating: "f", count: 17), "narration-\(Self.key).json",
            ".captions.partial-x", "notes",
        ] {
            #expect(!CacheFolder.isOwnName(name), "\(name)")
        }
        #expect(CacheEntryKind.narrationRecord.matches("narration-\(Self.key).json"))
    }

    @Test("the batch and narration folders are folders, their temporary names too; files are files")
    func folders() {
        #expect(CacheFolder.ownKind(".batch.partial-3")?.isFolder == true)
        #expect(CacheFolder.ownKind("batch-1f")?.isFolder == true)
        #expect(CacheFolder.ownKind("narration")?.isFolder == true)
        #expect(CacheFolder.ownKind("\(Self.key).wav")?.isFolder == false)
        #expect(CacheFolder.ownKind("captions")?.isFolder == false)
    }
}
