import ExpoModel
import Foundation
import FoundationXML
import Narration
import Normalization
import PropertyBased
import TestSupport
import Testing

@testable import Synthesizer

/// Property-based checks that text from the data stays text on its way to espeak-ng, and that
/// names from the data always make safe file stems.
@Suite("Fuzz: markup and file names")
struct MarkupAndNamingPropertyTests {
    static let profile = TestProfiles.standard

    /// Pieces of markup an author (or an attacker) could paste into a catalog.
    static let fragments = [
        "<", ">", "&", "\"", "'", "]]>", "<![CDATA[", "<!--", "-->", "<?xml version=\"1.0\"?>", "&amp;", "&#x41;", "&lt;",
        "<audio src=\"file:///etc/passwd\"/>", "<voice name=\"en\">", "</voice>", "<break time=\"60s\"/>", "</speak>",
        "<speak>", "<mark name=\"s0\"/>", "<prosody rate=\"x-fast\">", "\u{0}", "\u{7}", "\u{1B}", "\u{FFFE}", "\u{FFFF}",
        "\u{D7FF}", "\n", "\n\n", "\t", "\r", "가나다", "直指", "1900년", "Paris ", ". ", "? ", "《", "》", "(", ")", " ",
    ]
    static let hostileText = Gen<String?>.element(of: fragments).map { $0! }.array(of: 0...24).map { $0.joined() }

    /// The element names and attribute names of an XML document; nil when it does not parse.
    static func structure(of xml: String) -> [String]? {
        final class Collector: NSObject, XMLParserDelegate {
            var seen: [String] = []
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                seen.append(([name] + attributes.keys.sorted()).joined(separator: " "))
            }
        }
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        return parser.parse() ? collector.seen : nil
    }

    @Test("any text from the data becomes well-formed SSML made only of the builder's own elements")
    func ssmlIsWellFormed() async {
        let narrator = Narrator(normalizer: KoreanNormalizer())
        let builder = SSMLBuilder(profile: Self.profile)
        let allowed: Set<String> = ["speak version xml:lang", "p", "s", "mark name", "break time", "voice xml:lang"]
        await propertyCheck(count: FuzzBudget.count(3_000), input: Self.hostileText, Self.hostileText) { name, description in
            let entry = Entry(name: name, imageName: name, shortDescription: name, description: description)
            let ssml = builder.document(for: narrator.entryTrack(entry, index: 0, count: 1))
            let elements = Self.structure(of: ssml)
            #expect(elements != nil, "not well-formed: \(ssml.debugDescription)")
            let foreign = Set(elements ?? []).subtracting(allowed)
            #expect(foreign.isEmpty, "\(foreign) from \(name.debugDescription) / \(description.debugDescription)")
        }
    }

    /// Any scalar up to plane 2 (surrogate code points are not scalars and are skipped).
    static let anyScalar = Gen<UInt32>.value(in: 0...0x2FFFF).compactMap { Unicode.Scalar($0).map(Character.init) }
    static let anyName = Gen<Character>.oneOf(anyScalar, Gen<Character?>.element(of: Array("./\\-_ ~:CON")).map { $0! })
        .string(of: 0...320)

    @Test("any image name becomes a short stem of lowercase ASCII letters, digits and single hyphens")
    func stemsAreSafe() async {
        await propertyCheck(count: FuzzBudget.count(3_000), input: Self.anyName, Gen.int(in: 0...99_999)) { hint, index in
            let stem = FileNaming.entryStem(index: index, count: 100_000, hint: hint)
            #expect(stem.wholeMatch(of: /[0-9]{6}-[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(hint.debugDescription) → \(stem)")
            #expect(stem.utf8.count <= 47, "\(hint.debugDescription) → \(stem)")
        }
    }

    @Test("entries with any image names get distinct stems, the same on every run")
    func stemsAreUniqueAndStable() async {
        let narrator = Narrator(normalizer: KoreanNormalizer())
        // The stem comes from the image name alone; the entries' names stay short, since narrating
        // random names (ssmlIsWellFormed's subject) was most of this test's CPU.
        await propertyCheck(count: FuzzBudget.count(200), input: Self.anyName.array(of: 1...30)) { hints in
            let catalog = Catalog(
                poster: Poster(title: "t", visitors: 1, location: "", duration: "", description: ""),
                entries: hints.map { Entry(name: "항목", imageName: $0, shortDescription: "", description: "") }
            )
            let stems = narrator.tracks(for: catalog).map(\.fileStem)
            #expect(Set(stems).count == stems.count, "\(stems) from \(hints.map(\.debugDescription))")
            #expect(narrator.tracks(for: catalog).map(\.fileStem) == stems, "unstable for \(hints.map(\.debugDescription))")
        }
    }
}
