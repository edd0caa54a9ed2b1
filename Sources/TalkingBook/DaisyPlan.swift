import ExpoModel
import Foundation

/// The two DAISY talking-book formats that DAISY players open.
public enum DaisyEdition: String, Sendable, CaseIterable {
    /// DAISY 2.02: ncc.html, XHTML text, SMIL 1.0.
    case daisy202
    /// ANSI/NISO Z39.86-2005 ("DAISY 3"): package, NCX, DTBook text, SMIL 2.0 subset, resources.
    case daisy3

    /// The name the edition's ZIP is published under, e.g. `guide.daisy202.zip`.
    public var archiveName: String { "guide.\(rawValue).zip" }
    /// The folder of the guide the edition's files are published in as well, e.g. `daisy202`:
    /// the book as a DAISY player reads it from an SD card or USB stick.
    public var folderName: String { rawValue }
}

/// A DAISY book laid out from the EPUB's validated plan (`BookPlan`): the same chapters,
/// sentences and clips, so that the DAISY editions, the EPUB and the page agree on every time.
/// Only names and the order of navigation are added here; no time is derived again.
struct DaisyPlan {
    /// One `par`: a sentence and, when the chapter has audio, its clip.
    struct Par {
        /// 0-based sentence number in the chapter (as `ChapterPlan.clips` counts).
        let sentence: Int
        let clip: ClipPlan?
        /// Id of the `par` in its SMIL file.
        var parID: String { "par-" + ChapterXHTML.sentenceID(sentence) }
        /// Id of the `text` element in its SMIL file.
        var textID: String { "txt-" + ChapterXHTML.sentenceID(sentence) }
    }

    /// One chapter: its plan and its pars in reading order.
    struct Chapter {
        let plan: ChapterPlan
        /// 1-based position in the book, for ids unique across one text file (DTBook).
        let number: Int
        let pars: [Par]
        var smilName: String { plan.chapter.id + ".smil" }
        /// The time this chapter's SMIL plays: the sum of its clips (the chapter's clip plan).
        var milliseconds: Int { plan.overlayMilliseconds }
    }

    /// A navigation point: a heading of the NCC or a navPoint of the NCX.
    struct NavPoint {
        /// 1 for the book's title and each entry, 2 for a part of an entry.
        let level: Int
        let title: String
        let titleLanguage: String?
        let chapter: Int
        let par: Par
    }

    let book: BookPlan
    let chapters: [Chapter]
    let navPoints: [NavPoint]
    /// The book's generator, e.g. `"expo-narrate 1.4.0"`.
    let generator: String

    /// The time the whole book plays: the sum of every chapter's SMIL time.
    var totalMilliseconds: Int { chapters.reduce(0) { $0 + $1.milliseconds } }
    /// Deepest heading level in the navigation.
    var depth: Int { navPoints.map(\.level).max() ?? 1 }
    /// `audioFullText` when every chapter is narrated, `textPartAudio` when some are, else `textNCX`.
    var multimediaType: String {
        let narrated = chapters.filter { $0.plan.audio != nil }.count
        return narrated == chapters.count ? "audioFullText" : narrated > 0 ? "textPartAudio" : "textNCX"
    }
    /// The book's publisher: the document's, else the generator that made it.
    var publisher: String { book.document.publisher.map(XMLText.singleLine) ?? generator }
    /// The book's date, `YYYY-MM-DD`, from the document's modification date.
    var date: String { String(book.document.modified.prefix(10)) }

    init(_ book: BookPlan, generator: String) throws {
        guard !XMLText.singleLine(generator).isEmpty else { throw ExpoError.emptyValue("generator") }
        var chapters: [Chapter] = []
        var navPoints: [NavPoint] = []
        for (index, plan) in book.chapters.enumerated() {
            let sentenceCount = plan.chapter.blocks.reduce(0) { $0 + $1.sentences.count }
            // A narrated chapter plays its clips; a sentence without one is heard inside its
            // neighbour's clip (as in the EPUB). A chapter without audio is read as text.
            let pars = (0..<sentenceCount).compactMap { sentence -> Par? in
                if plan.audio == nil { return Par(sentence: sentence, clip: nil) }
                return plan.clips[sentence].map { Par(sentence: sentence, clip: $0) }
            }
            guard let first = pars.first else { throw ExpoError.emptyOverlay(chapter: plan.chapter.id) }
            navPoints.append(
                NavPoint(
                    level: 1, title: XMLText.singleLine(plan.chapter.title),
                    titleLanguage: plan.chapter.titleLanguage, chapter: index, par: first))
            var sentence = 0
            for block in plan.chapter.blocks {
                defer { sentence += block.sentences.count }
                guard let heading = block.heading.map(XMLText.singleLine), !heading.isEmpty,
                    let par = pars.first(where: { (sentence..<sentence + block.sentences.count).contains($0.sentence) })
                else { continue }
                navPoints.append(NavPoint(level: 2, title: heading, titleLanguage: nil, chapter: index, par: par))
            }
            chapters.append(Chapter(plan: plan, number: index + 1, pars: pars))
        }
        self.book = book
        self.chapters = chapters
        self.navPoints = navPoints
        self.generator = XMLText.singleLine(generator)
    }

    /// Milliseconds played before `chapter` starts.
    func elapsedMilliseconds(before chapter: Int) -> Int {
        chapters.prefix(chapter).reduce(0) { $0 + $1.milliseconds }
    }
}

/// Clock values as the DAISY formats write them.
enum DaisyClock {
    /// `hh:mm:ss`, rounded to the nearest second (`ncc:totalTime`).
    static func hoursMinutesSeconds(_ milliseconds: Int) -> String {
        let seconds = (milliseconds + 500) / 1000
        return "\(pad(seconds / 3600)):\(pad((seconds / 60) % 60)):\(pad(seconds % 60))"
    }

    /// `hh:mm:ss.sss` (`ncc:timeInThisSmil`, `ncc:totalElapsedTime`).
    static func withMilliseconds(_ milliseconds: Int) -> String {
        let seconds = milliseconds / 1000
        let fraction = String(milliseconds % 1000)
        return "\(pad(seconds / 3600)):\(pad((seconds / 60) % 60)):\(pad(seconds % 60))."
            + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// SMIL 1.0's normal play time, `npt=12.345s` (`clip-begin`, `clip-end`).
    static func normalPlayTime(_ milliseconds: Int) -> String { "npt=" + SMILClock.timecount(milliseconds) }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
