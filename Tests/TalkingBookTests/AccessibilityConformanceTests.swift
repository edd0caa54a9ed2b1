import Foundation
import TestSupport
import Testing

@testable import TalkingBook

@Suite("EPUB Accessibility 1.1 claim")
struct AccessibilityConformanceTests {
    static func packageDocument(_ document: TalkingBookDocument) throws -> String {
        PackageDocument(plan: try BookPlan(document)).render()
    }

    @Test("a book that meets WCAG 2.2 AA claims it, with its evaluator; the summary is kept")
    func claimed() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        var document = try SampleBook.withPlaceholderAudio(in: scratch)
        document.certifiedBy = "expo-narrate (automated self-check)"
        #expect(AccessibilityConformance.failures(document).isEmpty)
        let opf = try Self.packageDocument(document)
        #expect(opf.contains("<meta property=\"dcterms:conformsTo\">EPUB Accessibility 1.1 - WCAG 2.2 Level AA</meta>"))
        #expect(opf.contains("<meta property=\"a11y:certifiedBy\">expo-narrate (automated self-check)</meta>"))
        #expect(opf.contains("<meta property=\"schema:accessibilitySummary\">"))
    }

    @Test("an empty heading, or no evaluator, makes no claim")
    func notClaimed() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        var document = try SampleBook.withPlaceholderAudio(in: scratch)
        #expect(!(try Self.packageDocument(document)).contains("dcterms:conformsTo"))
        document.certifiedBy = "someone"
        document.chapters[0].blocks.insert(BookBlock(role: .title, sentences: [BookSentence(" ")]), at: 0)
        #expect(AccessibilityConformance.failures(document) == ["chapter \(document.chapters[0].id) has an empty heading"])
        let opf = try Self.packageDocument(document)
        #expect(!opf.contains("dcterms:conformsTo") && !opf.contains("a11y:certifiedBy"))
    }
}
