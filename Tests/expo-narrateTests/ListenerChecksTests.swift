import Foundation
import TestSupport
import Testing

/// What reaches the listener, on whole catalogs, checked by tools the tool does not use (see
/// `ListenerChecks`): no sound outside every caption cue and every Media Overlays clip, the
/// title clip holding the title, captions by the Korean practice (2 lines, 16 characters a
/// line, 5/6 s to 7 s a cue), EPUBCheck with the accessibility claim, every track's MP3 under
/// the true-peak ceiling by ffmpeg's meter and as the manifest records it; one duration
/// everywhere (`DurationChecks`: ffprobe against the page, manifest, playlists and EPUB, clips
/// without gaps); the apps' labels with their foreign parts' language, strings.xml compiled by
/// aapt2. One run per catalog, with Opus (guide.opus is the whole guide the page times), MP3,
/// the talking book and the labels.
@Suite(
    "what reaches the listener, whole catalogs", .serialized, .tags(.endToEnd),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "skipped: ffmpeg is not installed"))
struct ListenerChecksTests {
    /// The guide of a catalog with WAV, Opus, MP3, the talking book and the labels (made once per test process,
    /// SharedGuide: another test of the same whole catalog and formats reads the same guide).
    static func guide(_ catalog: [String]) throws -> SharedGuide {
        try SharedGuide.published(["--all", "--format", "opus,mp3,epub,labels", "--quiet"] + catalog)
    }

    /// Checks the guide of a catalog with every audio format, the talking book and the labels; reads it only.
    static func check(_ catalog: [String]) throws {
        let guide = try Self.guide(catalog)
        let folder = guide.output
        let result = guide.result
        #expect(result.status == 0, "\(result.stderr)")
        let tracks = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".vtt") }.map { String($0.dropLast(4)) }.sorted()
        #expect(tracks.count > 10)
        let epub = folder.appendingPathComponent("guide.epub")
        let report = try ListenerChecks.report(folder, tracks: tracks, smil: try ListenerChecks.smilClips(epub))
        #expect(report.outsideCues == 0, "\(report.outsideCues) s of speech outside every caption cue")
        #expect(report.outsideClips == 0, "\(report.outsideClips) s of speech outside every SMIL clip")
        #expect(report.problems.isEmpty, "\(report.problems.joined(separator: "\n"))")
        let durations = try DurationChecks.problems(folder)
        #expect(durations.isEmpty, "\(durations.joined(separator: "\n"))")
        try AppLabelChecks.check(folder)
        let check = try EPUBCheck.check(epub)
        #expect(check.output.contains("Messages: 0 fatals / 0 errors / 0 warnings"), "\(check.output)")
        let opf = try CommandRunner.runTool("/usr/bin/unzip", ["-p", epub.path, "EPUB/package.opf"]).stdout
        #expect(opf.contains("<meta property=\"dcterms:conformsTo\">EPUB Accessibility 1.1 - WCAG 2.2 Level AA</meta>"))
        #expect(opf.contains("<meta property=\"a11y:certifiedBy\">"))
        // Every track's MP3 by ffmpeg's meter: under the −1 dBTP ceiling, and as the manifest
        // says (the guide files are the tracks' frames joined; DeliveryFormatTests measures
        // them on a small guide: ffmpeg's true peak at 192 kHz costs about 0.15 s of CPU per
        // minute of audio).
        let recorded = try DeliveryFormatTests.recorded(in: folder)
        for track in tracks {
            let name = track + ".mp3"
            let (lufs, truePeak) = try DeliveryFormatTests.measure(folder.appendingPathComponent(name))
            #expect(truePeak <= -1, "\(name): true peak \(truePeak) dBTP by ffmpeg")
            let manifest = recorded[name]
            #expect(manifest?.truePeak.map { abs($0 - truePeak) <= 0.3 } == true, "\(name): manifest \(String(describing: manifest)), ffmpeg \(truePeak) dBTP")
            #expect(manifest?.lufs.map { abs($0 - lufs) <= 0.3 } == true, "\(name): manifest \(String(describing: manifest)), ffmpeg \(lufs) LUFS")
        }
    }

    @Test("the default catalog: speech inside cues and clips, captions by the Korean practice, EPUBCheck 0/0 with the claim")
    func defaultCatalog() throws {
        try Self.check([])
    }

    @Test(
        "the original data: speech inside cues and clips, captions by the Korean practice, EPUBCheck 0/0 with the claim",
        .needsSharedFixtures)
    func originalData() throws {
        try Self.check([
            "--poster-file", try CommandRunner.fixture("exposition_universelle_1900.json"),
            "--items-file", try CommandRunner.fixture("items.json"),
        ])
    }
}
