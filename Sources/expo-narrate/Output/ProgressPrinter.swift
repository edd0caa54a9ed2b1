import ExpoModel
import Foundation
import Pipeline

/// Shows progress on stderr: one updating line on a terminal, plain lines otherwise.
final class ProgressPrinter {
    private let quiet: Bool
    private let isTerminal = CommandProcess.isErrorTerminal
    private let started = Date()
    private var lineOpen = false

    init(quiet: Bool) {
        self.quiet = quiet
    }

    func show(_ event: GuideProgressEvent) {
        switch event {
        case .audioUnavailable(let reason):
            closeLine()
            // Reasons are sentences that may end with their own full stop.
            let sentence = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
            printError("expo-narrate: no audio: \(sentence). Writing the text only.")
        case .trackFellBack(let title, let reason):
            closeLine()
            printError("expo-narrate: \(excerpt(title, limit: 60)): no audio (\(reason)); its text is written.")
        case .warning(let text):
            closeLine()
            printError("warning: \(text.hasSuffix(".") ? text : text + ".")")
        case .trackStarted(let index, let count, let title, let place):
            guard !quiet else { return }
            line("[\(place.isEmpty ? "\(index)/\(count)" : place)] \(excerpt(title, limit: 60))", index: index - 1, count: count)
        case .trackFinished(let index, let count, let title, let place, let fromCache):
            guard !quiet, !isTerminal else { return }
            // The track keeps the number it started with (its place in the guide); how far
            // the run has got is said in words, so the two are not mistaken for each other.
            printError(
                "[\(place.isEmpty ? "\(index)/\(count)" : place)] \(excerpt(title, limit: 60))\(fromCache ? " (cached)" : "") done, "
                    + "\(index) of \(count) made, \(Self.clock(Date().timeIntervalSince(started))) elapsed")
        case .assembling(let withAudio):
            guard !quiet else { return }
            line(withAudio ? "writing guide.wav, captions, transcript and page" : "writing the transcript and page", index: nil, count: nil)
        }
    }

    func finish(_ report: GuideReport) {
        closeLine()
        guard !quiet else { return }
        let tracks = report.summary.tracks
        let audio = tracks.filter { $0.audioFile != nil }.count
        var summary = "expo-narrate: \(counted(tracks.count, "track"))"
        if audio > 0 {
            summary += ", \(audio) with audio (\(Self.clock(report.totalDuration)) in all)"
        }
        if report.cachedTracks > 0 { summary += ", \(report.cachedTracks) from the cache" }
        summary += ", in \(Self.clock(Date().timeIntervalSince(started)))"
        printError(summary)
        if !report.failedTracks.isEmpty {
            printError("expo-narrate: fell back to text: \(report.failedTracks.joined(separator: ", "))")
        }
        for timing in report.shardTimings {
            printError(
                "expo-narrate: shard \(timing.shard) made \(timing.tracks) of these tracks in "
                    + String(format: "%.1f", timing.seconds) + " s of speech and encoding (on \(timing.hosts.joined(separator: ", ")))")
        }
    }

    /// The run's last line, after `finish` and the check line: which editions are now
    /// published, and where.
    func published(_ report: GuideReport) {
        guard !quiet else { return }
        printError("expo-narrate: published \(Self.list(report.editions)) in \(report.outputFolder.path)")
    }

    /// The one line of a shard, printed even with --quiet: what a cluster's log collects.
    func finish(_ report: ShardReport) {
        closeLine()
        var line =
            "expo-narrate: shard \(report.shard): \(report.made) of \(report.tracks) tracks made, "
            + "\(report.fromCache) already in the cache, \(report.failedTracks.count) failed, "
            + String(format: "%.1f", report.seconds) + " s"
        if !report.failedTracks.isEmpty { line += " (failed: " + report.failedTracks.joined(separator: ", ") + ")" }
        printError(line)
    }

    private func line(_ text: String, index: Int?, count: Int?) {
        let elapsed = Date().timeIntervalSince(started)
        var status = "\(text) · \(Self.clock(elapsed)) elapsed"
        if let index, let count, index > 0 {
            let left = elapsed / Double(index) * Double(count - index)
            status += " · about \(Self.clock(left)) left"
        }
        if isTerminal {
            CommandProcess.writeError("\r\u{1B}[K" + singleLine(status))
            lineOpen = true
        } else {
            printError(status)
        }
    }

    private func closeLine() {
        if lineOpen {
            CommandProcess.writeError("\r\u{1B}[K")
            lineOpen = false
        }
    }

    /// "a, b and c".
    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return String(format: "%d:%02d", total / 60, total % 60)
    }
}
