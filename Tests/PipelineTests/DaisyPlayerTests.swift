import Foundation
import TestSupport
import Testing

/// The default catalog's DAISY books as a blind reader opens them: in Debian's daisy-player,
/// given the published ZIP or the book's folder of the guide. Its screen must show the title, every chapter in order with its
/// length, and the book's total length: the clips' and, once they cover the
/// pauses too (issue 41), the audio's.
@Suite(
    "the DAISY books in daisy-player",
    .enabled(if: DaisyPlayer.shouldRun, "daisy-player, tmux or cc is not installed (scripts/install-dependencies.sh); CI=true runs it and fails"))
struct DaisyPlayerTests {
    /// One item of the player's list: its title, how deep it is, and the time shown (if any).
    struct Item {
        let title: String
        let level: Int
        let seconds: Int?
    }

    /// The list under the two header lines: `  TITLE  . . . .   MM:SS`, indented three more
    /// spaces a level (the first level's indent differs between the player's DAISY 2.02 and 3 views).
    static func items(_ screen: [String]) -> [Item] {
        // The title, a leader of dots (one dot when the title is long), then the time if any.
        let leader = #"(\s+\.)+\s*([0-9]{2}:[0-9]{2}(:[0-9]{2})?)?$"#
        let rows: [(indent: Int, line: String, leader: Range<String.Index>)] = screen.dropFirst(2).compactMap { line in
            guard let range = line.range(of: leader, options: .regularExpression) else { return nil }
            return (line.prefix { $0.isWhitespace }.count, line, range)
        }
        let base = rows.map(\.indent).min() ?? 0
        return rows.map { indent, line, range in
            let title = line[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let last = line.split(separator: " ").last ?? ""
            return Item(title: title, level: (indent - base) / 3 + 1, seconds: DaisyPlayer.seconds(last))
        }
    }

    /// A title as the books give it: its lines joined by one space.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// What each chapter's SMIL file plays (its `seq`'s `dur`, the sum of its clips), in order, read from the DAISY 2.02 book.
    static func playedSeconds(_ guide: DaisyBookTests.Guide, in scratch: TemporaryFolder) throws -> [Double] {
        let book = try guide.unpacked(.daisy202, in: scratch)
        return try guide.manifest.tracks.map { track in
            let smil = try String(contentsOf: book.appendingPathComponent(track.fileStem + ".smil"), encoding: .utf8)
            let dur = try #require(smil.range(of: #"<seq dur="[^"]*""#, options: .regularExpression), "\(track.fileStem).smil has no seq dur")
            return try #require(DaisyRules.seconds(String(smil[dur].dropFirst(10).dropLast())))
        }
    }

    /// Each book as the ZIP and as its folder of the guide (`daisy202/`, with ncc.html or the
    /// package at its top), which a player reads from an SD card. daisy-player 13 takes the
    /// folder, not the path of its ncc.html or .opf ("No DAISY-CD or Audio-cd found").
    @Test(
        "daisy-player shows the title, each chapter in order with its length, and the audio's total",
        arguments: ["daisy202", "daisy3"], ["zip", "folder"])
    func playerScreen(format: String, as published: String) throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let guide = try DaisyBookTests.guide(try DaisyBookTests.defaultCatalog(), in: scratch)
        let book = guide.folder.appendingPathComponent(published == "zip" ? "guide.\(format).zip" : format)
        let screen = try DaisyPlayer.screen(of: book, in: scratch)
        let shown = screen.joined(separator: "\n")
        let tracks = guide.manifest.tracks
        let title = Self.oneLine(tracks[0].title)
        #expect(screen.first?.contains(title) == true, "the title \(title) is not on the first line:\n\(shown)")
        let chapters = Self.items(screen).filter { $0.level == 1 }
        #expect(chapters.map(\.title) == tracks.map { Self.oneLine($0.title) }, "\(shown)")
        let audio = tracks.map { $0.encodings?["mp3"]?.durationSeconds ?? 0 }
        let played = try Self.playedSeconds(guide, in: scratch)
        let all = Self.items(screen)
        for (index, chapter) in chapters.enumerated() where index < played.count {
            // The player shows whole seconds, each item's cut down: a chapter with parts may
            // lose up to a second for itself and one for each part.
            let position = all.firstIndex { $0.title == chapter.title && $0.level == 1 } ?? 0
            let parts = all.dropFirst(position + 1).prefix { $0.level > 1 }.count
            let seconds = try #require(chapter.seconds, "chapter \(chapter.title) has no length on screen:\n\(shown)")
            #expect(
                Double(seconds) <= played[index] + 0.001 && Double(seconds) > played[index] - Double(1 + parts),
                "\(chapter.title): \(seconds) s on screen, its clips play \(played[index]) s")
        }
        let totalLine = try #require(screen.first { $0.contains("total length:") }, "\(shown)")
        let clock = try #require(totalLine.components(separatedBy: "total length: ").last?.split(separator: " ").first)
        let total = Double(try #require(DaisyPlayer.seconds(clock)))
        #expect(abs(total - played.reduce(0, +)) < 1, "total \(clock) on screen, the clips play \(played.reduce(0, +)) s")
        // The clips run without gaps (each to the next one's start), so the player's total is the audio's.
        #expect(abs(total - audio.reduce(0, +)) < 1, "total \(clock) on screen, \(audio.reduce(0, +)) s of audio")
    }
}
