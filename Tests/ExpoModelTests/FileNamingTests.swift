import ExpoModel
import Testing

@Suite("File naming")
struct FileNamingTests {
    @Test(
        "names from the data become safe stems",
        arguments: [
            ("jikji", 0, 13, "01-jikji"),
            ("../../etc/passwd", 1, 13, "02-etc-passwd"),
            ("a/b", 2, 13, "03-a-b"),
            ("CON", 3, 13, "04-con"),
            ("", 4, 13, "05-entry"),
            (".hidden", 5, 13, "06-hidden"),
            ("직지", 6, 13, "07-entry"),
            ("x", 9_999, 10_000, "10000-x"),
        ])
    func stems(hint: String, index: Int, count: Int, stem: String) {
        #expect(FileNaming.entryStem(index: index, count: count, hint: hint) == stem)
    }

    @Test("a long name is cut to 40 characters")
    func longName() {
        let slug = FileNaming.slug(String(repeating: "ab-", count: 100))
        #expect(slug.count <= 40)
        #expect(!slug.hasSuffix("-"))
    }
}
