import Foundation
import TestSupport
import Testing

/// What a listener's player opens: the compressed files decode within ±1 LU of the target
/// loudness with their true peak at or under −1 dBTP (measured by ffmpeg's BS.1770-4 meter,
/// independently of the tool's own), and the talking book passes EPUBCheck with nothing to say.
@Suite("delivery formats, as a player opens them", .serialized)
struct DeliveryFormatTests {
    /// The run of a guide of the default catalog's poster and first two entries, in every
    /// format (WAV masters, Opus, MP3, the talking book): shared with PublishedGuideTests.
    static func smallGuideArguments() throws -> [String] {
        let catalog = CommandRunner.projectRoot.appendingPathComponent("Sources/CatalogLoading/Resources/DefaultCatalog")
        let itemsFile = try SharedGuide.input("first-two-items.json") {
            let items = try JSONSerialization.jsonObject(with: Data(contentsOf: catalog.appendingPathComponent("items.json")))
            return try JSONSerialization.data(withJSONObject: Array((items as? [Any] ?? []).prefix(2)))
        }
        return [
            "--all", "--format", "opus,mp3,epub", "--quiet",
            "--poster-file", catalog.appendingPathComponent("poster.json").path, "--items-file", itemsFile.path,
        ]
    }

    /// That guide, made once per test process (SharedGuide); read only.
    static func makeGuide() throws -> URL {
        let guide = try SharedGuide.published(smallGuideArguments())
        #expect(guide.result.status == 0, "\(guide.result.stderr)")
        return guide.output
    }

    /// Integrated loudness and true peak of a file, decoded by ffmpeg.
    static func measure(_ file: URL) throws -> (lufs: Double, truePeak: Double) {
        let text = try ExternalTool.run(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            ["-hide_banner", "-nostats", "-i", file.path, "-af", "ebur128=peak=true", "-f", "null", "-"],
            input: Data()
        ).errorText
        let summary = text.components(separatedBy: "Summary:").last ?? ""
        func value(after label: String) -> Double? {
            guard let range = summary.range(of: label) else { return nil }
            return Double(summary[range.upperBound...].split(separator: " ").first ?? "")
        }
        return (value(after: "I:") ?? .nan, value(after: "Peak:") ?? .nan)
    }

    /// The decoded loudness and true peak the manifest records for each encoded file, by name.
    static func recorded(in output: URL) throws -> [String: (lufs: Double?, truePeak: Double?)] {
        let data = try Data(contentsOf: output.appendingPathComponent("manifest.json"))
        let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        var recorded: [String: (lufs: Double?, truePeak: Double?)] = [:]
        for track in manifest["tracks"] as? [[String: Any]] ?? [] {
            for case let encoding as [String: Any] in (track["encodings"] as? [String: Any] ?? [:]).values {
                if let file = encoding["file"] as? String {
                    recorded[file] = (encoding["loudnessLUFS"] as? Double, encoding["truePeakDBTP"] as? Double)
                }
            }
        }
        for case let encoding as [String: Any] in (manifest["guideEncodings"] as? [String: Any] ?? [:]).values {
            if let file = encoding["file"] as? String {
                recorded[file] = (encoding["loudnessLUFS"] as? Double, encoding["truePeakDBTP"] as? Double)
            }
        }
        return recorded
    }

    @Test(
        "every Opus and MP3 file, tracks and guide: −19 LUFS ± 1 LU and a true peak ≤ −1 dBTP, as the manifest says within 0.3; EPUBCheck finds nothing; playlists per format; verify",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "skipped: ffmpeg is not installed"))
    func loudnessTruePeakAndEPUBCheck() throws {
        let output = try Self.makeGuide()
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path)
            .filter { $0.hasSuffix(".opus") || $0.hasSuffix(".mp3") }.sorted()
        #expect(files.count == 8, "three tracks and the guide, in two formats: \(files)")
        let recorded = try Self.recorded(in: output)
        for name in files {
            let (lufs, truePeak) = try Self.measure(output.appendingPathComponent(name))
            #expect(abs(lufs + 19) <= 1, "\(name): \(lufs) LUFS")
            #expect(truePeak <= -1, "\(name): true peak \(truePeak) dBTP")
            // What the run measured itself (its own decoder and meter) agrees with ffmpeg's.
            let manifest = recorded[name]
            #expect(manifest?.truePeak.map { abs($0 - truePeak) <= 0.3 } == true, "\(name): manifest \(String(describing: manifest)), ffmpeg \(truePeak) dBTP")
            if !name.hasPrefix("guide.") || manifest?.lufs != nil {  // the guide files record no loudness (yet)
                #expect(manifest?.lufs.map { abs($0 - lufs) <= 0.3 } == true, "\(name): manifest \(String(describing: manifest)), ffmpeg \(lufs) LUFS")
            }
        }
        // Without EPUBCheck this throws EPUBCheck.NotInstalled, which says how to install it.
        let check = try EPUBCheck.check(output.appendingPathComponent("guide.epub"))
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("Messages: 0 fatals / 0 errors / 0 warnings"), "\(check.output)")
        try Self.checkPlaylists(output)
        try Self.checkVerify(output)
    }
}
